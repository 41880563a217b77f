// RecordingMicroInterpreter as TFLM's hello_world test uses it (with a profiler): PrintAllocations() checked
// line by line against the interpreter's exact accounting. The model is the demo digit classifier.
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "compat_test_util.h"
#include "tensorflow/lite/micro/all_ops_resolver.h"
#include "tensorflow/lite/micro/micro_profiler.h"
#include "tensorflow/lite/micro/recording_micro_interpreter.h"
#include "tensorflow/lite/micro/testing/micro_test_v2.h"
#include "tensorflow/lite/schema/schema_generated.h"

namespace {

alignas(16) uint8_t g_model[64 * 1024];
alignas(16) uint8_t g_arena[64 * 1024];

compat_test::LogLines g_lines;

// The line PrintAllocations gives a category with any use.
void CategoryLine(char* out, size_t n, const char* name, const tflite::RecordedAllocation& a, const char* items) {
  std::snprintf(out, n,
                "[RecordingMicroAllocator] '%s' used %d bytes with alignment overhead (requested %d bytes for %d %s)",
                name, static_cast<int>(a.used_bytes), static_cast<int>(a.requested_bytes), static_cast<int>(a.count),
                items);
}

}  // namespace

TEST(RecordingMicroInterpreter, PrintAllocationsLineByLine) {
  ASSERT_GT(compat_test::LoadDemoModel(g_model, sizeof(g_model)), 0u);
  static tflite::AllOpsResolver resolver;
  static tflite::MicroProfiler profiler;
  tflite::RecordingMicroInterpreter interpreter(tflite::GetModel(g_model), resolver, g_arena, sizeof(g_arena),
                                                nullptr, &profiler);
  ASSERT_EQ(kTfLiteOk, interpreter.AllocateTensors());
  ASSERT_EQ(kTfLiteOk, interpreter.Invoke());
  EXPECT_EQ(static_cast<int>(interpreter.operators_size()), profiler.num_events());

  const tflite::RecordingMicroAllocator& allocator = interpreter.GetMicroAllocator();
  g_lines.Start();
  allocator.PrintAllocations();
  compat_test::LogLines::Stop();

  const mote::ArenaReport report = interpreter.arena_report();
  const size_t own = tflite::RecordingMicroAllocator::OwnBytes();
  char expected[192];
  ASSERT_GE(g_lines.count, 4);
  std::snprintf(expected, sizeof(expected), "[RecordingMicroAllocator] Arena allocation total %d bytes",
                static_cast<int>(interpreter.arena_used_bytes() + own));
  EXPECT_STREQ(expected, g_lines.text[0]);
  std::snprintf(expected, sizeof(expected), "[RecordingMicroAllocator] Arena allocation head %d bytes",
                static_cast<int>(report.planned));
  EXPECT_STREQ(expected, g_lines.text[1]);
  std::snprintf(expected, sizeof(expected), "[RecordingMicroAllocator] Arena allocation tail %d bytes",
                static_cast<int>(report.persistent + own));
  EXPECT_STREQ(expected, g_lines.text[2]);

  // The categories in TFLM's order, each present exactly when it has a use.
  struct Category {
    tflite::RecordedAllocationType type;
    const char* name;
    const char* items;
  };
  const Category categories[] = {
      {tflite::RecordedAllocationType::kTfLiteEvalTensorData, "TfLiteEvalTensor data", "allocations"},
      {tflite::RecordedAllocationType::kPersistentTfLiteTensorData, "Persistent TfLiteTensor data", "tensors"},
      {tflite::RecordedAllocationType::kPersistentTfLiteTensorQuantizationData,
       "Persistent TfLiteTensor quantization data", "allocations"},
      {tflite::RecordedAllocationType::kPersistentBufferData, "Persistent buffer data", "allocations"},
      {tflite::RecordedAllocationType::kTfLiteTensorVariableBufferData, "TfLiteTensor variable buffer data",
       "allocations"},
      {tflite::RecordedAllocationType::kNodeAndRegistrationArray, "NodeAndRegistration struct",
       "NodeAndRegistration structs"},
      {tflite::RecordedAllocationType::kOpData, "Operator runtime data", "OpData structs"},
  };
  int line = 3;
  size_t categorised = 0;
  for (const Category& c : categories) {
    const tflite::RecordedAllocation a = allocator.GetRecordedAllocation(c.type);
    categorised += a.used_bytes;
    if (a.used_bytes == 0) continue;
    CategoryLine(expected, sizeof(expected), c.name, a, c.items);
    ASSERT_LT(line, g_lines.count);
    EXPECT_STREQ(expected, g_lines.text[line]);
    ++line;
  }
  EXPECT_EQ(line, g_lines.count);
  EXPECT_LE(categorised, report.persistent);

  // One eval tensor per model tensor, one node record per operator, and the kernels' own buffers recorded.
  const tflite::Model* model = tflite::GetModel(g_model);
  EXPECT_EQ(static_cast<size_t>(model->subgraphs()->Get(0)->tensors()->size()),
            allocator.GetRecordedAllocation(tflite::RecordedAllocationType::kTfLiteEvalTensorData).count);
  EXPECT_EQ(interpreter.operators_size(),
            allocator.GetRecordedAllocation(tflite::RecordedAllocationType::kNodeAndRegistrationArray).count);
  EXPECT_GT(allocator.GetRecordedAllocation(tflite::RecordedAllocationType::kPersistentBufferData).count, 0u);
}

TEST(RecordingMicroInterpreter, ArenaTooSmallForTheAllocator) {
  ASSERT_GT(compat_test::LoadDemoModel(g_model, sizeof(g_model)), 0u);
  alignas(16) static uint8_t tiny[16];
  EXPECT_TRUE(tflite::RecordingMicroAllocator::Create(tiny, sizeof(tiny)) == nullptr);
  EXPECT_TRUE(tflite::RecordingMicroAllocator::Create(nullptr, 1024) == nullptr);
  static tflite::AllOpsResolver resolver;
  tflite::RecordingMicroInterpreter interpreter(tflite::GetModel(g_model), resolver, tiny, sizeof(tiny));
  EXPECT_EQ(kTfLiteError, interpreter.AllocateTensors());
  const tflite::RecordedAllocation none =
      interpreter.GetMicroAllocator().GetRecordedAllocation(tflite::RecordedAllocationType::kOpData);
  EXPECT_EQ(0u, none.used_bytes);
}

TF_LITE_MICRO_TESTS_MAIN
