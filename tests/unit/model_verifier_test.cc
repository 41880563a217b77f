// Tests of src/schema/model_verifier: every refusal with its exact message, valid models (builder-made and
// ../shared/models when present), and robustness: every truncation, random bytes and seeded bit flips must be
// refused or accepted cleanly, never read out of bounds (run under ASan/UBSan to prove the latter).
#include "mote/model_verifier.h"

#include <dirent.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_log.h"
#include "support/golden.h"
#include "support/model_builder.h"

namespace mote {
namespace {

using test::AlignedModel;
using test::ModelBuilder;

// Captures every message sent to the log sink while alive.
class LogCapture {
 public:
  LogCapture() { SetLogSink(&LogCapture::Sink, this); }
  ~LogCapture() { SetLogSink(nullptr, nullptr); }
  const std::vector<std::string>& messages() const { return messages_; }
  void Clear() { messages_.clear(); }

 private:
  static void Sink(void* user, const char* message) { static_cast<LogCapture*>(user)->messages_.push_back(message); }
  std::vector<std::string> messages_;
};

// Verifies `model`; returns the single message logged, "" when accepted. Fails the test when a refusal logs
// anything but exactly one message, or an acceptance logs anything.
std::string VerifyMessage(const AlignedModel& model) {
  LogCapture log;
  const TfLiteStatus status = VerifyModel(model.data(), model.size());
  if (status == kTfLiteOk) {
    EXPECT_TRUE(log.messages().empty()) << "accepted but logged: " << log.messages()[0];
    return "";
  }
  EXPECT_EQ(log.messages().size(), 1u) << "a refusal must log exactly one message";
  return log.messages().empty() ? "<refused without a message>" : log.messages()[0];
}

// Same for a 16-byte aligned copy of `bytes`.
std::string VerifyMessage(const std::vector<uint8_t>& bytes) { return VerifyMessage(AlignedModel(bytes)); }

// Same through the size-less path (TFLM-style GetModel): base unknown.
std::string ValidateWithoutSize(const std::vector<uint8_t>& bytes) {
  AlignedModel model(bytes);
  LogCapture log;
  const TfLiteStatus status = ValidateModelSemantics(schema::GetModel(model.data()), nullptr, 0);
  if (status == kTfLiteOk) {
    EXPECT_TRUE(log.messages().empty());
    return "";
  }
  EXPECT_EQ(log.messages().size(), 1u);
  return log.messages().empty() ? "<refused without a message>" : log.messages()[0];
}

// in (INT8 [1,4]) --ADD(w)--> mid --ADD(w)--> out; w is a constant. Tensors: in=0, w=1, mid=2, out=3.
struct SmallModel {
  ModelBuilder b;
  int add = 0, in = 0, w = 0, mid = 0, out = 0;
  explicit SmallModel(bool add_ops = true) {
    add = b.AddOperatorCode(schema::BuiltinOperator_ADD);
    in = b.AddTensor(schema::TensorType_INT8, {1, 4}, "in", 0, {0.5f}, {-1});
    w = b.AddConstTensor<int8_t>(schema::TensorType_INT8, {1, 4}, {1, 2, 3, 4}, {0.5f}, {0}, 0, "w");
    mid = b.AddTensor(schema::TensorType_INT8, {1, 4}, "mid", 0, {1.0f}, {0});
    out = b.AddTensor(schema::TensorType_INT8, {1, 4}, "out", 0, {1.0f}, {0});
    if (add_ops) {
      b.AddOperator(add, {in, w}, {mid}, schema::BuiltinOptions_AddOptions, schema::CreateAddOptions(b.fbb()).Union());
      b.AddOperator(add, {mid, w}, {out});
    }
    b.SetInputs({in});
    b.SetOutputs({out});
  }
};

std::vector<uint8_t> ReadBytes(const std::string& path) {
  std::vector<uint8_t> bytes;
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return bytes;
  uint8_t chunk[65536];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0) bytes.insert(bytes.end(), chunk, chunk + n);
  std::fclose(f);
  return bytes;
}

std::vector<std::string> SharedModelPaths() {
  std::vector<std::string> paths;
  if (!test::HaveSharedDir()) return paths;
  const std::string dir = test::SharedPath("models");
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return paths;
  while (dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name.size() > 7 && name.compare(name.size() - 7, 7, ".tflite") == 0) paths.push_back(dir + "/" + name);
  }
  closedir(d);
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::string Hex(const void* p) {
  char text[32];
  std::snprintf(text, sizeof(text), "%p", p);
  return text;
}

// ---------------------------------------------------------------------------------------------------------------
// Valid models

TEST(ModelVerifier, AcceptsBuilderModel) {
  SmallModel m;
  const std::vector<uint8_t> bytes = m.b.Finish();
  EXPECT_EQ(VerifyMessage(bytes), "");
  EXPECT_EQ(ValidateWithoutSize(bytes), "");
}

TEST(ModelVerifier, AcceptsSharedModels) {
  const std::vector<std::string> paths = SharedModelPaths();
  if (paths.empty()) GTEST_SKIP() << "../shared/models not found: skipping the shared models";
  for (const std::string& path : paths) {
    SCOPED_TRACE(path);
    const std::vector<uint8_t> bytes = ReadBytes(path);
    ASSERT_FALSE(bytes.empty());
    EXPECT_EQ(VerifyMessage(bytes), "");
    EXPECT_EQ(ValidateWithoutSize(bytes), "");
  }
}

TEST(ModelVerifier, AcceptsModelWithoutFileIdentifier) {
  SmallModel m;
  m.b.SetFileIdentifier(nullptr);
  EXPECT_EQ(VerifyMessage(m.b.Finish()), "");
}

TEST(ModelVerifier, AcceptsEmptyGraphAndOptionalInputs) {
  {
    ModelBuilder b;  // no tensors, no operators
    EXPECT_EQ(VerifyMessage(b.Finish()), "");
  }
  SmallModel m(false);
  const int fc = m.b.AddOperatorCode(schema::BuiltinOperator_FULLY_CONNECTED, 9);
  m.b.AddOperator(fc, {m.in, m.w, -1}, {m.out});  // bias absent
  EXPECT_EQ(VerifyMessage(m.b.Finish()), "");
}

TEST(ModelVerifier, AcceptsVariablesAndMultipleSubgraphs) {
  ModelBuilder b;
  const int svdf = b.AddOperatorCode(schema::BuiltinOperator_SVDF, 4);
  const int in = b.AddTensor(schema::TensorType_FLOAT32, {1, 3}, "in");
  const int state = b.AddTensor(schema::TensorType_FLOAT32, {1, 8}, "state", 0, {}, {}, 0, /*is_variable=*/true);
  const int out = b.AddTensor(schema::TensorType_FLOAT32, {1, 2}, "out");
  b.AddOperator(svdf, {in, state}, {out});
  b.SetInputs({in});
  b.SetOutputs({out});
  b.AddSubgraph();
  const int x = b.AddTensor(schema::TensorType_INT32, {2}, "x");
  const int y = b.AddTensor(schema::TensorType_INT32, {2}, "y");
  b.AddOperator(b.AddOperatorCode(schema::BuiltinOperator_RELU), {x}, {y});
  b.SetInputs({x});
  b.SetOutputs({y});
  EXPECT_EQ(VerifyMessage(b.Finish()), "");
}

TEST(ModelVerifier, AcceptsDynamicShapeSignatureWithStaticShape) {
  ModelBuilder b;
  auto& fbb = b.fbb();
  const auto shape = fbb.CreateVector(std::vector<int32_t>{1, 4});
  const auto signature = fbb.CreateVector(std::vector<int32_t>{-1, 4});
  const auto name = fbb.CreateString("dyn");
  b.AddTensorRaw(schema::CreateTensor(fbb, shape, schema::TensorType_FLOAT32, 0, name, 0, false, 0, signature));
  EXPECT_EQ(VerifyMessage(b.Finish()), "");
}

TEST(ModelVerifier, AcceptsEveryFixedSizeTypeAsConstant) {
  struct Case {
    schema::TensorType type;
    size_t bytes;  // for 5 elements
  };
  const Case cases[] = {
      {schema::TensorType_FLOAT32, 20}, {schema::TensorType_FLOAT16, 10},    {schema::TensorType_INT32, 20},
      {schema::TensorType_UINT8, 5},    {schema::TensorType_INT64, 40},      {schema::TensorType_BOOL, 5},
      {schema::TensorType_INT16, 10},   {schema::TensorType_COMPLEX64, 40},  {schema::TensorType_INT8, 5},
      {schema::TensorType_FLOAT64, 40}, {schema::TensorType_COMPLEX128, 80}, {schema::TensorType_UINT64, 40},
      {schema::TensorType_UINT32, 20},  {schema::TensorType_UINT16, 10},     {schema::TensorType_INT4, 3},
      {schema::TensorType_BFLOAT16, 10}};
  for (const Case& c : cases) {
    SCOPED_TRACE(TensorTypeName(c.type));
    ModelBuilder b;
    std::vector<uint8_t> data(c.bytes, 7);
    b.AddTensor(c.type, {5}, "c", b.AddBuffer(data.data(), data.size()));
    EXPECT_EQ(VerifyMessage(b.Finish()), "");
  }
}

TEST(ModelVerifier, AcceptsLargestAndZeroSizedShapes) {
  ModelBuilder b;
  b.AddTensor(schema::TensorType_INT8, {2147483647}, "max");
  // Empty, with its other dimensions' product at the limit (beyond it is refused: kernels multiply them).
  b.AddTensor(schema::TensorType_INT8, {0, 2147483647, 1}, "empty");
  b.AddTensor(schema::TensorType_INT8, {}, "scalar", 0, {0.25f}, {3});
  EXPECT_EQ(VerifyMessage(b.Finish()), "");
}

TEST(ModelVerifier, AcceptsPerChannelAndLegacyBiasQuantization) {
  ModelBuilder b;
  b.AddConstTensor<int8_t>(schema::TensorType_INT8, {3, 1, 1, 2}, {1, 2, 3, 4, 5, 6}, {0.1f, 0.2f, 0.3f}, {0, 0, 0}, 0,
                           "filter");
  b.AddConstTensor<int8_t>(schema::TensorType_INT8, {1, 1, 1, 2}, {1, 2}, {0.1f, 0.2f}, {0, 0}, 3, "dw_filter");
  // Older converters wrote the depthwise filter's quantized_dimension (3) onto the 1-D bias (TFLM runs these).
  b.AddConstTensor<int32_t>(schema::TensorType_INT32, {2}, {10, 20}, {0.01f, 0.02f}, {0, 0}, 3, "bias");
  EXPECT_EQ(VerifyMessage(b.Finish()), "");
}

// ---------------------------------------------------------------------------------------------------------------
// VerifyModel entry checks

TEST(ModelVerifier, RefusesNullAndTinyAndHugeBuffers) {
  LogCapture log;
  EXPECT_EQ(VerifyModel(nullptr, 100), kTfLiteError);
  ASSERT_EQ(log.messages().size(), 1u);
  EXPECT_EQ(log.messages()[0], "Model invalid: model data is nullptr");
  log.Clear();
  const uint8_t tiny[8] = {0};
  EXPECT_EQ(VerifyModel(tiny, 7), kTfLiteError);
  ASSERT_EQ(log.messages().size(), 1u);
  EXPECT_EQ(log.messages()[0], "Model invalid: 7 bytes is too small to be a model (at least 8 bytes)");
  log.Clear();
  EXPECT_EQ(VerifyModel(tiny, 0), kTfLiteError);
  ASSERT_EQ(log.messages().size(), 1u);
  EXPECT_EQ(log.messages()[0], "Model invalid: 0 bytes is too small to be a model (at least 8 bytes)");
  log.Clear();
  if (sizeof(size_t) > 4) {
    // Refused on the size alone: nothing past the first bytes is read.
    EXPECT_EQ(VerifyModel(tiny, size_t{1} << 31), kTfLiteError);
    ASSERT_EQ(log.messages().size(), 1u);
    EXPECT_EQ(log.messages()[0], "Model invalid: 2147483648 bytes is more than a FlatBuffer can address (2 GiB)");
  }
}

TEST(ModelVerifier, RefusesWrongFileIdentifier) {
  SmallModel m;
  std::vector<uint8_t> bytes = m.b.Finish();
  std::memcpy(&bytes[4], "ABC1", 4);
  EXPECT_EQ(VerifyMessage(bytes), "Model invalid: file identifier 'ABC1' is not 'TFL3' (not a TensorFlow Lite model)");
}

TEST(ModelVerifier, RefusesCorruptFlatBuffer) {
  SmallModel m;
  std::vector<uint8_t> bytes = m.b.Finish();
  const uint32_t bad_root = static_cast<uint32_t>(bytes.size()) + 64;
  std::memcpy(&bytes[0], &bad_root, 4);
  EXPECT_EQ(VerifyMessage(bytes), "Model invalid: FlatBuffer verification failed for the " +
                                      std::to_string(bytes.size()) +
                                      "-byte model (truncated or corrupted file, or not a .tflite model)");
}

// ---------------------------------------------------------------------------------------------------------------
// Model-level checks

TEST(ModelVerifier, RefusesOtherSchemaVersion) {
  SmallModel m;
  EXPECT_EQ(VerifyMessage(m.b.Finish(2)), "Model provided is schema version 2 not equal to supported version 3.");
}

TEST(ModelVerifier, RefusesModelWithoutSubgraphs) {
  SmallModel m;
  m.b.Omit(ModelBuilder::Part::kSubgraphs);
  EXPECT_EQ(VerifyMessage(m.b.Finish()), "Model invalid: the model has no subgraphs");
}

TEST(ModelVerifier, RefusesModelWithoutOperatorCodes) {
  SmallModel m;
  m.b.Omit(ModelBuilder::Part::kOperatorCodes);
  EXPECT_EQ(VerifyMessage(m.b.Finish()), "Model invalid: the model has no operator_codes vector");
}

TEST(ModelVerifier, GetBuiltinCodeTakesTheLargerField) {
  flatbuffers::FlatBufferBuilder fbb;
  auto code = [&](int8_t deprecated, schema::BuiltinOperator builtin) {
    fbb.Clear();
    fbb.Finish(schema::CreateOperatorCode(fbb, deprecated, 0, 1, builtin));
    return GetBuiltinCode(flatbuffers::GetRoot<schema::OperatorCode>(fbb.GetBufferPointer()));
  };
  EXPECT_EQ(code(3, schema::BuiltinOperator_ADD), 3);  // old model: only the deprecated field
  EXPECT_EQ(code(127, schema::BuiltinOperator_CUMSUM), 128);
  EXPECT_EQ(code(9, schema::BuiltinOperator_FULLY_CONNECTED), 9);
  EXPECT_EQ(code(-5, schema::BuiltinOperator_ADD), 0);
  EXPECT_EQ(GetBuiltinCode(nullptr), -1);
}

TEST(ModelVerifier, RefusesUnknownBuiltinCode) {
  SmallModel m;
  m.b.AddOperatorCodeRaw(schema::CreateOperatorCode(m.b.fbb(), 0, 0, 1, static_cast<schema::BuiltinOperator>(500)));
  EXPECT_EQ(VerifyMessage(m.b.Finish()), "Model invalid: operator code 1 has unknown builtin code 500");
}

TEST(ModelVerifier, RefusesNegativeBuiltinCode) {
  SmallModel m;
  m.b.AddOperatorCodeRaw(schema::CreateOperatorCode(m.b.fbb(), -3, 0, 1, static_cast<schema::BuiltinOperator>(-7)));
  EXPECT_EQ(VerifyMessage(m.b.Finish()), "Model invalid: operator code 1 has unknown builtin code -3");
}

TEST(ModelVerifier, RefusesCustomWithoutName) {
  SmallModel m;
  m.b.AddOperatorCode(schema::BuiltinOperator_CUSTOM);
  EXPECT_EQ(VerifyMessage(m.b.Finish()), "Model invalid: operator code 1 is CUSTOM but has no custom_code");
}

TEST(ModelVerifier, RefusesOperatorCodeVersionZero) {
  SmallModel m;
  m.b.AddOperatorCode(schema::BuiltinOperator_CONV_2D, 0);
  EXPECT_EQ(VerifyMessage(m.b.Finish()), "Model invalid: operator code 1 (CONV_2D) has version 0; versions start at 1");
  SmallModel c;
  c.b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, -2, "MyOp");
  EXPECT_EQ(VerifyMessage(c.b.Finish()), "Model invalid: operator code 1 (MyOp) has version -2; versions start at 1");
}

// ---------------------------------------------------------------------------------------------------------------
// Tensors

TEST(ModelVerifier, RefusesSubgraphWithoutTensors) {
  ModelBuilder b;
  b.Omit(ModelBuilder::Part::kTensors);
  EXPECT_EQ(VerifyMessage(b.Finish()), "Model invalid: subgraph 0 has no tensors vector");
}

TEST(ModelVerifier, RefusesUnknownTensorType) {
  SmallModel m;
  m.b.AddTensor(static_cast<schema::TensorType>(42), {1}, "odd");
  EXPECT_EQ(VerifyMessage(m.b.Finish()), "Model invalid: subgraph 0 tensor 4 ('odd') has unknown type 42");
  SmallModel n;
  n.b.AddTensor(static_cast<schema::TensorType>(-1), {1}, "neg");
  EXPECT_EQ(VerifyMessage(n.b.Finish()), "Model invalid: subgraph 0 tensor 4 ('neg') has unknown type -1");
}

// RESOURCE tensors (VAR_HANDLE's handles) are accepted: they hold no bytes of their own.
TEST(ModelVerifier, RefusesStringAndVariantTensors) {
  for (schema::TensorType type : {schema::TensorType_STRING, schema::TensorType_VARIANT}) {
    SmallModel m;
    m.b.AddTensor(type, {2}, "s");
    EXPECT_EQ(VerifyMessage(m.b.Finish()), std::string("Model invalid: subgraph 0 tensor 4 ('s') has type ") +
                                               TensorTypeName(type) + ", which mote does not support");
  }
}

TEST(ModelVerifier, RefusesRankAboveEight) {
  SmallModel m;
  m.b.AddTensor(schema::TensorType_FLOAT32, {1, 1, 1, 1, 1, 1, 1, 1}, "rank8");
  m.b.AddTensor(schema::TensorType_FLOAT32, {1, 1, 1, 1, 1, 1, 1, 1, 1}, "rank9");
  EXPECT_EQ(VerifyMessage(m.b.Finish()),
            "Model invalid: subgraph 0 tensor 5 ('rank9') has rank 9; at most 8 dimensions are supported");
}

TEST(ModelVerifier, RefusesNegativeDimension) {
  SmallModel m;
  m.b.AddTensor(schema::TensorType_FLOAT32, {1, -1, 3}, "dyn");
  EXPECT_EQ(VerifyMessage(m.b.Finish()),
            "Model invalid: subgraph 0 tensor 4 ('dyn') has dimension 1 of size -1 (shapes must be static)");
}

TEST(ModelVerifier, RefusesTensorsOf2GiBOrMore) {
  {
    SmallModel m;
    m.b.AddTensor(schema::TensorType_INT8, {65536, 65536}, "big");
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 tensor 4 ('big') of shape [65536,65536] and "
              "type INT8 is too large (2147483647 bytes at most)");
  }
  {
    SmallModel m;  // 2^29 floats = 2^31 bytes: the element count fits, the byte size does not
    m.b.AddTensor(schema::TensorType_FLOAT32, {536870912}, "f");
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 tensor 4 ('f') of shape [536870912] and type "
              "FLOAT32 is too large (2147483647 bytes at most)");
  }
  {
    SmallModel m;  // a product that would overflow int64 without the early exit
    m.b.AddTensor(schema::TensorType_INT8, {2147483647, 2147483647, 2147483647, 2147483647, 2}, "huge");
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 tensor 4 ('huge') of shape [2147483647,2147483647,2147483647,2147483647,2] "
              "and type INT8 is too large (2147483647 bytes at most)");
  }
}

TEST(ModelVerifier, RefusesBufferIndexOutOfRange) {
  SmallModel m;
  m.b.AddTensor(schema::TensorType_INT8, {3, 3}, "conv1/weights", 93);
  EXPECT_EQ(VerifyMessage(m.b.Finish()),
            "Model invalid: subgraph 0 tensor 4 ('conv1/weights') uses buffer 93 but the model has 2 buffers");
  SmallModel n;
  n.b.Omit(ModelBuilder::Part::kBuffers);
  EXPECT_EQ(VerifyMessage(n.b.Finish()),
            "Model invalid: subgraph 0 tensor 0 ('in') uses buffer 0 but the model has "
            "0 buffers");
}

TEST(ModelVerifier, RefusesDataOfWrongSize) {
  for (int n : {3, 5}) {
    SmallModel m;
    std::vector<int8_t> values(static_cast<size_t>(n), 1);
    m.b.AddConstTensor<int8_t>(schema::TensorType_INT8, {2, 2}, values, {}, {}, 0, "w2");
    EXPECT_EQ(VerifyMessage(m.b.Finish()), "Model invalid: subgraph 0 tensor 4 ('w2') has " + std::to_string(n) +
                                               " bytes of data in buffer 2 but shape [2,2] of INT8 needs 4 bytes");
  }
  SmallModel f;
  f.b.AddConstTensor<float>(schema::TensorType_FLOAT32, {3}, {1.f, 2.f}, {}, {}, 0, "bias");
  EXPECT_EQ(VerifyMessage(f.b.Finish()),
            "Model invalid: subgraph 0 tensor 4 ('bias') has 8 bytes of data in buffer 2 but shape [3] of FLOAT32 "
            "needs 12 bytes");
  SmallModel i4;  // INT4 packs two values per byte: 5 values need 3 bytes
  i4.b.AddConstTensor<uint8_t>(schema::TensorType_INT4, {5}, {1, 2, 3, 4, 5}, {}, {}, 0, "packed");
  EXPECT_EQ(VerifyMessage(i4.b.Finish()),
            "Model invalid: subgraph 0 tensor 4 ('packed') has 5 bytes of data in buffer 2 but shape [5] of INT4 "
            "needs 3 bytes");
}

TEST(ModelVerifier, RefusesMisalignedModel) {
  SmallModel m;
  m.b.AddConstTensor<float>(schema::TensorType_FLOAT32, {2}, {1.f, 2.f}, {}, {}, 0, "fw");
  const std::vector<uint8_t> bytes = m.b.Finish();
  EXPECT_EQ(VerifyMessage(bytes), "");
  for (size_t shift : {1u, 2u, 4u}) {
    const AlignedModel shifted(bytes, shift);
    EXPECT_EQ(VerifyMessage(shifted), "Model invalid: model data at address " + Hex(shifted.data()) +
                                          " is not 8-byte aligned (place the model at a 16-byte aligned address)");
  }
  EXPECT_EQ(VerifyMessage(AlignedModel(bytes, 8)), "");
}

TEST(ModelVerifier, AcceptsEightByteConstantsAtFourModEight) {
  // Converters place INT64 data 4 bytes past an 8-byte boundary (a vector's data follows its 4-byte length);
  // the interpreter copies such constants to aligned memory, so 4-byte alignment is all the verifier requires.
  SmallModel m;
  const int64_t value = 7;
  auto& fbb = m.b.fbb();
  fbb.ForceVectorAlignment(sizeof(value) + 4, 1, 16);
  const auto vec = fbb.CreateVector(reinterpret_cast<const uint8_t*>(&value), sizeof(value));
  const int buffer = m.b.AddBufferRaw(schema::CreateBuffer(fbb, vec));
  m.b.AddTensor(schema::TensorType_INT64, {1}, "i64", buffer);
  const AlignedModel model(m.b.Finish());
  const void* data = schema::GetModel(model.data())->buffers()->Get(2)->data()->data();
  ASSERT_EQ(reinterpret_cast<uintptr_t>(data) % 8, 4u);
  EXPECT_EQ(VerifyMessage(model), "");
}

TEST(ModelVerifier, RefusesMisalignedZeroPoints) {
  SmallModel m;
  auto& fbb = m.b.fbb();
  // Hand-made: the int64 zero_point values 4 bytes off an 8-byte boundary (real builders align them).
  fbb.ForceVectorAlignment(sizeof(int64_t) + sizeof(uint32_t), 1, 16);  // the length prefix lands 16-aligned
  const int64_t zp = 3;
  fbb.PushBytes(reinterpret_cast<const uint8_t*>(&zp), sizeof(zp));
  fbb.PushElement<uint32_t>(1);  // element count
  const auto zp_vec = flatbuffers::Offset<flatbuffers::Vector<int64_t>>(fbb.GetSize());
  const auto scale_vec = fbb.CreateVector(std::vector<float>{0.5f});
  const auto q = schema::CreateQuantizationParameters(fbb, 0, 0, scale_vec, zp_vec);
  const auto shape = fbb.CreateVector(std::vector<int32_t>{2});
  const auto name = fbb.CreateString("zp");
  m.b.AddTensorRaw(schema::CreateTensor(fbb, shape, schema::TensorType_INT8, 0, name, q));
  const AlignedModel model(m.b.Finish());
  const auto* zero_points =
      schema::GetModel(model.data())->subgraphs()->Get(0)->tensors()->Get(4)->quantization()->zero_point();
  ASSERT_EQ(reinterpret_cast<uintptr_t>(zero_points->data()) % 8, 4u);
  EXPECT_EQ(VerifyMessage(model), "Model invalid: subgraph 0 tensor 4 ('zp') zero_point values at address " +
                                      Hex(zero_points->data()) + " are not 8-byte aligned");
}

TEST(ModelVerifier, RefusesSparseTensors) {
  SmallModel m;
  auto& fbb = m.b.fbb();
  const auto shape = fbb.CreateVector(std::vector<int32_t>{4});
  const auto name = fbb.CreateString("sp");
  const auto sparsity = schema::CreateSparsityParameters(fbb);
  m.b.AddTensorRaw(schema::CreateTensor(fbb, shape, schema::TensorType_INT8, 0, name, 0, false, sparsity));
  EXPECT_EQ(VerifyMessage(m.b.Finish()),
            "Model invalid: subgraph 0 tensor 4 ('sp') is sparse: sparse tensors are not supported");
}

TEST(ModelVerifier, RefusesInconsistentQuantization) {
  {
    SmallModel m;
    m.b.AddTensor(schema::TensorType_INT8, {2, 3}, "q", 0, {0.1f, 0.2f}, {0});
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 tensor 4 ('q') has 2 scale values but 1 zero_point values (they must match)");
  }
  {
    SmallModel m;
    m.b.AddTensor(schema::TensorType_INT8, {2, 3}, "q", 0, {0.1f}, {});
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 tensor 4 ('q') has 1 scale values but 0 zero_point values (they must match)");
  }
  {
    SmallModel m;
    m.b.AddTensor(schema::TensorType_INT8, {2, 3}, "q", 0, {0.1f, 0.2f, 0.3f}, {0, 0, 0}, 2);
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 tensor 4 ('q') has 3 per-channel scales but "
              "quantized_dimension 2 is out of range for rank 2");
  }
  {
    SmallModel m;
    m.b.AddTensor(schema::TensorType_INT8, {2, 3}, "q", 0, {0.1f, 0.2f, 0.3f}, {0, 0, 0}, -1);
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 tensor 4 ('q') has 3 per-channel scales but "
              "quantized_dimension -1 is out of range for rank 2");
  }
  {
    SmallModel m;
    m.b.AddTensor(schema::TensorType_INT8, {2, 3}, "q", 0, {0.1f, 0.2f, 0.3f}, {0, 0, 0}, 0);
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 tensor 4 ('q') has 3 per-channel scales but "
              "dimension 0 (quantized_dimension) has size 2");
  }
  {
    SmallModel m;  // 1-D, but the count does not match: not the legacy bias layout
    m.b.AddTensor(schema::TensorType_INT32, {4}, "b", 0, {0.1f, 0.2f}, {0, 0}, 3);
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 tensor 4 ('b') has 2 per-channel scales but "
              "quantized_dimension 3 is out of range for rank 1");
  }
}

TEST(ModelVerifier, LongNamesAreShortenedInMessages) {
  SmallModel m;
  const std::string name(300, 'n');
  m.b.AddTensor(static_cast<schema::TensorType>(99), {1}, name);
  EXPECT_EQ(VerifyMessage(m.b.Finish()),
            "Model invalid: subgraph 0 tensor 4 ('" + name.substr(0, 64) + "') has unknown type 99");
}

// ---------------------------------------------------------------------------------------------------------------
// Buffers stored outside the FlatBuffer (Buffer.offset / Buffer.size)

// SmallModel plus a FLOAT32 [4] constant "ext" (tensor 4) in buffer 2, stored outside the FlatBuffer: at `offset`,
// or, with `append`, right after the FlatBuffer (16-byte aligned) with its 16 bytes of data appended.
std::vector<uint8_t> ExternalBufferModel(uint64_t offset, bool append) {
  auto build = [](uint64_t off) {
    SmallModel m;
    const int buffer = m.b.AddExternalBuffer(off, 16);
    m.b.AddTensor(schema::TensorType_FLOAT32, {4}, "ext", buffer);
    return m.b.Finish();
  };
  if (!append) return build(offset);
  // The offset's value does not change the FlatBuffer's size (the field is present either way).
  const size_t fb_size = build(1000).size();
  const size_t data_offset = (fb_size + 15) / 16 * 16;
  std::vector<uint8_t> bytes = build(data_offset);
  EXPECT_EQ(bytes.size(), fb_size);
  bytes.resize(data_offset, 0);
  const float values[4] = {1.f, 2.f, 3.f, 4.f};
  bytes.insert(bytes.end(), reinterpret_cast<const uint8_t*>(values), reinterpret_cast<const uint8_t*>(values) + 16);
  return bytes;
}

TEST(ModelVerifier, ExternalBuffers) {
  const std::vector<uint8_t> good = ExternalBufferModel(0, true);
  EXPECT_EQ(VerifyMessage(good), "");
  {
    AlignedModel model(good);
    const uint8_t* data = nullptr;
    size_t bytes = 0;
    ASSERT_EQ(GetBufferData(schema::GetModel(model.data()), 2, model.data(), model.size(), &data, &bytes), kTfLiteOk);
    ASSERT_EQ(bytes, 16u);
    float first;
    std::memcpy(&first, data, 4);
    EXPECT_EQ(first, 1.f);
    EXPECT_EQ(GetBufferData(schema::GetModel(model.data()), 2, nullptr, 0, &data, &bytes), kTfLiteError);
    EXPECT_EQ(GetBufferData(schema::GetModel(model.data()), 3, model.data(), model.size(), &data, &bytes),
              kTfLiteError);
  }
  const uint64_t offset = good.size() - 16;
  EXPECT_EQ(ValidateWithoutSize(good), "Model invalid: buffer 2 keeps its data outside the FlatBuffer (offset " +
                                           std::to_string(offset) +
                                           ", 16 bytes); checking it needs the model size (verify the model with its "
                                           "size)");
  // One byte short: the data would end past the model.
  std::vector<uint8_t> short_model(good.begin(), good.end() - 1);
  EXPECT_EQ(VerifyMessage(short_model), "Model invalid: buffer 2 data (offset " + std::to_string(offset) +
                                            ", 16 bytes) lies outside the " + std::to_string(short_model.size()) +
                                            "-byte model");
  const std::vector<uint8_t> far = ExternalBufferModel(0xFFFFFFFFFFFFFFF0ull, false);
  EXPECT_EQ(VerifyMessage(far),
            "Model invalid: buffer 2 data (offset 18446744073709551600, 16 bytes) lies outside "
            "the " +
                std::to_string(far.size()) + "-byte model");
  // offset 1 is writers' "not set" placeholder: the buffer is empty, the tensor is an activation.
  EXPECT_EQ(VerifyMessage(ExternalBufferModel(1, false)), "");
}

TEST(ModelVerifier, RefusesBufferWithInlineAndExternalData) {
  SmallModel m;
  auto& fbb = m.b.fbb();
  const float values[4] = {1.f, 2.f, 3.f, 4.f};
  fbb.ForceVectorAlignment(sizeof(values), 1, 16);
  const auto vec = fbb.CreateVector(reinterpret_cast<const uint8_t*>(values), sizeof(values));
  const int buffer = m.b.AddBufferRaw(schema::CreateBuffer(fbb, vec, 64, 16));
  m.b.AddTensor(schema::TensorType_FLOAT32, {4}, "both", buffer);
  EXPECT_EQ(VerifyMessage(m.b.Finish()),
            "Model invalid: buffer 2 has both inline data (16 bytes) and an external offset (64)");
}

// ---------------------------------------------------------------------------------------------------------------
// Subgraph inputs/outputs and operators

TEST(ModelVerifier, RefusesSubgraphInputOutputOutOfRange) {
  {
    SmallModel m;
    m.b.SetInputs({0, 7});
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 input 1 is tensor 7 but the subgraph has 4 "
              "tensors");
  }
  {
    SmallModel m;
    m.b.SetOutputs({-1});
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 output 0 is tensor -1 but the subgraph has 4 "
              "tensors");
  }
}

TEST(ModelVerifier, RefusesOpcodeIndexOutOfRange) {
  SmallModel m(false);
  m.b.AddOperator(5, {m.in, m.w}, {m.out});
  EXPECT_EQ(VerifyMessage(m.b.Finish()),
            "Model invalid: subgraph 0 operator 0 uses operator code 5 but the model has 1 operator codes");
}

TEST(ModelVerifier, RefusesOperatorInputOutOfRange) {
  for (int bad : {4, -2, 1000000}) {
    SmallModel m(false);
    m.b.AddOperator(m.add, {m.in, bad}, {m.out});
    EXPECT_EQ(VerifyMessage(m.b.Finish()), "Model invalid: subgraph 0 operator 0 (ADD) input 1 is tensor " +
                                               std::to_string(bad) + " but the subgraph has 4 tensors");
  }
}

TEST(ModelVerifier, RefusesOperatorOutputOutOfRangeOrOmitted) {
  {
    SmallModel m(false);
    m.b.AddOperator(m.add, {m.in, m.w}, {m.out, 4});
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 operator 0 (ADD) output 1 is tensor 4 but the subgraph has 4 tensors");
  }
  {
    SmallModel m(false);
    m.b.AddOperator(m.add, {m.in, m.w}, {-1});
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 operator 0 (ADD) output 0 is -1 (outputs cannot be omitted)");
  }
}

TEST(ModelVerifier, RefusesIntermediateOutOfRange) {
  SmallModel m(false);
  auto& fbb = m.b.fbb();
  const auto in = fbb.CreateVector(std::vector<int32_t>{m.in, m.w});
  const auto out = fbb.CreateVector(std::vector<int32_t>{m.out});
  const auto intermediates = fbb.CreateVector(std::vector<int32_t>{m.mid, 9});
  const int lstm = m.b.AddOperatorCode(schema::BuiltinOperator_UNIDIRECTIONAL_SEQUENCE_LSTM);
  m.b.AddOperatorRaw(schema::CreateOperator(fbb, static_cast<uint32_t>(lstm), in, out, schema::BuiltinOptions_NONE, 0,
                                            0, schema::CustomOptionsFormat_FLEXBUFFERS, 0, intermediates));
  EXPECT_EQ(VerifyMessage(m.b.Finish()),
            "Model invalid: subgraph 0 operator 0 (UNIDIRECTIONAL_SEQUENCE_LSTM) "
            "intermediate 1 is tensor 9 but the subgraph has 4 tensors");
}

TEST(ModelVerifier, RefusesWritingAConstant) {
  SmallModel m(false);
  m.b.AddOperator(m.add, {m.in, m.in}, {m.w});
  EXPECT_EQ(VerifyMessage(m.b.Finish()),
            "Model invalid: subgraph 0 operator 0 (ADD) output 0 is tensor 1 ('w'), a "
            "constant (it has data in buffer 1); operators cannot write constants");
}

TEST(ModelVerifier, RefusesTensorProducedTwice) {
  {
    SmallModel m(false);
    m.b.AddOperator(m.add, {m.in, m.w}, {m.mid});
    m.b.AddOperator(m.add, {m.mid, m.w}, {m.out});
    m.b.AddOperator(m.add, {m.in, m.in}, {m.mid});
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 tensor 2 ('mid') is produced twice: by "
              "operator 0 (ADD) and by operator 2 (ADD)");
  }
  {
    SmallModel m(false);
    m.b.AddOperator(m.add, {m.in, m.w}, {m.out, m.out});
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 tensor 3 ('out') is produced twice: by "
              "operator 0 (ADD) and by operator 0 (ADD)");
  }
}

TEST(ModelVerifier, RefusesReadBeforeProduced) {
  {
    SmallModel m(false);  // out-of-order operators
    m.b.AddOperator(m.add, {m.mid, m.w}, {m.out});
    m.b.AddOperator(m.add, {m.in, m.w}, {m.mid});
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 operator 0 (ADD) reads tensor 2 ('mid') before operator 1 (ADD) produces it "
              "(operators must be in execution order; cycles are not allowed)");
  }
  {
    SmallModel m(false);  // a cycle: mid -> out -> mid
    m.b.AddOperator(m.add, {m.out, m.w}, {m.mid});
    m.b.AddOperator(m.add, {m.mid, m.w}, {m.out});
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 operator 0 (ADD) reads tensor 3 ('out') before operator 1 (ADD) produces it "
              "(operators must be in execution order; cycles are not allowed)");
  }
  {
    SmallModel m(false);  // reads its own output
    m.b.AddOperator(m.add, {m.in, m.mid}, {m.mid});
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 operator 0 (ADD) reads tensor 2 ('mid') before operator 0 (ADD) produces it "
              "(operators must be in execution order; cycles are not allowed)");
  }
  {
    SmallModel m(false);  // custom ops are named by their custom code
    const int custom = m.b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, "MyOp");
    m.b.AddOperator(custom, {m.mid}, {m.out}, schema::BuiltinOptions_NONE, 0, {1, 2, 3});
    m.b.AddOperator(m.add, {m.in, m.w}, {m.mid});
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: subgraph 0 operator 0 (MyOp) reads tensor 2 ('mid') before operator 1 (ADD) produces "
              "it (operators must be in execution order; cycles are not allowed)");
  }
}

// A tensor that no operator writes is undefined arena memory, not a hazard (TFLM plans it; Vela's ethos-u op
// gets its scratch buffers so), whoever reads it and however often.
TEST(ModelVerifier, AcceptsReadsOfTensorsNothingProduces) {
  SmallModel m(false);
  const int custom = m.b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, "ethos-u");
  m.b.AddOperator(custom, {m.in, m.mid}, {m.out}, schema::BuiltinOptions_NONE, 0, {1, 2, 3});
  EXPECT_EQ(VerifyMessage(m.b.Finish()), "");
}

// A chain longer than the dataflow check's 1024-tensor window: the check must work across windows.
std::vector<uint8_t> ChainModel(int length, int broken_at) {
  ModelBuilder b;
  const int relu = b.AddOperatorCode(schema::BuiltinOperator_RELU);
  std::vector<int> t;
  for (int i = 0; i <= length; ++i) t.push_back(b.AddTensor(schema::TensorType_FLOAT32, {4}, "t" + std::to_string(i)));
  for (int i = 0; i < length; ++i) {
    // At broken_at, operators i and i + 1 are stored swapped: i + 1 reads what i, stored after it, writes.
    const int k = broken_at < 0 ? i : i == broken_at ? i + 1 : i == broken_at + 1 ? i - 1 : i;
    b.AddOperator(relu, {t[static_cast<size_t>(k)]}, {t[static_cast<size_t>(k + 1)]});
  }
  b.SetInputs({t[0]});
  b.SetOutputs({t[static_cast<size_t>(length)]});
  return b.Finish();
}

TEST(ModelVerifier, DataflowAcrossWindows) {
  EXPECT_EQ(VerifyMessage(ChainModel(3000, -1)), "");
  // Operator 2500 reads t2501, which operator 2501, stored after it, writes.
  EXPECT_EQ(VerifyMessage(ChainModel(3000, 2500)),
            "Model invalid: subgraph 0 operator 2500 (RELU) reads tensor 2501 ('t2501') before operator 2501 "
            "(RELU) produces it (operators must be in execution order; cycles are not allowed)");
}

TEST(ModelVerifier, ErrorsInLaterSubgraphsNameTheSubgraph) {
  SmallModel m;
  m.b.AddSubgraph();
  const int a = m.b.AddTensor(schema::TensorType_INT8, {1}, "a");
  const int c = m.b.AddTensor(schema::TensorType_INT8, {1}, "c");
  m.b.AddOperator(m.add, {a, c}, {c});
  EXPECT_EQ(VerifyMessage(m.b.Finish()),
            "Model invalid: subgraph 1 operator 0 (ADD) reads tensor 1 ('c') before operator 0 (ADD) produces it "
            "(operators must be in execution order; cycles are not allowed)");
}

TEST(ModelVerifier, RefusesLargeCustomOptionsOutsideTheModel) {
  SmallModel m(false);
  auto& fbb = m.b.fbb();
  const auto in = fbb.CreateVector(std::vector<int32_t>{m.in});
  const auto out = fbb.CreateVector(std::vector<int32_t>{m.out});
  const int custom = m.b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, "Big");
  m.b.AddOperatorRaw(schema::CreateOperator(fbb, static_cast<uint32_t>(custom), in, out, schema::BuiltinOptions_NONE, 0,
                                            0, schema::CustomOptionsFormat_FLEXBUFFERS, 0, 0, 1u << 20, 64));
  const std::vector<uint8_t> bytes = m.b.Finish();
  EXPECT_EQ(VerifyMessage(bytes),
            "Model invalid: subgraph 0 operator 0 (Big) custom options (offset 1048576, 64 "
            "bytes) lie outside the " +
                std::to_string(bytes.size()) + "-byte model");
  EXPECT_EQ(ValidateWithoutSize(bytes),
            "Model invalid: subgraph 0 operator 0 (Big) keeps its custom options outside the FlatBuffer (offset "
            "1048576, 64 bytes); checking them needs the model size (verify the model with its size)");
}

// ---------------------------------------------------------------------------------------------------------------
// Metadata

std::vector<uint8_t> OfflinePlanModel(const std::vector<int32_t>& plan) {
  SmallModel m;
  m.b.AddMetadata("min_runtime_version", m.b.AddBuffer("1.5.0", 5));
  m.b.AddMetadata("OfflineMemoryAllocation", m.b.AddBuffer(plan.data(), plan.size() * sizeof(int32_t)));
  return m.b.Finish();
}

TEST(ModelVerifier, OfflineMemoryAllocation) {
  EXPECT_EQ(VerifyMessage(OfflinePlanModel({1, 0, 4, -1, -1, 0, 16})), "");
  // TFLM reads neither the version nor the subgraph word; Vela writes [0, 1, n, ...] into one-subgraph models.
  EXPECT_EQ(VerifyMessage(OfflinePlanModel({0, 1, 4, -1, -1, 0, 16})), "");
  EXPECT_EQ(VerifyMessage(OfflinePlanModel({2, -1, 4, -1, -1, 0, 16})), "");
  EXPECT_EQ(VerifyMessage(OfflinePlanModel({1, 0, 3, -1, -1, 0})),
            "Model invalid: metadata 'OfflineMemoryAllocation' has 3 offsets but the model has 4 tensors (one offset "
            "per tensor of every subgraph)");
  EXPECT_EQ(VerifyMessage(OfflinePlanModel({1, 0, 4, -1, -1, 0})),
            "Model invalid: metadata 'OfflineMemoryAllocation' holds 6 int32 values but its header announces 4 "
            "offsets (7 values expected)");
  EXPECT_EQ(VerifyMessage(OfflinePlanModel({1, 0, 4, -1, -1, 0, 16, 32})),
            "Model invalid: metadata 'OfflineMemoryAllocation' holds 8 int32 values but its header announces 4 "
            "offsets (7 values expected)");
  EXPECT_EQ(VerifyMessage(OfflinePlanModel({1, 0, 4, -1, -2, 0, 16})),
            "Model invalid: metadata 'OfflineMemoryAllocation' gives tensor 1 offset -2; offsets must be -1 or >= 0");
  EXPECT_EQ(VerifyMessage(OfflinePlanModel({1, 0})),
            "Model invalid: metadata 'OfflineMemoryAllocation' (buffer 3) has 8 bytes; expected int32 values "
            "[version, subgraph, count, offsets...]");
  {
    SmallModel m;
    m.b.AddMetadata("OfflineMemoryAllocation", m.b.AddBuffer("abcdefghijklmn", 14));
    EXPECT_EQ(VerifyMessage(m.b.Finish()),
              "Model invalid: metadata 'OfflineMemoryAllocation' (buffer 2) has 14 bytes; expected int32 values "
              "[version, subgraph, count, offsets...]");
  }
}

TEST(ModelVerifier, OfflineMemoryAllocationMustBeInline) {
  SmallModel m;
  m.b.AddMetadata("OfflineMemoryAllocation", m.b.AddExternalBuffer(16, 28));
  EXPECT_EQ(VerifyMessage(m.b.Finish()),
            "Model invalid: metadata 'OfflineMemoryAllocation' (buffer 2) must hold its data inline, not at an "
            "external offset");
}

TEST(ModelVerifier, OfflineMemoryAllocationNameIsComparedAsCString) {
  // Readers strcmp the name, so "OfflineMemoryAllocation\0x" is the plan to them and is validated as one.
  SmallModel m;
  const std::vector<int32_t> plan = {1, 0, 3};
  m.b.AddMetadata(std::string("OfflineMemoryAllocation\0x", 25), m.b.AddBuffer(plan.data(), plan.size() * 4));
  EXPECT_EQ(VerifyMessage(m.b.Finish()),
            "Model invalid: metadata 'OfflineMemoryAllocation' has 3 offsets but the model has 4 tensors (one offset "
            "per tensor of every subgraph)");
}

TEST(ModelVerifier, RefusesMetadataBufferOutOfRange) {
  SmallModel m;
  m.b.AddMetadata("foo", 9);
  EXPECT_EQ(VerifyMessage(m.b.Finish()), "Model invalid: metadata 0 ('foo') uses buffer 9 but the model has 2 buffers");
}

// ---------------------------------------------------------------------------------------------------------------
// Type helpers

TEST(ModelVerifier, TensorTypeConversion) {
  struct Case {
    schema::TensorType schema_type;
    TfLiteType lite_type;
    const char* name;
  };
  const Case cases[] = {
      {schema::TensorType_FLOAT32, kTfLiteFloat32, "FLOAT32"},
      {schema::TensorType_FLOAT16, kTfLiteFloat16, "FLOAT16"},
      {schema::TensorType_INT32, kTfLiteInt32, "INT32"},
      {schema::TensorType_UINT8, kTfLiteUInt8, "UINT8"},
      {schema::TensorType_INT64, kTfLiteInt64, "INT64"},
      {schema::TensorType_STRING, kTfLiteString, "STRING"},
      {schema::TensorType_BOOL, kTfLiteBool, "BOOL"},
      {schema::TensorType_INT16, kTfLiteInt16, "INT16"},
      {schema::TensorType_COMPLEX64, kTfLiteComplex64, "COMPLEX64"},
      {schema::TensorType_INT8, kTfLiteInt8, "INT8"},
      {schema::TensorType_FLOAT64, kTfLiteFloat64, "FLOAT64"},
      {schema::TensorType_COMPLEX128, kTfLiteComplex128, "COMPLEX128"},
      {schema::TensorType_UINT64, kTfLiteUInt64, "UINT64"},
      {schema::TensorType_RESOURCE, kTfLiteResource, "RESOURCE"},
      {schema::TensorType_VARIANT, kTfLiteVariant, "VARIANT"},
      {schema::TensorType_UINT32, kTfLiteUInt32, "UINT32"},
      {schema::TensorType_UINT16, kTfLiteUInt16, "UINT16"},
      {schema::TensorType_INT4, kTfLiteInt4, "INT4"},
      {schema::TensorType_BFLOAT16, kTfLiteBFloat16, "BFLOAT16"},
  };
  static_assert(sizeof(cases) / sizeof(cases[0]) == schema::TensorType_MAX + 1, "every schema type is listed");
  for (const Case& c : cases) {
    TfLiteType out = kTfLiteNoType;
    EXPECT_EQ(ConvertTensorType(c.schema_type, &out), kTfLiteOk);
    EXPECT_EQ(out, c.lite_type) << c.name;
    EXPECT_STREQ(TensorTypeName(c.schema_type), c.name);
  }
  LogCapture log;
  TfLiteType out = kTfLiteInt8;
  EXPECT_EQ(ConvertTensorType(static_cast<schema::TensorType>(99), &out), kTfLiteError);
  EXPECT_EQ(out, kTfLiteNoType);
  ASSERT_EQ(log.messages().size(), 1u);
  EXPECT_EQ(log.messages()[0], "Unknown tensor type 99");
  EXPECT_STREQ(TensorTypeName(static_cast<schema::TensorType>(99)), "UNKNOWN");
  EXPECT_STREQ(TensorTypeName(static_cast<schema::TensorType>(-1)), "UNKNOWN");
  EXPECT_EQ(TensorBytes(schema::TensorType_INT4, 7), 4);
  EXPECT_EQ(TensorBytes(schema::TensorType_COMPLEX128, 3), 48);
  EXPECT_EQ(TensorBytes(schema::TensorType_STRING, 3), -1);
  EXPECT_EQ(ElementAlignment(schema::TensorType_COMPLEX64), 4u);
  EXPECT_EQ(ElementAlignment(schema::TensorType_INT4), 1u);
}

// ---------------------------------------------------------------------------------------------------------------
// Robustness: nothing here may crash or read out of bounds (ASan/UBSan build proves the latter).

// Everything a loader touches after acceptance: walk every field and read every byte of every buffer, so an
// acceptance that lied about bounds shows up as an ASan report.
uint64_t WalkAcceptedModel(const uint8_t* data, size_t size) {
  const schema::Model* model = schema::GetModel(data);
  uint64_t sum = model->version();
  const uint32_t num_buffers = model->buffers() == nullptr ? 0 : model->buffers()->size();
  for (uint32_t i = 0; i < num_buffers; ++i) {
    const uint8_t* bytes = nullptr;
    size_t n = 0;
    if (GetBufferData(model, i, data, size, &bytes, &n) == kTfLiteOk) {
      for (size_t k = 0; k < n; ++k) sum += bytes[k];
    }
  }
  for (const schema::OperatorCode* code : *model->operator_codes()) {
    sum += static_cast<uint64_t>(GetBuiltinCode(code)) + static_cast<uint64_t>(code->version());
    if (code->custom_code() != nullptr) sum += std::strlen(code->custom_code()->c_str());
  }
  for (const schema::SubGraph* sg : *model->subgraphs()) {
    for (const schema::Tensor* t : *sg->tensors()) {
      if (t->shape() != nullptr) {
        for (int32_t d : *t->shape()) sum += static_cast<uint64_t>(d);
      }
      if (t->name() != nullptr) sum += std::strlen(t->name()->c_str());
      if (const auto* q = t->quantization()) {
        if (q->scale() != nullptr) {
          for (float s : *q->scale()) sum += static_cast<uint64_t>(s != 0.f);
        }
        if (q->zero_point() != nullptr) {
          for (int64_t z : *q->zero_point()) sum += static_cast<uint64_t>(z);
        }
      }
    }
    if (sg->operators() != nullptr) {
      for (const schema::Operator* op : *sg->operators()) {
        sum += op->opcode_index();
        if (op->inputs() != nullptr) {
          for (int32_t i : *op->inputs()) sum += static_cast<uint64_t>(i);
        }
        if (op->custom_options() != nullptr) {
          for (uint8_t c : *op->custom_options()) sum += c;
        }
      }
    }
  }
  return sum;
}

// The verdict for an exact-size heap copy (so that ASan sees any read past the end). Messages are swallowed.
bool Accepts(const uint8_t* data, size_t size) {
  std::vector<uint8_t> copy(data, data + size);  // malloc: 16-byte aligned on the hosts we test on
  LogCapture log;
  const bool ok = VerifyModel(copy.empty() ? nullptr : copy.data(), copy.size()) == kTfLiteOk;
  if (ok) {
    EXPECT_TRUE(log.messages().empty());
    WalkAcceptedModel(copy.data(), copy.size());
  } else {
    EXPECT_EQ(log.messages().size(), 1u);
  }
  return ok;
}

std::vector<std::pair<std::string, std::vector<uint8_t>>> RobustnessCorpus() {
  std::vector<std::pair<std::string, std::vector<uint8_t>>> corpus;
  SmallModel m;
  m.b.AddMetadata("OfflineMemoryAllocation", [&] {
    const std::vector<int32_t> plan = {1, 0, 4, -1, -1, 0, 16};
    return m.b.AddBuffer(plan.data(), plan.size() * 4);
  }());
  corpus.emplace_back("builder", m.b.Finish());
  corpus.emplace_back("external_buffer", ExternalBufferModel(0, true));
  for (const char* name : {"hello_world_int8.tflite", "simple_add_model.tflite", "hello_world_float.tflite"}) {
    if (!test::HaveSharedDir()) break;
    std::vector<uint8_t> bytes = ReadBytes(test::SharedPath(std::string("models/") + name));
    if (!bytes.empty()) corpus.emplace_back(name, std::move(bytes));
  }
  return corpus;
}

TEST(ModelVerifierRobustness, EveryTruncationIsRefused) {
  if (!test::HaveSharedDir()) std::printf("../shared not found: truncating builder models only\n");
  for (const auto& entry : RobustnessCorpus()) {
    SCOPED_TRACE(entry.first);
    const std::vector<uint8_t>& bytes = entry.second;
    ASSERT_TRUE(Accepts(bytes.data(), bytes.size()));
    // Acceptance is monotonic in the length; the shortest accepted length may only drop trailing zero padding
    // the FlatBuffers builder left behind the first object it wrote.
    size_t shortest = bytes.size();
    for (size_t len = 0; len < bytes.size(); ++len) {
      if (Accepts(bytes.data(), len)) {
        shortest = len;
        break;
      }
    }
    for (size_t len = shortest; len < bytes.size(); ++len) {
      EXPECT_TRUE(Accepts(bytes.data(), len)) << "length " << len;
      EXPECT_EQ(bytes[len], 0) << "accepted a truncation that dropped data at byte " << len;
    }
    EXPECT_GE(shortest + 16, bytes.size());
  }
}

uint32_t Seed() {
  const char* env = std::getenv("MOTE_VERIFIER_SEED");
  const uint32_t seed = env != nullptr ? static_cast<uint32_t>(std::strtoul(env, nullptr, 0)) : 20261129u;
  std::printf("model verifier fuzz seed: %u (set MOTE_VERIFIER_SEED to replay)\n", seed);
  return seed;
}

TEST(ModelVerifierRobustness, RandomBytes) {
  const uint32_t seed = Seed();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  int accepted = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    const size_t size = rng() % 2048;
    std::vector<uint8_t> bytes(size);
    for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
    if (size >= 8 && iter % 2 == 0) {
      std::memcpy(&bytes[4], "TFL3", 4);  // get past the identifier check half of the time
      const uint32_t root = static_cast<uint32_t>(rng() % size) & ~3u;
      std::memcpy(&bytes[0], &root, 4);
    }
    accepted += Accepts(bytes.data(), bytes.size()) ? 1 : 0;
  }
  std::printf("random bytes: %d of 3000 accepted\n", accepted);
}

TEST(ModelVerifierRobustness, BitFlips) {
  const uint32_t seed = Seed();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  for (const auto& entry : RobustnessCorpus()) {
    SCOPED_TRACE(entry.first);
    const std::vector<uint8_t>& original = entry.second;
    int accepted = 0;
    const int iterations = 4000;
    for (int iter = 0; iter < iterations; ++iter) {
      std::vector<uint8_t> bytes = original;
      const int flips = 1 + static_cast<int>(rng() % 4);
      for (int f = 0; f < flips; ++f) {
        const size_t pos = rng() % bytes.size();
        switch (rng() % 3) {
          case 0:
            bytes[pos] ^= static_cast<uint8_t>(1u << (rng() % 8));
            break;
          case 1:
            bytes[pos] = static_cast<uint8_t>(rng());
            break;
          default:
            bytes[pos] = (rng() % 2) ? 0xFF : 0x00;
            break;
        }
      }
      accepted += Accepts(bytes.data(), bytes.size()) ? 1 : 0;
    }
    std::printf("%s: %d of %d mutants accepted\n", entry.first.c_str(), accepted, iterations);
  }
}

}  // namespace
}  // namespace mote
