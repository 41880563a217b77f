// MicroProfiler given to the TFLM-form MicroInterpreter constructor, as TFLM's hello_world test profiles: one
// event per node invoke tagged with the node's kernel variant, and the three log formats checked line by line.
// The model is the demo digit classifier (MOTE_COMPAT_MODEL_PATH, set by the build).
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "compat_test_util.h"
#include "tensorflow/lite/micro/all_ops_resolver.h"
#include "tensorflow/lite/micro/micro_interpreter.h"
#include "tensorflow/lite/micro/micro_profiler.h"
#include "tensorflow/lite/micro/testing/micro_test.h"
#include "tensorflow/lite/schema/schema_generated.h"

namespace {

alignas(16) uint8_t g_model[64 * 1024];
alignas(16) uint8_t g_arena[64 * 1024];

compat_test::LogLines g_lines;
void Start() { g_lines.Start(); }
void Stop() { compat_test::LogLines::Stop(); }

bool StartsWith(const char* s, const char* prefix) { return std::strncmp(s, prefix, std::strlen(prefix)) == 0; }

// "<digits>" followed by `rest` at s.
bool NumberThen(const char* s, const char* rest) {
  if (*s < '0' || *s > '9') return false;
  while (*s >= '0' && *s <= '9') ++s;
  return std::strcmp(s, rest) == 0;
}

}  // namespace

TF_LITE_MICRO_TESTS_BEGIN

TF_LITE_MICRO_TEST(OneEventPerNodeTaggedWithItsVariant) {
  TF_LITE_MICRO_EXPECT_GT(compat_test::LoadDemoModel(g_model, sizeof(g_model)), 0u);
  static tflite::AllOpsResolver resolver;
  static tflite::MicroProfiler profiler;
  tflite::MicroInterpreter interpreter(tflite::GetModel(g_model), resolver, g_arena, sizeof(g_arena), nullptr,
                                       &profiler);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, interpreter.AllocateTensors());
  TF_LITE_MICRO_EXPECT_EQ(0, profiler.num_events());
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, interpreter.Invoke());
  const int nodes = static_cast<int>(interpreter.operators_size());
  TF_LITE_MICRO_EXPECT_EQ(nodes, profiler.num_events());
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, interpreter.Invoke());
  TF_LITE_MICRO_EXPECT_EQ(2 * nodes, profiler.num_events());

  // Log(): "<variant> took <ticks> ticks (<ms> ms)." per event, in plan order.
  Start();
  profiler.Log();
  Stop();
  TF_LITE_MICRO_EXPECT_EQ(2 * nodes, g_lines.count);
  for (int i = 0; i < g_lines.count; ++i) {
    const char* variant = interpreter.node_info(static_cast<size_t>(i % nodes)).variant;
    char prefix[96];
    std::snprintf(prefix, sizeof(prefix), "%s took ", variant);
    TF_LITE_MICRO_EXPECT(StartsWith(g_lines.text[i], prefix));
    TF_LITE_MICRO_EXPECT(std::strstr(g_lines.text[i], " ticks (") != nullptr);
  }

  // LogCsv(): a header, then "<event>,<variant>,<ticks>".
  Start();
  profiler.LogCsv();
  Stop();
  TF_LITE_MICRO_EXPECT_EQ(2 * nodes + 1, g_lines.count);
  TF_LITE_MICRO_EXPECT_EQ(0, std::strcmp(g_lines.text[0], "\"Event\",\"Tag\",\"Ticks\""));
  for (int i = 1; i < g_lines.count; ++i) {
    char prefix[112];
    std::snprintf(prefix, sizeof(prefix), "%d,%s,", i - 1, interpreter.node_info(static_cast<size_t>((i - 1) % nodes)).variant);
    TF_LITE_MICRO_EXPECT(StartsWith(g_lines.text[i], prefix));
    TF_LITE_MICRO_EXPECT(NumberThen(g_lines.text[i] + std::strlen(prefix), ""));
  }

  // LogTicksPerTagCsv(): a header, one line per distinct variant (at most one per node), the total.
  Start();
  profiler.LogTicksPerTagCsv();
  Stop();
  TF_LITE_MICRO_EXPECT_EQ(0, std::strcmp(g_lines.text[0], "\"Unique Tag\",\"Total ticks across all events with that tag.\""));
  TF_LITE_MICRO_EXPECT(StartsWith(g_lines.text[g_lines.count - 1], "total number of ticks, "));
  TF_LITE_MICRO_EXPECT(NumberThen(g_lines.text[g_lines.count - 1] + std::strlen("total number of ticks, "), ""));
  for (int i = 1; i < g_lines.count - 1; ++i) {
    const char* comma = std::strstr(g_lines.text[i], ", ");
    TF_LITE_MICRO_EXPECT(comma != nullptr);
    if (comma != nullptr) TF_LITE_MICRO_EXPECT(NumberThen(comma + 2, ""));
  }
  TF_LITE_MICRO_EXPECT_LE(g_lines.count - 2, nodes);
  TF_LITE_MICRO_EXPECT_GE(g_lines.count - 2, 1);

  profiler.ClearEvents();
  TF_LITE_MICRO_EXPECT_EQ(0, profiler.num_events());
}

TF_LITE_MICRO_TEST(ScopedEventsAndTotals) {
  static tflite::MicroProfiler profiler;
  {
    tflite::ScopedMicroProfiler scoped("outer", &profiler);
    tflite::ScopedMicroProfiler none("ignored", nullptr);
  }
  TF_LITE_MICRO_EXPECT_EQ(1, profiler.num_events());
  const uint32_t begin = profiler.BeginEvent("outer");
  profiler.EndEvent(begin);
  TF_LITE_MICRO_EXPECT_EQ(2, profiler.num_events());
  Start();
  profiler.LogTicksPerTagCsv();
  Stop();
  TF_LITE_MICRO_EXPECT_EQ(3, g_lines.count);
  TF_LITE_MICRO_EXPECT(StartsWith(g_lines.text[1], "outer, "));
  char total[48];
  std::snprintf(total, sizeof(total), "total number of ticks, %d", static_cast<int>(profiler.GetTotalTicks()));
  TF_LITE_MICRO_EXPECT_EQ(0, std::strcmp(g_lines.text[2], total));
}

TF_LITE_MICRO_TESTS_END
