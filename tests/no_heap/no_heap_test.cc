// Proves the core library never touches the heap: malloc/calloc/realloc/free and operator new/delete are
// interposed for the whole process, and any call made while "armed" is a failure. Armed around model
// verification, interpreter construction, AllocateTensors(), Invoke() and Reset(), for every project model
// (tests/models, models/demo) and every shared model when ../shared is present. Each model is then run again
// with a delegate applied (ModifyGraphWithDelegate, its Prepare, ReplaceNodeSubsetsWithDelegateKernels and the
// delegate kernels' init/prepare/invoke/free all armed): the delegate takes two of every three nodes and runs
// them with their own kernels, so its outputs must equal the CPU-only run byte for byte.
//
// No GoogleTest here (it allocates); the verdict is the exit code. Sanitizer builds replace malloc
// themselves, so there the test reports itself skipped (exit 77).
#include <dirent.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/replay_kernels.h"

#if defined(__SANITIZE_ADDRESS__)
#define MOTE_NO_HEAP_SKIP 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define MOTE_NO_HEAP_SKIP 1
#endif
#endif

#ifndef MOTE_NO_HEAP_SKIP
extern "C" {
void* __libc_malloc(size_t);
void* __libc_calloc(size_t, size_t);
void* __libc_realloc(void*, size_t);
void __libc_free(void*);
}
#endif

namespace {
volatile bool g_armed = false;
volatile int g_heap_calls = 0;
void Note() {
  if (g_armed) g_heap_calls = g_heap_calls + 1;
}
}  // namespace

#ifndef MOTE_NO_HEAP_SKIP
extern "C" {
void* malloc(size_t n) {
  Note();
  return __libc_malloc(n);
}
void* calloc(size_t a, size_t b) {
  Note();
  return __libc_calloc(a, b);
}
void* realloc(void* p, size_t n) {
  Note();
  return __libc_realloc(p, n);
}
void free(void* p) {
  if (p != nullptr) Note();
  __libc_free(p);
}
}
void* operator new(size_t n) {
  Note();
  void* p = __libc_malloc(n == 0 ? 1 : n);
  if (p == nullptr) std::abort();
  return p;
}
void* operator new[](size_t n) { return operator new(n); }
void operator delete(void* p) noexcept {
  if (p != nullptr) Note();
  __libc_free(p);
}
void operator delete[](void* p) noexcept { operator delete(p); }
void operator delete(void* p, size_t) noexcept { operator delete(p); }
void operator delete[](void* p, size_t) noexcept { operator delete(p); }
#endif

namespace {

std::vector<std::string> Models() {
  std::vector<std::string> out;
  auto scan = [&](const std::string& dir, const std::string& suffix, bool nested) {
    DIR* d = opendir(dir.c_str());
    if (d == nullptr) return;
    while (dirent* e = readdir(d)) {
      if (e->d_name[0] == '.') continue;
      const std::string name = e->d_name;
      if (nested) {
        out.push_back(dir + "/" + name + "/model.tflite");
      } else if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
        out.push_back(dir + "/" + name);
      }
    }
    closedir(d);
  };
  scan(std::string(MOTE_SOURCE_DIR) + "/tests/models", "", true);
  scan(std::string(MOTE_SOURCE_DIR) + "/models/demo", ".tflite", false);
  scan(std::string(MOTE_SHARED_DIR) + "/models", ".tflite", false);
  return out;
}

bool ReadAll(const std::string& path, std::vector<unsigned char>* bytes) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  unsigned char chunk[4096];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0) bytes->insert(bytes->end(), chunk, chunk + n);
  std::fclose(f);
  return !bytes->empty();
}

void QuietSink(void*, const char*) {}

alignas(16) unsigned char g_arena[8 << 20];
alignas(16) unsigned char g_model[1 << 20];

// --- A heap-free delegate: its node list is a static array, its kernels keep the params the interpreter put in
// the arena as their user data and run the replaced nodes' own kernels. ----------------------------------------
constexpr int kMaxDelegatedNodes = 512;
struct StaticIntArray {
  int size;
  int data[kMaxDelegatedNodes];
};
StaticIntArray g_selected;
int g_kernel_invokes = 0;
int g_kernel_frees = 0;

void* KernelInit(TfLiteContext* context, const char* buffer, size_t) {
  const auto* params = reinterpret_cast<const TfLiteDelegateParams*>(buffer);
  if (mote::test::InitReplacedNodes(context, params->nodes_to_replace) != kTfLiteOk) return nullptr;
  return const_cast<TfLiteDelegateParams*>(params);
}
TfLiteStatus KernelPrepare(TfLiteContext* context, TfLiteNode* node) {
  if (node->user_data == nullptr) return kTfLiteError;
  return mote::test::PrepareReplacedNodes(context, static_cast<TfLiteDelegateParams*>(node->user_data)->nodes_to_replace);
}
TfLiteStatus KernelInvoke(TfLiteContext* context, TfLiteNode* node) {
  ++g_kernel_invokes;
  return mote::test::InvokeReplacedNodes(context, static_cast<TfLiteDelegateParams*>(node->user_data)->nodes_to_replace);
}
void KernelReset(TfLiteContext* context, void* buffer) {
  if (buffer != nullptr)
    mote::test::ResetReplacedNodes(context, static_cast<TfLiteDelegateParams*>(buffer)->nodes_to_replace);
}
void KernelFree(TfLiteContext* context, void* buffer) {
  ++g_kernel_frees;
  if (buffer != nullptr)
    mote::test::FreeReplacedNodes(context, static_cast<TfLiteDelegateParams*>(buffer)->nodes_to_replace);
}

TfLiteStatus TwoOfThreePrepare(TfLiteContext* context, TfLiteDelegate* delegate) {
  TfLiteIntArray* plan = nullptr;
  TF_LITE_ENSURE_STATUS(context->GetExecutionPlan(context, &plan));
  g_selected.size = 0;
  for (int i = 0; i < plan->size && g_selected.size < kMaxDelegatedNodes; ++i)
    if (plan->data[i] % 3 != 2) g_selected.data[g_selected.size++] = plan->data[i];
  TfLiteRegistration reg{};
  reg.init = KernelInit;
  reg.free = KernelFree;
  reg.prepare = KernelPrepare;
  reg.invoke = KernelInvoke;
  reg.reset = KernelReset;
  reg.custom_name = "NoHeapDelegate";
  return context->ReplaceNodeSubsetsWithDelegateKernels(context, reg, reinterpret_cast<TfLiteIntArray*>(&g_selected),
                                                        delegate);
}

alignas(16) unsigned char g_expected[4 << 20];
alignas(16) unsigned char g_delegated[4 << 20];

// Runs the model with a fixed input pattern, CPU-only or with the delegate; *outputs_bytes gets the outputs'
// total size and `out` (when non-null) their bytes. False when something fails.
bool RunPattern(const mote::MicroOpResolver& resolver, size_t size, bool delegated, unsigned char* out,
                size_t* outputs_bytes, int* delegate_kernels) {
  mote::MicroInterpreter interpreter(g_model, size, resolver, g_arena, sizeof(g_arena));
  TfLiteDelegate delegate = TfLiteDelegateCreate();
  delegate.Prepare = TwoOfThreePrepare;
  if (delegated && interpreter.ModifyGraphWithDelegate(&delegate) != kTfLiteOk) return false;
  if (interpreter.AllocateTensors() != kTfLiteOk) return false;
  *delegate_kernels = 0;
  for (size_t p = 0; p < interpreter.operators_size(); ++p)
    if (interpreter.node_info(p).replaced_nodes != nullptr) ++*delegate_kernels;
  for (int run = 0; run < 2; ++run) {
    for (size_t i = 0; i < interpreter.inputs_size(); ++i) {
      TfLiteTensor* t = interpreter.input(i);
      for (size_t k = 0; k < t->bytes; ++k) t->data.uint8[k] = static_cast<unsigned char>((k * 37 + i * 11 + run) & 0x3f);
    }
    if (interpreter.Invoke() != kTfLiteOk) return false;
    if (run == 0 && interpreter.Reset() != kTfLiteOk) return false;
  }
  size_t total = 0;
  for (size_t i = 0; i < interpreter.outputs_size(); ++i) {
    const TfLiteTensor* t = interpreter.output(i);
    if (out != nullptr && total + t->bytes <= sizeof(g_expected)) std::memcpy(out + total, t->data.raw, t->bytes);
    total += t->bytes;
  }
  *outputs_bytes = total;
  return total <= sizeof(g_expected);
}


}  // namespace

int main() {
#ifdef MOTE_NO_HEAP_SKIP
  std::printf("no_heap: skipped under a sanitizer (it replaces malloc itself)\n");
  return 77;
#else
  // Self-check: the interposition must see a heap call, or this test could never fail.
  g_heap_calls = 0;
  g_armed = true;
  void* volatile probe = std::malloc(16);
  std::free(probe);
  g_armed = false;
  if (g_heap_calls != 2) {
    std::printf("no_heap: FAILED: malloc/free interposition is not active (%d calls seen)\n", static_cast<int>(g_heap_calls));
    return 1;
  }
  static mote::AllOpsResolver resolver;
  mote::SetLogSink(QuietSink, nullptr);  // the default sink may buffer through stdio
  int failures = 0;
  int checked = 0;
  for (const std::string& path : Models()) {
    std::vector<unsigned char> bytes;
    if (!ReadAll(path, &bytes) || bytes.size() > sizeof(g_model)) continue;
    std::memcpy(g_model, bytes.data(), bytes.size());
    const size_t size = bytes.size();
    g_heap_calls = 0;
    g_armed = true;
    bool ok = false;
    {
      mote::MicroInterpreter interpreter(g_model, size, resolver, g_arena, sizeof(g_arena));
      if (interpreter.AllocateTensors() == kTfLiteOk) {
        for (size_t i = 0; i < interpreter.inputs_size(); ++i)
          std::memset(interpreter.input(i)->data.raw, 0, interpreter.input(i)->bytes);
        ok = interpreter.Invoke() == kTfLiteOk && interpreter.Reset() == kTfLiteOk &&
             interpreter.Invoke() == kTfLiteOk;
      }
    }
    g_armed = false;
    const int calls = g_heap_calls;
    if (!ok) {
      std::printf("no_heap: %s does not run in this build (not counted)\n", path.c_str());
      continue;
    }
    ++checked;
    std::printf("no_heap: %-70s %s (%d heap calls)\n", path.c_str(), calls == 0 ? "ok" : "FAILED", calls);
    if (calls != 0) ++failures;

    // Again with the delegate, compared with the CPU-only run.
    size_t expected_bytes = 0, delegated_bytes = 0;
    int cpu_kernels = 0, kernels = 0;
    g_kernel_invokes = g_kernel_frees = 0;
    g_heap_calls = 0;
    g_armed = true;
    const bool cpu_ok = RunPattern(resolver, size, false, g_expected, &expected_bytes, &cpu_kernels);
    const bool delegated_ok = cpu_ok && RunPattern(resolver, size, true, g_delegated, &delegated_bytes, &kernels);
    g_armed = false;
    const int delegate_calls = g_heap_calls;
    const bool same = delegated_ok && delegated_bytes == expected_bytes &&
                      std::memcmp(g_delegated, g_expected, expected_bytes) == 0;
    const bool delegate_pass = same && delegate_calls == 0 && cpu_kernels == 0 && kernels > 0 &&
                               g_kernel_invokes == 2 * kernels && g_kernel_frees == kernels;
    std::printf("no_heap: %-70s %s (with a delegate: %d kernels, %d heap calls, outputs %s)\n", path.c_str(),
                delegate_pass ? "ok" : "FAILED", kernels, delegate_calls, same ? "equal the CPU run" : "DIFFER");
    if (!delegate_pass) ++failures;
  }
  if (checked == 0) {
    std::printf("no_heap: FAILED: no model could be checked\n");
    return 1;
  }
  std::printf("no_heap: %d model(s) checked, %d with heap use\n", checked, failures);
  return failures == 0 ? 0 : 1;
#endif
}
