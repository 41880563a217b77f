#include "kernels/glue/broadcast.h"

#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace mote {
namespace {

RuntimeShape Shape(const std::vector<int32_t>& dims) {
  return RuntimeShape(static_cast<int>(dims.size()), dims.data());
}

// Naive broadcast: for every output index, the input element with each coordinate clamped to 0 where the
// input's (extended) dimension is 1.
std::vector<int32_t> Naive(const RuntimeShape& s1, const RuntimeShape& s2, const RuntimeShape& out,
                           const std::vector<int32_t>& a, const std::vector<int32_t>& b) {
  const int rank = out.DimensionsCount();
  const RuntimeShape e1(rank, s1);
  const RuntimeShape e2(rank, s2);
  std::vector<int32_t> result;
  std::vector<int32_t> idx(static_cast<size_t>(rank), 0);
  for (int n = 0; n < out.FlatSize(); ++n) {
    int64_t i1 = 0;
    int64_t i2 = 0;
    for (int d = 0; d < rank; ++d) {
      i1 = i1 * e1.Dims(d) + (e1.Dims(d) == 1 ? 0 : idx[static_cast<size_t>(d)]);
      i2 = i2 * e2.Dims(d) + (e2.Dims(d) == 1 ? 0 : idx[static_cast<size_t>(d)]);
    }
    result.push_back(a[static_cast<size_t>(i1)] * 1000 + b[static_cast<size_t>(i2)]);
    for (int d = rank - 1; d >= 0; --d) {
      if (++idx[static_cast<size_t>(d)] < out.Dims(d)) break;
      idx[static_cast<size_t>(d)] = 0;
    }
  }
  return result;
}

TEST(Broadcast, CompatibilityAndShape) {
  RuntimeShape out;
  EXPECT_TRUE(BroadcastShapesCompatible(Shape({1, 4, 4, 3}), Shape({3}), &out));
  EXPECT_EQ(out, Shape({1, 4, 4, 3}));
  EXPECT_TRUE(BroadcastShapesCompatible(Shape({2, 1, 3}), Shape({1, 4, 1}), &out));
  EXPECT_EQ(out, Shape({2, 4, 3}));
  EXPECT_TRUE(BroadcastShapesCompatible(Shape({}), Shape({5}), &out));
  EXPECT_EQ(out, Shape({5}));
  EXPECT_FALSE(BroadcastShapesCompatible(Shape({2, 3}), Shape({3, 2}), nullptr));
  EXPECT_FALSE(BroadcastShapesCompatible(Shape({1, 1, 1, 1, 1, 1, 1}), Shape({1}), nullptr));
  EXPECT_TRUE(SameShapeIgnoringLeadingOnes(Shape({1, 1, 4, 3}), Shape({4, 3})));
  EXPECT_FALSE(SameShapeIgnoringLeadingOnes(Shape({4, 3, 1}), Shape({4, 3})));
}

TEST(Broadcast, PlanMergesDimensions) {
  BroadcastPlanBuffer buffer;
  const BroadcastPlan& plan = buffer.plan;
  EXPECT_EQ(MakeBroadcastPlan(Shape({2, 3, 4, 5}), Shape({2, 3, 4, 5}), &buffer), &buffer.plan);
  EXPECT_EQ(plan.rank, 1);
  EXPECT_EQ(plan.dims()[0], 120);
  EXPECT_EQ(plan.bytes(), 16u);  // what one loop costs in op data
  MakeBroadcastPlan(Shape({1, 4, 4, 3}), Shape({3}), &buffer);
  ASSERT_EQ(plan.rank, 2);
  EXPECT_EQ(plan.dims()[0], 16);
  EXPECT_EQ(plan.stride(0)[0], 3);
  EXPECT_EQ(plan.stride(1)[0], 0);
  EXPECT_EQ(plan.stride(0)[1], 1);
  EXPECT_EQ(plan.stride(1)[1], 1);
  SwapBroadcastInputs(&buffer.plan);
  EXPECT_EQ(plan.stride(0)[0], 0);
  EXPECT_EQ(plan.stride(1)[0], 3);
  EXPECT_EQ(plan.dims()[1], 3);
  MakeBroadcastPlan(Shape({}), Shape({}), &buffer);
  EXPECT_EQ(plan.rank, 1);
  EXPECT_EQ(plan.dims()[0], 1);
}

TEST(Broadcast, MatchesNaiveIndexingOnRandomShapes) {
  const uint32_t seed = 20261129;
  std::printf("[ seed     ] %u\n", seed);
  std::mt19937 rng(seed);
  for (int iter = 0; iter < 2000; ++iter) {
    const int rank = static_cast<int>(rng() % 7);
    std::vector<int32_t> out_dims(static_cast<size_t>(rank));
    for (auto& d : out_dims) d = static_cast<int32_t>(1 + rng() % 4);
    auto make_input = [&](std::vector<int32_t>* dims) {
      const int drop = rank == 0 ? 0 : static_cast<int>(rng() % static_cast<uint32_t>(rank + 1));
      dims->assign(out_dims.begin() + drop, out_dims.end());
      for (auto& d : *dims)
        if (rng() % 3 == 0) d = 1;
    };
    std::vector<int32_t> d1, d2;
    make_input(&d1);
    make_input(&d2);
    const RuntimeShape s1 = Shape(d1);
    const RuntimeShape s2 = Shape(d2);
    RuntimeShape out;
    ASSERT_TRUE(BroadcastShapesCompatible(s1, s2, &out));
    std::vector<int32_t> a(static_cast<size_t>(s1.FlatSize()));
    std::vector<int32_t> b(static_cast<size_t>(s2.FlatSize()));
    for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<int32_t>(i);
    for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<int32_t>(i);
    BroadcastPlanBuffer buffer;
    const BroadcastPlan& plan = *MakeBroadcastPlan(s1, s2, &buffer);
    std::vector<int32_t> got(static_cast<size_t>(out.FlatSize()), -1);
    BroadcastBinary(plan, a.data(), b.data(), got.data(), [](int32_t x, int32_t y) { return x * 1000 + y; });
    ASSERT_EQ(got, Naive(s1, s2, out, a, b)) << "iteration " << iter;
  }
}

// The flat index into `in` (broadcast to `out`) of output element k.
int64_t NaiveIndex(const RuntimeShape& in, const RuntimeShape& out, int64_t k) {
  const int rank = out.DimensionsCount();
  const RuntimeShape e(rank, in);
  int64_t index = 0;
  int64_t stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    const int64_t coordinate = k % out.Dims(d);
    k /= out.Dims(d);
    if (e.Dims(d) != 1) index += coordinate * stride;
    stride *= e.Dims(d);
  }
  return index;
}

// Three inputs against naive indexing, ranks 0..8 (the three-input plan serves SELECT_V2).
TEST(Broadcast, TernaryMatchesNaiveIndexingOnRandomShapes) {
  const uint32_t seed = 20261201;
  std::printf("[ seed     ] %u\n", seed);
  std::mt19937 rng(seed);
  for (int iter = 0; iter < 2000; ++iter) {
    const int rank = static_cast<int>(rng() % 9);
    std::vector<int32_t> out_dims(static_cast<size_t>(rank));
    for (auto& d : out_dims) d = static_cast<int32_t>(1 + rng() % 3);
    std::vector<int32_t> dims[3];
    for (auto& in : dims) {
      const int drop = rank == 0 ? 0 : static_cast<int>(rng() % static_cast<uint32_t>(rank + 1));
      in.assign(out_dims.begin() + drop, out_dims.end());
      for (auto& d : in)
        if (rng() % 3 == 0) d = 1;
    }
    const RuntimeShape s[3] = {Shape(dims[0]), Shape(dims[1]), Shape(dims[2])};
    RuntimeShape out;
    ASSERT_TRUE(BroadcastShapesCompatible3(s[0], s[1], s[2], &out, kMaxPlanRank));
    std::vector<int32_t> data[3];
    for (int n = 0; n < 3; ++n) {
      data[n].resize(static_cast<size_t>(s[n].FlatSize()));
      for (size_t i = 0; i < data[n].size(); ++i) data[n][i] = static_cast<int32_t>(i);
    }
    TernaryBroadcastPlanBuffer buffer;
    const TernaryBroadcastPlan& plan = *MakeTernaryBroadcastPlan(s[0], s[1], s[2], &buffer);
    std::vector<int64_t> got(static_cast<size_t>(out.FlatSize()), -1);
    BroadcastTernary(plan, data[0].data(), data[1].data(), data[2].data(), got.data(),
                     [](int32_t x, int32_t y, int32_t z) { return (int64_t{x} << 40) | (int64_t{y} << 20) | z; });
    for (int64_t k = 0; k < out.FlatSize(); ++k) {
      const int64_t expected = (NaiveIndex(s[0], out, k) << 40) | (NaiveIndex(s[1], out, k) << 20) |
                               NaiveIndex(s[2], out, k);
      ASSERT_EQ(got[static_cast<size_t>(k)], expected) << "iteration " << iter << " element " << k;
    }
  }
  EXPECT_FALSE(BroadcastShapesCompatible3(Shape({2, 3}), Shape({3}), Shape({2, 1, 1, 1, 1, 1, 1, 2}), nullptr, 7));
}

}  // namespace
}  // namespace mote
