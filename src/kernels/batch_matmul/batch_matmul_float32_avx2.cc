// BATCH_MATMUL float32, AVX2 + FMA (contract in batch_matmul_variants.h).
#include <immintrin.h>

#include <cstdint>

#include "kernels/batch_matmul/batch_matmul_variants.h"
#include "kernels/simd/dot_f32_avx2.h"

namespace mote {
namespace batch_matmul {
namespace {

// rhs [K, N]: out[m, :] = sum_k lhs[m, k] * rhs[k, :], lhs[m, k] at m * lhs_m + k * lhs_k.
void MatMulRowsAlongN(const reference::BatchMatMulParams& p, const float* lhs, const float* rhs, float* out) {
  const int64_t lhs_m = p.adj_x ? 1 : p.k;
  const int64_t lhs_k = p.adj_x ? p.m : 1;
  for (int32_t m = 0; m < p.m; ++m) {
    const float* a = lhs + m * lhs_m;
    float* o = out + static_cast<int64_t>(m) * p.n;
    int32_t n = 0;
    for (; n + 16 <= p.n; n += 16) {
      __m256 acc0 = _mm256_setzero_ps();
      __m256 acc1 = _mm256_setzero_ps();
      for (int32_t k = 0; k < p.k; ++k) {
        const __m256 x = _mm256_broadcast_ss(a + k * lhs_k);
        const float* b = rhs + static_cast<int64_t>(k) * p.n + n;
        acc0 = _mm256_fmadd_ps(x, _mm256_loadu_ps(b), acc0);
        acc1 = _mm256_fmadd_ps(x, _mm256_loadu_ps(b + 8), acc1);
      }
      _mm256_storeu_ps(o + n, acc0);
      _mm256_storeu_ps(o + n + 8, acc1);
    }
    for (; n < p.n; n += 8) {
      const int count = p.n - n < 8 ? p.n - n : 8;
      const __m256i mask = simd::FirstLanesMask(count);
      __m256 acc = _mm256_setzero_ps();
      for (int32_t k = 0; k < p.k; ++k) {
        const __m256 x = _mm256_broadcast_ss(a + k * lhs_k);
        acc = _mm256_fmadd_ps(x, _mm256_maskload_ps(rhs + static_cast<int64_t>(k) * p.n + n, mask), acc);
      }
      _mm256_maskstore_ps(o + n, mask, acc);
    }
  }
}

// rhs [N, K] and lhs [M, K]: out[m, n] = dot(lhs row m, rhs row n).
void MatMulRowsAlongK(const reference::BatchMatMulParams& p, const float* lhs, const float* rhs, float* out) {
  const int32_t tail = p.k % 8;
  const __m256i mask = simd::FirstLanesMask(tail == 0 ? 8 : tail);
  for (int32_t m = 0; m < p.m; ++m) {
    const float* a = lhs + static_cast<int64_t>(m) * p.k;
    for (int32_t n = 0; n < p.n; ++n) {
      const float* b = rhs + static_cast<int64_t>(n) * p.k;
      __m256 acc = _mm256_setzero_ps();
      int32_t k = 0;
      for (; k + 8 <= p.k; k += 8) acc = _mm256_fmadd_ps(_mm256_loadu_ps(a + k), _mm256_loadu_ps(b + k), acc);
      if (tail != 0) acc = _mm256_fmadd_ps(_mm256_maskload_ps(a + k, mask), _mm256_maskload_ps(b + k, mask), acc);
      out[static_cast<int64_t>(m) * p.n + n] = simd::HorizontalSum(acc);
    }
  }
}

}  // namespace

void BatchMatMulFloatAvx2(const BatchMatMulFloatProblem& problem, void*) {
  const reference::BatchMatMulParams& p = problem.params;
  const int64_t out_matrix = static_cast<int64_t>(p.m) * p.n;
  float* out = problem.output;
  for (int32_t b0 = 0; b0 < p.batch[0]; ++b0) {
    for (int32_t b1 = 0; b1 < p.batch[1]; ++b1) {
      for (int32_t b2 = 0; b2 < p.batch[2]; ++b2) {
        const float* lhs =
            problem.lhs + b0 * p.lhs_batch_stride[0] + b1 * p.lhs_batch_stride[1] + b2 * p.lhs_batch_stride[2];
        const float* rhs =
            problem.rhs + b0 * p.rhs_batch_stride[0] + b1 * p.rhs_batch_stride[1] + b2 * p.rhs_batch_stride[2];
        if (p.adj_y) {
          MatMulRowsAlongK(p, lhs, rhs, out);
        } else {
          MatMulRowsAlongN(p, lhs, rhs, out);
        }
        out += out_matrix;
      }
    }
  }
}

}  // namespace batch_matmul
}  // namespace mote
