// MIRROR_PAD: both modes, the parser, the variant and every prepare refusal (the data is proven against TFLM
// by the oracle cases, tools/oracle/gen_index_layout.py).
#include <cstdint>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

std::vector<uint8_t> MirrorModel(schema::TensorType type, std::vector<int> in, TensorSpec paddings,
                                 std::vector<int> out, int mode) {
  return BuildOne(schema::BuiltinOperator_MIRROR_PAD, {Runtime(type, std::move(in)), std::move(paddings)},
                  {Runtime(type, std::move(out))}, [mode](flatbuffers::FlatBufferBuilder& fbb) {
                    return std::make_pair(
                        schema::BuiltinOptions_MirrorPadOptions,
                        schema::CreateMirrorPadOptions(fbb, static_cast<schema::MirrorPadMode>(mode)).Union());
                  });
}

TEST(MirrorPad, ReflectAndSymmetric) {
  for (int mode : {schema::MirrorPadMode_REFLECT, schema::MirrorPadMode_SYMMETRIC}) {
    OpRun run(MirrorModel(kF32, {3}, Const(kI32, {1, 2}, {2, 2}), {7}, mode));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
    EXPECT_STREQ(run.interpreter->node_info(0).variant, "mirror_pad/any/reference");
    for (int i = 0; i < 3; ++i) run.interpreter->input(0)->data.f[i] = static_cast<float>(i + 1);
    ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    const float reflect[] = {3, 2, 1, 2, 3, 2, 1}, symmetric[] = {2, 1, 1, 2, 3, 3, 2};
    const float* expected = mode == schema::MirrorPadMode_REFLECT ? reflect : symmetric;
    for (int i = 0; i < 7; ++i) EXPECT_EQ(run.interpreter->output(0)->data.f[i], expected[i]) << mode << " " << i;
  }
}

TEST(MirrorPad, RefusesPaddingsBeyondTheMirror) {  // TFLM reads outside the input
  ExpectRefused(MirrorModel(kF32, {3}, Const(kI32, {1, 2}, {3, 0}), {6}, schema::MirrorPadMode_REFLECT),
                "MIRROR_PAD: paddings of dimension 0 are 3, 0 (each in [0, 2] for REFLECT)");
  ExpectRefused(MirrorModel(kI8, {3}, Const(kI64, {1, 2}, {0, 4}), {7}, schema::MirrorPadMode_SYMMETRIC),
                "MIRROR_PAD: paddings of dimension 0 are 0, 4 (each in [0, 3] for SYMMETRIC)");
  ExpectRefused(MirrorModel(kF32, {3}, Const(kI32, {1, 2}, {-1, 0}), {2}, schema::MirrorPadMode_REFLECT),
                "MIRROR_PAD: paddings of dimension 0 are -1, 0 (each in [0, 2] for REFLECT)");
}

TEST(MirrorPad, RefusesTensorsAndModes) {
  ExpectRefused(MirrorModel(kF32, {3}, Runtime(kI32, {1, 2}), {5}, 0), "MIRROR_PAD: the paddings tensor must be constant");
  ExpectRefused(MirrorModel(kF32, {3}, Const(kI32, {2}, {1, 1}), {5}, 0),
                "MIRROR_PAD: paddings must be an INT32 or INT64 tensor of shape [1, 2]");
  ExpectRefused(MirrorModel(kI16, {3}, Const(kI32, {1, 2}, {1, 1}), {5}, 0),
                "MIRROR_PAD: type INT16 is not supported (FLOAT32, INT8)");
  ExpectRefused(MirrorModel(kF32, {3}, Const(kI32, {1, 2}, {1, 1}), {6}, 0),
                "MIRROR_PAD: output shape [6] differs from the expected [5]");
  ExpectRefused(MirrorModel(kF32, {3}, Const(kI32, {1, 2}, {1, 1}), {5}, 7),
                "MIRROR_PAD: mode 7 is not a valid MirrorPadMode (0..1)");
}

}  // namespace
}  // namespace test
}  // namespace mote
