// Whole-model tests: every model in ../shared/golden (skipped, with a message, when ../shared is absent) and
// every project model in tests/models/ runs through MicroInterpreter + AllOpsResolver on its golden inputs and
// must reproduce TFLM's outputs bit for bit (float32 within 1e-5 relative + 1e-6 absolute); the models TFLM
// refuses (meta.json "oracle": "litert") reproduce LiteRT's reference kernels' outputs the same way. The same test
// proves arena_used_bytes() exact: an arena of exactly that size works and 16 bytes less fails with the size,
// and holds DESIGN §5: mote needs no more arena than TFLM (meta.json's tflm_arena_used_bytes) on every model but
// the few listed in kAboveTflm, which may not grow past their ceiling.
#include <dirent.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <cctype>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/golden.h"

namespace mote {
namespace {

struct GoldenCase {
  std::string name;
  std::string model_path;
  std::string data_dir;
};

std::vector<std::string> ListDirs(const std::string& dir) {
  std::vector<std::string> out;
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return out;
  while (dirent* e = readdir(d)) {
    if (e->d_name[0] == '.') continue;
    out.push_back(e->d_name);
  }
  closedir(d);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<GoldenCase> AllCases() {
  std::vector<GoldenCase> cases;
  const std::string own = std::string(MOTE_SOURCE_DIR) + "/tests/models";
  for (const std::string& n : ListDirs(own)) {
    if (test::FileExists(own + "/" + n + "/model.tflite"))
      cases.push_back({"own_" + n, own + "/" + n + "/model.tflite", own + "/" + n});
  }
  if (test::HaveSharedDir()) {
    for (const std::string& n : ListDirs(test::SharedPath("golden"))) {
      const std::string model = test::SharedPath("models/" + n + ".tflite");
      if (test::FileExists(model)) cases.push_back({"shared_" + n, model, test::SharedPath("golden/" + n)});
    }
  }
  return cases;
}

long TflmArena(const std::string& data_dir) {
  std::ifstream in(data_dir + "/meta.json");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string s = ss.str();
  const size_t k = s.find("\"tflm_arena_used_bytes\"");
  if (k == std::string::npos) return -1;
  return std::strtol(s.c_str() + s.find(':', k) + 1, nullptr, 10);
}

// meta.json's "oracle": "litert": a model TFLM refuses (hybrid, float16 weights) whose expected outputs are
// LiteRT's reference kernels' (tools/models/hybrid_models.py); compared with the same tolerance.
bool OracleIsLiteRt(const std::string& data_dir) {
  std::ifstream in(data_dir + "/meta.json");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str().find("\"oracle\": \"litert\"") != std::string::npos;
}

struct Captured {
  std::string text;
  static void Sink(void* user, const char* m) {
    static_cast<Captured*>(user)->text += m;
    static_cast<Captured*>(user)->text += "\n";
  }
};

// 64-bit host models still above TFLM, each with mote's arena at the time (the regression ceiling) and why:
//  - the sensor anomaly models are ~85-99 small element-wise nodes on [8, 16] tensors: mote's per-node state
//    outweighs what its planner saves on activations. Against TFLM's recording allocator (sensor_anomaly_int8,
//    x86-64): node records 7128 / 6336 bytes (mote keeps the kernel variant's id, 8 bytes a node), kernel
//    buffers 4975 / 3759 (a broadcast plan per element-wise node, which TFLM recomputes on every invoke), the
//    14 output tensor views 1120 / 896 (80-byte TfLiteTensor), the plan 2416 / 2320.
struct ArenaCeiling {
  const char* name;
  long bytes;
};
constexpr ArenaCeiling kAboveTflm[] = {
    {"own_sensor_anomaly_float32", 17888},
    {"own_sensor_anomaly_int8", 19408},
};

// TFLM's figure, or the model's ceiling when it is one of kAboveTflm; -1 when the model has no TFLM figure.
long ArenaBound(const GoldenCase& c) {
  for (const ArenaCeiling& e : kAboveTflm)
    if (c.name == e.name) return e.bytes;
  return TflmArena(c.data_dir);
}

void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.name; }

class GoldenModelTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(GoldenModelTest, MatchesTflmBitExact) {
  const GoldenCase& c = GetParam();
  test::AlignedBuffer model;
  std::string error;
  ASSERT_TRUE(test::ReadFile(c.model_path, &model, &error)) << error;
  static AllOpsResolver resolver;
  test::AlignedBuffer arena(16 << 20);
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  // The arena is compared with TFLM's, which repacks nothing: weight prepacking off (outputs are the same with
  // it on: PrepackingLeavesOutputsUnchanged).
  interpreter.SetWeightPrepacking(false);
  ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  for (size_t k = 0; k < interpreter.inputs_size(); ++k) {
    test::AlignedBuffer in;
    ASSERT_TRUE(test::ReadFile(c.data_dir + "/input" + std::to_string(k) + ".bin", &in, &error)) << error;
    ASSERT_EQ(in.size(), interpreter.input(k)->bytes);
    std::memcpy(interpreter.input(k)->data.raw, in.data(), in.size());
  }
  ASSERT_EQ(interpreter.Invoke(), kTfLiteOk);
  for (size_t k = 0; k < interpreter.outputs_size(); ++k) {
    test::AlignedBuffer expected;
    ASSERT_TRUE(test::ReadFile(c.data_dir + "/output" + std::to_string(k) + ".bin", &expected, &error)) << error;
    const TfLiteTensor* out = interpreter.output(k);
    ASSERT_EQ(expected.size(), out->bytes);
    if (out->type == kTfLiteFloat32) {
      const auto* want = reinterpret_cast<const float*>(expected.data());
      for (size_t i = 0; i < out->bytes / 4; ++i)
        EXPECT_NEAR(out->data.f[i], want[i], 1e-6 + 1e-5 * std::fabs(want[i])) << "output " << k << " element " << i;
    } else {
      size_t differing = 0;
      size_t first = 0;
      for (size_t i = 0; i < out->bytes; ++i) {
        if (out->data.uint8[i] != expected.data()[i] && differing++ == 0) first = i;
      }
      EXPECT_EQ(differing, 0u) << "output " << k << ": " << differing << " bytes differ, first at byte " << first;
    }
  }
  const long tflm = TflmArena(c.data_dir);
  if (tflm < 0 && OracleIsLiteRt(c.data_dir)) {
    std::printf("[ arena    ] %s: mote %zu bytes (TFLM refuses this model; outputs from LiteRT)\n", c.name.c_str(),
                interpreter.arena_used_bytes());
  } else {
    std::printf("[ arena    ] %s: mote %zu bytes, TFLM %ld bytes\n", c.name.c_str(), interpreter.arena_used_bytes(),
                tflm);
  }
#if UINTPTR_MAX > 0xFFFFFFFFu  // the figures are a 64-bit host's (pointers and alignof(max_align_t) set them)
  const long bound = ArenaBound(c);
  if (bound > 0) {
    EXPECT_LE(static_cast<long>(interpreter.arena_used_bytes()), bound)
        << c.name << " needs more arena than " << (bound == tflm ? "TFLM" : "its ceiling in kAboveTflm") << " ("
        << bound << " bytes)";
  }
#endif
}

void InvokeTwiceCollectingOutputs(const GoldenCase& c, MicroInterpreter* interpreter,
                                  std::vector<std::vector<uint8_t>>* outputs);

// Also the outputs: in an arena of exactly arena_used_bytes() persistent memory takes bytes that prepare-time
// temporaries gave back, so a kernel that kept reading one would compute something else there.
TEST_P(GoldenModelTest, ArenaUsedBytesIsExact) {
  const GoldenCase& c = GetParam();
  test::AlignedBuffer model;
  ASSERT_TRUE(test::ReadFile(c.model_path, &model));
  static AllOpsResolver resolver;
  size_t used = 0;
  std::vector<std::vector<uint8_t>> roomy_outputs, exact_outputs;
  {
    test::AlignedBuffer arena(16 << 20);
    MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
    ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
    used = interpreter.arena_used_bytes();
    InvokeTwiceCollectingOutputs(c, &interpreter, &roomy_outputs);
  }
  ASSERT_EQ(used % 16, 0u);
  {
    test::AlignedBuffer arena(used);
    MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
    ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk) << "an arena of exactly arena_used_bytes() must work";
    EXPECT_EQ(interpreter.arena_used_bytes(), used);
    InvokeTwiceCollectingOutputs(c, &interpreter, &exact_outputs);
    EXPECT_TRUE(exact_outputs == roomy_outputs) << "outputs differ in an arena of exactly arena_used_bytes()";
  }
  {
    Captured log;
    SetLogSink(Captured::Sink, &log);
    test::AlignedBuffer arena(used - 16);
    MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
    const TfLiteStatus status = interpreter.AllocateTensors();
    SetLogSink(nullptr, nullptr);
    EXPECT_NE(status, kTfLiteOk) << "16 bytes less than arena_used_bytes() must fail";
    EXPECT_NE(log.text.find("Tensor arena too small"), std::string::npos) << log.text;
  }
}

// Every arena smaller than arena_used_bytes() fails, and says why: whichever allocation runs out first (a
// persistent table, a kernel's op data, a prepare-time tensor view or its quantization copy, the plan), the log
// names the arena, never a kernel's "missing tensor". 32-bit targets hit different allocations first (their
// views are smaller), so every size matters: all of them below 8 KiB, otherwise 256 spread over the range and
// the 64 just below the exact size. (An empty arena has its own message.)
TEST_P(GoldenModelTest, EverySmallerArenaFailsSayingTheArenaIsTooSmall) {
  const GoldenCase& c = GetParam();
  test::AlignedBuffer model;
  ASSERT_TRUE(test::ReadFile(c.model_path, &model));
  static AllOpsResolver resolver;
  size_t used = 0;
  {
    test::AlignedBuffer arena(16 << 20);
    MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
    ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
    used = interpreter.arena_used_bytes();
  }
  std::vector<size_t> sizes;
  if (used <= 8192) {
    for (size_t b = 16; b < used; b += 16) sizes.push_back(b);
  } else {
    for (size_t k = 1; k < 256; ++k) sizes.push_back(used * k / 256 / 16 * 16);
    for (size_t k = 1; k <= 64; ++k) sizes.push_back(used - 16 * k);
  }
  test::AlignedBuffer arena(used);
  int unexplained = 0;
  for (size_t bytes : sizes) {
    Captured log;
    SetLogSink(Captured::Sink, &log);
    // At the end of the buffer, so an access past the arena is one past the allocation (ASan sees it).
    MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data() + used - bytes, bytes);
    const TfLiteStatus status = interpreter.AllocateTensors();
    SetLogSink(nullptr, nullptr);
    EXPECT_NE(status, kTfLiteOk) << c.name << ": an arena of " << bytes << " bytes (needs " << used << ")";
    const bool said = log.text.find("Tensor arena too small") != std::string::npos;
    EXPECT_TRUE(said) << c.name << ": an arena of " << bytes << " bytes: " << log.text;
    if (!said && ++unexplained == 5) break;  // five sizes are enough to show the failure
  }
}

// Writes the case's inputs and invokes twice (their bytes are reused once read, so they are written before
// each), appending every output of both invokes to *outputs.
void InvokeTwiceCollectingOutputs(const GoldenCase& c, MicroInterpreter* interpreter,
                                  std::vector<std::vector<uint8_t>>* outputs) {
  std::string error;
  for (int invoke = 0; invoke < 2; ++invoke) {
    for (size_t k = 0; k < interpreter->inputs_size(); ++k) {
      test::AlignedBuffer in;
      ASSERT_TRUE(test::ReadFile(c.data_dir + "/input" + std::to_string(k) + ".bin", &in, &error)) << error;
      ASSERT_EQ(in.size(), interpreter->input(k)->bytes);
      std::memcpy(interpreter->input(k)->data.raw, in.data(), in.size());
    }
    ASSERT_EQ(interpreter->Invoke(), kTfLiteOk);
    for (size_t k = 0; k < interpreter->outputs_size(); ++k) {
      const TfLiteTensor* out = interpreter->output(k);
      outputs->emplace_back(out->data.uint8, out->data.uint8 + out->bytes);
    }
  }
}

void ExpectSameOutputsOverTwoInvokes(const std::vector<std::vector<uint8_t>>& a,
                                     const std::vector<std::vector<uint8_t>>& b) {
  ASSERT_EQ(a.size(), b.size());
  const size_t n = a.size() / 2;
  for (size_t k = 0; k < a.size(); ++k) {
    EXPECT_TRUE(a[k] == b[k]) << "output " << k % n << ", invoke " << k / n + 1;
  }
}

// Runs the case's model with an interpreter setting off (on == 0), then on (1): set(interpreter, on) before
// AllocateTensors, look(interpreter, on) after it; each run invokes twice, the inputs written before each (their
// bytes are reused once read), and leaves its outputs in outputs[on]: on and off must agree on the second invoke
// too (variables carry state from the first; nothing else may). Callers check HasFatalFailure().
template <class Set, class Look>
void RunOffAndOn(const GoldenCase& c, Set set, Look look, std::vector<std::vector<uint8_t>> outputs[2]) {
  test::AlignedBuffer model;
  std::string error;
  ASSERT_TRUE(test::ReadFile(c.model_path, &model, &error)) << error;
  static AllOpsResolver resolver;
  for (int on = 0; on < 2; ++on) {
    test::AlignedBuffer arena(16 << 20);
    MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
    set(interpreter, on == 1);
    ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
    look(interpreter, on);
    InvokeTwiceCollectingOutputs(c, &interpreter, &outputs[on]);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// In-place execution changes where tensors live, never what the kernels compute: with it on and off, every
// output is byte-identical (floats included: the same kernels run on the same values).
TEST_P(GoldenModelTest, InPlaceExecutionLeavesOutputsUnchanged) {
  const GoldenCase& c = GetParam();
  std::vector<std::vector<uint8_t>> outputs[2];
  size_t arena_bytes[2] = {0, 0};
  RunOffAndOn(
      c, [](MicroInterpreter& interpreter, bool on) { interpreter.SetInPlaceExecution(on); },
      [&](MicroInterpreter& interpreter, int on) { arena_bytes[on] = interpreter.arena_used_bytes(); }, outputs);
  if (HasFatalFailure()) return;
  ExpectSameOutputsOverTwoInvokes(outputs[0], outputs[1]);
  std::printf("[ in place ] %s: %zu bytes with in-place execution, %zu without\n", c.name.c_str(), arena_bytes[1],
              arena_bytes[0]);
}

// Operator reordering runs the same kernels in another order the data allows: every output is byte-identical
// with it on and off, over two invokes (variables carry state from the first).
TEST_P(GoldenModelTest, ReorderingLeavesOutputsUnchanged) {
  const GoldenCase& c = GetParam();
  std::vector<std::vector<uint8_t>> outputs[2];
  size_t arena_bytes[2] = {0, 0};
  int moved = 0;  // plan positions whose node is not the model's
  RunOffAndOn(
      c, [](MicroInterpreter& interpreter, bool on) { interpreter.SetOperatorReordering(on); },
      [&](MicroInterpreter& interpreter, int on) {
        arena_bytes[on] = interpreter.arena_used_bytes();
        for (size_t p = 0; p < interpreter.operators_size(); ++p) {
          if (on == 0) EXPECT_EQ(interpreter.node_info(p).index, static_cast<int>(p)) << "reordering off keeps the model order";
          if (on == 1 && interpreter.node_info(p).index != static_cast<int>(p)) ++moved;
        }
      },
      outputs);
  if (HasFatalFailure()) return;
  ExpectSameOutputsOverTwoInvokes(outputs[0], outputs[1]);
  EXPECT_LE(arena_bytes[1], arena_bytes[0]) << "reordering never makes the arena larger";
  EXPECT_EQ(moved > 0, arena_bytes[1] < arena_bytes[0]) << "an order is kept only when it saves bytes";
  std::printf("[ reorder  ] %s: %zu bytes with reordering (%d positions moved), %zu without\n", c.name.c_str(),
              arena_bytes[1], moved, arena_bytes[0]);
}

// Weight prepacking prepares the same weights once instead of per invoke: every output is byte-identical with
// it on and off, over two invokes, and the arena grows by the prepacked bytes (and their alignment) alone.
TEST_P(GoldenModelTest, PrepackingLeavesOutputsUnchanged) {
  const GoldenCase& c = GetParam();
  std::vector<std::vector<uint8_t>> outputs[2];
  ArenaReport report[2] = {};
  size_t nodes = 0;
  RunOffAndOn(
      c, [](MicroInterpreter& interpreter, bool on) { interpreter.SetWeightPrepacking(on); },
      [&](MicroInterpreter& interpreter, int on) {
        report[on] = interpreter.arena_report();
        nodes = interpreter.operators_size();
      },
      outputs);
  if (HasFatalFailure()) return;
  ExpectSameOutputsOverTwoInvokes(outputs[0], outputs[1]);
  EXPECT_EQ(report[0].prepacked, 0u) << "prepacking off prepacks nothing";
  EXPECT_GE(report[1].total - report[0].total, report[1].prepacked);
  EXPECT_LE(report[1].total - report[0].total, report[1].prepacked + 16 * nodes) << "only alignment on top";
  std::printf("[ prepack  ] %s: %zu bytes with prepacking (%zu prepacked), %zu without\n", c.name.c_str(),
              report[1].total, report[1].prepacked, report[0].total);
}

std::string CaseName(const ::testing::TestParamInfo<GoldenCase>& info) {
  std::string n = info.param.name;
  for (char& ch : n)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Golden, GoldenModelTest, ::testing::ValuesIn(AllCases()), CaseName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GoldenModelTest);

TEST(GoldenModels, SharedDirPresenceIsReported) {
  if (!test::HaveSharedDir()) GTEST_SKIP() << "../shared not found: skipping the shared golden models";
  SUCCEED();
}

}  // namespace
}  // namespace mote
