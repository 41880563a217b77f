// The XNNPACK delegate's int8 path (XnnpackDelegateOptions::quantized, off by default): which int8 nodes it
// takes, how far XNNPACK's requantization lands from mote's kernels (bit-exact with TFLM), and that a node
// XNNPACK refuses stays on mote without failing the delegation.
//
// Tolerance: every int8 output within kMaxStepsPerOp quantization steps of mote's kernels for one op, and
// within kMaxStepsPerModel of the oracle (TFLM) for whole models (docs/xnnpack-delegate.md, "int8").
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "mote/xnnpack_delegate.h"
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

constexpr schema::TensorType kI8 = schema::TensorType_INT8;
constexpr int kMaxStepsPerOp = 1;
constexpr int kMaxStepsPerModel = 8;  // measured: 8 on upsample_seg_int8, 5 on pretrainedResnet_quant, <= 2 elsewhere

uint32_t Seed() { return xnnpack_test::Seed(20261207u); }

// A run's outputs as int8 values, with their types.
struct Outputs {
  std::vector<std::vector<int8_t>> outputs;
  std::vector<TfLiteType> types;
  bool ok = false;
};

// Inputs filled by `fill(k, tensor)`; on mote's kernels when delegate is null. A failed delegation is a failed run.
Outputs RunModel(const AlignedModel& model, TfLiteDelegate* delegate, const xnnpack_test::Fill& fill) {
  const xnnpack_test::RunResult r = xnnpack_test::RunModel(model, delegate, fill);
  Outputs o;
  o.ok = r.ok && r.delegated == kTfLiteOk;
  o.types = r.types;
  for (const auto& bytes : r.outputs) o.outputs.emplace_back(bytes.begin(), bytes.end());
  return o;
}

std::function<void(size_t, TfLiteTensor*)> RandomInt8(uint32_t seed) {
  return [=](size_t k, TfLiteTensor* t) {
    std::mt19937 rng(seed + static_cast<uint32_t>(k) * 7919u);
    std::uniform_int_distribution<int> u(-128, 127);
    for (size_t i = 0; i < t->bytes; ++i) t->data.int8[i] = static_cast<int8_t>(u(rng));
  };
}

// The largest difference in quantization steps over the INT8 outputs (others, such as an ARG_MAX, are not
// quantized values).
int MaxSteps(const Outputs& a, const Outputs& b) {
  int worst = 0;
  for (size_t k = 0; k < a.outputs.size(); ++k)
    if (k < a.types.size() && a.types[k] == kTfLiteInt8)
    for (size_t i = 0; i < a.outputs[k].size(); ++i) worst = std::max(worst, std::abs(a.outputs[k][i] - b.outputs[k][i]));
  return worst;
}

std::unique_ptr<XnnpackDelegate> Int8Delegate() {
  XnnpackDelegateOptions options;
  options.quantized = true;
  return XnnpackDelegate::Create(options);
}

// A quantized tensor of a one-op model.
struct Q {
  std::vector<int> shape;
  schema::TensorType type = kI8;
  std::vector<float> scale;        // one per tensor, or per channel
  std::vector<int64_t> zero_point;
  int channel_dim = 0;
  std::vector<int8_t> i8;          // constant int8 data (weights, pad value)
  std::vector<int32_t> i32;        // constant int32 data (bias, shape/axes/paddings)
  bool constant() const { return !i8.empty() || !i32.empty(); }
};

Q Activation(std::vector<int> shape, float scale, int zero_point) {
  return Q{std::move(shape), kI8, {scale}, {zero_point}, 0, {}, {}};
}
Q Int32s(std::vector<int> shape, std::vector<int32_t> values) {
  return Q{std::move(shape), schema::TensorType_INT32, {}, {}, 0, {}, std::move(values)};
}

using Options = std::function<std::pair<BuiltinOptions, flatbuffers::Offset<void>>(flatbuffers::FlatBufferBuilder&)>;

AlignedModel OneOp(BuiltinOperator op, const std::vector<Q>& ins, const Q& out, const Options& options = nullptr) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(op);
  std::vector<int> inputs, graph_inputs;
  for (const Q& q : ins) {
    if (q.shape.empty() && !q.constant()) {
      inputs.push_back(-1);
      continue;
    }
    int t;
    if (!q.i8.empty()) {
      t = b.AddConstTensor<int8_t>(q.type, q.shape, q.i8, q.scale, q.zero_point, q.channel_dim);
    } else if (!q.i32.empty()) {
      t = b.AddConstTensor<int32_t>(q.type, q.shape, q.i32, q.scale, q.zero_point, q.channel_dim);
    } else {
      t = b.AddTensor(q.type, q.shape, "", 0, q.scale, q.zero_point);
      graph_inputs.push_back(t);
    }
    inputs.push_back(t);
  }
  const int o = b.AddTensor(out.type, out.shape, "", 0, out.scale, out.zero_point);
  if (options) {
    auto opt = options(b.fbb());
    b.AddOperator(code, inputs, {o}, opt.first, opt.second);
  } else {
    b.AddOperator(code, inputs, {o});
  }
  b.SetInputs(graph_inputs);
  b.SetOutputs({o});
  return AlignedModel(b.Finish());
}

class XnnpackInt8 : public ::testing::Test {
 protected:
  void SetUp() override { std::printf("MOTE_TEST_SEED=%u\n", seed_); }
  int R(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  float F(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng_); }
  std::vector<int8_t> Int8Data(size_t n) {
    std::vector<int8_t> v(n);
    for (int8_t& x : v) x = static_cast<int8_t>(R(-127, 127));
    return v;
  }
  std::vector<int32_t> BiasData(size_t n) {
    std::vector<int32_t> v(n);
    for (int32_t& x : v) x = R(-2000, 2000);
    return v;
  }
  // Runs the model on mote and through the int8 delegate: `claimed` nodes taken, outputs within kMaxStepsPerOp.
  void Check(const AlignedModel& model, size_t claimed) {
    const auto fill = RandomInt8(seed_ + static_cast<uint32_t>(R(0, 100000)));
    const Outputs ref = RunModel(model, nullptr, fill);
    auto delegate = Int8Delegate();
    ASSERT_NE(delegate, nullptr);
    const Outputs got = RunModel(model, delegate->tflite_delegate(), fill);
    ASSERT_TRUE(ref.ok);
    ASSERT_TRUE(got.ok);
    ASSERT_EQ(delegate->claimed_nodes().size(), claimed)
        << (delegate->decisions().empty() ? "" : delegate->decisions()[0].reason);
    EXPECT_LE(MaxSteps(ref, got), kMaxStepsPerOp);
  }
  uint32_t seed_ = Seed();
  std::mt19937 rng_{seed_};
};

int OutSize(int in, int filter, int stride, bool same) {
  return same ? (in + stride - 1) / stride : (in - filter + stride) / stride;
}

const ActivationFunctionType kActivations[] = {schema::ActivationFunctionType_NONE,
                                               schema::ActivationFunctionType_RELU,
                                               schema::ActivationFunctionType_RELU6};

TEST_F(XnnpackInt8, ConvAndDepthwisePerTensorAndPerChannel) {
  for (int depthwise = 0; depthwise < 2; ++depthwise) {
    for (int round = 0; round < 16; ++round) {
      const bool same = R(0, 1) == 1, per_channel = R(0, 1) == 1, bias = R(0, 1) == 1;
      const int kh = R(1, 3), kw = R(1, 3), sh = R(1, 2), sw = R(1, 2);
      const int h = R(kh + 1, 10), w = R(kw + 1, 10), c = R(1, 8);
      const int multiplier = depthwise ? R(1, 2) : 1, oc = depthwise ? c * multiplier : R(1, 12);
      const ActivationFunctionType act = kActivations[R(0, 2)];
      SCOPED_TRACE(testing::Message() << (depthwise ? "depthwise" : "conv") << " " << h << "x" << w << "x" << c << " k "
                                      << kh << "x" << kw << " s " << sh << "," << sw << " same " << same << " oc " << oc
                                      << " per_channel " << per_channel << " act " << act);
      const float in_scale = F(0.01f, 0.1f);
      const int channel_dim = depthwise ? 3 : 0;
      std::vector<float> filter_scales(per_channel ? oc : 1);
      for (float& s : filter_scales) s = F(0.002f, 0.02f);
      Q filter{depthwise ? std::vector<int>{1, kh, kw, oc} : std::vector<int>{oc, kh, kw, c}, kI8, filter_scales,
               std::vector<int64_t>(filter_scales.size(), 0), channel_dim,
               Int8Data(static_cast<size_t>(kh * kw * oc * (depthwise ? 1 : c))), {}};
      std::vector<float> bias_scales;
      for (float s : filter_scales) bias_scales.push_back(s * in_scale);
      Q b = bias ? Q{{oc}, schema::TensorType_INT32, bias_scales, std::vector<int64_t>(bias_scales.size(), 0), 0, {},
                     BiasData(static_cast<size_t>(oc))}
                 : Q{};
      const int oh = OutSize(h, kh, sh, same), ow = OutSize(w, kw, sw, same);
      const auto padding = same ? schema::Padding_SAME : schema::Padding_VALID;
      Options options;
      if (depthwise) {
        options = [&](flatbuffers::FlatBufferBuilder& f) {
          return std::make_pair(BuiltinOptions(schema::BuiltinOptions_DepthwiseConv2DOptions),
                                schema::CreateDepthwiseConv2DOptions(f, padding, sw, sh, multiplier, act).Union());
        };
      } else {
        options = [&](flatbuffers::FlatBufferBuilder& f) {
          return std::make_pair(BuiltinOptions(schema::BuiltinOptions_Conv2DOptions),
                                schema::CreateConv2DOptions(f, padding, sw, sh, act).Union());
        };
      }
      Check(OneOp(depthwise ? schema::BuiltinOperator_DEPTHWISE_CONV_2D : schema::BuiltinOperator_CONV_2D,
                  {Activation({1, h, w, c}, in_scale, R(-20, 20)), filter, b},
                  Activation({1, oh, ow, oc}, F(0.02f, 0.2f), R(-10, 10)), options),
            1);
    }
  }
}

TEST_F(XnnpackInt8, FullyConnectedPerTensor) {
  for (int round = 0; round < 12; ++round) {
    const int batch = R(1, 4), depth = R(1, 40), units = R(1, 24);
    const float in_scale = F(0.01f, 0.1f), filter_scale = F(0.002f, 0.02f);
    const bool bias = R(0, 1) == 1;
    SCOPED_TRACE(testing::Message() << "batch " << batch << " depth " << depth << " units " << units);
    Q filter{{units, depth}, kI8, {filter_scale}, {0}, 0, Int8Data(static_cast<size_t>(units * depth)), {}};
    Q b = bias ? Q{{units}, schema::TensorType_INT32, {filter_scale * in_scale}, {0}, 0, {},
                   BiasData(static_cast<size_t>(units))}
               : Q{};
    const ActivationFunctionType act = kActivations[R(0, 2)];
    Check(OneOp(schema::BuiltinOperator_FULLY_CONNECTED, {Activation({batch, depth}, in_scale, R(-20, 20)), filter, b},
                Activation({batch, units}, F(0.05f, 0.3f), R(-10, 10)),
                [&](flatbuffers::FlatBufferBuilder& f) {
                  return std::make_pair(BuiltinOptions(schema::BuiltinOptions_FullyConnectedOptions),
                                        schema::CreateFullyConnectedOptions(f, act).Union());
                }),
          1);
  }
}

TEST_F(XnnpackInt8, AddSubMulWithBroadcast) {
  const BuiltinOperator ops[] = {schema::BuiltinOperator_ADD, schema::BuiltinOperator_SUB,
                                 schema::BuiltinOperator_MUL};
  for (BuiltinOperator op : ops) {
    for (int round = 0; round < 6; ++round) {
      const int h = R(1, 5), w = R(1, 5), c = R(1, 7);
      const bool broadcast = R(0, 1) == 1;
      SCOPED_TRACE(testing::Message() << "op " << op << " " << h << "x" << w << "x" << c << " broadcast " << broadcast);
      const std::vector<int> b_shape = broadcast ? std::vector<int>{1, 1, 1, c} : std::vector<int>{1, h, w, c};
      Check(OneOp(op, {Activation({1, h, w, c}, F(0.02f, 0.1f), R(-20, 20)), Activation(b_shape, F(0.02f, 0.1f), R(-20, 20))},
                  Activation({1, h, w, c}, F(0.05f, 0.2f), R(-10, 10))),
            1);
    }
  }
}

TEST_F(XnnpackInt8, PoolsMeanPadReshapeResize) {
  for (int round = 0; round < 6; ++round) {
    const int h = R(2, 9), w = R(2, 9), c = R(1, 6);
    const float scale = F(0.02f, 0.1f);
    const int zp = R(-20, 20);
    SCOPED_TRACE(testing::Message() << h << "x" << w << "x" << c);
    const Q in = Activation({1, h, w, c}, scale, zp);
    const auto pool = [&](int fh, int fw, int s) {
      return [=](flatbuffers::FlatBufferBuilder& f) {
        return std::make_pair(BuiltinOptions(schema::BuiltinOptions_Pool2DOptions),
                              schema::CreatePool2DOptions(f, schema::Padding_VALID, s, s, fw, fh).Union());
      };
    };
    Check(OneOp(schema::BuiltinOperator_MAX_POOL_2D, {in}, Activation({1, OutSize(h, 2, 2, false), OutSize(w, 2, 2, false), c}, scale, zp),
                pool(2, 2, 2)),
          1);
    // An average pool over the whole input is XNNPACK's global average pooling (vww's, kws's, ResNet's head).
    Check(OneOp(schema::BuiltinOperator_AVERAGE_POOL_2D, {in}, Activation({1, 1, 1, c}, scale, zp), pool(h, w, 1)), 1);
    Check(OneOp(schema::BuiltinOperator_MEAN, {in, Int32s({2}, {1, 2})}, Activation({1, 1, 1, c}, F(0.01f, 0.1f), R(-5, 5)),
                [](flatbuffers::FlatBufferBuilder& f) {
                  return std::make_pair(BuiltinOptions(schema::BuiltinOptions_ReducerOptions),
                                        schema::CreateReducerOptions(f, true).Union());
                }),
          1);
    Check(OneOp(schema::BuiltinOperator_PAD, {in, Int32s({4, 2}, {0, 0, 1, 2, 2, 1, 0, 0})},
                Activation({1, h + 3, w + 3, c}, scale, zp)),
          1);
    Check(OneOp(schema::BuiltinOperator_RESHAPE, {in, Int32s({2}, {1, h * w * c})}, Activation({1, h * w * c}, scale, zp)),
          1);
    Check(OneOp(schema::BuiltinOperator_RESIZE_BILINEAR, {in, Int32s({2}, {2 * h, 2 * w})},
                Activation({1, 2 * h, 2 * w, c}, scale, zp),
                [](flatbuffers::FlatBufferBuilder& f) {
                  return std::make_pair(BuiltinOptions(schema::BuiltinOptions_ResizeBilinearOptions),
                                        schema::CreateResizeBilinearOptions(f, false, true).Union());
                }),
          1);
  }
}

TEST_F(XnnpackInt8, LogisticAndClamps) {
  for (int round = 0; round < 4; ++round) {
    const int n = R(1, 300);
    const float scale = F(0.02f, 0.1f);
    const int zp = R(-20, 20);
    const Q in = Activation({1, n}, scale, zp);
    Check(OneOp(schema::BuiltinOperator_LOGISTIC, {in}, Activation({1, n}, 1.0f / 256, -128)), 1);
    Check(OneOp(schema::BuiltinOperator_RELU, {in}, Activation({1, n}, scale, zp)), 1);
    Check(OneOp(schema::BuiltinOperator_RELU6, {in}, Activation({1, n}, scale, zp)), 1);
  }
}

TEST_F(XnnpackInt8, WhatStaysOnMoteAndWhy) {
  const Q in = Activation({1, 4, 4, 3}, 0.05f, 0);
  auto reason = [&](const AlignedModel& model, bool quantized) {
    XnnpackDelegateOptions options;
    options.quantized = quantized;
    auto delegate = XnnpackDelegate::Create(options);
    const Outputs got = RunModel(model, delegate->tflite_delegate(), RandomInt8(seed_));
    EXPECT_TRUE(got.ok);
    EXPECT_TRUE(delegate->claimed_nodes().empty());
    return delegate->decisions().empty() ? std::string() : delegate->decisions()[0].reason;
  };
  // Off by default: an int8 node is not float work.
  const AlignedModel relu = OneOp(schema::BuiltinOperator_RELU, {in}, Activation({1, 4, 4, 3}, 0.05f, 0));
  EXPECT_NE(reason(relu, false).find("is INT8, not FLOAT32"), std::string::npos) << reason(relu, false);
  // An op this XNNPACK has only in float.
  const AlignedModel softmax = OneOp(schema::BuiltinOperator_SOFTMAX, {Activation({1, 8}, 0.05f, 0)},
                                     Activation({1, 8}, 1.0f / 256, -128), [](flatbuffers::FlatBufferBuilder& f) {
                                       return std::make_pair(BuiltinOptions(schema::BuiltinOptions_SoftmaxOptions),
                                                             schema::CreateSoftmaxOptions(f, 1.0f).Union());
                                     });
  EXPECT_EQ(reason(softmax, true), "this XNNPACK has no int8 form of the op");
  // XNNPACK keeps the input's quantization for a clamp: a RELU that rescales stays on mote.
  const AlignedModel rescale = OneOp(schema::BuiltinOperator_RELU, {in}, Activation({1, 4, 4, 3}, 0.1f, 0));
  EXPECT_EQ(reason(rescale, true), "the output's quantization is not the input's (XNNPACK keeps it for this op)");
  // A window smaller than the input: this XNNPACK has no int8 average pooling.
  const AlignedModel avg = OneOp(schema::BuiltinOperator_AVERAGE_POOL_2D, {in}, Activation({1, 2, 2, 3}, 0.05f, 0),
                                 [](flatbuffers::FlatBufferBuilder& f) {
                                   return std::make_pair(BuiltinOptions(schema::BuiltinOptions_Pool2DOptions),
                                                         schema::CreatePool2DOptions(f, schema::Padding_VALID, 2, 2, 2, 2)
                                                             .Union());
                                 });
  EXPECT_NE(reason(avg, true).find("int8 average pooling whose window is not the whole input"), std::string::npos);
  // Per-channel fully-connected weights: this XNNPACK's int8 FC takes per-tensor scales only.
  Q filter{{2, 3}, kI8, {0.01f, 0.02f}, {0, 0}, 0, {1, 2, 3, 4, 5, 6}, {}};
  const AlignedModel fc = OneOp(schema::BuiltinOperator_FULLY_CONNECTED, {Activation({1, 3}, 0.05f, 0), filter, Q{}},
                                Activation({1, 2}, 0.1f, 0));
  EXPECT_NE(reason(fc, true).find("per-channel int8 scales"), std::string::npos) << reason(fc, true);
}

TEST_F(XnnpackInt8, AScaleXnnpackRefusesLeavesThatNodeOnMote) {
  // XNNPACK's int8 convolution needs input scale x filter scale / output scale < 256; TFLM computes it anyway.
  Q filter{{2, 1, 1, 2}, kI8, {1.0f}, {0}, 0, {1, -1, 2, 3}, {}};
  const AlignedModel conv = OneOp(
      schema::BuiltinOperator_CONV_2D, {Activation({1, 3, 3, 2}, 1.0f, 0), filter, Q{}},
      Activation({1, 3, 3, 2}, 1.0f / 1024, 0), [](flatbuffers::FlatBufferBuilder& f) {
        return std::make_pair(BuiltinOptions(schema::BuiltinOptions_Conv2DOptions),
                              schema::CreateConv2DOptions(f, schema::Padding_VALID, 1, 1).Union());
      });
  const auto fill = RandomInt8(seed_);
  const Outputs ref = RunModel(conv, nullptr, fill);
  auto delegate = Int8Delegate();
  const Outputs got = RunModel(conv, delegate->tflite_delegate(), fill);
  ASSERT_TRUE(got.ok);  // the delegation did not fail: the node simply stays on mote
  EXPECT_TRUE(delegate->claimed_nodes().empty());
  ASSERT_EQ(delegate->decisions().size(), 1u);
  EXPECT_NE(delegate->decisions()[0].reason.find("XNNPACK does not build it: xnn_create_runtime_v2 failed"),
            std::string::npos)
      << delegate->decisions()[0].reason;
  EXPECT_EQ(MaxSteps(ref, got), 0);  // mote's own kernel ran
}

TEST(XnnpackInt8CApi, TheQs8FlagTurnsTheInt8PathOn) {
  TfLiteXNNPackDelegateOptions options = TfLiteXNNPackDelegateOptionsDefault();
  EXPECT_EQ(options.flags, 0u);
  options.flags = TFLITE_XNNPACK_DELEGATE_FLAG_QS8;
  TfLiteDelegate* delegate = TfLiteXNNPackDelegateCreate(&options);
  ASSERT_NE(delegate, nullptr);
  EXPECT_TRUE(static_cast<XnnpackDelegate*>(delegate->data_)->options().quantized);
  TfLiteXNNPackDelegateDelete(delegate);
  options.flags = 0;
  delegate = TfLiteXNNPackDelegateCreate(&options);
  EXPECT_FALSE(static_cast<XnnpackDelegate*>(delegate->data_)->options().quantized);
  TfLiteXNNPackDelegateDelete(delegate);
}

// Whole int8 models against the oracle's outputs (TFLM), inputs from input<k>.bin.
int ModelStepsFromOracle(const std::string& dir, const std::string& model_file, size_t* claimed) {
  AlignedBuffer bytes;
  std::string error;
  EXPECT_TRUE(test::ReadFile(dir + "/" + model_file, &bytes, &error)) << error;
  const AlignedModel model(bytes.data(), bytes.size());
  std::vector<AlignedBuffer> inputs;
  for (int k = 0;; ++k) {
    AlignedBuffer in;
    if (!test::ReadFile(dir + "/input" + std::to_string(k) + ".bin", &in)) break;
    inputs.push_back(in);
  }
  auto delegate = Int8Delegate();
  const Outputs got = RunModel(model, delegate->tflite_delegate(), [&](size_t k, TfLiteTensor* t) {
    ASSERT_LT(k, inputs.size());
    ASSERT_EQ(inputs[k].size(), t->bytes);
    std::memcpy(t->data.raw, inputs[k].data(), t->bytes);
  });
  EXPECT_TRUE(got.ok);
  *claimed = delegate->claimed_nodes().size();
  Outputs oracle = got;
  for (size_t k = 0; k < got.outputs.size(); ++k) {
    AlignedBuffer out;
    EXPECT_TRUE(test::ReadFile(dir + "/output" + std::to_string(k) + ".bin", &out, &error)) << error;
    EXPECT_EQ(out.size(), got.outputs[k].size());
    oracle.outputs[k].assign(reinterpret_cast<const int8_t*>(out.data()),
                             reinterpret_cast<const int8_t*>(out.data()) + std::min(out.size(), got.outputs[k].size()));
  }
  return MaxSteps(oracle, got);
}

TEST(XnnpackInt8Models, ProjectInt8ModelsStayCloseToTflm) {
  for (const char* name : {"act_mlp_int8", "attention_tokens_int8", "mnv2_digits_int8",
                           "mnv3_block_int8", "sensor_anomaly_int8", "small_cnn_int8", "upsample_seg_int8"}) {
    SCOPED_TRACE(name);
    size_t claimed = 0;
    const int steps = ModelStepsFromOracle(std::string(MOTE_SOURCE_DIR) + "/tests/models/" + name, "model.tflite", &claimed);
    std::printf("%s: %zu node(s) on XNNPACK, largest difference from TFLM %d step(s)\n", name, claimed, steps);
    EXPECT_GT(claimed, 0u);
    EXPECT_LE(steps, kMaxStepsPerModel);
  }
}

TEST(XnnpackInt8Models, SharedBenchmarkModelsStayCloseToTflm) {
  MOTE_REQUIRE_SHARED_DIR();
  for (const char* name : {"vww_96_int8", "kws_ref_model", "pretrainedResnet_quant", "ad01_int8", "person_detect"}) {
    SCOPED_TRACE(name);
    AlignedBuffer bytes;
    ASSERT_TRUE(test::ReadFile(test::SharedPath(std::string("models/") + name + ".tflite"), &bytes));
    const AlignedModel model(bytes.data(), bytes.size());
    AlignedBuffer golden;
    ASSERT_TRUE(test::ReadFile(test::GoldenDir(name) + "/output0.bin", &golden));
    auto delegate = Int8Delegate();
    const Outputs got = RunModel(model, delegate->tflite_delegate(), [](size_t k, TfLiteTensor* t) {
      AlignedBuffer in = test::GoldenInput(static_cast<int>(k), t->type, t->bytes);
      std::memcpy(t->data.raw, in.data(), t->bytes);
    });
    ASSERT_TRUE(got.ok);
    ASSERT_EQ(golden.size(), got.outputs[0].size());
    Outputs oracle = got;
    oracle.outputs.resize(1);
    oracle.outputs[0].assign(reinterpret_cast<const int8_t*>(golden.data()),
                             reinterpret_cast<const int8_t*>(golden.data()) + golden.size());
    Outputs first = got;
    first.outputs.resize(1);
    const int steps = MaxSteps(oracle, first);
    std::printf("%s: %zu node(s) on XNNPACK, largest difference from TFLM %d step(s)\n", name,
                delegate->claimed_nodes().size(), steps);
    EXPECT_GT(delegate->claimed_nodes().size(), 0u);
    EXPECT_LE(steps, kMaxStepsPerModel);
  }
}

}  // namespace
}  // namespace mote
