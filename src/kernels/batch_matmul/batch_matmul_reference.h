// Reference BATCH_MATMUL, bit-exact with TFLM's reference kernel.
//
// output[b, m, n] = sum over k of lhs[b, m, k] * rhs[b, k, n], k ascending from a zero total (the order of
// TFLM's float sums), with adj_x / adj_y reading lhs as [.., K, M] / rhs as [.., N, K]. Batch dimensions (up to
// three, right-aligned) broadcast where one side has 1. TFLM transposes operands into persistent copies first
// (a constant RHS once); reading them with strides gives the same products in the same order, so mote needs
// no copy. Quantized: (lhs - lhs_zp) * (rhs - rhs_zp) summed in int32 (int8, wrapping as TFLM) or int64
// (int16), requantized with one multiplier, plus the output zero point, clamped to the type.
//
// Preconditions (checked by prepare): ranks 2..5, batch dims equal or 1, matching depth K, output
// [broadcast batches.., M, N]; int16 zero points 0; shift <= 14 for int16 (the int64 requantization).
#ifndef MOTE_KERNELS_BATCH_MATMUL_BATCH_MATMUL_REFERENCE_H_
#define MOTE_KERNELS_BATCH_MATMUL_BATCH_MATMUL_REFERENCE_H_

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "kernels/quantization/hybrid_quantize.h"
#include "kernels/batch_matmul/batch_matmul_params.h"
#include "kernels/quantization/integer_arithmetic.h"

namespace mote {
namespace reference {

namespace internal {

// fn(lhs matrix offset, rhs matrix offset, output matrix offset) for every batch, in output order.
template <typename Fn>
inline void ForEachBatch(const BatchMatMulParams& p, Fn fn) {
  const int64_t out_matrix = static_cast<int64_t>(p.m) * p.n;
  int64_t out = 0;
  for (int32_t b0 = 0; b0 < p.batch[0]; ++b0) {
    for (int32_t b1 = 0; b1 < p.batch[1]; ++b1) {
      for (int32_t b2 = 0; b2 < p.batch[2]; ++b2) {
        const int64_t lhs = b0 * p.lhs_batch_stride[0] + b1 * p.lhs_batch_stride[1] + b2 * p.lhs_batch_stride[2];
        const int64_t rhs = b0 * p.rhs_batch_stride[0] + b1 * p.rhs_batch_stride[1] + b2 * p.rhs_batch_stride[2];
        fn(lhs, rhs, out);
        out += out_matrix;
      }
    }
  }
}

// One output matrix: out[m * N + n] = finish(sum_k (lhs[m, k] + lhs_offset) * (rhs[k, n] + rhs_offset)).
template <typename Acc, typename T, typename Out, typename Finish>
inline void MatMul(const BatchMatMulParams& p, const T* lhs, const T* rhs, Out* out, int32_t lhs_offset,
                   int32_t rhs_offset, Finish finish) {
  const int64_t lhs_m = p.adj_x ? 1 : p.k;  // element steps along m and k
  const int64_t lhs_k = p.adj_x ? p.m : 1;
  const int64_t rhs_k = p.adj_y ? 1 : p.n;
  const int64_t rhs_n = p.adj_y ? p.k : 1;
  for (int32_t m = 0; m < p.m; ++m) {
    for (int32_t n = 0; n < p.n; ++n) {
      Acc total = 0;
      for (int32_t k = 0; k < p.k; ++k) {
        const Acc a = static_cast<Acc>(lhs[m * lhs_m + k * lhs_k]) + static_cast<Acc>(lhs_offset);
        const Acc b = static_cast<Acc>(rhs[k * rhs_k + n * rhs_n]) + static_cast<Acc>(rhs_offset);
        if constexpr (std::is_integral<Acc>::value) {
          total = WrappingAdd(total, static_cast<Acc>(b * a));
        } else {
          total += b * a;
        }
      }
      out[static_cast<int64_t>(m) * p.n + n] = finish(total);
    }
  }
}

}  // namespace internal

// Without adj_y the rhs rows run along n, so each output row is accumulated one k at a time over all of its n
// (contiguous, vectorisable): every output still sums its products from zero in ascending k, as MatMul does,
// so the two give the same floats.
inline void BatchMatMulFloat(const BatchMatMulParams& p, const float* lhs, const float* rhs, float* output) {
  const int64_t lhs_m = p.adj_x ? 1 : p.k;
  const int64_t lhs_k = p.adj_x ? p.m : 1;
  internal::ForEachBatch(p, [&](int64_t l, int64_t r, int64_t o) {
    if (p.adj_y) {
      internal::MatMul<float>(p, lhs + l, rhs + r, output + o, 0, 0, [](float total) { return total; });
      return;
    }
    for (int32_t m = 0; m < p.m; ++m) {
      float* out = output + o + static_cast<int64_t>(m) * p.n;
      for (int32_t n = 0; n < p.n; ++n) out[n] = 0.0f;
      for (int32_t k = 0; k < p.k; ++k) {
        const float a = lhs[l + m * lhs_m + k * lhs_k];
        const float* b = rhs + r + static_cast<int64_t>(k) * p.n;
        for (int32_t n = 0; n < p.n; ++n) out[n] += b[n] * a;
      }
    }
  });
}

// T = int8_t (Acc int32_t) or int16_t (Acc int64_t).
template <typename T, typename Acc>
inline void BatchMatMulQuantized(const BatchMatMulParams& p, const T* lhs, const T* rhs, T* output) {
  const auto finish = [&p](Acc total) {
    int32_t scaled = MultiplyByQuantizedMultiplier(total, p.output_multiplier, p.output_shift);
    scaled = WrappingAdd(scaled, p.output_offset);
    return static_cast<T>(std::min(std::max(scaled, p.activation_min), p.activation_max));
  };
  internal::ForEachBatch(p, [&](int64_t l, int64_t r, int64_t o) {
    internal::MatMul<Acc>(p, lhs + l, rhs + r, output + o, p.lhs_offset, p.rhs_offset, finish);
  });
}

// Hybrid (beyond TFLM, as LiteRT's EvalHybrid on its reference path): FLOAT32 lhs and output, INT8 rhs with one
// scale and zero point 0. Each lhs row (m, read through adj_x) is quantized on its own (QuantizeRow,
// kernels/quantization/hybrid_quantize.h: symmetric, or asymmetric with asymmetric_quantize_inputs), then
// out[m, n] = float(sum_k rhs[k, n] * (q[k] - zero_point)) * (row_scale * rhs_scale) (no bias, no activation).
// Scratch: `row` (k floats, the gathered row) and `quantized` (k bytes).
struct BatchMatMulHybridParams {
  bool asymmetric;
  float rhs_scale;
};

inline void BatchMatMulHybrid(const BatchMatMulParams& p, const BatchMatMulHybridParams& h, const float* lhs,
                              const int8_t* rhs, float* row, int8_t* quantized, float* output) {
  const int64_t lhs_m = p.adj_x ? 1 : p.k;
  const int64_t lhs_k = p.adj_x ? p.m : 1;
  const int64_t rhs_k = p.adj_y ? 1 : p.n;
  const int64_t rhs_n = p.adj_y ? p.k : 1;
  internal::ForEachBatch(p, [&](int64_t l, int64_t r, int64_t o) {
    for (int32_t m = 0; m < p.m; ++m) {
      for (int32_t k = 0; k < p.k; ++k) row[k] = lhs[l + m * lhs_m + k * lhs_k];
      const RowQuantization rq = QuantizeRow(h.asymmetric, row, p.k, quantized);
      const float scale = rq.scale * h.rhs_scale;
      for (int32_t n = 0; n < p.n; ++n) {
        int32_t acc = 0;
        for (int32_t k = 0; k < p.k; ++k) {
          acc += static_cast<int32_t>(rhs[r + k * rhs_k + n * rhs_n]) * (quantized[k] - rq.zero_point);
        }
        output[o + static_cast<int64_t>(m) * p.n + n] = static_cast<float>(acc) * scale;
      }
    }
  });
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_BATCH_MATMUL_BATCH_MATMUL_REFERENCE_H_
