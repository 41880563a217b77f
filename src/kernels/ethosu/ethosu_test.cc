// ethos-u: registration, the real Vela-compiled models of tests/vela_models (refused without a driver, naming
// the missing hook; run with a fake driver that checks every buffer it is handed and plays the NPU), the
// offline-plan overlap only a scratch area may have, and every prepare refusal by its message.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mote/ethos_u.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "mote/schema/schema_generated.h"
#include "mote/tflite_names.h"
#include "support/golden.h"
#include "support/model_builder.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::AlignedBuffer;
using test::LogCapture;
using test::ModelBuilder;

constexpr char kNoDriver[] =
    "ethos-u: this model was compiled by Vela for an Arm Ethos-U NPU and no NPU driver is linked: provide one "
    "with mote::SetEthosUDriver() (mote/ethos_u.h) before AllocateTensors()";

// What the fake NPU saw on its last run; `play` then writes the outputs as the NPU would.
struct FakeNpu {
  int runs = 0;
  const uint8_t* command_stream = nullptr;
  size_t command_stream_bytes = 0;
  std::vector<uint64_t> addresses;
  std::vector<size_t> sizes;
  std::vector<std::vector<int8_t>> seen;
  int result = 0;
  void (*play)(FakeNpu* npu) = nullptr;

  static int Run(const EthosUInvocation& run, void* user) {
    auto* npu = static_cast<FakeNpu*>(user);
    ++npu->runs;
    npu->command_stream = run.command_stream;
    npu->command_stream_bytes = run.command_stream_bytes;
    npu->addresses.assign(run.base_addresses, run.base_addresses + run.num_base_addresses);
    npu->sizes.assign(run.base_address_sizes, run.base_address_sizes + run.num_base_addresses);
    npu->seen.clear();  // the buffers' contents as the NPU finds them (later operators may reuse the bytes)
    for (int i = 0; i < run.num_base_addresses; ++i)
      npu->seen.emplace_back(npu->Buffer(static_cast<size_t>(i)), npu->Buffer(static_cast<size_t>(i)) + npu->sizes[i]);
    if (npu->play != nullptr) npu->play(npu);
    return npu->result;
  }
  int8_t* Buffer(size_t entry) const { return reinterpret_cast<int8_t*>(static_cast<uintptr_t>(addresses[entry])); }
};

// Sets the fake driver for one test and removes it afterwards (the setting is process-wide).
struct DriverScope {
  explicit DriverScope(FakeNpu* npu) { SetEthosUDriver(FakeNpu::Run, npu); }
  ~DriverScope() { SetEthosUDriver(nullptr, nullptr); }
};

AlignedBuffer VelaModel(const std::string& name) {
  AlignedBuffer bytes;
  std::string error;
  EXPECT_TRUE(test::ReadFile(std::string(MOTE_SOURCE_DIR) + "/tests/vela_models/" + name, &bytes, &error)) << error;
  return bytes;
}

// The model's bytes of tensor `t` of subgraph 0 (a constant).
const uint8_t* ConstantData(const AlignedBuffer& model, int t) {
  const schema::Model* m = schema::GetModel(model.data());
  const auto* tensor = m->subgraphs()->Get(0)->tensors()->Get(static_cast<flatbuffers::uoffset_t>(t));
  return m->buffers()->Get(tensor->buffer())->data()->data();
}

uint64_t Address(const void* p) { return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p)); }

struct VelaRun {
  explicit VelaRun(const AlignedBuffer& model) : arena(256 * 1024) {
    interpreter = std::make_unique<MicroInterpreter>(model.data(), model.size(), resolver, arena.data(), arena.size());
  }
  AlignedBuffer arena;
  AllOpsResolver resolver;
  std::unique_ptr<MicroInterpreter> interpreter;
};

TEST(EthosU, RegisteredUnderTflmsName) {
  MicroMutableOpResolver<1> resolver;
  ASSERT_EQ(resolver.AddEthosU(), kTfLiteOk);
  EXPECT_NE(resolver.FindOp("ethos-u", 1), nullptr);
  EXPECT_STREQ(tflite::GetString_ETHOSU(), "ethos-u");
  EXPECT_STREQ(tflite::Register_ETHOSU()->custom_name, "ethos-u");
  AllOpsResolver all;
  EXPECT_NE(all.FindOp(tflite::GetString_ETHOSU(), 1), nullptr);
}

TEST(EthosU, VelaModelWithoutADriverNamesTheMissingHook) {
  for (const char* name : {"small_cnn_int8_vela.tflite", "sub_mul_float_io_int8_vela.tflite"}) {
    const AlignedBuffer model = VelaModel(name);
    LogCapture log;
    VelaRun run(model);
    EXPECT_NE(run.interpreter->AllocateTensors(), kTfLiteOk);
    const int node = std::string(name).rfind("small", 0) == 0 ? 0 : 2;
    EXPECT_TRUE(log.Has("Node number " + std::to_string(node) + " (ethos-u) failed to prepare")) << log.text;
    EXPECT_TRUE(log.Has(kNoDriver)) << log.text;
    EXPECT_FALSE(log.Has("invalid")) << "a Vela model is a valid model:\n" << log.text;
  }
}

// small_cnn_int8 compiled whole: ethos-u(command stream, read-only data, scratch, scratch, input) -> the three
// outputs. Vela's offline plan puts the input at byte 2896 of the 8320-byte scratch area.
TEST(EthosU, FakeDriverGetsVelasBuffers) {
  const AlignedBuffer model = VelaModel("small_cnn_int8_vela.tflite");
  FakeNpu npu;
  npu.play = [](FakeNpu* n) {
    for (size_t out = 4; out < 7; ++out) std::memset(n->Buffer(out), static_cast<int>(out), n->sizes[out]);
  };
  DriverScope driver(&npu);
  VelaRun run(model);
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  TfLiteTensor* input = run.interpreter->input(0);
  for (size_t i = 0; i < input->bytes; ++i) input->data.int8[i] = static_cast<int8_t>(i * 7);
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  ASSERT_EQ(npu.runs, 1);
  EXPECT_EQ(npu.command_stream, ConstantData(model, 0));
  EXPECT_EQ(npu.command_stream_bytes, 3856u);
  ASSERT_EQ(npu.addresses.size(), 7u);
  EXPECT_EQ(npu.addresses[0], Address(ConstantData(model, 1))) << "read-only data stays in the model";
  EXPECT_EQ(npu.sizes[0], 6208u);
  EXPECT_EQ(npu.addresses[1], npu.addresses[2]) << "scratch and fast scratch are one tensor";
  EXPECT_EQ(npu.sizes[1], 8320u);
  EXPECT_EQ(npu.addresses[3], Address(input->data.raw));
  EXPECT_EQ(npu.addresses[3] - npu.addresses[1], 2896u) << "the offline plan is honoured";
  EXPECT_EQ(npu.sizes[3], 432u);
  for (size_t i = 0; i < input->bytes; ++i) ASSERT_EQ(npu.seen[3][i], static_cast<int8_t>(i * 7));
  // Node outputs 4, 5, 6 are graph outputs 0, 2, 1.
  const size_t graph_output_of[3] = {0, 2, 1};
  for (size_t k = 0; k < 3; ++k) {
    const TfLiteTensor* out = run.interpreter->output(graph_output_of[k]);
    EXPECT_EQ(npu.addresses[4 + k], Address(out->data.raw));
    EXPECT_EQ(npu.sizes[4 + k], out->bytes);
    for (size_t i = 0; i < out->bytes; ++i) ASSERT_EQ(out->data.int8[i], static_cast<int8_t>(4 + k));
  }
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(npu.runs, 2);
}

// sub_mul_float_io_int8: QUANTIZE(b) -> t1, QUANTIZE(a) -> t3, ethos-u(cms, ro, scratch, scratch, t3, t1) -> t7,
// DEQUANTIZE(t7). The CPU ops run around the NPU; the fake NPU adds its two inputs.
TEST(EthosU, CpuOperatorsRunAroundTheNpu) {
  const AlignedBuffer model = VelaModel("sub_mul_float_io_int8_vela.tflite");
  FakeNpu npu;
  npu.play = [](FakeNpu* n) {
    for (size_t i = 0; i < n->sizes[5]; ++i) n->Buffer(5)[i] = static_cast<int8_t>(n->Buffer(3)[i] + n->Buffer(4)[i]);
  };
  DriverScope driver(&npu);
  VelaRun run(model);
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  // Graph inputs: 0 is b (scale 0.0078348, zero point 0), 1 is a (0.00784038, -1); values on the grid.
  float* b = run.interpreter->typed_input_tensor<float>(0);
  float* a = run.interpreter->typed_input_tensor<float>(1);
  for (int i = 0; i < 16; ++i) {
    b[i] = 0.0078348f * static_cast<float>(i - 8);
    a[i] = 0.00784038f * static_cast<float>(2 * i - 16);
  }
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  ASSERT_EQ(npu.addresses.size(), 6u);
  EXPECT_EQ(npu.addresses[1], npu.addresses[2]);
  const float* out = run.interpreter->typed_output_tensor<float>(0);
  for (int i = 0; i < 16; ++i) {
    ASSERT_EQ(npu.seen[3][static_cast<size_t>(i)], 2 * i - 16 - 1) << "quantized a, element " << i;
    ASSERT_EQ(npu.seen[4][static_cast<size_t>(i)], i - 8) << "quantized b, element " << i;
    EXPECT_FLOAT_EQ(out[i], 0.01525674f * static_cast<float>(3 * i - 25 - 11)) << i;
  }
}

TEST(EthosU, DriverFailureFailsInvoke) {
  const AlignedBuffer model = VelaModel("small_cnn_int8_vela.tflite");
  FakeNpu npu;
  npu.result = -1;
  DriverScope driver(&npu);
  VelaRun run(model);
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  LogCapture log;
  EXPECT_EQ(run.interpreter->Invoke(), kTfLiteError);
  EXPECT_TRUE(log.Has("ethos-u: the NPU driver failed (returned -1)")) << log.text;
}

// A small ethos-u model: cms (const), scratch (int8 [64]), in (int8 [16]) -> out (int8 [16]); `plan` is the
// offline plan (-1: planner), `reader` adds a RELU reading the scratch area.
struct Tiny {
  std::vector<uint8_t> options = {0x01, 0x04, 0x01};
  bool constant_stream = true;
  bool no_inputs = false;
  bool absent_input = false;
  std::vector<int32_t> plan;
  bool reader = false;
};

std::vector<uint8_t> TinyModel(const Tiny& s) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, "ethos-u");
  const int cms = s.constant_stream ? b.AddConstTensor<uint8_t>(schema::TensorType_UINT8, {8}, {1, 2, 3, 4, 5, 6, 7, 8})
                                    : b.AddTensor(schema::TensorType_UINT8, {8}, "stream");
  const int scratch = b.AddTensor(schema::TensorType_INT8, {64}, "scratch", 0, {0.5f}, {0});
  const int in = b.AddTensor(schema::TensorType_INT8, {16}, "in", 0, {0.5f}, {0});
  const int out = b.AddTensor(schema::TensorType_INT8, {16}, "out", 0, {0.5f}, {0});
  std::vector<int> ins = {cms, scratch, s.absent_input ? -1 : in};
  if (s.no_inputs) ins.clear();
  b.AddOperator(code, ins, {out}, schema::BuiltinOptions_NONE, 0, s.options);
  std::vector<int> outputs = {out};
  if (s.reader) {
    const int relu = b.AddOperatorCode(schema::BuiltinOperator_RELU);
    const int copy = b.AddTensor(schema::TensorType_INT8, {64}, "copy", 0, {0.5f}, {0});
    b.AddOperator(relu, {scratch}, {copy});
    outputs.push_back(copy);
  }
  if (!s.plan.empty()) {
    std::vector<int32_t> words = {1, 0, static_cast<int32_t>(s.plan.size())};
    words.insert(words.end(), s.plan.begin(), s.plan.end());
    b.AddMetadata("OfflineMemoryAllocation", b.AddBuffer(words.data(), words.size() * sizeof(int32_t)));
  }
  b.SetInputs({in});
  b.SetOutputs(outputs);
  return b.Finish();
}

TEST(EthosU, OfflinePlanMayOverlapTheScratchAreaOnly) {
  FakeNpu npu;
  DriverScope driver(&npu);
  Tiny s;
  s.plan = {-1, 0, 16, 80};  // in and out inside the scratch area, as Vela plans them
  {
    test::OpRun run(TinyModel(s));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
    ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    EXPECT_EQ(npu.addresses[1] - npu.addresses[0], 16u);
  }
  // Another kind of operator reads the scratch area: the overlap would be a real hazard.
  s.reader = true;
  s.plan = {-1, 0, 16, 80, 128};
  test::ExpectRefused(TinyModel(s),
                      "Offline memory plan (metadata 'OfflineMemoryAllocation') places tensors 2 and 1, which are "
                      "alive at the same time, in overlapping bytes (offsets 16 and 0)");
  // Live tensors other than the scratch area still may not overlap.
  s.reader = false;
  s.plan = {-1, 0, 64, 64};
  test::ExpectRefused(TinyModel(s), "places tensors 2 and 3, which are alive at the same time, in overlapping bytes");
}

TEST(EthosU, RefusesWhatVelaDoesNotWrite) {
  FakeNpu npu;
  DriverScope driver(&npu);
  constexpr char kOptions[] =
      "ethos-u: custom options must be the FlexBuffers integer 1 (Vela's CO_TYPE_ETHOSU); the operator was not "
      "written by Vela";
  Tiny s;
  s.options = {0x02, 0x04, 0x01};
  test::ExpectRefused(TinyModel(s), kOptions);
  s.options.clear();
  test::ExpectRefused(TinyModel(s), kOptions);
  s = Tiny();
  s.no_inputs = true;
  test::ExpectRefused(TinyModel(s), "ethos-u: needs the command stream as input 0 (the node has no inputs)");
  s = Tiny();
  s.absent_input = true;
  test::ExpectRefused(TinyModel(s), "ethos-u: input 2 is absent (-1); the driver needs a buffer for each");
  s = Tiny();
  s.constant_stream = false;
  test::ExpectRefused(TinyModel(s), "ethos-u: input 0 (the command stream) must be a non-empty constant of the model");
}

}  // namespace
}  // namespace mote
