// TFLM_DECODE: the refusals the oracle cannot produce (decode types mote does not implement, hostile headers
// and lengths TFLM reads out of bounds on) by their exact messages, the resolvers' registration by name, and
// the bit layout of the packed indices. The oracle (tests/oracle/data/decode.cases) proves the decoded values.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "kernels/decode/decode_reference.h"
#include "mote/op_registrations.h"
#include "mote/op_resolver.h"
#include "support/model_builder.h"
#include "support/single_op.h"

namespace mote {
namespace {

using test::ExpectRefused;
using test::ModelBuilder;

// Header: LUT, version 1, LUT version 1, bit width and stride as given, axis bits "one table".
std::vector<uint8_t> Header(int bit_width, int stride) {
  std::vector<uint8_t> h(16, 0);
  h[1] = 1;
  h[4] = 1;
  h[5] = static_cast<uint8_t>(0xF0 | bit_width);
  h[6] = static_cast<uint8_t>(stride);
  return h;
}

struct Pair {
  std::vector<uint8_t> encoded;
  std::vector<uint8_t> ancillary;
  schema::TensorType out_type = schema::TensorType_INT8;
  std::vector<int> out_shape;
  std::vector<float> scales;  // per-channel quantization of the output when not empty
  int quantized_dimension = 0;
  bool const_inputs = true;
};

std::vector<uint8_t> DecodeModel(const std::vector<Pair>& pairs) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, "TFLM_DECODE");
  std::vector<int> ins, outs, graph_inputs;
  for (const Pair& p : pairs) {
    for (const std::vector<uint8_t>* bytes : {&p.encoded, &p.ancillary}) {
      const int n = static_cast<int>(bytes->size());
      if (p.const_inputs) {
        ins.push_back(b.AddConstTensor<uint8_t>(schema::TensorType_UINT8, {n}, *bytes));
      } else {
        ins.push_back(b.AddTensor(schema::TensorType_UINT8, {n}));
        graph_inputs.push_back(ins.back());
      }
    }
    std::vector<int64_t> zero_points(p.scales.size(), 0);
    outs.push_back(b.AddTensor(p.out_type, p.out_shape, "", 0, p.scales, zero_points, p.quantized_dimension));
  }
  b.AddOperator(code, ins, outs);
  b.SetInputs(graph_inputs);
  b.SetOutputs(outs);
  return b.Finish();
}

// Eight INT8 elements, 2-bit indices 0,1,2,3,3,2,1,0 into the table {-5, 7, 9, 100}.
Pair GoodPair() {
  Pair p;
  p.encoded = {0x1B, 0xE4};
  p.ancillary = Header(2, 4);
  for (int8_t v : {-5, 7, 9, 100}) p.ancillary.push_back(static_cast<uint8_t>(v));
  p.out_shape = {8};
  return p;
}

TEST(Decode, DecodesLutAndReportsTheVariant) {
  test::OpRun run(DecodeModel({GoodPair()}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(run.interpreter->node_info(0).variant, "decode/any/reference");
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int8_t* out = run.interpreter->output(0)->data.int8;
  EXPECT_EQ(std::vector<int8_t>(out, out + 8), (std::vector<int8_t>{-5, 7, 9, 100, 100, 9, 7, -5}));
}

// TFLM's compressor leaves the weights' per-channel quantization on the encoded UINT8 tensor it writes (three
// scales on a 2-byte tensor here); the verifier lets that through for 1-D UINT8 constants only.
TEST(Decode, AcceptsTheCompressorsLeftoverQuantizationOnTheEncodedTensor) {
  const Pair p = GoodPair();
  for (const schema::TensorType type : {schema::TensorType_UINT8, schema::TensorType_INT8}) {
    ModelBuilder b;
    const int code = b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, "TFLM_DECODE");
    const int e = b.AddConstTensor<uint8_t>(type, {2}, p.encoded, {0.1f, 0.2f, 0.3f}, {0, 0, 0}, 0);
    const int a =
        b.AddConstTensor<uint8_t>(schema::TensorType_UINT8, {static_cast<int>(p.ancillary.size())}, p.ancillary);
    const int out = b.AddTensor(schema::TensorType_INT8, {8});
    b.AddOperator(code, {e, a}, {out});
    b.SetOutputs({out});
    test::OpRun run(b.Finish());
    EXPECT_EQ(run.interpreter->AllocateTensors() == kTfLiteOk, type == schema::TensorType_UINT8);
  }
}

TEST(Decode, RefusesDecodeTypesItDoesNotImplement) {
  Pair p = GoodPair();
  p.ancillary[0] = 200;
  ExpectRefused(DecodeModel({p}), "TFLM_DECODE: output 0: custom decode type 200 is not supported");
  p.ancillary[0] = 3;
  ExpectRefused(DecodeModel({p}), "TFLM_DECODE: output 0: unknown decode type 3");
}

TEST(Decode, RefusesOtherVersions) {
  Pair p = GoodPair();
  p.ancillary[1] = 2;
  ExpectRefused(DecodeModel({p}), "TFLM_DECODE: output 0: header version 2 is not supported (1)");
  p = GoodPair();
  p.ancillary[4] = 0;
  ExpectRefused(DecodeModel({p}), "TFLM_DECODE: output 0: LUT version 0 is not supported (1)");
}

TEST(Decode, RefusesNodeShapeTypesAndNonConstantInputs) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, "TFLM_DECODE");
  const std::vector<uint8_t> enc = {0};
  const int e = b.AddConstTensor<uint8_t>(schema::TensorType_UINT8, {1}, enc);
  const int out = b.AddTensor(schema::TensorType_INT8, {1});
  b.AddOperator(code, {e}, {out});
  b.SetOutputs({out});
  ExpectRefused(b.Finish(), "TFLM_DECODE: 1 inputs and 1 outputs given (an encoded and an ancillary input per output)");
  Pair p = GoodPair();
  p.const_inputs = false;
  ExpectRefused(DecodeModel({p}), "TFLM_DECODE: output 0: the encoded and ancillary tensors must be constant");
  p = GoodPair();
  p.out_type = schema::TensorType_UINT8;
  ExpectRefused(DecodeModel({p}),
                "TFLM_DECODE: output 0: type UINT8 is not supported (BOOL, FLOAT32, INT8, "
                "INT16, INT32, INT64)");
}

TEST(Decode, RefusesHostileHeadersAndLengths) {
  Pair p = GoodPair();
  p.ancillary.resize(10);
  ExpectRefused(DecodeModel({p}),
                "TFLM_DECODE: output 0: the ancillary tensor has 10 bytes, less than the 16-byte "
                "header");
  p = GoodPair();
  p.ancillary[5] = 0xF0;
  ExpectRefused(DecodeModel({p}), "TFLM_DECODE: output 0: the index bit width is 0 (1 to 7)");
  p = GoodPair();
  p.encoded.pop_back();
  ExpectRefused(DecodeModel({p}), "TFLM_DECODE: output 0: the encoded tensor has 1 bytes, 8 2-bit indices need 2");
  p = GoodPair();
  p.ancillary.resize(19);  // three entries: index 3 reads past them
  ExpectRefused(DecodeModel({p}),
                "TFLM_DECODE: output 0: the ancillary tensor holds 3 values, the encoded data "
                "reads 4");
}

TEST(Decode, RefusesChannelLayoutsTflmDoesNot) {
  // (Scale counts other than the quantized dimension's size, which TFLM would decode past, the model verifier
  // refuses before prepare; prepare's "elements do not divide into channels" backs it up.)
  Pair p = GoodPair();
  p.out_shape = {2, 4, 1};
  p.scales = {0.5f, 0.5f, 0.5f, 0.5f};
  p.quantized_dimension = 1;
  ExpectRefused(DecodeModel({p}), "TFLM_DECODE: output 0: quantization axis 1 is not supported (0 or the last axis)");
  // Two channels of stride 255: the second table starts past the ancillary tensor.
  p = GoodPair();
  p.out_shape = {2, 4};
  p.scales = {0.5f, 0.5f};
  p.ancillary[6] = 255;
  ExpectRefused(DecodeModel({p}),
                "TFLM_DECODE: output 0: the ancillary tensor holds 4 values, the encoded data "
                "reads 256");
}

// Pruning: mask 0b10110010 keeps elements 0, 2, 3 and 6; the others are their channel's zero point.
Pair PrunedPair() {
  Pair p;
  p.encoded = {0xB2};
  p.ancillary = Header(0, 0);
  p.ancillary[0] = 2;
  for (int8_t v : {11, -22, 33, -44}) p.ancillary.push_back(static_cast<uint8_t>(v));
  p.out_shape = {8};
  return p;
}

TEST(Decode, DecodesPruning) {
  test::OpRun run(DecodeModel({PrunedPair()}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int8_t* out = run.interpreter->output(0)->data.int8;
  EXPECT_EQ(std::vector<int8_t>(out, out + 8), (std::vector<int8_t>{11, 0, -22, 33, 0, 0, -44, 0}));
}

TEST(Decode, RefusesHostilePruning) {
  Pair p = PrunedPair();
  p.ancillary.pop_back();
  ExpectRefused(DecodeModel({p}),
                "TFLM_DECODE: output 0: the ancillary tensor holds 3 values, the encoded data "
                "reads 4");
  p = PrunedPair();
  p.ancillary[4] = 2;
  ExpectRefused(DecodeModel({p}), "TFLM_DECODE: output 0: pruning version 2 is not supported (1)");
  p = PrunedPair();
  p.out_shape = {9};
  ExpectRefused(DecodeModel({p}), "TFLM_DECODE: output 0: the encoded tensor has 1 bytes, 9 1-bit indices need 2");
}

// Huffman, 16-bit entries, a 2-bit first lookup: codes 0 -> 10, 10 -> -20, 110 -> 30, 111 -> -40. Entries 0..3
// the first lookup (entry 3 sends the 11 prefix on to entries 4..5 with one more bit), 4..5 the second.
uint16_t Symbol16(int value, int used) { return static_cast<uint16_t>(0x8000 | used << 11 | (value & 0xFF)); }

Pair HuffmanPair() {
  Pair p;
  p.ancillary = Header(0, 0);
  p.ancillary[0] = 1;
  p.ancillary[5] = 0x10;  // first lookup 2 bits, 16-bit entries
  const uint16_t entries[] = {Symbol16(10, 1), Symbol16(10, 1), Symbol16(-20, 2), 0x0001 /* +1, 1 bit */,
                              Symbol16(30, 1), Symbol16(-40, 1)};
  for (uint16_t e : entries) {
    p.ancillary.push_back(static_cast<uint8_t>(e & 0xFF));
    p.ancillary.push_back(static_cast<uint8_t>(e >> 8));
  }
  p.encoded = {0x5B, 0x80};  // 0 10 110 111 0 (then padding)
  p.out_shape = {5};
  return p;
}

TEST(Decode, DecodesHuffman) {
  test::OpRun run(DecodeModel({HuffmanPair(), GoodPair()}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  for (int pass = 0; pass < 2; ++pass) {  // constants: every invoke decodes the same
    ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    const int8_t* out = run.interpreter->output(0)->data.int8;
    EXPECT_EQ(std::vector<int8_t>(out, out + 5), (std::vector<int8_t>{10, -20, 30, -40, 10}));
    EXPECT_EQ(run.interpreter->output(1)->data.int8[3], 100);
  }
}

// 32-bit entries to INT16: the element is the value's low 16 bits (0x12345 -> 0x2345), as TFLM stores it.
TEST(Decode, DecodesHuffmanWideEntriesToTheirLow16Bits) {
  Pair p;
  p.ancillary = Header(0, 0);
  p.ancillary[0] = 1;
  p.ancillary[5] = 0x01;  // first lookup 1 bit, 32-bit entries
  const uint32_t entries[] = {0x80000000u | 1u << 27 | 0x12345u, 0x80000000u | 1u << 27 | 0x0FFFFu};
  for (uint32_t e : entries) {
    for (int b = 0; b < 4; ++b) p.ancillary.push_back(static_cast<uint8_t>(e >> (8 * b)));
  }
  p.encoded = {0x60};  // 0 1 1 0
  p.out_type = schema::TensorType_INT16;
  p.out_shape = {2, 2};
  test::OpRun run(DecodeModel({p}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int16_t* out = run.interpreter->output(0)->data.i16;
  EXPECT_EQ(std::vector<int16_t>(out, out + 4), (std::vector<int16_t>{0x2345, -1, -1, 0x2345}));
}

TEST(Decode, RefusesHuffmanTypesTflmDoesNotDecode) {
  Pair p = HuffmanPair();
  p.out_type = schema::TensorType_INT16;
  ExpectRefused(DecodeModel({p}),
                "TFLM_DECODE: output 0: Huffman decodes to INT8 (16- or 32-bit table entries) or INT16 (32-bit "
                "entries), not INT16 from 16-bit entries");
  p.out_type = schema::TensorType_FLOAT32;
  p.ancillary[5] |= 1;
  ExpectRefused(DecodeModel({p}),
                "TFLM_DECODE: output 0: Huffman decodes to INT8 (16- or 32-bit table entries) or INT16 (32-bit "
                "entries), not FLOAT32 from 32-bit entries");
  p = HuffmanPair();
  p.ancillary[4] = 2;
  ExpectRefused(DecodeModel({p}), "TFLM_DECODE: output 0: Huffman version 2 is not supported (1)");
}

// What TFLM trusts and reads out of bounds on: an entry past the tables, a code past the stream, a first
// lookup of 16 bits into a 6-entry table, and a pointer to itself over a stream of zeros (ends at the stream's
// end rather than looping).
TEST(Decode, RefusesHostileHuffmanData) {
  Pair p = HuffmanPair();
  p.ancillary.resize(p.ancillary.size() - 2);  // no entry 5: the code 111 (element 3) reads it
  ExpectRefused(DecodeModel({p}), "TFLM_DECODE: output 0: element 3 reads a Huffman table entry past the 5 held");
  p = HuffmanPair();
  p.encoded = {0x5B};
  p.out_shape = {4};  // 0 10 110 111: the last code's ninth bit is past the byte
  ExpectRefused(DecodeModel({p}),
                "TFLM_DECODE: output 0: element 3's Huffman code runs past the 1-byte encoded tensor");
  p = HuffmanPair();
  p.ancillary[5] = 0xF0;
  p.encoded = {0xFF, 0xFF, 0xFF};
  ExpectRefused(DecodeModel({p}), "TFLM_DECODE: output 0: element 0 reads a Huffman table entry past the 6 held");
  p = HuffmanPair();
  p.ancillary[5] = 0x00;                      // 1-bit first lookup
  p.ancillary[16] = 0x00;                     // entry 0: +0, 1 bit: itself again on a 0 bit
  p.ancillary[17] = 0x00;
  p.encoded = {0x00, 0x00};
  ExpectRefused(DecodeModel({p}),
                "TFLM_DECODE: output 0: element 0's Huffman code runs past the 2-byte encoded tensor");
}

// Bits a lookup reads ahead past the stream's end count as 0 when the code itself ends inside the stream: the
// fifth code (0, at bit 7 of the one byte) is read with bits 7..8 and uses bit 7 only.
TEST(Decode, HuffmanLookaheadPastTheStreamEndIsNotAnError) {
  Pair p = HuffmanPair();
  p.encoded = {0x58};  // 0 10 110 0 0
  p.out_shape = {5};
  test::OpRun run(DecodeModel({p}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  const int8_t* out = run.interpreter->output(0)->data.int8;
  EXPECT_EQ(std::vector<int8_t>(out, out + 5), (std::vector<int8_t>{10, -20, 30, 10, 10}));
}

TEST(Decode, ResolversFindItByName) {
  AllOpsResolver all;
  EXPECT_EQ(all.FindOp("TFLM_DECODE"), &kRegistration_DECODE);
  MicroMutableOpResolver<1> resolver;
  ASSERT_EQ(resolver.AddDecode(), kTfLiteOk);
  ASSERT_NE(resolver.FindOp("TFLM_DECODE", 1), nullptr);
  EXPECT_EQ(resolver.FindOp("TFLM_DECODE", 1)->prepare, kRegistration_DECODE.prepare);
  EXPECT_STREQ(CustomOpTableAddMethodName("TFLM_DECODE"), "AddDecode");
  EXPECT_EQ(CustomOpTableAddMethodName("TFLM_DECODEX"), nullptr);
}

// Fields are back to back, most significant bit first, across byte boundaries (the compressor's packing).
TEST(DecodeReference, ReadsPackedIndicesMsbFirst) {
  const uint8_t packed[] = {0xA5, 0x3C, 0xFF, 0x01, 0x80};
  for (int width = 1; width <= 7; ++width) {
    for (size_t k = 0; (k + 1) * width <= sizeof(packed) * 8; ++k) {
      size_t expected = 0;
      for (int b = 0; b < width; ++b) {
        const size_t bit = k * width + b;
        expected = (expected << 1) | ((packed[bit / 8] >> (7 - bit % 8)) & 1u);
      }
      EXPECT_EQ(reference::PackedField(packed, k, width), expected) << "width " << width << " k " << k;
    }
  }
}

}  // namespace
}  // namespace mote
