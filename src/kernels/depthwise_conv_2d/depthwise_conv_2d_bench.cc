// DEPTHWISE_CONV_2D int8 variants on the benchmark models' layer shapes (Google Benchmark; bench/).
#include <cstdint>
#include <vector>

#include "benchmark/benchmark.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "kernels/dispatch/variant.h"
#include "support/variant_bench_util.h"

namespace mote {
namespace {

struct Layer {
  int height, width, in_depth, multiplier, stride;
};

// MobileNet v1 0.25 at 96x96 (vww, person_detect), KWS DS-CNN, person_detect's first layer (multiplier 8).
constexpr Layer kLayers[] = {{48, 48, 8, 1, 1},  {48, 48, 16, 1, 2}, {24, 24, 32, 1, 1}, {12, 12, 64, 1, 1},
                             {6, 6, 128, 1, 1},  {3, 3, 256, 1, 1},  {25, 5, 64, 1, 1},  {96, 96, 1, 8, 2}};

using Operands = variant_bench::ConvOperands<depthwise_conv_2d::DepthwiseInt8Problem>;

Operands Make(const Layer& l) {
  const conv_test::DepthwiseShape s{1, l.height, l.width, l.in_depth, l.multiplier, 3, 3, l.stride, l.stride, 1, 1,
                                    kTfLitePaddingSame};
  return variant_bench::MakeConvOperands<depthwise_conv_2d::DepthwiseInt8Problem>(s);
}

void Reference(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::BenchReference(state, o);
}

void Variant(benchmark::State& state, void (*fn)(const depthwise_conv_2d::DepthwiseInt8Problem&, void*),
             bool (*applies)(const depthwise_conv_2d::DepthwiseInt8Problem&)) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::BenchVariant(state, o, fn, applies, isa::kAvx2);
}

void Avx2(benchmark::State& state) {
  Variant(state, MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Avx2), depthwise_conv_2d::AppliesAvx2);
}
void Avx2Multiplier(benchmark::State& state) {
  Variant(state, MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Avx2Multiplier),
          depthwise_conv_2d::AppliesAvx2Multiplier);
}

// Tables prepared once (the host default: what a model's Invoke runs).
void Avx2Prepacked(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::BenchPrepackedVariant(state, o, MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Avx2),
                                       depthwise_conv_2d::AppliesAvx2, isa::kAvx2,
                                       MOTE_X86_SIMD_FN(depthwise_conv_2d::Avx2PersistentBytes),
                                       MOTE_X86_SIMD_FN(depthwise_conv_2d::PrepareAvx2));
}
constexpr uint32_t kVnni = isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl | isa::kAvx512Vnni;
void Avx512(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::BenchVariant(state, o, MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Avx512),
                              depthwise_conv_2d::AppliesAvx512, kVnni);
}
void Avx512Prepacked(benchmark::State& state) {
  Operands o = Make(kLayers[state.range(0)]);
  variant_bench::BenchPrepackedVariant(state, o, MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Avx512),
                                       depthwise_conv_2d::AppliesAvx512, kVnni,
                                       MOTE_X86_SIMD_FN(depthwise_conv_2d::Avx512PersistentBytes),
                                       MOTE_X86_SIMD_FN(depthwise_conv_2d::PrepareAvx512));
}

BENCHMARK(Reference)->Name("DepthwiseConv2DInt8/reference")->DenseRange(0, 7);
BENCHMARK(Avx2Prepacked)->Name("DepthwiseConv2DInt8/avx2-prepacked")->DenseRange(0, 6);
BENCHMARK(Avx512)->Name("DepthwiseConv2DInt8/avx512vnni")->DenseRange(0, 6);
BENCHMARK(Avx512Prepacked)->Name("DepthwiseConv2DInt8/avx512vnni-prepacked")->DenseRange(0, 6);
BENCHMARK(Avx2)->Name("DepthwiseConv2DInt8/avx2")->DenseRange(0, 6);
BENCHMARK(Avx2Multiplier)->Name("DepthwiseConv2DInt8/avx2-multiplier")->Arg(7);

}  // namespace
}  // namespace mote
