// The demo delegate of the requirement article on op registration and delegates (seed 003, section 5),
// written as working code against the TFLite-style API: it takes over every float ADD node of the execution
// plan and computes it itself (plain C++ loops standing in for an accelerator).
//
//   demo::DemoStats stats;
//   TfLiteDelegate delegate = demo::CreateDemoDelegate(&stats);
//   interpreter->ModifyGraphWithDelegate(&delegate);   // before or after AllocateTensors
//
// What it shows: matching nodes by registration (builtin_code) while walking GetExecutionPlan (plan indices,
// not model order), handing ReplaceNodeSubsetsWithDelegateKernels a compact list, and a delegate kernel whose
// invoke runs once per subset: a chain of ADDs becomes ONE kernel that computes every ADD it replaced.
// It only takes ADDs it can run exactly like the CPU kernel: float32, equal shapes (no broadcasting), no
// fused activation. Everything else stays on mote's kernels.
#ifndef DEMO_DELEGATE_H_
#define DEMO_DELEGATE_H_

#include <cstdio>
#include <vector>

#include "tensorflow/lite/builtin_ops.h"
#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/kernel_util.h"

namespace demo {

// What the delegate did, for the demo's report (the delegate's data_).
struct DemoStats {
  int prepare_calls = 0;                  // DemoDelegatePrepare
  std::vector<std::vector<int>> kernels;  // nodes each delegate kernel replaced, in init order
  int invokes = 0;                        // delegate kernel invokes, all kernels together
  bool verbose = false;                   // print what happens
};

// A delegate kernel's state: the ADD nodes it replaced, in execution order.
struct DemoKernel {
  DemoStats* stats;
  std::vector<int> nodes;
};

inline bool IsAddNode(TfLiteContext* context, const TfLiteNode* node, const TfLiteRegistration* registration) {
  if (registration->builtin_code != kTfLiteBuiltinAdd || node->inputs->size != 2 || node->outputs->size != 1)
    return false;
  const auto* params = static_cast<const TfLiteAddParams*>(node->builtin_data);
  if (params != nullptr && params->activation != kTfLiteActNone) return false;
  const TfLiteEvalTensor* a = context->GetEvalTensor(context, node->inputs->data[0]);
  const TfLiteEvalTensor* b = context->GetEvalTensor(context, node->inputs->data[1]);
  const TfLiteEvalTensor* out = context->GetEvalTensor(context, node->outputs->data[0]);
  if (a == nullptr || b == nullptr || out == nullptr) return false;
  if (a->type != kTfLiteFloat32 || b->type != kTfLiteFloat32 || out->type != kTfLiteFloat32) return false;
  return tflite::micro::HaveSameShapes(a, out) && tflite::micro::HaveSameShapes(b, out);
}

inline void* DemoDelegateKernelInit(TfLiteContext* context, const char* buffer, size_t length) {
  (void)context;
  (void)length;
  // A delegate kernel's init receives the TfLiteDelegateParams of its subset.
  const auto* params = reinterpret_cast<const TfLiteDelegateParams*>(buffer);
  auto* kernel = new DemoKernel;
  kernel->stats = static_cast<DemoStats*>(params->delegate->data_);
  kernel->nodes.assign(params->nodes_to_replace->data, params->nodes_to_replace->data + params->nodes_to_replace->size);
  kernel->stats->kernels.push_back(kernel->nodes);
  if (kernel->stats->verbose) {
    std::printf("DemoDelegate kernel replaces node(s)");
    for (int n : kernel->nodes) std::printf(" %d", n);
    std::printf(" (%d input tensor(s), %d output tensor(s))\n", params->input_tensors->size,
                params->output_tensors->size);
  }
  return kernel;
}

inline void DemoDelegateKernelFree(TfLiteContext* context, void* buffer) {
  (void)context;
  delete static_cast<DemoKernel*>(buffer);
}

inline TfLiteStatus DemoDelegateKernelPrepare(TfLiteContext* context, TfLiteNode* node) {
  // Shapes were checked when the nodes were chosen; a real backend would compile its subgraph here.
  (void)context;
  (void)node;
  return kTfLiteOk;
}

inline TfLiteStatus DemoDelegateKernelInvoke(TfLiteContext* context, TfLiteNode* node) {
  auto* kernel = static_cast<DemoKernel*>(node->user_data);
  ++kernel->stats->invokes;
  // Once per subset: compute every replaced ADD in order (tensors inside the subset have memory too).
  for (int index : kernel->nodes) {
    TfLiteNode* add = nullptr;
    TfLiteRegistration* registration = nullptr;
    TF_LITE_ENSURE_STATUS(context->GetNodeAndRegistration(context, index, &add, &registration));
    const TfLiteEvalTensor* a = context->GetEvalTensor(context, add->inputs->data[0]);
    const TfLiteEvalTensor* b = context->GetEvalTensor(context, add->inputs->data[1]);
    TfLiteEvalTensor* out = context->GetEvalTensor(context, add->outputs->data[0]);
    const int n = tflite::micro::GetTensorShape(out).FlatSize();
    for (int i = 0; i < n; ++i) out->data.f[i] = a->data.f[i] + b->data.f[i];
  }
  return kTfLiteOk;
}

inline TfLiteStatus DemoDelegatePrepare(TfLiteContext* context, TfLiteDelegate* delegate) {
  auto* stats = static_cast<DemoStats*>(delegate->data_);
  ++stats->prepare_calls;
  TfLiteIntArray* execution_plan = nullptr;
  TF_LITE_ENSURE_STATUS(context->GetExecutionPlan(context, &execution_plan));
  // Candidates are collected in a plan-sized array, then copied to one holding exactly the selected nodes:
  // the list's size is what the interpreter reads.
  TfLiteIntArray* candidates = TfLiteIntArrayCreate(execution_plan->size);
  int num_selected = 0;
  for (int i = 0; i < execution_plan->size; ++i) {
    const int node_index = execution_plan->data[i];
    TfLiteNode* node = nullptr;
    TfLiteRegistration* registration = nullptr;
    if (context->GetNodeAndRegistration(context, node_index, &node, &registration) != kTfLiteOk) {
      TfLiteIntArrayFree(candidates);
      return kTfLiteError;
    }
    if (IsAddNode(context, node, registration)) candidates->data[num_selected++] = node_index;
  }
  if (stats->verbose) std::printf("DemoDelegate: %d of %d node(s) are ADDs it can run\n", num_selected, execution_plan->size);
  if (num_selected == 0) {
    TfLiteIntArrayFree(candidates);
    return kTfLiteOk;
  }
  TfLiteIntArray* nodes_to_replace = TfLiteIntArrayCreate(num_selected);
  for (int i = 0; i < num_selected; ++i) nodes_to_replace->data[i] = candidates->data[i];
  TfLiteIntArrayFree(candidates);

  TfLiteRegistration kernel_registration = {};
  kernel_registration.init = DemoDelegateKernelInit;
  kernel_registration.free = DemoDelegateKernelFree;
  kernel_registration.prepare = DemoDelegateKernelPrepare;
  kernel_registration.invoke = DemoDelegateKernelInvoke;
  kernel_registration.custom_name = "DemoDelegate";
  const TfLiteStatus status =
      context->ReplaceNodeSubsetsWithDelegateKernels(context, kernel_registration, nodes_to_replace, delegate);
  TfLiteIntArrayFree(nodes_to_replace);
  return status;
}

inline TfLiteDelegate CreateDemoDelegate(DemoStats* stats) {
  TfLiteDelegate delegate = TfLiteDelegateCreate();
  delegate.data_ = stats;
  delegate.Prepare = DemoDelegatePrepare;
  return delegate;
}

}  // namespace demo

#endif  // DEMO_DELEGATE_H_
