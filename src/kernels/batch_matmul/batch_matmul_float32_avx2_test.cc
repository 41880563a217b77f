// BATCH_MATMUL float32 AVX2 + FMA variant against the reference (reference::BatchMatMulFloat) on random shapes,
// adj_x / adj_y and broadcast batches from a printed, replayable seed, within the reordered-sum bound of
// tests/support/float_tolerance.h (S from the reference run on |lhs|, |rhs|); and the dispatch under masks.
//
// Tile facts (batch_matmul_float32_avx2.cc): rows along n in blocks of 16, then 8 with a masked tail; rows along
// k (adj_y) in 8-lane steps with a masked tail.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/batch_matmul/batch_matmul_reference.h"
#include "kernels/batch_matmul/batch_matmul_variants.h"
#include "kernels/dispatch/variant.h"
#include "support/float_tolerance.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

// nullptr where the AVX2 files are not compiled in (other architectures, MOTE_X86_SIMD=OFF).
constexpr void (*kAvx2)(const batch_matmul::BatchMatMulFloatProblem&, void*) =
    MOTE_X86_SIMD_FN(batch_matmul::BatchMatMulFloatAvx2);

bool RunnableHere() { return kAvx2 != nullptr && variant_test::CpuHas(isa::kAvx2 | isa::kFma); }

// lhs batches bl[3], rhs batches br[3] (each dim equal or 1), m x k times k x n.
void CheckShape(const int (&bl)[3], const int (&br)[3], int m, int n, int k, bool adj_x, bool adj_y, uint64_t seed) {
  std::mt19937_64 rng(seed);
  reference::BatchMatMulParams p{};
  p.m = m;
  p.n = n;
  p.k = k;
  p.adj_x = adj_x;
  p.adj_y = adj_y;
  int64_t lhs_size = int64_t{m} * k, rhs_size = int64_t{k} * n;
  for (int i = 2; i >= 0; --i) {
    p.batch[i] = bl[i] > br[i] ? bl[i] : br[i];
    p.lhs_batch_stride[i] = bl[i] == 1 ? 0 : lhs_size;
    p.rhs_batch_stride[i] = br[i] == 1 ? 0 : rhs_size;
    lhs_size *= bl[i];
    rhs_size *= br[i];
  }
  const std::vector<float> lhs = float_test::RandomFloats(rng, lhs_size);
  const std::vector<float> rhs = float_test::RandomFloats(rng, rhs_size);
  const size_t out_size = size_t(p.batch[0]) * p.batch[1] * p.batch[2] * m * n;
  std::vector<float> want(out_size), abs_sum(out_size), got(out_size + 8, -7.0f);
  reference::BatchMatMulFloat(p, lhs.data(), rhs.data(), want.data());
  reference::BatchMatMulFloat(p, float_test::Abs(lhs).data(), float_test::Abs(rhs).data(), abs_sum.data());
  kAvx2({p, lhs.data(), rhs.data(), got.data()}, nullptr);
  for (size_t i = out_size; i < got.size(); ++i) ASSERT_EQ(got[i], -7.0f) << "wrote past the output";
  got.resize(out_size);
  EXPECT_TRUE(float_test::WithinReorderBound(want, got, abs_sum, k))
      << "[" << bl[0] << "," << bl[1] << "," << bl[2] << "] x [" << br[0] << "," << br[1] << "," << br[2] << "] "
      << m << "x" << k << " * " << k << "x" << n << " adj_x " << adj_x << " adj_y " << adj_y << " (seed " << seed
      << ")";
}

TEST(BatchMatMulFloatAvx2, MatchesReference) {
  if (!RunnableHere()) GTEST_SKIP() << "AVX2 + FMA variant not compiled in or not on this CPU";
  const uint64_t seed = variant_test::BaseSeed();
  const std::vector<int> sizes = {1, 2, 3, 7, 8, 9, 15, 16, 17, 24, 31, 33, 40};
  for (int i = 0; i < 400; ++i) {
    variant_test::Rng rng(variant_test::CaseSeed(seed, i));
    int bl[3], br[3];
    for (int d = 0; d < 3; ++d) {
      const int b = rng.Int(1, 3);
      const int which = rng.Int(0, 2);  // both, lhs only, rhs only
      bl[d] = which == 2 ? 1 : b;
      br[d] = which == 1 ? 1 : b;
    }
    const bool adj_x = rng.Int(0, 1) == 1;
    const bool adj_y = !adj_x && rng.Int(0, 1) == 1;  // both: the reference (AppliesAvx2Float)
    CheckShape(bl, br, rng.Pick(sizes), rng.Pick(sizes), rng.Pick(sizes), adj_x, adj_y, variant_test::CaseSeed(seed, i));
    if (HasFailure()) return;
  }
  // attention_tokens_float32's two products (4 x 2 heads, 8 x 8 x 8), and a deep one.
  CheckShape({1, 4, 2}, {1, 4, 2}, 8, 8, 8, false, true, seed + 1);
  CheckShape({1, 4, 2}, {1, 4, 2}, 8, 8, 8, false, false, seed + 2);
  CheckShape({1, 1, 1}, {1, 1, 1}, 5, 70, 1000, false, false, seed + 3);
}

TEST(BatchMatMulFloatAvx2, LeavesBothTransposedToTheReference) {
  reference::BatchMatMulParams p{};
  p.adj_x = p.adj_y = true;
  EXPECT_FALSE(batch_matmul::AppliesAvx2Float({p, nullptr, nullptr, nullptr}));
  p.adj_y = false;
  EXPECT_TRUE(batch_matmul::AppliesAvx2Float({p, nullptr, nullptr, nullptr}));
}

}  // namespace
}  // namespace mote
