// RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR: variant ids and every prepare refusal (the data is proven
// against TFLM by the oracle cases, tools/oracle/gen_image_matrix.py).
#include <utility>

#include "gtest/gtest.h"
#include "support/single_op.h"

namespace mote {
namespace test {
namespace {

OptionsFn Bilinear(bool align_corners, bool half_pixel_centers) {
  return [=](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_ResizeBilinearOptions,
                          schema::CreateResizeBilinearOptions(fbb, align_corners, half_pixel_centers).Union());
  };
}

OptionsFn Nearest(bool align_corners, bool half_pixel_centers) {
  return [=](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_ResizeNearestNeighborOptions,
                          schema::CreateResizeNearestNeighborOptions(fbb, align_corners, half_pixel_centers).Union());
  };
}

std::vector<uint8_t> Resize(schema::BuiltinOperator op, schema::TensorType type, std::vector<int> in,
                            std::vector<int64_t> size, std::vector<int> out, const OptionsFn& options) {
  const float scale = type == kF32 ? 0.0f : 0.5f;
  return BuildOne(op, {Runtime(type, std::move(in), scale), Const(kI32, {2}, std::move(size))},
                  {Runtime(type, std::move(out), scale)}, options);
}

constexpr auto kBilinearOp = schema::BuiltinOperator_RESIZE_BILINEAR;
constexpr auto kNearestOp = schema::BuiltinOperator_RESIZE_NEAREST_NEIGHBOR;

TEST(Resize, Variants) {
  ExpectVariant(Resize(kBilinearOp, kF32, {1, 2, 2, 1}, {3, 3}, {1, 3, 3, 1}, Bilinear(false, true)),
                "resize_bilinear/float32/reference");
  ExpectVariant(Resize(kBilinearOp, kI8, {1, 2, 2, 1}, {3, 3}, {1, 3, 3, 1}, Bilinear(true, false)),
                "resize_bilinear/int8/reference");
  ExpectVariant(Resize(kNearestOp, kI16, {1, 2, 2, 1}, {3, 3}, {1, 3, 3, 1}, Nearest(true, true)),
                "resize_nearest_neighbor/int16/reference");
}

TEST(Resize, RefusesBilinearInt16AndBothFlags) {  // TFLM fails int16 in invoke and refuses both flags
  ExpectRefused(Resize(kBilinearOp, kI16, {1, 2, 2, 1}, {3, 3}, {1, 3, 3, 1}, Bilinear(false, false)),
                "RESIZE_BILINEAR: input type INT16 is not supported (FLOAT32, INT8)");
  ExpectRefused(Resize(kBilinearOp, kF32, {1, 2, 2, 1}, {3, 3}, {1, 3, 3, 1}, Bilinear(true, true)),
                "RESIZE_BILINEAR: half_pixel_centers and align_corners cannot both be true");
  ExpectRefused(Resize(kNearestOp, kI32, {1, 2, 2, 1}, {3, 3}, {1, 3, 3, 1}, Nearest(false, false)),
                "RESIZE_NEAREST_NEIGHBOR: input type INT32 is not supported (FLOAT32, INT8, INT16)");
}

TEST(Resize, RefusesBadSizeTensors) {
  ExpectRefused(BuildOne(kNearestOp, {Runtime(kF32, {1, 2, 2, 1}), Runtime(kI32, {2})}, {Runtime(kF32, {1, 3, 3, 1})},
                         Nearest(false, false)),
                "RESIZE_NEAREST_NEIGHBOR: the size tensor must be constant");
  ExpectRefused(BuildOne(kNearestOp, {Runtime(kF32, {1, 2, 2, 1}), Const(kI32, {3}, {3, 3, 1})},
                         {Runtime(kF32, {1, 3, 3, 1})}, Nearest(false, false)),
                "RESIZE_NEAREST_NEIGHBOR: size must be an INT32 tensor of shape [2] (new height, new width)");
  ExpectRefused(Resize(kNearestOp, kF32, {1, 2, 2, 1}, {0, 3}, {1, 0, 3, 1}, Nearest(false, false)),
                "RESIZE_NEAREST_NEIGHBOR: size 0 x 3 must be positive");
}

TEST(Resize, RefusesShapes) {
  ExpectRefused(Resize(kBilinearOp, kF32, {1, 2, 2, 1}, {3, 3}, {1, 3, 4, 1}, Bilinear(false, false)),
                "RESIZE_BILINEAR: output shape [1, 3, 4, 1] does not match the computed [1, 3, 3, 1]");
  ExpectRefused(Resize(kBilinearOp, kF32, {2, 2, 1}, {3, 3}, {1, 3, 3, 1}, Bilinear(false, false)),
                "RESIZE_BILINEAR: input and output must be 4-D NHWC (got 3-D and 4-D)");
  ExpectRefused(Resize(kNearestOp, kF32, {1, 0, 2, 1}, {3, 3}, {1, 3, 3, 1}, Nearest(false, false)),
                "RESIZE_NEAREST_NEIGHBOR: input height and width must be >= 1 (got 0 x 2)");
}

// TFLM's 10-bit int8 scale rounds 2/3000 up to 1/1024: its last rows read input row 2 of 2.
TEST(Resize, RefusesBilinearInt8SamplingOutsideTheInput) {
  ExpectRefused(Resize(kBilinearOp, kI8, {1, 2, 2, 1}, {3000, 1}, {1, 3000, 1, 1}, Bilinear(false, false)),
                "RESIZE_BILINEAR: resizing 2 x 2 to 3000 x 1 samples outside the input");
  ExpectVariant(Resize(kBilinearOp, kF32, {1, 2, 2, 1}, {3000, 1}, {1, 3000, 1, 1}, Bilinear(false, false)),
                "resize_bilinear/float32/reference");
}

}  // namespace
}  // namespace test
}  // namespace mote
