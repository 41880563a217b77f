// mote::XnnpackDelegate (mote/xnnpack_delegate.h) against mote's own float kernels.
//
// Every claimed op and parameter combination runs as a one-op model with random shapes and data, once on mote's
// kernels and once through the delegate; outputs must agree within |x - ref| <= 1e-4 + 1e-4 * |ref| (XNNPACK's
// float arithmetic: other summation orders, polynomial exp/sigmoid). The seed is printed and replayable with
// MOTE_TEST_SEED=N. Then: graphs with an unclaimed op in the middle, the project's float models (against their
// oracle outputs), multiple invokes, threads, options, failures at each XNNPACK step, and both destruction orders.
#include "mote/xnnpack_delegate.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mote/c/builtin_ops.h"
#include "mote/host_interpreter.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/golden.h"
#include "support/model_builder.h"
#include "xnnpack/xnnpack_test_util.h"

namespace mote {
namespace {

using schema::ActivationFunctionType;
using schema::BuiltinOperator;
using schema::BuiltinOptions;
using test::AlignedBuffer;
using test::AlignedModel;
using test::ModelBuilder;

constexpr schema::TensorType kF32 = schema::TensorType_FLOAT32;
using xnnpack_test::kArenaBytes;

struct LogCapture {
  LogCapture() { SetLogSink(Sink, this); }
  ~LogCapture() { SetLogSink(nullptr, nullptr); }
  static void Sink(void* user, const char* m) { static_cast<LogCapture*>(user)->text += std::string(m) + "\n"; }
  bool Has(const std::string& s) const { return text.find(s) != std::string::npos; }
  std::string text;
};

uint32_t Seed() { return xnnpack_test::Seed(20261202u); }

bool Close(float ref, float got) {
  if (std::isnan(ref) || std::isnan(got)) return std::isnan(ref) && std::isnan(got);
  if (std::isinf(ref) || std::isinf(got)) return ref == got;
  return std::fabs(ref - got) <= 1e-4f + 1e-4f * std::fabs(ref);
}

using xnnpack_test::Fill;
using xnnpack_test::RunModel;
using xnnpack_test::RunResult;

Fill RandomFill(uint32_t seed, float lo, float hi) {
  return [=](size_t k, TfLiteTensor* t) {
    std::mt19937 rng(seed + static_cast<uint32_t>(k) * 7919u);
    std::uniform_real_distribution<float> u(lo, hi);
    const size_t n = t->bytes / sizeof(float);
    for (size_t i = 0; i < n; ++i) t->data.f[i] = u(rng);
  };
}

void ExpectOutputsClose(const RunResult& ref, const RunResult& got) {
  ASSERT_TRUE(ref.ok);
  ASSERT_TRUE(got.ok);
  ASSERT_EQ(ref.outputs.size(), got.outputs.size());
  for (size_t k = 0; k < ref.outputs.size(); ++k) {
    ASSERT_EQ(ref.outputs[k].size(), got.outputs[k].size());
    if (ref.types[k] != kTfLiteFloat32) {
      EXPECT_EQ(ref.outputs[k], got.outputs[k]) << "output " << k;
      continue;
    }
    const auto* a = reinterpret_cast<const float*>(ref.outputs[k].data());
    const auto* b = reinterpret_cast<const float*>(got.outputs[k].data());
    size_t bad = 0;
    for (size_t i = 0; i < ref.outputs[k].size() / sizeof(float); ++i) {
      if (!Close(a[i], b[i]) && bad++ < 5) ADD_FAILURE() << "output " << k << "[" << i << "]: " << a[i] << " vs " << b[i];
    }
  }
}

// A one-op float model. Inputs: runtime (data empty, graph input) or constant (float data, or int32 `ints`).
struct In {
  std::vector<int> shape;
  std::vector<float> data;
  std::vector<int32_t> ints;
  bool constant = false;
};
In Act(std::vector<int> shape) { return In{std::move(shape), {}, {}, false}; }
In Weights(std::vector<int> shape, std::mt19937* rng) {
  size_t n = 1;
  for (int d : shape) n *= static_cast<size_t>(d);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (float& x : v) x = u(*rng);
  return In{std::move(shape), std::move(v), {}, true};
}
In Ints(std::vector<int> shape, std::vector<int32_t> values) { return In{std::move(shape), {}, std::move(values), true}; }

using Options = std::function<std::pair<BuiltinOptions, flatbuffers::Offset<void>>(flatbuffers::FlatBufferBuilder&)>;

AlignedModel OneOp(BuiltinOperator op, const std::vector<In>& ins, std::vector<int> out_shape,
                   const Options& options = nullptr) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(op);
  std::vector<int> inputs, graph_inputs;
  for (const In& in : ins) {
    if (in.shape.empty() && !in.constant && in.data.empty()) {
      inputs.push_back(-1);
      continue;
    }
    int t;
    if (!in.ints.empty()) {
      t = b.AddConstTensor<int32_t>(schema::TensorType_INT32, in.shape, in.ints);
    } else if (in.constant) {
      t = b.AddConstTensor<float>(kF32, in.shape, in.data);
    } else {
      t = b.AddTensor(kF32, in.shape);
      graph_inputs.push_back(t);
    }
    inputs.push_back(t);
  }
  const int out = b.AddTensor(kF32, std::move(out_shape));
  if (options) {
    auto o = options(b.fbb());
    b.AddOperator(code, inputs, {out}, o.first, o.second);
  } else {
    b.AddOperator(code, inputs, {out});
  }
  b.SetInputs(graph_inputs);
  b.SetOutputs({out});
  return AlignedModel(b.Finish());
}

// Runs the model on mote's kernels and through a fresh delegate; expects `claimed` nodes taken.
void CheckDelegated(const AlignedModel& model, size_t claimed, uint32_t seed, float lo = -2.0f, float hi = 2.0f) {
  const Fill fill = RandomFill(seed, lo, hi);
  const RunResult ref = RunModel(model, nullptr, fill);
  auto delegate = XnnpackDelegate::Create();
  ASSERT_NE(delegate, nullptr);
  const RunResult got = RunModel(model, delegate->tflite_delegate(), fill);
  EXPECT_EQ(got.delegated, kTfLiteOk);
  EXPECT_EQ(delegate->claimed_nodes().size(), claimed);
  ExpectOutputsClose(ref, got);
}

// The node is left to mote, with `reason` in the delegate's decision.
void CheckNotClaimed(const AlignedModel& model, const std::string& reason) {
  auto delegate = XnnpackDelegate::Create();
  ASSERT_NE(delegate, nullptr);
  const RunResult got = RunModel(model, delegate->tflite_delegate(), RandomFill(1, -1, 1));
  ASSERT_TRUE(got.ok);
  EXPECT_TRUE(delegate->claimed_nodes().empty());
  ASSERT_FALSE(delegate->decisions().empty());
  EXPECT_NE(delegate->decisions()[0].reason.find(reason), std::string::npos) << delegate->decisions()[0].reason;
}

const ActivationFunctionType kActivations[] = {
    schema::ActivationFunctionType_NONE, schema::ActivationFunctionType_RELU,
    schema::ActivationFunctionType_RELU6, schema::ActivationFunctionType_RELU_N1_TO_1};

class XnnpackOps : public ::testing::Test {
 protected:
  void SetUp() override { std::printf("MOTE_TEST_SEED=%u\n", seed_); }
  int R(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  uint32_t seed_ = Seed();
  std::mt19937 rng_{seed_};
};

TEST_F(XnnpackOps, FullyConnected) {
  for (ActivationFunctionType act : kActivations) {
    for (bool keep : {false, true}) {
      for (bool bias : {false, true}) {
        const int batch = R(1, 4), depth = R(1, 40), units = R(1, 33);
        SCOPED_TRACE(testing::Message() << "act " << act << " keep " << keep << " bias " << bias << " batch " << batch
                                        << " depth " << depth << " units " << units);
        std::vector<In> ins = {Act({batch, 1, depth}), Weights({units, depth}, &rng_)};
        ins.push_back(bias ? Weights({units}, &rng_) : In{});
        std::vector<int> out = keep ? std::vector<int>{batch, 1, units} : std::vector<int>{batch, units};
        CheckDelegated(OneOp(schema::BuiltinOperator_FULLY_CONNECTED, ins, out,
                             [&](flatbuffers::FlatBufferBuilder& f) {
                               return std::make_pair(BuiltinOptions(schema::BuiltinOptions_FullyConnectedOptions),
                                                     schema::CreateFullyConnectedOptions(
                                                         f, act, schema::FullyConnectedOptionsWeightsFormat_DEFAULT,
                                                         keep)
                                                         .Union());
                             }),
                       1, seed_ + R(0, 1000));
      }
    }
  }
}

int OutSize(int in, int filter, int stride, int dilation, bool same) {
  const int effective = (filter - 1) * dilation + 1;
  return same ? (in + stride - 1) / stride : (in - effective + stride) / stride;
}

TEST_F(XnnpackOps, Conv2DAndDepthwise) {
  for (int depthwise = 0; depthwise < 2; ++depthwise) {
    for (int round = 0; round < 12; ++round) {
      const bool same = R(0, 1) == 1;
      const int kh = R(1, 3), kw = R(1, 3), sh = R(1, 2), sw = R(1, 2), dh = R(1, 2), dw = R(1, 2);
      const int h = R(kh * dh + 1, 11), w = R(kw * dw + 1, 11), c = R(1, 6);
      const int multiplier = R(1, 2), oc = depthwise ? c * multiplier : R(1, 9);
      const ActivationFunctionType act = kActivations[R(0, 3)];
      const bool bias = R(0, 1) == 1;
      const int oh = OutSize(h, kh, sh, dh, same), ow = OutSize(w, kw, sw, dw, same);
      SCOPED_TRACE(testing::Message() << (depthwise ? "depthwise" : "conv") << " in " << h << "x" << w << "x" << c
                                      << " k " << kh << "x" << kw << " s " << sh << "," << sw << " d " << dh << ","
                                      << dw << " same " << same << " oc " << oc << " act " << act);
      std::vector<In> ins = {Act({1, h, w, c}),
                             depthwise ? Weights({1, kh, kw, oc}, &rng_) : Weights({oc, kh, kw, c}, &rng_)};
      ins.push_back(bias ? Weights({oc}, &rng_) : In{});
      const auto padding = same ? schema::Padding_SAME : schema::Padding_VALID;
      Options options;
      if (depthwise) {
        options = [&](flatbuffers::FlatBufferBuilder& f) {
          return std::make_pair(BuiltinOptions(schema::BuiltinOptions_DepthwiseConv2DOptions),
                                schema::CreateDepthwiseConv2DOptions(f, padding, sw, sh, multiplier, act, dw, dh).Union());
        };
      } else {
        options = [&](flatbuffers::FlatBufferBuilder& f) {
          return std::make_pair(BuiltinOptions(schema::BuiltinOptions_Conv2DOptions),
                                schema::CreateConv2DOptions(f, padding, sw, sh, act, dw, dh).Union());
        };
      }
      CheckDelegated(OneOp(depthwise ? schema::BuiltinOperator_DEPTHWISE_CONV_2D : schema::BuiltinOperator_CONV_2D,
                           ins, {1, oh, ow, oc}, options),
                     1, seed_ + round);
    }
  }
}

TEST_F(XnnpackOps, TransposeConv) {
  for (int round = 0; round < 12; ++round) {
    const bool same = R(0, 1) == 1;
    const int kh = R(1, 4), kw = R(1, 4), sh = R(1, 3), sw = R(1, 3);
    const int h = R(1, 6), w = R(1, 6), ic = R(1, 5), oc = R(1, 6);
    // TFLite's converter writes these output sizes: SAME in * stride, VALID (in - 1) * stride + kernel.
    const int oh = same ? h * sh : (h - 1) * sh + kh, ow = same ? w * sw : (w - 1) * sw + kw;
    const bool bias = R(0, 1) == 1;
    SCOPED_TRACE(testing::Message() << "in " << h << "x" << w << "x" << ic << " k " << kh << "x" << kw << " s " << sh
                                    << "," << sw << " same " << same << " oc " << oc << " bias " << bias);
    std::vector<In> ins = {Ints({4}, {1, oh, ow, oc}), Weights({oc, kh, kw, ic}, &rng_), Act({1, h, w, ic})};
    if (bias) ins.push_back(Weights({oc}, &rng_));
    // SAME with a kernel smaller than the stride leaves more than XNNPACK's adjustment can: not claimed.
    const bool claimable = !same || std::max(0, (h - 1) * sh + kh - oh) > 0 || oh - ((h - 1) * sh + kh) < sh;
    const bool claimable_w = !same || std::max(0, (w - 1) * sw + kw - ow) > 0 || ow - ((w - 1) * sw + kw) < sw;
    CheckDelegated(OneOp(schema::BuiltinOperator_TRANSPOSE_CONV, ins, {1, oh, ow, oc},
                         [&](flatbuffers::FlatBufferBuilder& f) {
                           return std::make_pair(BuiltinOptions(schema::BuiltinOptions_TransposeConvOptions),
                                                 schema::CreateTransposeConvOptions(
                                                     f, same ? schema::Padding_SAME : schema::Padding_VALID, sw, sh)
                                                     .Union());
                         }),
                   claimable && claimable_w ? 1 : 0, seed_ + round);
  }
}

TEST_F(XnnpackOps, BinaryWithBroadcastAndActivation) {
  const BuiltinOperator ops[] = {schema::BuiltinOperator_ADD,     schema::BuiltinOperator_SUB,
                                 schema::BuiltinOperator_MUL,     schema::BuiltinOperator_DIV,
                                 schema::BuiltinOperator_MAXIMUM, schema::BuiltinOperator_MINIMUM,
                                 schema::BuiltinOperator_SQUARED_DIFFERENCE};
  for (BuiltinOperator op : ops) {
    for (int round = 0; round < 4; ++round) {
      const int n = R(1, 2), h = R(1, 5), w = R(1, 5), c = R(1, 7);
      std::vector<int> a = {n, h, w, c}, b = {n, h, w, c};
      if (round == 1) b = {c};             // channel broadcast
      if (round == 2) b = {1, h, 1, c};    // broadcast along W
      if (round == 3) b = {1};             // scalar-like
      const bool constant_b = R(0, 1) == 1;
      const ActivationFunctionType act = kActivations[R(0, 3)];
      SCOPED_TRACE(testing::Message() << schema::EnumNameBuiltinOperator(op) << " round " << round << " act " << act
                                      << " constant b " << constant_b);
      Options options;
      switch (op) {
        case schema::BuiltinOperator_ADD:
          options = [&](flatbuffers::FlatBufferBuilder& f) {
            return std::make_pair(BuiltinOptions(schema::BuiltinOptions_AddOptions),
                                  schema::CreateAddOptions(f, act).Union());
          };
          break;
        case schema::BuiltinOperator_SUB:
          options = [&](flatbuffers::FlatBufferBuilder& f) {
            return std::make_pair(BuiltinOptions(schema::BuiltinOptions_SubOptions),
                                  schema::CreateSubOptions(f, act).Union());
          };
          break;
        case schema::BuiltinOperator_MUL:
          options = [&](flatbuffers::FlatBufferBuilder& f) {
            return std::make_pair(BuiltinOptions(schema::BuiltinOptions_MulOptions),
                                  schema::CreateMulOptions(f, act).Union());
          };
          break;
        case schema::BuiltinOperator_DIV:
          options = [&](flatbuffers::FlatBufferBuilder& f) {
            return std::make_pair(BuiltinOptions(schema::BuiltinOptions_DivOptions),
                                  schema::CreateDivOptions(f, act).Union());
          };
          break;
        default:
          break;
      }
      In second = constant_b ? Weights(b, &rng_) : Act(b);
      if (op == schema::BuiltinOperator_DIV && constant_b)
        for (float& x : second.data) x = x < 0 ? x - 0.5f : x + 0.5f;  // away from 0
      // DIV with a runtime divisor: inputs drawn from [0.5, 2].
      const float lo = op == schema::BuiltinOperator_DIV ? 0.5f : -2.0f;
      CheckDelegated(OneOp(op, {Act(a), second}, a, options), 1, seed_ + round, lo, 2.0f);
    }
  }
}

TEST_F(XnnpackOps, Pooling) {
  for (int max_pool = 0; max_pool < 2; ++max_pool) {
    for (int round = 0; round < 10; ++round) {
      const bool same = R(0, 1) == 1;
      int fh = R(1, 3), fw = R(1, 3), sh = R(1, 2), sw = R(1, 2);
      if (round == 0) fh = fw = sh = sw = 1;  // the identity window (a clamp in XNNPACK)
      const int h = R(fh, 9), w = R(fw, 9), c = R(1, 5);
      const ActivationFunctionType act = kActivations[R(0, 3)];
      const int oh = OutSize(h, fh, sh, 1, same), ow = OutSize(w, fw, sw, 1, same);
      SCOPED_TRACE(testing::Message() << (max_pool ? "max" : "avg") << " " << h << "x" << w << " f " << fh << "x"
                                      << fw << " s " << sh << "," << sw << " same " << same << " act " << act);
      const bool claimable = !(fh == 1 && fw == 1 && (sh != 1 || sw != 1));
      CheckDelegated(OneOp(max_pool ? schema::BuiltinOperator_MAX_POOL_2D : schema::BuiltinOperator_AVERAGE_POOL_2D,
                           {Act({1, h, w, c})}, {1, oh, ow, c},
                           [&](flatbuffers::FlatBufferBuilder& f) {
                             return std::make_pair(BuiltinOptions(schema::BuiltinOptions_Pool2DOptions),
                                                   schema::CreatePool2DOptions(f, same ? schema::Padding_SAME
                                                                                       : schema::Padding_VALID,
                                                                               sw, sh, fw, fh, act)
                                                       .Union());
                           }),
                     claimable ? 1 : 0, seed_ + round);
    }
  }
}

TEST_F(XnnpackOps, MeanPadReshapeResizeDepthToSpace) {
  const int h = R(1, 6), w = R(1, 6), c = R(1, 8);
  for (bool keep : {true, false}) {
    CheckDelegated(OneOp(schema::BuiltinOperator_MEAN, {Act({2, h, w, c}), Ints({2}, {1, 2})},
                         keep ? std::vector<int>{2, 1, 1, c} : std::vector<int>{2, c},
                         [&](flatbuffers::FlatBufferBuilder& f) {
                           return std::make_pair(BuiltinOptions(schema::BuiltinOptions_ReducerOptions),
                                                 schema::CreateReducerOptions(f, keep).Union());
                         }),
                   1, seed_);
  }
  CheckNotClaimed(OneOp(schema::BuiltinOperator_MEAN, {Act({2, h, w, c}), Ints({1}, {3})}, {2, h, w, 1},
                        [&](flatbuffers::FlatBufferBuilder& f) {
                          return std::make_pair(BuiltinOptions(schema::BuiltinOptions_ReducerOptions),
                                                schema::CreateReducerOptions(f, true).Union());
                        }),
                  "only H and W");
  const int p0 = R(0, 2), p1 = R(0, 2), p2 = R(0, 2), p3 = R(0, 2);
  CheckDelegated(OneOp(schema::BuiltinOperator_PAD, {Act({1, h, w, c}), Ints({4, 2}, {0, 0, p0, p1, p2, p3, 0, 1})},
                       {1, h + p0 + p1, w + p2 + p3, c + 1}),
                 1, seed_);
  In value{{1}, {0.75f}, {}, true};
  CheckDelegated(OneOp(schema::BuiltinOperator_PADV2,
                       {Act({1, h, w, c}), Ints({4, 2}, {0, 0, p0, p1, p2, p3, 0, 0}), value},
                       {1, h + p0 + p1, w + p2 + p3, c}),
                 1, seed_);
  CheckDelegated(OneOp(schema::BuiltinOperator_RESHAPE, {Act({1, h, w, c}), Ints({2}, {h * w, c})}, {h * w, c}), 1,
                 seed_);
  for (int mode = 0; mode < 3; ++mode) {
    const bool align = mode == 1, half = mode == 2;
    CheckDelegated(OneOp(schema::BuiltinOperator_RESIZE_BILINEAR, {Act({1, h, w, c}), Ints({2}, {2 * h + 1, 3 * w})},
                         {1, 2 * h + 1, 3 * w, c},
                         [&](flatbuffers::FlatBufferBuilder& f) {
                           return std::make_pair(BuiltinOptions(schema::BuiltinOptions_ResizeBilinearOptions),
                                                 schema::CreateResizeBilinearOptions(f, align, half).Union());
                         }),
                   1, seed_ + mode);
  }
  const int block = R(2, 3);
  CheckDelegated(OneOp(schema::BuiltinOperator_DEPTH_TO_SPACE, {Act({1, h, w, c * block * block})},
                       {1, h * block, w * block, c},
                       [&](flatbuffers::FlatBufferBuilder& f) {
                         return std::make_pair(BuiltinOptions(schema::BuiltinOptions_DepthToSpaceOptions),
                                               schema::CreateDepthToSpaceOptions(f, block).Union());
                       }),
                 1, seed_);
}

TEST_F(XnnpackOps, UnaryAndActivations) {
  const BuiltinOperator ops[] = {
      schema::BuiltinOperator_LOGISTIC, schema::BuiltinOperator_HARD_SWISH,   schema::BuiltinOperator_ELU,
      schema::BuiltinOperator_RELU,     schema::BuiltinOperator_RELU6,
      schema::BuiltinOperator_ABS,      schema::BuiltinOperator_NEG,          schema::BuiltinOperator_SQUARE,
      schema::BuiltinOperator_SQRT,     schema::BuiltinOperator_FLOOR,        schema::BuiltinOperator_CEIL,
      schema::BuiltinOperator_ROUND};
  for (BuiltinOperator op : ops) {
    const std::vector<int> shape = {R(1, 3), R(1, 9), R(1, 17)};
    SCOPED_TRACE(schema::EnumNameBuiltinOperator(op));
    const bool positive = op == schema::BuiltinOperator_SQRT;
    // Wide range: activations' clamps and ROUND's halves (k + 0.5 appear as exact values below) are exercised.
    const AlignedModel model = OneOp(op, {Act(shape)}, shape);
    CheckDelegated(model, 1, seed_, positive ? 0.0f : -8.0f, 8.0f);
  }
  // ROUND on exact halves: half to even, as TFLite.
  const AlignedModel round = OneOp(schema::BuiltinOperator_ROUND, {Act({8})}, {8});
  const Fill halves = [](size_t, TfLiteTensor* t) {
    const float v[8] = {-2.5f, -1.5f, -0.5f, 0.5f, 1.5f, 2.5f, 3.5f, -3.5f};
    std::memcpy(t->data.f, v, sizeof(v));
  };
  auto delegate = XnnpackDelegate::Create();
  ExpectOutputsClose(RunModel(round, nullptr, halves), RunModel(round, delegate->tflite_delegate(), halves));

  const std::vector<int> shape = {1, R(1, 5), R(1, 5), R(1, 9)};
  CheckDelegated(OneOp(schema::BuiltinOperator_LEAKY_RELU, {Act(shape)}, shape,
                       [](flatbuffers::FlatBufferBuilder& f) {
                         return std::make_pair(BuiltinOptions(schema::BuiltinOptions_LeakyReluOptions),
                                               schema::CreateLeakyReluOptions(f, 0.2f).Union());
                       }),
                 1, seed_);
  CheckDelegated(OneOp(schema::BuiltinOperator_PRELU, {Act(shape), Weights({1, 1, shape[3]}, &rng_)}, shape), 1,
                 seed_);
  const std::vector<int> wide = {1, 3, 2, shape[3]};
  CheckNotClaimed(OneOp(schema::BuiltinOperator_PRELU, {Act(wide), Weights({1, 2, shape[3]}, &rng_)}, wide),
                  "more than the channels");
  const int rows = R(1, 3), cols = R(2, 20);
  auto softmax = [&](float beta) {
    return OneOp(schema::BuiltinOperator_SOFTMAX, {Act({rows, cols})}, {rows, cols},
                 [beta](flatbuffers::FlatBufferBuilder& f) {
                   return std::make_pair(BuiltinOptions(schema::BuiltinOptions_SoftmaxOptions),
                                         schema::CreateSoftmaxOptions(f, beta).Union());
                 });
  };
  CheckDelegated(softmax(1.0f), 1, seed_, -8.0f, 8.0f);
  CheckNotClaimed(softmax(0.5f), "beta is not 1");
}

// A node whose output shape is not what the op computes is never handed to XNNPACK (it would write the shape
// it computes): it stays on mote, whose prepare refuses it with its own message.
TEST(XnnpackGraph, WrongOutputShapesAreNotClaimed) {
  struct Case {
    AlignedModel model;
    const char* reason;
  };
  std::mt19937 rng(Seed());
  Case cases[] = {
      {OneOp(schema::BuiltinOperator_ADD, {Act({2, 3}), Act({2, 3})}, {2, 4}), "the output shape is not [2, 3]"},
      {OneOp(schema::BuiltinOperator_RELU, {Act({6})}, {8}), "the output shape is not the input's"},
      {OneOp(schema::BuiltinOperator_RESHAPE, {Act({2, 3}), Ints({1}, {7})}, {7}), "element count"},
      {OneOp(schema::BuiltinOperator_CONV_2D, {Act({1, 5, 5, 2}), Weights({3, 3, 3, 2}, &rng), In{}}, {1, 5, 5, 3},
             [](flatbuffers::FlatBufferBuilder& f) {
               return std::make_pair(BuiltinOptions(schema::BuiltinOptions_Conv2DOptions),
                                     schema::CreateConv2DOptions(f, schema::Padding_VALID, 1, 1).Union());
             }),
       "the output shape is not [1, 3, 3, 3]"},
  };
  static AllOpsResolver resolver;
  for (Case& c : cases) {
    SCOPED_TRACE(c.reason);
    auto delegate = XnnpackDelegate::Create();
    AlignedBuffer arena(kArenaBytes);
    MicroInterpreter interpreter(c.model.data(), c.model.size(), resolver, arena.data(), arena.size());
    ASSERT_EQ(interpreter.ModifyGraphWithDelegate(delegate->tflite_delegate()), kTfLiteOk);
    EXPECT_TRUE(delegate->claimed_nodes().empty());
    ASSERT_EQ(delegate->decisions().size(), 1u);
    EXPECT_NE(delegate->decisions()[0].reason.find(c.reason), std::string::npos) << delegate->decisions()[0].reason;
  }
}

// x -> ADD(x, x) -> CONCATENATION(a, x) (not in this XNNPACK) -> MUL(c, c) -> RELU: two partitions around it.
AlignedModel UnclaimedInTheMiddle() {
  ModelBuilder b;
  const int add = b.AddOperatorCode(schema::BuiltinOperator_ADD);
  const int concat = b.AddOperatorCode(schema::BuiltinOperator_CONCATENATION);
  const int mul = b.AddOperatorCode(schema::BuiltinOperator_MUL);
  const int relu = b.AddOperatorCode(schema::BuiltinOperator_RELU);
  const int x = b.AddTensor(kF32, {1, 3, 4}, "x");
  const int a = b.AddTensor(kF32, {1, 3, 4}, "a");
  const int c = b.AddTensor(kF32, {1, 3, 8}, "c");
  const int m = b.AddTensor(kF32, {1, 3, 8}, "m");
  const int y = b.AddTensor(kF32, {1, 3, 8}, "y");
  b.AddOperator(add, {x, x}, {a}, schema::BuiltinOptions_AddOptions, schema::CreateAddOptions(b.fbb()).Union());
  b.AddOperator(concat, {a, x}, {c}, schema::BuiltinOptions_ConcatenationOptions,
                schema::CreateConcatenationOptions(b.fbb(), 2).Union());
  b.AddOperator(mul, {c, c}, {m}, schema::BuiltinOptions_MulOptions, schema::CreateMulOptions(b.fbb()).Union());
  b.AddOperator(relu, {m}, {y});
  b.SetInputs({x});
  b.SetOutputs({y});
  return AlignedModel(b.Finish());
}

TEST(XnnpackGraph, UnclaimedOpInTheMiddleMakesTwoPartitionsInOrder) {
  const AlignedModel model = UnclaimedInTheMiddle();
  auto delegate = XnnpackDelegate::Create();
  static AllOpsResolver resolver;
  AlignedBuffer arena(kArenaBytes);
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  ASSERT_EQ(interpreter.ModifyGraphWithDelegate(delegate->tflite_delegate()), kTfLiteOk);
  ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  EXPECT_EQ(delegate->partitions(), 2);
  EXPECT_EQ(delegate->claimed_nodes(), (std::vector<int>{0, 2, 3}));
  ASSERT_EQ(interpreter.operators_size(), 3u);
  EXPECT_STREQ(interpreter.node_info(0).op_name, "XNNPACK");
  EXPECT_STREQ(interpreter.node_info(0).variant, "xnnpack/f32");
  EXPECT_STREQ(interpreter.node_info(1).op_name, "CONCATENATION");
  EXPECT_STREQ(interpreter.node_info(2).op_name, "XNNPACK");
  ASSERT_NE(interpreter.node_info(2).replaced_nodes, nullptr);
  EXPECT_EQ(interpreter.node_info(2).replaced_nodes->size, 2);
  ExpectOutputsClose(RunModel(model, nullptr, RandomFill(Seed(), -2, 2)),
                     RunModel(model, XnnpackDelegate::Create()->tflite_delegate(), RandomFill(Seed(), -2, 2)));
}

TEST(XnnpackGraph, MultipleInvokesWithNewInputs) {
  const AlignedModel model = UnclaimedInTheMiddle();
  for (int invokes : {1, 2, 5}) {
    // Each invoke refills with the same generator: the last one's inputs decide the outputs.
    int call = 0;
    const Fill changing = [&call](size_t, TfLiteTensor* t) {
      std::mt19937 rng(Seed() + static_cast<uint32_t>(call++));
      std::uniform_real_distribution<float> u(-3, 3);
      for (size_t i = 0; i < t->bytes / sizeof(float); ++i) t->data.f[i] = u(rng);
    };
    auto delegate = XnnpackDelegate::Create();
    const RunResult got = RunModel(model, delegate->tflite_delegate(), changing, invokes);
    const int last = call - 1;
    const Fill same_as_last = [last](size_t, TfLiteTensor* t) {
      std::mt19937 rng(Seed() + static_cast<uint32_t>(last));
      std::uniform_real_distribution<float> u(-3, 3);
      for (size_t i = 0; i < t->bytes / sizeof(float); ++i) t->data.f[i] = u(rng);
    };
    ExpectOutputsClose(RunModel(model, nullptr, same_as_last), got);
  }
}

// TFLite lets one XNNPACK delegate serve several interpreters: the second Prepare takes the partitions the
// first built, so the first interpreter's kernels build theirs when they prepare.
TEST(XnnpackGraph, OneDelegateForTwoInterpreters) {
  const AlignedModel model = UnclaimedInTheMiddle();
  auto delegate = XnnpackDelegate::Create();
  static AllOpsResolver resolver;
  AlignedBuffer arena1(kArenaBytes), arena2(kArenaBytes);
  MicroInterpreter first(model.data(), model.size(), resolver, arena1.data(), arena1.size());
  MicroInterpreter second(model.data(), model.size(), resolver, arena2.data(), arena2.size());
  ASSERT_EQ(first.ModifyGraphWithDelegate(delegate->tflite_delegate()), kTfLiteOk);
  ASSERT_EQ(second.ModifyGraphWithDelegate(delegate->tflite_delegate()), kTfLiteOk);
  ASSERT_EQ(first.AllocateTensors(), kTfLiteOk);
  ASSERT_EQ(second.AllocateTensors(), kTfLiteOk);
  const RunResult ref = RunModel(model, nullptr, RandomFill(Seed(), -2, 2));
  for (MicroInterpreter* interpreter : {&first, &second}) {
    RandomFill(Seed(), -2, 2)(0, interpreter->input(0));
    ASSERT_EQ(interpreter->Invoke(), kTfLiteOk);
    const TfLiteTensor* y = interpreter->output(0);
    RunResult got = ref;
    got.outputs[0].assign(y->data.uint8, y->data.uint8 + y->bytes);
    ExpectOutputsClose(ref, got);
  }
}

TEST(XnnpackGraph, ThreadsGiveTheSameResults) {
  std::mt19937 rng(Seed());
  const AlignedModel model = OneOp(schema::BuiltinOperator_CONV_2D,
                                   {Act({1, 16, 16, 8}), Weights({16, 3, 3, 8}, &rng), Weights({16}, &rng)},
                                   {1, 16, 16, 16}, [](flatbuffers::FlatBufferBuilder& f) {
                                     return std::make_pair(BuiltinOptions(schema::BuiltinOptions_Conv2DOptions),
                                                           schema::CreateConv2DOptions(f, schema::Padding_SAME, 1, 1)
                                                               .Union());
                                   });
  XnnpackDelegateOptions options;
  options.num_threads = 3;
  auto threaded = XnnpackDelegate::Create(options);
  ASSERT_NE(threaded, nullptr);
  ExpectOutputsClose(RunModel(model, nullptr, RandomFill(Seed(), -1, 1)),
                     RunModel(model, threaded->tflite_delegate(), RandomFill(Seed(), -1, 1), 3));
  EXPECT_EQ(threaded->partitions(), 1);
}

TEST(XnnpackGraph, ExcludedOpsStayOnMote) {
  XnnpackDelegateOptions options;
  options.excluded_ops = {kTfLiteBuiltinMul};
  auto delegate = XnnpackDelegate::Create(options);
  const AlignedModel model = UnclaimedInTheMiddle();
  const RunResult got = RunModel(model, delegate->tflite_delegate(), RandomFill(Seed(), -2, 2));
  EXPECT_EQ(delegate->claimed_nodes(), (std::vector<int>{0, 3}));
  EXPECT_EQ(delegate->partitions(), 2);
  EXPECT_EQ(delegate->decisions()[2].reason, "left out by the delegate's options");
  ExpectOutputsClose(RunModel(model, nullptr, RandomFill(Seed(), -2, 2)), got);
}

// A failure at each XNNPACK step of building: the delegation is refused with the call named, and the model runs
// on mote's kernels with exactly mote's results.
TEST(XnnpackErrors, FailedDelegationKeepsMoteKernels) {
  const AlignedModel model = UnclaimedInTheMiddle();
  const RunResult ref = RunModel(model, nullptr, RandomFill(Seed(), -2, 2));
  const char* calls[] = {"xnn_create_subgraph", "xnn_define_tensor_value", "xnn_define_add2",
                         "xnn_create_runtime_v2"};
  for (const char* call : calls) {
    SCOPED_TRACE(call);
    XnnpackDelegateOptions options;
    options.fail_call_for_testing = call;
    auto delegate = XnnpackDelegate::Create(options);
    LogCapture log;
    const RunResult got = RunModel(model, delegate->tflite_delegate(), RandomFill(Seed(), -2, 2));
    EXPECT_EQ(got.delegated, kTfLiteDelegateError);
    const std::string node = std::string(call) == "xnn_define_add2" || std::string(call) == "xnn_define_tensor_value"
                                 ? ": node 0 (ADD): "
                                 : ": ";
    EXPECT_TRUE(log.Has(std::string("XNNPACK partition 0 (nodes 0)") + node + call + (std::string(call) ==
                        "xnn_define_tensor_value" ? " (tensor 0) failed: invalid parameter" : " failed: invalid parameter")))
        << log.text;
    EXPECT_TRUE(log.Has("runs on mote's own kernels")) << log.text;
    EXPECT_EQ(delegate->partitions(), 0);
    ASSERT_TRUE(got.ok);
    EXPECT_EQ(got.outputs, ref.outputs);  // mote's kernels: bit for bit
  }
}

TEST(XnnpackErrors, InvokeFailuresNameThePartitionAndTheCall) {
  const AlignedModel model = UnclaimedInTheMiddle();
  for (const char* call : {"xnn_setup_runtime", "xnn_invoke_runtime"}) {
    XnnpackDelegateOptions options;
    options.fail_call_for_testing = call;
    auto delegate = XnnpackDelegate::Create(options);
    static AllOpsResolver resolver;
    AlignedBuffer arena(kArenaBytes);
    MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
    ASSERT_EQ(interpreter.ModifyGraphWithDelegate(delegate->tflite_delegate()), kTfLiteOk);
    ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
    LogCapture log;
    EXPECT_NE(interpreter.Invoke(), kTfLiteOk);
    EXPECT_TRUE(log.Has(std::string("XNNPACK partition 0 (nodes 0): ") + call + " failed: invalid parameter"))
        << log.text;
    EXPECT_TRUE(log.Has("(XNNPACK) failed to invoke")) << log.text;
  }
}

// ---- whole models -----------------------------------------------------------------------------------------

std::vector<std::string> FloatTestModels() {
  return {"act_mlp_float32",     "attention_tokens_float32", "lstm_classifier_float32", "mnv2_digits_float32",
          "mnv3_block_float32",  "sensor_anomaly_float32",   "small_cnn_float16",       "small_cnn_float32",
          "ssd_shapes_float32",  "upsample_seg_float32"};
}

// Inputs from input<k>.bin; outputs against the oracle's output<k>.bin (TFLM, LiteRT for float16 weights).
void CheckModelAgainstOracle(const std::string& dir, const std::string& model_file) {
  AlignedBuffer bytes;
  std::string error;
  ASSERT_TRUE(test::ReadFile(dir + "/" + model_file, &bytes, &error)) << error;
  const AlignedModel model(bytes.data(), bytes.size());
  std::vector<AlignedBuffer> inputs;
  for (int k = 0;; ++k) {
    AlignedBuffer in;
    if (!test::ReadFile(dir + "/input" + std::to_string(k) + ".bin", &in)) break;
    inputs.push_back(in);
  }
  const Fill fill = [&](size_t k, TfLiteTensor* t) {
    ASSERT_LT(k, inputs.size());
    ASSERT_EQ(inputs[k].size(), t->bytes);
    std::memcpy(t->data.raw, inputs[k].data(), t->bytes);
  };
  auto delegate = XnnpackDelegate::Create();
  const RunResult got = RunModel(model, delegate->tflite_delegate(), fill);  // stateful models: one Invoke
  ASSERT_TRUE(got.ok);
  EXPECT_EQ(got.delegated, kTfLiteOk);
  EXPECT_GT(delegate->claimed_nodes().size(), 0u);
  RunResult oracle = got;
  for (size_t k = 0; k < got.outputs.size(); ++k) {
    AlignedBuffer out;
    ASSERT_TRUE(test::ReadFile(dir + "/output" + std::to_string(k) + ".bin", &out, &error)) << error;
    oracle.outputs[k].assign(out.data(), out.data() + out.size());
  }
  ExpectOutputsClose(oracle, got);
}

TEST(XnnpackModels, ProjectFloatModelsMatchTheirOracle) {
  for (const std::string& name : FloatTestModels()) {
    SCOPED_TRACE(name);
    CheckModelAgainstOracle(std::string(MOTE_SOURCE_DIR) + "/tests/models/" + name, "model.tflite");
  }
}

TEST(XnnpackModels, SharedFloatModelMatchesTflm) {
  MOTE_REQUIRE_SHARED_DIR();
  AlignedBuffer bytes;
  ASSERT_TRUE(test::ReadFile(test::SharedPath("models/hello_world_float.tflite"), &bytes));
  const AlignedModel model(bytes.data(), bytes.size());
  AlignedBuffer golden_out;
  ASSERT_TRUE(test::ReadFile(test::GoldenDir("hello_world_float") + "/output0.bin", &golden_out));
  const Fill fill = [](size_t k, TfLiteTensor* t) {
    AlignedBuffer in = test::GoldenInput(static_cast<int>(k), t->type, t->bytes);
    std::memcpy(t->data.raw, in.data(), t->bytes);
  };
  auto delegate = XnnpackDelegate::Create();
  RunResult got = RunModel(model, delegate->tflite_delegate(), fill);
  ASSERT_TRUE(got.ok);
  EXPECT_EQ(delegate->claimed_nodes().size(), 3u);
  RunResult oracle = got;
  oracle.outputs[0].assign(golden_out.data(), golden_out.data() + golden_out.size());
  ExpectOutputsClose(oracle, got);
}

// ---- the TFLite-style host API and lifetimes --------------------------------------------------------------

std::unique_ptr<host::Interpreter> HostInterpreter(const AlignedModel& model, host::BuiltinOpResolver* resolver,
                                                   std::unique_ptr<host::FlatBufferModel>* fb) {
  *fb = host::FlatBufferModel::BuildFromBuffer(reinterpret_cast<const char*>(model.data()), model.size());
  std::unique_ptr<host::Interpreter> interpreter;
  host::InterpreterBuilder (**fb, *resolver)(&interpreter);
  return interpreter;
}

std::vector<float> HostRun(host::Interpreter* interpreter) {
  float* x = interpreter->typed_input_tensor<float>(0);
  for (int i = 0; i < 12; ++i) x[i] = 0.25f * static_cast<float>(i - 6);
  EXPECT_EQ(interpreter->Invoke(), kTfLiteOk);
  const float* y = interpreter->typed_output_tensor<float>(0);
  return std::vector<float>(y, y + 24);
}

TEST(XnnpackLifetimes, InterpreterDeletedBeforeTheDelegate) {
  const AlignedModel model = UnclaimedInTheMiddle();
  host::BuiltinOpResolver resolver;
  std::unique_ptr<host::FlatBufferModel> fb;
  auto reference = HostInterpreter(model, &resolver, &fb);
  ASSERT_EQ(reference->AllocateTensors(), kTfLiteOk);
  const std::vector<float> expected = HostRun(reference.get());

  TfLiteXNNPackDelegateOptions options = TfLiteXNNPackDelegateOptionsDefault();
  TfLiteDelegate* delegate = TfLiteXNNPackDelegateCreate(&options);
  ASSERT_NE(delegate, nullptr);
  auto interpreter = HostInterpreter(model, &resolver, &fb);
  ASSERT_EQ(interpreter->ModifyGraphWithDelegate(delegate), kTfLiteOk);
  EXPECT_EQ(interpreter->execution_plan().size(), 3u);
  for (int n = 0; n < 3; ++n) {
    const std::vector<float> got = HostRun(interpreter.get());
    for (size_t i = 0; i < got.size(); ++i) EXPECT_TRUE(Close(expected[i], got[i])) << i;
  }
  interpreter.reset();  // TFLite's order: the interpreter, then the delegate
  TfLiteXNNPackDelegateDelete(delegate);
}

TEST(XnnpackLifetimes, DelegateDeletedBeforeTheInterpreter) {
  const AlignedModel model = UnclaimedInTheMiddle();
  host::BuiltinOpResolver resolver;
  std::unique_ptr<host::FlatBufferModel> fb;
  auto reference = HostInterpreter(model, &resolver, &fb);
  ASSERT_EQ(reference->AllocateTensors(), kTfLiteOk);
  const std::vector<float> expected = HostRun(reference.get());

  XnnpackDelegateOptions options;
  options.num_threads = 2;  // the kernels keep the thread pool alive
  auto delegate = XnnpackDelegate::Create(options);
  auto interpreter = HostInterpreter(model, &resolver, &fb);
  ASSERT_EQ(interpreter->ModifyGraphWithDelegate(delegate->tflite_delegate()), kTfLiteOk);
  delegate.reset();  // the kernels own their runtimes: invoking and destroying stay valid (ASan checks)
  const std::vector<float> got = HostRun(interpreter.get());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_TRUE(Close(expected[i], got[i])) << i;
  interpreter.reset();
}

TEST(XnnpackLifetimes, ModifyGraphAfterAllocateTensorsReappliesTheDelegate) {
  const AlignedModel model = UnclaimedInTheMiddle();
  host::BuiltinOpResolver resolver;
  std::unique_ptr<host::FlatBufferModel> fb;
  auto interpreter = HostInterpreter(model, &resolver, &fb);
  ASSERT_EQ(interpreter->AllocateTensors(), kTfLiteOk);
  const std::vector<float> expected = HostRun(interpreter.get());
  auto delegate = XnnpackDelegate::Create();
  ASSERT_EQ(interpreter->ModifyGraphWithDelegate(delegate->tflite_delegate()), kTfLiteOk);
  EXPECT_EQ(delegate->partitions(), 2);
  const std::vector<float> got = HostRun(interpreter.get());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_TRUE(Close(expected[i], got[i])) << i;
}

}  // namespace
}  // namespace mote
