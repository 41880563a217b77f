// CIRCULAR_BUFFER: registration, the frames and the abort period over several invokes (hand-checked; the
// oracle group circular_buffer proves them against TFLM), TFLM's period rule without options, and every
// prepare refusal by its message.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "flatbuffers/flexbuffers.h"
#include "gtest/gtest.h"
#include "mote/micro_context.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "mote/tflite_names.h"
#include "support/golden.h"
#include "support/model_builder.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::ExpectRefused;
using test::ModelBuilder;
using test::OpRun;

std::vector<uint8_t> CyclesMax(int cycles) {
  flexbuffers::Builder fbb;
  fbb.Map([&]() { fbb.Int("cycles_max", cycles); });
  fbb.Finish();
  return fbb.GetBuffer();
}

struct Spec {
  std::vector<int> in = {1, 1, 2, 3};
  std::vector<int> out = {1, 4, 2, 3};
  schema::TensorType in_type = schema::TensorType_INT8;
  schema::TensorType out_type = schema::TensorType_INT8;
  std::vector<uint8_t> options = CyclesMax(2);
  int extra_inputs = 0;
  int extra_outputs = 0;  // 1: the optional bool output; 2: one more
  schema::TensorType valid_type = schema::TensorType_BOOL;
  std::vector<int> valid_shape = {1};
  bool absent_input = false;
};

std::vector<uint8_t> Model(const Spec& s) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, "CIRCULAR_BUFFER");
  const int in = b.AddTensor(s.in_type, s.in, "in", 0, {0.5f}, {0});
  // The frames are the op's state: a variable keeps them between invokes.
  const int out = b.AddTensor(s.out_type, s.out, "frames", 0, {0.5f}, {0}, 0, /*is_variable=*/true);
  std::vector<int> ins = {s.absent_input ? -1 : in};
  for (int i = 0; i < s.extra_inputs; ++i) ins.push_back(b.AddTensor(s.in_type, s.in, "extra"));
  std::vector<int> outs = {out};
  for (int i = 0; i < s.extra_outputs; ++i)
    outs.push_back(b.AddTensor(s.valid_type, s.valid_shape, "valid"));
  b.AddOperator(code, ins, outs, schema::BuiltinOptions_NONE, 0, s.options);
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

// Pushes frames 1, 2, 3... (every value of frame k is k) and returns what each Invoke() returned.
std::vector<TfLiteStatus> Push(MicroInterpreter* interpreter, int frames, int first = 1) {
  std::vector<TfLiteStatus> statuses;
  for (int k = first; k < first + frames; ++k) {
    TfLiteTensor* in = interpreter->input(0);
    if (in->bytes > 0) std::memset(in->data.int8, k, in->bytes);
    statuses.push_back(interpreter->Invoke());
  }
  return statuses;
}

std::vector<int> Frames(MicroInterpreter* interpreter, int depth) {
  const TfLiteTensor* out = interpreter->output(0);
  std::vector<int> firsts;
  for (size_t i = 0; i < out->bytes; i += static_cast<size_t>(depth)) firsts.push_back(out->data.int8[i]);
  return firsts;
}

TEST(CircularBuffer, RegisteredUnderTflmsName) {
  MicroMutableOpResolver<1> resolver;
  ASSERT_EQ(resolver.AddCircularBuffer(), kTfLiteOk);
  EXPECT_NE(resolver.FindOp("CIRCULAR_BUFFER", 1), nullptr);
  EXPECT_STREQ(tflite::Register_CIRCULAR_BUFFER()->custom_name, "CIRCULAR_BUFFER");
  AllOpsResolver all;
  EXPECT_NE(all.FindOp("CIRCULAR_BUFFER", 1), nullptr);
  test::ExpectVariant(Model(Spec()), "circular_buffer/int8/reference");
}

TEST(CircularBuffer, AppendsFramesAndAbortsBetweenPeriods) {
  OpRun run(Model(Spec()));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const TfLiteStatus abort = kTfLiteAbort;
  EXPECT_EQ(Push(run.interpreter.get(), 5), (std::vector<TfLiteStatus>{abort, kTfLiteOk, abort, kTfLiteOk, abort}));
  EXPECT_EQ(Frames(run.interpreter.get(), 6), (std::vector<int>{2, 3, 4, 5}));
  // Reset() clears the frames (a variable) and restarts the period.
  ASSERT_EQ(run.interpreter->Reset(), kTfLiteOk);
  EXPECT_EQ(Frames(run.interpreter.get(), 6), (std::vector<int>{0, 0, 0, 0}));
  EXPECT_EQ(Push(run.interpreter.get(), 2, 9), (std::vector<TfLiteStatus>{abort, kTfLiteOk}));
  EXPECT_EQ(Frames(run.interpreter.get(), 6), (std::vector<int>{0, 0, 9, 10}));
}

// With the bool output, every invoke completes (the layers after it run) and the output says which ones
// complete a period.
TEST(CircularBuffer, ValidOutputReplacesTheAbort) {
  Spec s;
  s.extra_outputs = 1;
  s.options = CyclesMax(3);
  OpRun run(Model(s));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  const bool* valid = static_cast<const bool*>(run.interpreter->GetEvalTensor(2)->data.data);
  std::vector<int> seen;
  for (int k = 1; k <= 6; ++k) {
    ASSERT_EQ(Push(run.interpreter.get(), 1, k)[0], kTfLiteOk);
    seen.push_back(*valid ? 1 : 0);
  }
  EXPECT_EQ(seen, (std::vector<int>{0, 0, 1, 0, 0, 1}));
}

TEST(CircularBuffer, BatchesAfterTheFirstAreLeftAlone) {
  Spec s;
  s.in = {2, 1, 1, 2};
  s.out = {2, 3, 1, 2};
  s.options = CyclesMax(1);
  OpRun run(Model(s));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_EQ(Push(run.interpreter.get(), 2), (std::vector<TfLiteStatus>{kTfLiteOk, kTfLiteOk}));
  EXPECT_EQ(Frames(run.interpreter.get(), 2), (std::vector<int>{0, 1, 2, 0, 0, 0})) << "TFLM ignores the batch";
}

// Without cycles_max, TFLM's rule: period 1 for 5, 13 or 25 slots or for [.., 2, 96] on the fifth such prepare
// since the count restarted, else 2. A 5-slot prepare restarts the count, so the test does not depend on
// which tests ran before it.
TEST(CircularBuffer, PeriodWithoutOptionsFollowsTflmsRule) {
  auto period_of = [](std::vector<int> out, std::vector<uint8_t> options) {
    Spec s;
    s.in = {1, 1, out[2], out[3]};
    s.out = out;
    s.options = options;
    OpRun run(Model(s));
    EXPECT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
    return Push(run.interpreter.get(), 1)[0] == kTfLiteOk ? 1 : 2;
  };
  EXPECT_EQ(period_of({1, 5, 1, 2}, {}), 1);
  EXPECT_EQ(period_of({1, 13, 1, 2}, CyclesMax(0)), 1);
  EXPECT_EQ(period_of({1, 25, 1, 2}, CyclesMax(-4)), 1);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(period_of({1, 3, 2, 96}, {}), 2) << "prepare " << i + 1;
  EXPECT_EQ(period_of({1, 3, 2, 96}, {}), 1) << "the fifth";
  EXPECT_EQ(period_of({1, 3, 2, 96}, {}), 2) << "the count restarted";
  EXPECT_EQ(period_of({1, 3, 2, 96}, CyclesMax(3)), 2) << "a positive cycles_max is not counted";
}

TEST(CircularBuffer, RefusesMalformedOptions) {
  Spec s;
  const uint8_t int_root[] = {0x02, 0x04, 0x01};
  s.options.assign(int_root, int_root + sizeof(int_root));
  ExpectRefused(Model(s), "CIRCULAR_BUFFER: custom options are not a FlexBuffers map ({\"cycles_max\": n})");
  flexbuffers::Builder empty;
  empty.Map([]() {});
  empty.Finish();
  s.options = empty.GetBuffer();
  ExpectRefused(Model(s), "CIRCULAR_BUFFER: custom options are an empty map (TFLM reads cycles_max as its first value)");
  flexbuffers::Builder real;
  real.Map([&]() { real.Float("cycles_max", 2.0f); });
  real.Finish();
  s.options = real.GetBuffer();
  ExpectRefused(Model(s),
                "CIRCULAR_BUFFER: custom options: the first value (cycles_max) is not an integer stored in its slot");
}

TEST(CircularBuffer, RefusesWhatTflmCannotRun) {
  {
    Spec s;
    s.extra_inputs = 1;
    ExpectRefused(Model(s), "CIRCULAR_BUFFER: 2 inputs and 1 outputs; expected 1 input and 1 or 2 outputs");
  }
  {
    Spec s;
    s.extra_outputs = 2;
    ExpectRefused(Model(s), "CIRCULAR_BUFFER: 1 inputs and 3 outputs; expected 1 input and 1 or 2 outputs");
  }
  {
    Spec s;
    s.absent_input = true;
    ExpectRefused(Model(s), "CIRCULAR_BUFFER: the input is absent (-1)");
  }
  {
    Spec s;
    s.in = {1, 6};
    s.out = {4, 6};
    ExpectRefused(Model(s),
                  "CIRCULAR_BUFFER: input rank 2, output rank 2; both must be 4 ([batch, 1, height, depth] and "
                  "[batch, slots, height, depth])");
  }
  {
    Spec s;
    s.in = {1, 2, 2, 3};
    ExpectRefused(Model(s),
                  "CIRCULAR_BUFFER: input [1, 2, 2, 3] does not fit output [1, 4, 2, 3] (input [batch, 1, height, "
                  "depth], output [batch, slots, height, depth])");
    s.in = {2, 1, 2, 3};
    ExpectRefused(Model(s), "CIRCULAR_BUFFER: input [2, 1, 2, 3] does not fit output [1, 4, 2, 3]");
    s.in = {1, 1, 2, 4};
    ExpectRefused(Model(s), "CIRCULAR_BUFFER: input [1, 1, 2, 4] does not fit output [1, 4, 2, 3]");
    s.in = {1, 1, 3, 3};
    ExpectRefused(Model(s), "CIRCULAR_BUFFER: input [1, 1, 3, 3] does not fit output [1, 4, 2, 3]");
  }
  {
    Spec s;
    s.out = {1, 0, 2, 3};
    ExpectRefused(Model(s), "CIRCULAR_BUFFER: the output holds 0 slots (TFLM's kernel would move -6 bytes)");
  }
  {
    Spec s;
    s.out_type = schema::TensorType_INT16;
    ExpectRefused(Model(s), "CIRCULAR_BUFFER: input type INT8 and output type INT16 differ");
    s.in_type = schema::TensorType_INT16;
    ExpectRefused(Model(s), "CIRCULAR_BUFFER: type INT16 is not supported (int8 only, as TFLM)");
  }
  {
    Spec s;
    s.extra_outputs = 1;
    s.valid_type = schema::TensorType_INT8;
    ExpectRefused(Model(s), "CIRCULAR_BUFFER: output 1 must be a bool with one element (it is INT8 with 1)");
    s.valid_type = schema::TensorType_BOOL;
    s.valid_shape = {2};
    ExpectRefused(Model(s), "CIRCULAR_BUFFER: output 1 must be a bool with one element (it is BOOL with 2)");
  }
}

TEST(CircularBuffer, AcceptsTheOptionalValidOutputAndEmptyFrames) {
  Spec s;
  s.extra_outputs = 1;
  OpRun run(Model(s));
  EXPECT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  Spec empty;
  empty.in = {1, 1, 0, 3};
  empty.out = {1, 0, 0, 3};
  OpRun none(Model(empty));
  ASSERT_EQ(none.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_EQ(Push(none.interpreter.get(), 2), (std::vector<TfLiteStatus>{kTfLiteAbort, kTfLiteOk}));
}

}  // namespace
}  // namespace mote
