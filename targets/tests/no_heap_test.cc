// No heap on the target: this image defines the C and C++ allocation entry points itself, counting every call,
// so any allocation by mote (or by libc on mote's behalf) during loading, AllocateTensors(), Invoke() and
// Reset() is seen. (The link-time check, targets/tools/check_no_heap.sh, proves that an application image
// contains no allocator at all.)
#include <cstddef>
#include <cstdlib>
#include <new>

#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "mote_test.h"
#include "target_test_support.h"

extern const mote_embed::ModelSet kUnitModels;

namespace {
volatile int g_heap_calls = 0;
void* Refuse() {
  g_heap_calls = g_heap_calls + 1;
  return nullptr;
}
}  // namespace

extern "C" {
void* malloc(size_t) { return Refuse(); }
void* calloc(size_t, size_t) { return Refuse(); }
void* realloc(void*, size_t) { return Refuse(); }
void free(void* p) {
  if (p != nullptr) Refuse();
}
struct _reent;
void* _malloc_r(struct _reent*, size_t) { return Refuse(); }
void* _calloc_r(struct _reent*, size_t, size_t) { return Refuse(); }
void* _realloc_r(struct _reent*, void*, size_t) { return Refuse(); }
void _free_r(struct _reent*, void* p) {
  if (p != nullptr) Refuse();
}
}
void* operator new(size_t) { return Refuse(); }
void* operator new[](size_t) { return Refuse(); }
void* operator new(size_t, const std::nothrow_t&) noexcept { return Refuse(); }
void* operator new[](size_t, const std::nothrow_t&) noexcept { return Refuse(); }
void operator delete(void* p) noexcept { free(p); }
void operator delete[](void* p) noexcept { free(p); }
void operator delete(void* p, size_t) noexcept { free(p); }
void operator delete[](void* p, size_t) noexcept { free(p); }

namespace {

TEST(NoHeap, LoadAllocateInvokeResetNeverAllocate) {
  static const mote::AllOpsResolver resolver;
  g_heap_calls = 0;
  for (uint32_t m = 0; m < kUnitModels.count; ++m) {
    const mote_embed::Model& model = kUnitModels.models[m];
    if (model.num_cases == 0) continue;
    mote::MicroInterpreter interpreter(model.model.data, model.model.size, resolver, mote_target::Arena(),
                                       mote_target::ArenaBytes());
    ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk) << model.name;
    ASSERT_EQ(interpreter.Invoke(), kTfLiteOk) << model.name;
    ASSERT_EQ(interpreter.Reset(), kTfLiteOk) << model.name;
    ASSERT_EQ(interpreter.Invoke(), kTfLiteOk) << model.name;
    EXPECT_EQ(g_heap_calls, 0) << "after " << model.name;
  }
}

TEST(NoHeap, DiagnosticsNeverAllocate) {
  // Error paths format messages (vsnprintf): they must not allocate either.
  g_heap_calls = 0;
  static const mote::AllOpsResolver resolver;
  const mote_embed::Model& model = kUnitModels.models[0];
  mote_target::LogCapture log;
  mote::MicroInterpreter interpreter(model.model.data, model.model.size, resolver, mote_target::Arena(), 64);
  EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
  static const uint8_t kGarbage[64] = {1, 2, 3};
  mote::MicroInterpreter broken(kGarbage, sizeof(kGarbage), resolver, mote_target::Arena(), 4096);
  EXPECT_NE(broken.AllocateTensors(), kTfLiteOk);
  EXPECT_EQ(g_heap_calls, 0);
  if (!mote_target::kErrorStringsStripped) EXPECT_FALSE(log.empty());
}

}  // namespace
