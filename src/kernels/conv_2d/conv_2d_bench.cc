// CONV_2D int8 variants on the benchmark models' layer shapes (Google Benchmark; bench/CMakeLists.txt).
// Reports MAC/s; compare `reference` with each AVX2 variant on the same shape.
#include <cstdint>
#include <vector>

#include "benchmark/benchmark.h"
#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/dispatch/variant.h"
#include "support/variant_bench_util.h"

namespace mote {
namespace {

struct Layer {
  int height, width, in_depth, out_depth, filter, stride;
};

// vww_96 / person_detect pointwise layers, vww first layer, ResNet 3x3 layers, KWS first layer.
constexpr Layer kLayers[] = {
    {48, 48, 8, 16, 1, 1}, {24, 24, 32, 32, 1, 1}, {6, 6, 128, 128, 1, 1}, {3, 3, 256, 256, 1, 1},
    {96, 96, 3, 8, 3, 2},  {32, 32, 16, 16, 3, 1}, {8, 8, 64, 64, 3, 1},   {49, 10, 1, 64, 4, 2},
};

using Operands = variant_bench::ConvOperands<conv_2d::ConvInt8Problem>;

Operands Make(const Layer& l) {
  const int fh = l.filter == 4 ? 10 : l.filter;  // KWS: 10x4
  const conv_test::ConvShape s{1, l.height, l.width, l.in_depth, l.out_depth, fh, l.filter, l.stride, l.stride, 1, 1,
                               kTfLitePaddingSame};
  return variant_bench::MakeConvOperands<conv_2d::ConvInt8Problem>(s);
}

void Reference(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::BenchReference(state, o);
}

template <bool (*kApplies)(const conv_2d::ConvInt8Problem&)>
void Variant(benchmark::State& state, void (*fn)(const conv_2d::ConvInt8Problem&, void*), uint32_t features) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::BenchVariant(state, o, fn, kApplies, features);
}

constexpr uint32_t kVnni = isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl | isa::kAvx512Vnni;

void Avx2Pointwise(benchmark::State& state) {
  Variant<conv_2d::AppliesAvx2Pointwise>(state, MOTE_X86_SIMD_FN(conv_2d::ConvInt8Avx2Pointwise), isa::kAvx2);
}
void Avx2Im2col(benchmark::State& state) {
  Variant<conv_2d::AppliesAvx2Im2col>(state, MOTE_X86_SIMD_FN(conv_2d::ConvInt8Avx2Im2col), isa::kAvx2);
}
void VnniPointwise(benchmark::State& state) {
  Variant<conv_2d::AppliesVnniPointwise>(state, MOTE_X86_SIMD_FN(conv_2d::ConvInt8VnniPointwise), kVnni);
}
void VnniIm2col(benchmark::State& state) {
  Variant<conv_2d::AppliesVnniIm2col>(state, MOTE_X86_SIMD_FN(conv_2d::ConvInt8VnniIm2col), kVnni);
}

// Weights prepared once (the host default): what a model's Invoke runs.
template <bool (*kApplies)(const conv_2d::ConvInt8Problem&)>
void Prepacked(benchmark::State& state, void (*fn)(const conv_2d::ConvInt8Problem&, void*),
               size_t (*bytes)(const conv_2d::ConvInt8Problem&), void (*prepare)(const conv_2d::ConvInt8Problem&, void*),
               uint32_t features) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::BenchPrepackedVariant(state, o, fn, kApplies, features, bytes, prepare);
}
void Avx2PointwisePrepacked(benchmark::State& state) {
  Prepacked<conv_2d::AppliesAvx2Pointwise>(state, MOTE_X86_SIMD_FN(conv_2d::ConvInt8Avx2Pointwise),
                                           MOTE_X86_SIMD_FN(conv_2d::Avx2PointwisePersistentBytes),
                                           MOTE_X86_SIMD_FN(conv_2d::PrepareAvx2Pointwise), isa::kAvx2);
}
void Avx2Im2colPrepacked(benchmark::State& state) {
  Prepacked<conv_2d::AppliesAvx2Im2col>(state, MOTE_X86_SIMD_FN(conv_2d::ConvInt8Avx2Im2col),
                                        MOTE_X86_SIMD_FN(conv_2d::Avx2Im2colPersistentBytes),
                                        MOTE_X86_SIMD_FN(conv_2d::PrepareAvx2Im2col), isa::kAvx2);
}
void VnniPointwisePrepacked(benchmark::State& state) {
  Prepacked<conv_2d::AppliesVnniPointwise>(state, MOTE_X86_SIMD_FN(conv_2d::ConvInt8VnniPointwise),
                                           MOTE_X86_SIMD_FN(conv_2d::VnniPointwisePersistentBytes),
                                           MOTE_X86_SIMD_FN(conv_2d::PrepareVnniPointwise), kVnni);
}
void VnniIm2colPrepacked(benchmark::State& state) {
  Prepacked<conv_2d::AppliesVnniIm2col>(state, MOTE_X86_SIMD_FN(conv_2d::ConvInt8VnniIm2col),
                                        MOTE_X86_SIMD_FN(conv_2d::VnniIm2colPersistentBytes),
                                        MOTE_X86_SIMD_FN(conv_2d::PrepareVnniIm2col), kVnni);
}

BENCHMARK(Reference)->Name("Conv2DInt8/reference")->DenseRange(0, 7);
BENCHMARK(Avx2PointwisePrepacked)->Name("Conv2DInt8/avx2-1x1-prepacked")->DenseRange(0, 3);
BENCHMARK(Avx2Im2colPrepacked)->Name("Conv2DInt8/avx2-im2col-prepacked")->DenseRange(0, 7);
BENCHMARK(VnniPointwisePrepacked)->Name("Conv2DInt8/avx512vnni-1x1-prepacked")->DenseRange(0, 3);
BENCHMARK(VnniIm2colPrepacked)->Name("Conv2DInt8/avx512vnni-im2col-prepacked")->DenseRange(0, 7);
BENCHMARK(Avx2Pointwise)->Name("Conv2DInt8/avx2-1x1")->DenseRange(0, 3);
BENCHMARK(Avx2Im2col)->Name("Conv2DInt8/avx2-im2col")->DenseRange(0, 7);
BENCHMARK(VnniPointwise)->Name("Conv2DInt8/avx512vnni-1x1")->DenseRange(0, 3);
BENCHMARK(VnniIm2col)->Name("Conv2DInt8/avx512vnni-im2col")->DenseRange(0, 7);

}  // namespace
}  // namespace mote
