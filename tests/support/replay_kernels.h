// Test helpers for delegate kernels that compute their subset by running the replaced nodes' own kernels, in
// the order the delegate params list them (a topological order). A delegate built on them must produce exactly
// what the CPU-only run produces, which is what the partitioning tests compare. Heap-free: usable inside the
// no-heap test.
//
//   void* Init(TfLiteContext* c, const char* buffer, size_t) {
//     const auto* params = reinterpret_cast<const TfLiteDelegateParams*>(buffer);
//     if (test::InitReplacedNodes(c, params->nodes_to_replace) != kTfLiteOk) ...;
//     return ...;   // keep params->nodes_to_replace for prepare/invoke/free
//   }
//
// Each replaced node's init gets what the interpreter would have given it (builtin params, or the custom
// options bytes); its user_data is stored in the original node, which the delegate kernel owns from then on.
#ifndef MOTE_TESTS_SUPPORT_REPLAY_KERNELS_H_
#define MOTE_TESTS_SUPPORT_REPLAY_KERNELS_H_

#include <cstddef>

#include "mote/c/common.h"
#include "mote/schema/schema_generated.h"

namespace mote {
namespace test {

inline TfLiteStatus InitReplacedNodes(TfLiteContext* context, const TfLiteIntArray* nodes) {
  for (int i = 0; i < nodes->size; ++i) {
    TfLiteNode* node = nullptr;
    TfLiteRegistration* reg = nullptr;
    TF_LITE_ENSURE_STATUS(context->GetNodeAndRegistration(context, nodes->data[i], &node, &reg));
    if (reg->init == nullptr) continue;
    const bool custom = reg->builtin_code == schema::BuiltinOperator_CUSTOM;
    const char* buffer = custom ? static_cast<const char*>(node->custom_initial_data)
                                : static_cast<const char*>(node->builtin_data);
    const size_t length = custom ? static_cast<size_t>(node->custom_initial_data_size) : 0;
    node->user_data = reg->init(context, buffer, length);
  }
  return kTfLiteOk;
}

inline TfLiteStatus PrepareReplacedNodes(TfLiteContext* context, const TfLiteIntArray* nodes) {
  for (int i = 0; i < nodes->size; ++i) {
    TfLiteNode* node = nullptr;
    TfLiteRegistration* reg = nullptr;
    TF_LITE_ENSURE_STATUS(context->GetNodeAndRegistration(context, nodes->data[i], &node, &reg));
    if (reg->prepare != nullptr) TF_LITE_ENSURE_STATUS(reg->prepare(context, node));
  }
  return kTfLiteOk;
}

inline TfLiteStatus InvokeReplacedNodes(TfLiteContext* context, const TfLiteIntArray* nodes) {
  for (int i = 0; i < nodes->size; ++i) {
    TfLiteNode* node = nullptr;
    TfLiteRegistration* reg = nullptr;
    TF_LITE_ENSURE_STATUS(context->GetNodeAndRegistration(context, nodes->data[i], &node, &reg));
    TF_LITE_ENSURE_STATUS(reg->invoke(context, node));
  }
  return kTfLiteOk;
}

inline void ResetReplacedNodes(TfLiteContext* context, const TfLiteIntArray* nodes) {
  for (int i = 0; i < nodes->size; ++i) {
    TfLiteNode* node = nullptr;
    TfLiteRegistration* reg = nullptr;
    if (context->GetNodeAndRegistration(context, nodes->data[i], &node, &reg) != kTfLiteOk) continue;
    if (reg->reset != nullptr) reg->reset(context, node->user_data);
  }
}

inline void FreeReplacedNodes(TfLiteContext* context, const TfLiteIntArray* nodes) {
  for (int i = 0; i < nodes->size; ++i) {
    TfLiteNode* node = nullptr;
    TfLiteRegistration* reg = nullptr;
    if (context->GetNodeAndRegistration(context, nodes->data[i], &node, &reg) != kTfLiteOk) continue;
    if (reg->free != nullptr) reg->free(context, node->user_data);
  }
}

}  // namespace test
}  // namespace mote

#endif  // MOTE_TESTS_SUPPORT_REPLAY_KERNELS_H_
