// Semantically hostile models, one test per class of TensorFlow Lite security advisory: division by zero from
// unchecked parameters, out-of-bounds reads and writes, integer overflow in shapes, null dereferences,
// infinite loops / unbounded recursion, aliasing. Every model here is a well-formed FlatBuffer (it passes the
// FlatBuffers verifier) whose contents would crash, hang or corrupt memory in a runtime that trusts them (TFLM
// does). Each must be refused with one clear message (exact text where it is stable) through the public API —
// MicroInterpreter over AllOpsResolver, as `mote run` and `mote inspect` use it — and never crash (this test runs
// under ASan/UBSan in the asan preset). Models are built with tests/support/model_builder.h.
#include <chrono>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "flatbuffers/flatbuffers.h"
#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/model_builder.h"

namespace mote {
namespace {

using schema::BuiltinOperator_ADD;
using schema::TensorType_FLOAT32;
using schema::TensorType_INT32;
using schema::TensorType_INT64;
using schema::TensorType_INT8;
using test::AlignedModel;
using test::ModelBuilder;

constexpr size_t kArenaBytes = 256 * 1024;

// What happened to a model on its way through the public API, and every message logged.
struct Outcome {
  bool structure_ok = false;  // the bytes are a valid FlatBuffer: the test is about semantics, not structure
  bool loaded = false;
  bool allocated = false;
  bool invoked = false;
  std::vector<std::string> messages;

  bool Logged(const std::string& text) const {
    for (const std::string& m : messages)
      if (m == text) return true;
    return false;
  }
  bool LoggedSubstring(const std::string& text) const {
    for (const std::string& m : messages)
      if (m.find(text) != std::string::npos) return true;
    return false;
  }
  std::string All() const {
    std::string s;
    for (const std::string& m : messages) s += "  " + m + "\n";
    return s;
  }
};

void Capture(void* user, const char* message) { static_cast<std::vector<std::string>*>(user)->push_back(message); }

Outcome RunModel(const std::vector<uint8_t>& bytes) {
  Outcome o;
  AlignedModel model(bytes);
  flatbuffers::Verifier verifier(model.data(), model.size());
  o.structure_ok = schema::VerifyModelBuffer(verifier);
  std::vector<uint8_t> arena_storage(kArenaBytes + 16);
  uint8_t* arena = arena_storage.data() + (16 - reinterpret_cast<uintptr_t>(arena_storage.data()) % 16) % 16;
  static AllOpsResolver resolver;
  SetLogSink(Capture, &o.messages);
  {
    MicroInterpreter interpreter(model.data(), model.size(), resolver, arena, kArenaBytes);
    o.loaded = interpreter.initialization_status() == kTfLiteOk;
    o.allocated = interpreter.AllocateTensors() == kTfLiteOk;
    if (o.allocated) {
      for (size_t i = 0; i < interpreter.inputs_size(); ++i) {
        TfLiteTensor* t = interpreter.input(i);
        std::memset(t->data.raw, 1, t->bytes);
      }
      o.invoked = interpreter.Invoke() == kTfLiteOk;
    } else {
      o.invoked = interpreter.Invoke() == kTfLiteOk;  // must refuse, not crash
      EXPECT_FALSE(o.invoked);
    }
  }
  SetLogSink(nullptr, nullptr);
  return o;
}

// The model is a valid FlatBuffer, is refused before Invoke, and logs `message` exactly.
void ExpectRefused(const std::vector<uint8_t>& bytes, const std::string& message) {
  const Outcome o = RunModel(bytes);
  EXPECT_TRUE(o.structure_ok) << "the hostile model must pass the FlatBuffers verifier";
  EXPECT_FALSE(o.allocated) << "accepted a hostile model; messages:\n" << o.All();
  EXPECT_TRUE(o.Logged(message)) << "expected: " << message << "\nlogged:\n" << o.All();
}

// Same, for messages that embed values not worth pinning (addresses, computed sizes): a substring.
void ExpectRefusedWith(const std::vector<uint8_t>& bytes, const std::string& fragment) {
  const Outcome o = RunModel(bytes);
  EXPECT_TRUE(o.structure_ok) << "the hostile model must pass the FlatBuffers verifier";
  EXPECT_FALSE(o.allocated) << "accepted a hostile model; messages:\n" << o.All();
  EXPECT_TRUE(o.LoggedSubstring(fragment)) << "expected a message containing: " << fragment << "\nlogged:\n"
                                           << o.All();
}

// --- Model makers ----------------------------------------------------------------------------------------------

// in [1,4,4,1] --CONV_2D(filter [1,2,2,1], bias [1])--> out [1,out_h,out_w,1], float32.
std::vector<uint8_t> Conv2D(int stride_w, int stride_h, int dilation_w, int dilation_h, int out_h, int out_w,
                            bool with_options = true) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_CONV_2D);
  const int in = b.AddTensor(TensorType_FLOAT32, {1, 4, 4, 1}, "in");
  const int filter = b.AddConstTensor<float>(TensorType_FLOAT32, {1, 2, 2, 1}, {1, 2, 3, 4}, {}, {}, 0, "filter");
  const int bias = b.AddConstTensor<float>(TensorType_FLOAT32, {1}, {0.5f}, {}, {}, 0, "bias");
  const int out = b.AddTensor(TensorType_FLOAT32, {1, out_h, out_w, 1}, "out");
  if (with_options) {
    b.AddOperator(code, {in, filter, bias}, {out}, schema::BuiltinOptions_Conv2DOptions,
                  schema::CreateConv2DOptions(b.fbb(), schema::Padding_VALID, stride_w, stride_h,
                                              schema::ActivationFunctionType_NONE, dilation_w, dilation_h)
                      .Union());
  } else {
    b.AddOperator(code, {in, filter, bias}, {out});
  }
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

// in [1,4,4,1] --AVERAGE_POOL_2D--> out, float32.
std::vector<uint8_t> AveragePool(int filter_w, int filter_h, int stride, std::vector<int> out_shape) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_AVERAGE_POOL_2D);
  const int in = b.AddTensor(TensorType_FLOAT32, {1, 4, 4, 1}, "in");
  const int out = b.AddTensor(TensorType_FLOAT32, out_shape, "out");
  b.AddOperator(code, {in}, {out}, schema::BuiltinOptions_Pool2DOptions,
                schema::CreatePool2DOptions(b.fbb(), schema::Padding_SAME, stride, stride, filter_w, filter_h).Union());
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

// a + b -> out, int8 per-tensor quantized with the given scales.
std::vector<uint8_t> QuantizedAdd(float a_scale, float b_scale, float out_scale) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(BuiltinOperator_ADD);
  const int x = b.AddTensor(TensorType_INT8, {1, 4}, "a", 0, {a_scale}, {0});
  const int y = b.AddTensor(TensorType_INT8, {1, 4}, "b", 0, {b_scale}, {0});
  const int out = b.AddTensor(TensorType_INT8, {1, 4}, "out", 0, {out_scale}, {0});
  b.AddOperator(code, {x, y}, {out}, schema::BuiltinOptions_AddOptions, schema::CreateAddOptions(b.fbb()).Union());
  b.SetInputs({x, y});
  b.SetOutputs({out});
  return b.Finish();
}

// in0 + in1 -> out, float32, with any shapes (for shape-consistency attacks).
std::vector<uint8_t> FloatAdd(std::vector<int> a_shape, std::vector<int> b_shape, std::vector<int> out_shape) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(BuiltinOperator_ADD);
  const int x = b.AddTensor(TensorType_FLOAT32, a_shape, "a");
  const int y = b.AddTensor(TensorType_FLOAT32, b_shape, "b");
  const int out = b.AddTensor(TensorType_FLOAT32, out_shape, "out");
  b.AddOperator(code, {x, y}, {out}, schema::BuiltinOptions_AddOptions, schema::CreateAddOptions(b.fbb()).Union());
  b.SetInputs({x, y});
  b.SetOutputs({out});
  return b.Finish();
}

// in --STRIDED_SLICE(begin, end, strides: constant INT32 [1])--> out, float32 1-D.
std::vector<uint8_t> StridedSlice1D(int in_size, int begin, int end, int stride, int out_size) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_STRIDED_SLICE);
  const int in = b.AddTensor(TensorType_FLOAT32, {in_size}, "in");
  const int begin_t = b.AddConstTensor<int32_t>(TensorType_INT32, {1}, {begin}, {}, {}, 0, "begin");
  const int end_t = b.AddConstTensor<int32_t>(TensorType_INT32, {1}, {end}, {}, {}, 0, "end");
  const int strides_t = b.AddConstTensor<int32_t>(TensorType_INT32, {1}, {stride}, {}, {}, 0, "strides");
  const int out = b.AddTensor(TensorType_FLOAT32, {out_size}, "out");
  b.AddOperator(code, {in, begin_t, end_t, strides_t}, {out}, schema::BuiltinOptions_StridedSliceOptions,
                schema::CreateStridedSliceOptions(b.fbb()).Union());
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Division by zero from unchecked parameters.

TEST(HostileModels, DivisionByZeroFromUncheckedParameters) {
  // Zero stride: output size = (in - filter + stride) / stride.
  ExpectRefused(Conv2D(/*stride_w=*/0, 1, 1, 1, 3, 3), "CONV_2D: strides must be >= 1 (stride_w=0, stride_h=1)");
  // Missing options: the schema default stride is 0, never a silent 1.
  ExpectRefused(Conv2D(1, 1, 1, 1, 3, 3, /*with_options=*/false),
                "CONV_2D: strides must be >= 1 (stride_w=0, stride_h=0)");
  // Zero dilation.
  ExpectRefused(Conv2D(1, 1, 0, 1, 3, 3), "CONV_2D: dilation factors must be >= 1 (dilation_w=0, dilation_h=1)");
  // Zero filter size: an average over zero elements.
  ExpectRefused(AveragePool(0, 0, 1, {1, 4, 4, 1}), "AVERAGE_POOL_2D: filter size must be >= 1 (got 0x0)");
  ExpectRefused(AveragePool(2, 2, 0, {1, 4, 4, 1}),
                "AVERAGE_POOL_2D: strides must be >= 1 (got stride_h 0, stride_w 0)");
  // Zero scale: requantization divides by the output scale.
  ExpectRefused(QuantizedAdd(0.5f, 0.5f, 0.0f), "ADD: output scale 0 is not a finite number > 0");
  ExpectRefused(QuantizedAdd(0.0f, 0.5f, 1.0f), "ADD: input1 scale 0 is not a finite number > 0");
  // A zero stride in STRIDED_SLICE: the slice length divides by it.
  ExpectRefused(StridedSlice1D(8, 0, 8, 0, 8), "STRIDED_SLICE: stride 0 is 0");
}

TEST(HostileModels, MeanOverAnEmptyAxisDoesNotDivideByZero) {
  // int8 MEAN over a 0-sized dimension: the average of no elements (an integer division by the count).
  ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_MEAN);
  const int in = b.AddTensor(TensorType_INT8, {2, 0, 3}, "in", 0, {0.5f}, {0});
  const int axis = b.AddConstTensor<int32_t>(TensorType_INT32, {1}, {1}, {}, {}, 0, "axis");
  const int out = b.AddTensor(TensorType_INT8, {2, 3}, "out", 0, {0.5f}, {0});
  b.AddOperator(code, {in, axis}, {out}, schema::BuiltinOptions_ReducerOptions,
                schema::CreateReducerOptions(b.fbb(), false).Union());
  b.SetInputs({in});
  b.SetOutputs({out});
  const Outcome o = RunModel(b.Finish());
  EXPECT_TRUE(o.structure_ok);
  EXPECT_FALSE(o.allocated) << o.All();
  EXPECT_TRUE(o.Logged("MEAN: input dimension 1 is 0 (empty inputs are not supported)")) << o.All();
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Out-of-bounds reads and writes.

TEST(HostileModels, OutOfBoundsReadsAndWrites) {
  // Index corruption: an operator input beyond the tensor table.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(BuiltinOperator_ADD);
    const int x = b.AddTensor(TensorType_FLOAT32, {1, 4}, "x");
    const int out = b.AddTensor(TensorType_FLOAT32, {1, 4}, "out");
    b.AddOperator(code, {x, 1000}, {out});
    b.SetInputs({x});
    b.SetOutputs({out});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 operator 0 (ADD) input 1 is tensor 1000 but the subgraph has 2 tensors");
  }
  // Index corruption: an output (a write) beyond the tensor table, and a negative one.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(BuiltinOperator_ADD);
    const int x = b.AddTensor(TensorType_FLOAT32, {1, 4}, "x");
    b.AddOperator(code, {x, x}, {-7});
    b.SetInputs({x});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 operator 0 (ADD) output 0 is tensor -7 but the subgraph has 1 tensors");
  }
  // Index corruption: a subgraph output and a tensor's buffer index.
  {
    ModelBuilder b;
    const int x = b.AddTensor(TensorType_FLOAT32, {1, 4}, "x", /*buffer=*/5);
    b.SetInputs({x});
    ExpectRefused(b.Finish(), "Model invalid: subgraph 0 tensor 0 ('x') uses buffer 5 but the model has 1 buffers");
  }
  {
    ModelBuilder b;
    const int x = b.AddTensor(TensorType_FLOAT32, {1, 4}, "x");
    b.SetInputs({x});
    b.SetOutputs({3});
    ExpectRefused(b.Finish(), "Model invalid: subgraph 0 output 0 is tensor 3 but the subgraph has 1 tensors");
  }
  // Operator code index out of range.
  {
    ModelBuilder b;
    b.AddOperatorCode(BuiltinOperator_ADD);
    const int x = b.AddTensor(TensorType_FLOAT32, {1, 4}, "x");
    const int out = b.AddTensor(TensorType_FLOAT32, {1, 4}, "out");
    b.AddOperator(7, {x, x}, {out});
    b.SetInputs({x});
    b.SetOutputs({out});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 operator 0 uses operator code 7 but the model has 1 operator codes");
  }
  // A buffer smaller than its tensor: kernels would read past the weights.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(BuiltinOperator_ADD);
    const int x = b.AddTensor(TensorType_FLOAT32, {1, 4}, "x");
    const float two[2] = {1.f, 2.f};
    const int w = b.AddTensor(TensorType_FLOAT32, {1, 4}, "w", b.AddBuffer(two, sizeof(two)));
    const int out = b.AddTensor(TensorType_FLOAT32, {1, 4}, "out");
    b.AddOperator(code, {x, w}, {out});
    b.SetInputs({x});
    b.SetOutputs({out});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 tensor 1 ('w') has 8 bytes of data in buffer 1 but shape [1,4] of "
                  "FLOAT32 needs 16 bytes");
  }
  // Output shapes inconsistent with the inputs: a kernel would write past the output (or read past an input).
  ExpectRefused(FloatAdd({1, 4}, {1, 4}, {1, 8}),
                "ADD: output shape [1, 8] is not the broadcast shape of the inputs [1, 4] and [1, 4]");
  ExpectRefused(FloatAdd({1, 8}, {1, 8}, {1, 4}),
                "ADD: output shape [1, 4] is not the broadcast shape of the inputs [1, 8] and [1, 8]");
  ExpectRefused(FloatAdd({1, 4}, {1, 3}, {1, 4}), "ADD: input shapes [1, 4] and [1, 3] cannot be broadcast together");
  ExpectRefused(Conv2D(1, 1, 1, 1, 5, 5),
                "CONV_2D: output spatial size is 5x5 but VALID padding with stride 1x1 and dilation 1x1 gives 3x3 (and "
                "at most 4x4 windows start inside the input)");
  ExpectRefused(AveragePool(2, 2, 1, {1, 5, 4, 1}),
                "AVERAGE_POOL_2D: output shape [1, 5, 4, 1] has windows outside the 4x4 input (at most 4x4 output "
                "positions overlap it; the padding computes 4x4)");
  // A slice reaching past the end of its input, whatever the output tensor says.
  ExpectRefused(StridedSlice1D(8, 0, 8, 1, 16), "STRIDED_SLICE: output dimension 0 should be 8 (output has rank 1)");
  // A model output no operator writes: the application would read whatever the arena held (a leak).
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_RELU);
    const int x = b.AddTensor(TensorType_FLOAT32, {1, 4}, "x");
    const int y = b.AddTensor(TensorType_FLOAT32, {1, 4}, "y");
    const int stale = b.AddTensor(TensorType_FLOAT32, {1, 64}, "stale");
    b.AddOperator(code, {x}, {y});
    b.SetInputs({x});
    b.SetOutputs({y, stale});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 output 1 is tensor 2 ('stale'), which no operator produces (and which is "
                  "not an input, a constant or a variable)");
  }
  // External buffer data (offset/size) outside the file.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(BuiltinOperator_ADD);
    const int x = b.AddTensor(TensorType_FLOAT32, {1, 4}, "x");
    const int w = b.AddTensor(TensorType_FLOAT32, {1, 4}, "w", b.AddExternalBuffer(1u << 30, 16));
    const int out = b.AddTensor(TensorType_FLOAT32, {1, 4}, "out");
    b.AddOperator(code, {x, w}, {out});
    b.SetInputs({x});
    b.SetOutputs({out});
    ExpectRefused(b.Finish(),
                  "Model invalid: buffer 1 data (offset 1073741824, 16 bytes) lies outside the 384-byte model");
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Integer overflow in shapes and sizes.

TEST(HostileModels, IntegerOverflowInShapes) {
  // Element count overflows 32 bits (and 64 bits: 65536^4 = 2^64).
  {
    ModelBuilder b;
    const int x = b.AddTensor(TensorType_FLOAT32, {65536, 65536, 65536, 65536}, "huge");
    b.SetInputs({x});
    b.SetOutputs({x});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 tensor 0 ('huge') of shape [65536,65536,65536,65536] and type FLOAT32 "
                  "is too large (2147483647 bytes at most)");
  }
  // Byte size overflows int32 although the element count does not: 2^29 float32 elements = 2^31 bytes.
  {
    ModelBuilder b;
    const int x = b.AddTensor(TensorType_FLOAT32, {1 << 15, 1 << 14}, "big");
    b.SetInputs({x});
    b.SetOutputs({x});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 tensor 0 ('big') of shape [32768,16384] and type FLOAT32 is too large "
                  "(2147483647 bytes at most)");
  }
  // Negative dimension (a dynamic shape): -1 * -1 would look like a valid size.
  {
    ModelBuilder b;
    const int x = b.AddTensor(TensorType_INT8, {-1, -1}, "dyn");
    b.SetInputs({x});
    b.SetOutputs({x});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 tensor 0 ('dyn') has dimension 0 of size -1 (shapes must be static)");
  }
  // A valid size the arena cannot hold: a clear "arena too small", never an allocation past its end.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_RELU);
    const int x = b.AddTensor(TensorType_FLOAT32, {1 << 20, 64}, "x");
    const int y = b.AddTensor(TensorType_FLOAT32, {1 << 20, 64}, "y");
    b.AddOperator(code, {x}, {y});
    b.SetInputs({x});
    b.SetOutputs({y});
    ExpectRefusedWith(b.Finish(), "Tensor arena too small: the model needs 5368");
  }
  // An empty tensor whose other dimensions overflow 64 bits when multiplied before the 0 is reached.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(BuiltinOperator_ADD);
    const int x = b.AddTensor(TensorType_INT8, {67108865, 67108864, 50331648, 0}, "x", 0, {0.5f}, {0});
    const int out = b.AddTensor(TensorType_INT8, {67108865, 67108864, 50331648, 0}, "out", 0, {0.5f}, {0});
    b.AddOperator(code, {x, x}, {out});
    b.SetInputs({x});
    b.SetOutputs({out});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 tensor 0 ('x') of shape [67108865,67108864,50331648,0] is empty but "
                  "its other dimensions multiply to more than 2147483647");
  }
  // Window arithmetic: a dilation whose dilated filter overflows int.
  ExpectRefused(Conv2D(1, 1, std::numeric_limits<int32_t>::max(), 1, 3, 3),
                "CONV_2D: filter 2x2 with dilation 1x2147483647 and stride 1x1 on input 4x4 overflows int");
  // A 1x1 filter makes any dilation "fit", but the kernels still step dilation * depth elements between taps.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_CONV_2D);
    const int in = b.AddTensor(TensorType_FLOAT32, {1, 2, 2, 1024}, "in");
    const int filter = b.AddConstTensor<float>(TensorType_FLOAT32, {1, 1, 1, 1024}, std::vector<float>(1024, 0.5f), {},
                                               {}, 0, "filter");
    const int out = b.AddTensor(TensorType_FLOAT32, {1, 2, 2, 1}, "out");
    b.AddOperator(code, {in, filter, -1}, {out}, schema::BuiltinOptions_Conv2DOptions,
                  schema::CreateConv2DOptions(b.fbb(), schema::Padding_SAME, 1, 1, schema::ActivationFunctionType_NONE,
                                              1 << 22, 1)
                      .Union());
    b.SetInputs({in});
    b.SetOutputs({out});
    ExpectRefused(b.Finish(),
                  "CONV_2D: dilation 1x4194304 on an input of width 2 and depth 1024 steps beyond int between taps");
  }
  // A huge stride: (out - 1) * stride + filter overflows int.
  ExpectRefused(Conv2D(std::numeric_limits<int32_t>::max(), 1, 1, 1, 3, 1),
                "CONV_2D: filter 2x2 with dilation 1x1 and stride 1x2147483647 on input 4x4 overflows int");
  // PAD with paddings whose sum overflows: int64 paddings near INT64_MAX.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_PAD);
    const int x = b.AddTensor(TensorType_FLOAT32, {4}, "x");
    const int64_t big = std::numeric_limits<int64_t>::max() - 1;
    const int pads = b.AddConstTensor<int64_t>(TensorType_INT64, {1, 2}, {big, big}, {}, {}, 0, "paddings");
    const int out = b.AddTensor(TensorType_FLOAT32, {4}, "out");
    b.AddOperator(code, {x, pads}, {out});
    b.SetInputs({x});
    b.SetOutputs({out});
    ExpectRefused(b.Finish(),
                  "PAD: paddings of dimension 0 are 9223372036854775806, 9223372036854775806 (at most 2147483647 "
                  "each)");
  }
  // STRIDED_SLICE bounds at the int32 limits.
  ExpectRefusedWith(StridedSlice1D(8, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max(),
                                   std::numeric_limits<int32_t>::max(), 8),
                    "STRIDED_SLICE: output dimension 0 should be 1 (output has rank 1)");
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Null dereferences: options, quantization parameters or inputs a kernel needs are missing.

TEST(HostileModels, MissingOptionsQuantizationAndInputs) {
  // Quantized CONV_2D without any quantization parameters on its tensors.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_CONV_2D);
    const int in = b.AddTensor(TensorType_INT8, {1, 4, 4, 1}, "in");
    const int filter = b.AddConstTensor<int8_t>(TensorType_INT8, {1, 2, 2, 1}, {1, 2, 3, 4}, {}, {}, 0, "filter");
    const int bias = b.AddConstTensor<int32_t>(TensorType_INT32, {1}, {0}, {}, {}, 0, "bias");
    const int out = b.AddTensor(TensorType_INT8, {1, 3, 3, 1}, "out");
    b.AddOperator(code, {in, filter, bias}, {out}, schema::BuiltinOptions_Conv2DOptions,
                  schema::CreateConv2DOptions(b.fbb(), schema::Padding_VALID, 1, 1).Union());
    b.SetInputs({in});
    b.SetOutputs({out});
    ExpectRefused(b.Finish(), "CONV_2D: input tensor needs a quantization scale > 0 (got 0)");
  }
  // Quantized FULLY_CONNECTED whose weights have no quantization (a per-channel table is dereferenced).
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_FULLY_CONNECTED);
    const int in = b.AddTensor(TensorType_INT8, {1, 4}, "in", 0, {0.5f}, {0});
    const int w = b.AddConstTensor<int8_t>(TensorType_INT8, {2, 4}, {1, 2, 3, 4, 5, 6, 7, 8}, {}, {}, 0, "w");
    const int out = b.AddTensor(TensorType_INT8, {1, 2}, "out", 0, {1.0f}, {0});
    b.AddOperator(code, {in, w, -1}, {out}, schema::BuiltinOptions_FullyConnectedOptions,
                  schema::CreateFullyConnectedOptions(b.fbb()).Union());
    b.SetInputs({in});
    b.SetOutputs({out});
    ExpectRefused(b.Finish(), "FULLY_CONNECTED: the INT8 filter has no quantization parameters");
  }
  // A required input left out (-1): the weights of FULLY_CONNECTED.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_FULLY_CONNECTED);
    const int in = b.AddTensor(TensorType_FLOAT32, {1, 4}, "in");
    const int out = b.AddTensor(TensorType_FLOAT32, {1, 2}, "out");
    b.AddOperator(code, {in, -1, -1}, {out}, schema::BuiltinOptions_FullyConnectedOptions,
                  schema::CreateFullyConnectedOptions(b.fbb()).Union());
    b.SetInputs({in});
    b.SetOutputs({out});
    ExpectRefused(b.Finish(), "FULLY_CONNECTED: missing input, weights or output tensor");
  }
  // No inputs and no outputs at all.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(BuiltinOperator_ADD);
    b.AddTensor(TensorType_FLOAT32, {1, 4}, "x");
    b.AddOperator(code, {}, {});
    ExpectRefused(b.Finish(), "ADD: 0 inputs and 0 outputs given (2 inputs, 1 output)");
  }
  // Options of another op's type (RESHAPE given Conv2DOptions) read as its own.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_SOFTMAX);
    const int in = b.AddTensor(TensorType_FLOAT32, {1, 4}, "in");
    const int out = b.AddTensor(TensorType_FLOAT32, {1, 4}, "out");
    b.AddOperator(code, {in}, {out}, schema::BuiltinOptions_Conv2DOptions,
                  schema::CreateConv2DOptions(b.fbb(), schema::Padding_VALID, 1, 1).Union());
    b.SetInputs({in});
    b.SetOutputs({out});
    const Outcome o = RunModel(b.Finish());
    EXPECT_TRUE(o.structure_ok);
    // SOFTMAX without SoftmaxOptions has beta 0 by the schema default; either outcome is fine, a crash is not.
    EXPECT_TRUE(o.allocated || !o.messages.empty()) << o.All();
  }
  // Per-channel quantization without zero points.
  {
    ModelBuilder b;
    const int x = b.AddTensor(TensorType_INT8, {2, 4}, "x", 0, {0.5f, 0.25f}, {}, 0);
    b.SetInputs({x});
    b.SetOutputs({x});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 tensor 0 ('x') has 2 scale values but 0 zero_point values (they must "
                  "match)");
  }
  // An operator code naming an op this build lacks: a clear refusal, no null registration called.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_SKIP_GRAM);
    const int in = b.AddTensor(TensorType_FLOAT32, {1, 4}, "in");
    const int out = b.AddTensor(TensorType_FLOAT32, {1, 4}, "out");
    b.AddOperator(code, {in}, {out});
    b.SetInputs({in});
    b.SetOutputs({out});
    ExpectRefusedWith(b.Finish(), "Didn't find op for builtin opcode 'SKIP_GRAM' version '1'");
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Infinite loops and unbounded recursion.

TEST(HostileModels, CyclesLoopsAndRecursion) {
  // A cycle: op 0 reads what op 1 writes, op 1 reads what op 0 writes. Execution order would loop or read
  // uninitialised memory; the verifier refuses any read before its producer.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(BuiltinOperator_ADD);
    const int in = b.AddTensor(TensorType_FLOAT32, {1, 4}, "in");
    const int t0 = b.AddTensor(TensorType_FLOAT32, {1, 4}, "t0");
    const int t1 = b.AddTensor(TensorType_FLOAT32, {1, 4}, "t1");
    b.AddOperator(code, {in, t1}, {t0});
    b.AddOperator(code, {t0, in}, {t1});
    b.SetInputs({in});
    b.SetOutputs({t1});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 operator 0 (ADD) reads tensor 2 ('t1') before operator 1 (ADD) produces it "
                  "(operators must be in execution order; cycles are not allowed)");
  }
  // A self-loop through a tensor that is not a model input.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(BuiltinOperator_ADD);
    const int in = b.AddTensor(TensorType_FLOAT32, {1, 4}, "in");
    const int t = b.AddTensor(TensorType_FLOAT32, {1, 4}, "t");
    b.AddOperator(code, {in, t}, {t});
    b.SetInputs({in});
    b.SetOutputs({t});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 operator 0 (ADD) reads tensor 1 ('t') before operator 0 (ADD) produces it "
                  "(operators must be in execution order; cycles are not allowed)");
  }
  // A zero stride would never reach the end of the slice.
  ExpectRefused(StridedSlice1D(8, 0, 8, 0, 8), "STRIDED_SLICE: stride 0 is 0");
  // A negative stride walking away from `end`: the loop must be bounded by the shapes, not by the values.
  ExpectRefused(StridedSlice1D(8, 0, 8, -1, 8), "STRIDED_SLICE: output dimension 0 should be 0 (output has rank 1)");
  // Control flow calling its own subgraph (unbounded recursion in a runtime that implements WHILE/IF by
  // recursion): refused at load, before anything runs (src/interpreter/subgraph_calls.cc).
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_WHILE);
    const int in = b.AddTensor(TensorType_FLOAT32, {1}, "in");
    const int out = b.AddTensor(TensorType_FLOAT32, {1}, "out");
    b.AddOperator(code, {in}, {out}, schema::BuiltinOptions_WhileOptions,
                  schema::CreateWhileOptions(b.fbb(), 0, 0).Union());
    b.SetInputs({in});
    b.SetOutputs({out});
    ExpectRefusedWith(b.Finish(), "Node number 0 (WHILE) calls subgraph 0, which is already running: the model "
                                  "recurses through control flow, which mote refuses.");
  }
  // Thousands of tensors alive at once: memory planning stays quadratic (it was cubic: minutes for a model of a
  // few hundred kilobytes).
  {
    ModelBuilder b;
    std::vector<int> all;
    for (int i = 0; i < 4000; ++i) all.push_back(b.AddTensor(TensorType_INT8, {1, 4}, "", 0, {0.5f}, {0}));
    b.SetInputs(all);
    b.SetOutputs(all);
    AlignedModel model(b.Finish());
    std::vector<uint8_t> storage((4u << 20) + 16);
    uint8_t* arena = storage.data() + (16 - reinterpret_cast<uintptr_t>(storage.data()) % 16) % 16;
    AllOpsResolver resolver;
    const auto start = std::chrono::steady_clock::now();
    MicroInterpreter interpreter(model.data(), model.size(), resolver, arena, 4u << 20);
    EXPECT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 5.0) << "4000 live tensors took " << seconds << " s to plan";
  }
  // Many operators: loading and preparing stays linear (a 500-node chain loads in well under a second).
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_RELU);
    int prev = b.AddTensor(TensorType_FLOAT32, {1, 2}, "t0");
    const int first = prev;
    for (int i = 1; i <= 500; ++i) {
      const int next = b.AddTensor(TensorType_FLOAT32, {1, 2}, "t" + std::to_string(i));
      b.AddOperator(code, {prev}, {next});
      prev = next;
    }
    b.SetInputs({first});
    b.SetOutputs({prev});
    const Outcome o = RunModel(b.Finish());
    EXPECT_TRUE(o.allocated) << o.All();
    EXPECT_TRUE(o.invoked) << o.All();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 6. Aliasing: an operator whose output is its own input, a tensor produced twice, a constant overwritten.

TEST(HostileModels, Aliasing) {
  // Output == input (the input is a model input, so the read itself is legal).
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(BuiltinOperator_ADD);
    const int x = b.AddTensor(TensorType_FLOAT32, {1, 4}, "x");
    const int y = b.AddTensor(TensorType_FLOAT32, {1, 4}, "y");
    b.AddOperator(code, {x, y}, {y});
    b.SetInputs({x, y});
    b.SetOutputs({y});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 operator 0 (ADD) output 0 is tensor 1 ('y'), which is also its input 1 "
                  "(an operator cannot write a tensor it reads)");
  }
  // A tensor produced by two operators.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(BuiltinOperator_ADD);
    const int x = b.AddTensor(TensorType_FLOAT32, {1, 4}, "x");
    const int t = b.AddTensor(TensorType_FLOAT32, {1, 4}, "t");
    b.AddOperator(code, {x, x}, {t});
    b.AddOperator(code, {x, x}, {t});
    b.SetInputs({x});
    b.SetOutputs({t});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 tensor 1 ('t') is produced twice: by operator 0 (ADD) and by operator 1 "
                  "(ADD)");
  }
  // One operator listing the same output twice.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_CONCATENATION);
    const int x = b.AddTensor(TensorType_FLOAT32, {1, 4}, "x");
    const int t = b.AddTensor(TensorType_FLOAT32, {1, 4}, "t");
    b.AddOperator(code, {x}, {t, t}, schema::BuiltinOptions_ConcatenationOptions,
                  schema::CreateConcatenationOptions(b.fbb(), 1).Union());
    b.SetInputs({x});
    b.SetOutputs({t});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 tensor 1 ('t') is produced twice: by operator 0 (CONCATENATION) and by "
                  "operator 0 (CONCATENATION)");
  }
  // Writing a constant (weights live in the read-only model).
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(BuiltinOperator_ADD);
    const int x = b.AddTensor(TensorType_FLOAT32, {1, 4}, "x");
    const int w = b.AddConstTensor<float>(TensorType_FLOAT32, {1, 4}, {1, 2, 3, 4}, {}, {}, 0, "w");
    b.AddOperator(code, {x, x}, {w});
    b.SetInputs({x});
    b.SetOutputs({w});
    ExpectRefused(b.Finish(),
                  "Model invalid: subgraph 0 operator 0 (ADD) output 0 is tensor 1 ('w'), a constant (it has data in "
                  "buffer 1); operators cannot write constants");
  }
  // A variable tensor whose buffer holds data: its state lives in the arena; the model is never written.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(BuiltinOperator_ADD);
    const int x = b.AddTensor(TensorType_INT8, {1, 4}, "x", 0, {0.5f}, {0});
    const int8_t initial[4] = {9, 9, 9, 9};
    const int state = b.AddTensor(TensorType_INT8, {1, 4}, "state", b.AddBuffer(initial, sizeof(initial)), {0.5f},
                                  {-3}, 0, /*is_variable=*/true);
    const int out = b.AddTensor(TensorType_INT8, {1, 4}, "out", 0, {0.5f}, {0});
    b.AddOperator(code, {x, state}, {out}, schema::BuiltinOptions_AddOptions,
                  schema::CreateAddOptions(b.fbb()).Union());
    b.SetInputs({x});
    b.SetOutputs({out});
    const std::vector<uint8_t> bytes = b.Finish();
    AlignedModel model(bytes);
    std::vector<uint8_t> arena_storage(kArenaBytes + 16);
    uint8_t* arena = arena_storage.data() + (16 - reinterpret_cast<uintptr_t>(arena_storage.data()) % 16) % 16;
    AllOpsResolver resolver;
    MicroInterpreter interpreter(model.data(), model.size(), resolver, arena, kArenaBytes);
    ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
    ASSERT_EQ(interpreter.Invoke(), kTfLiteOk);
    EXPECT_EQ(std::memcmp(model.data(), bytes.data(), bytes.size()), 0) << "the model bytes were written";
    const uint8_t* state_data = reinterpret_cast<const uint8_t*>(interpreter.GetEvalTensor(state)->data.raw);
    EXPECT_TRUE(state_data >= arena && state_data < arena + kArenaBytes) << "variable state outside the arena";
  }
  // An offline memory plan (model metadata) putting an operator's input and output in overlapping bytes.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_RELU);
    const int x = b.AddTensor(TensorType_FLOAT32, {1, 8}, "x");
    const int y = b.AddTensor(TensorType_FLOAT32, {1, 8}, "y");
    b.AddOperator(code, {x}, {y});
    b.SetInputs({x});
    b.SetOutputs({y});
    const int32_t plan[5] = {1, 0, 2, 0, 16};  // version, subgraph, count, offsets: x at 0, y at 16 (32 bytes each)
    b.AddMetadata("OfflineMemoryAllocation", b.AddBuffer(plan, sizeof(plan)));
    ExpectRefused(b.Finish(),
                  "Offline memory plan (metadata 'OfflineMemoryAllocation') places tensors 0 and 1, which are alive "
                  "at the same time, in overlapping bytes (offsets 0 and 16)");
  }
  // Two tensors sharing one constant buffer is fine (read-only aliasing), and runs.
  {
    ModelBuilder b;
    const int code = b.AddOperatorCode(BuiltinOperator_ADD);
    const float values[4] = {1, 2, 3, 4};
    const int buffer = b.AddBuffer(values, sizeof(values));
    const int w0 = b.AddTensor(TensorType_FLOAT32, {1, 4}, "w0", buffer);
    const int w1 = b.AddTensor(TensorType_FLOAT32, {1, 4}, "w1", buffer);
    const int out = b.AddTensor(TensorType_FLOAT32, {1, 4}, "out");
    b.AddOperator(code, {w0, w1}, {out});
    b.SetOutputs({out});
    const Outcome o = RunModel(b.Finish());
    EXPECT_TRUE(o.allocated && o.invoked) << o.All();
  }
}

}  // namespace
}  // namespace mote
