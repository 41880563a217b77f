// FlexMap: the values a FlexBuffers builder writes, and malformed buffers (every truncation, every byte
// changed to every value) that must be refused or read without leaving the buffer.
#include "kernels/glue/flexbuffer_map.h"

#include <cstdint>
#include <vector>

#include "flatbuffers/flexbuffers.h"
#include "gtest/gtest.h"

namespace mote {
namespace {

// flatbuffers.flexbuffers (Python) Builder: Map{max_detections: Int 10, nms_iou_threshold: Float 0.5,
// use_regular_nms: Bool true, name: String "ssd", big: Int 2^40, u: UInt 300, d: Float 0.1, neg: Int -3}.
const uint8_t kMap[] = {
    0x6d, 0x61, 0x78, 0x5f, 0x64, 0x65, 0x74, 0x65, 0x63, 0x74, 0x69, 0x6f, 0x6e, 0x73, 0x00, 0x6e, 0x6d, 0x73,
    0x5f, 0x69, 0x6f, 0x75, 0x5f, 0x74, 0x68, 0x72, 0x65, 0x73, 0x68, 0x6f, 0x6c, 0x64, 0x00, 0x75, 0x73, 0x65,
    0x5f, 0x72, 0x65, 0x67, 0x75, 0x6c, 0x61, 0x72, 0x5f, 0x6e, 0x6d, 0x73, 0x00, 0x6e, 0x61, 0x6d, 0x65, 0x00,
    0x03, 0x73, 0x73, 0x64, 0x00, 0x62, 0x69, 0x67, 0x00, 0x75, 0x00, 0x64, 0x00, 0x6e, 0x65, 0x67, 0x00, 0x08,
    0x0d, 0x08, 0x4a, 0x1a, 0x09, 0x3e, 0x0f, 0x2e, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x01, 0x00, 0x00, 0x9a, 0x99, 0x99, 0x99, 0x99, 0x99, 0xb9, 0x3f, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x49, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xe0, 0x3f, 0x2c, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0x0f, 0x07, 0x14, 0x07, 0x0f, 0x0b, 0x6b, 0x48, 0x27, 0x01,
};

TEST(FlexMap, ReadsEveryScalarKind) {
  FlexMap map;
  ASSERT_TRUE(map.Init(kMap, sizeof(kMap)));
  EXPECT_EQ(map.size(), 8u);
  int32_t i = 0;
  float f = 0;
  bool b = false;
  ASSERT_TRUE(map.Find("max_detections").ToInt32(&i));
  EXPECT_EQ(i, 10);
  ASSERT_TRUE(map.Find("nms_iou_threshold").ToFloat(&f));
  EXPECT_EQ(f, 0.5f);
  ASSERT_TRUE(map.Find("use_regular_nms").ToBool(&b));
  EXPECT_TRUE(b);
  ASSERT_TRUE(map.Find("neg").ToInt32(&i));
  EXPECT_EQ(i, -3);
  ASSERT_TRUE(map.Find("u").ToInt32(&i));
  EXPECT_EQ(i, 300);
  ASSERT_TRUE(map.Find("d").ToFloat(&f));
  EXPECT_EQ(f, 0.1f);
  ASSERT_TRUE(map.Find("nms_iou_threshold").ToInt32(&i));  // floats truncate toward zero, as AsInt32
  EXPECT_EQ(i, 0);
}

TEST(FlexMap, AbsentKeysAreNullAndZero) {
  FlexMap map;
  ASSERT_TRUE(map.Init(kMap, sizeof(kMap)));
  const FlexValue v = map.Find("detections_per_class");
  EXPECT_EQ(v.kind, FlexValue::Kind::kNull);
  int32_t i = 7;
  float f = 7;
  bool b = true;
  EXPECT_TRUE(v.ToInt32(&i) && v.ToFloat(&f) && v.ToBool(&b));
  EXPECT_EQ(i, 0);
  EXPECT_EQ(f, 0.0f);
  EXPECT_FALSE(b);
  EXPECT_EQ(map.Find("Max_detections").kind, FlexValue::Kind::kNull) << "keys are case-sensitive";
}

TEST(FlexMap, RefusesWhatIsNotANumberOrAnInt32) {
  FlexMap map;
  ASSERT_TRUE(map.Init(kMap, sizeof(kMap)));
  int32_t i = 0;
  float f = 0;
  EXPECT_FALSE(map.Find("name").IsNumber());
  EXPECT_FALSE(map.Find("name").ToFloat(&f));
  EXPECT_FALSE(map.Find("big").ToInt32(&i)) << "2^40 does not fit an int32";
  ASSERT_TRUE(map.Find("big").ToFloat(&f));
  EXPECT_EQ(f, 1099511627776.0f);
}

// The C++ builder: indirect scalars, a 1-byte-wide map, a vector value and an explicit null.
TEST(FlexMap, ReadsIndirectValuesAndNarrowMaps) {
  flexbuffers::Builder fbb;
  fbb.Map([&]() {
    fbb.IndirectInt("ii", -70000);
    fbb.IndirectFloat("if", 2.5f);
    fbb.Vector("vec", [&]() { fbb.Int(1); });
    fbb.Null("null");
  });
  fbb.Finish();
  const std::vector<uint8_t> bytes = fbb.GetBuffer();
  FlexMap map;
  ASSERT_TRUE(map.Init(bytes.data(), bytes.size()));
  int32_t i = 0;
  float f = 0;
  ASSERT_TRUE(map.Find("ii").ToInt32(&i));
  EXPECT_EQ(i, -70000);
  ASSERT_TRUE(map.Find("if").ToFloat(&f));
  EXPECT_EQ(f, 2.5f);
  EXPECT_FALSE(map.Find("vec").IsNumber());
  EXPECT_EQ(map.Find("null").kind, FlexValue::Kind::kNull);

  flexbuffers::Builder narrow;
  narrow.Map([&]() {
    narrow.Int("a", -5);
    narrow.Bool("b", false);
    narrow.UInt("c", 200);
  });
  narrow.Finish();
  const std::vector<uint8_t> small = narrow.GetBuffer();
  ASSERT_TRUE(map.Init(small.data(), small.size()));
  bool b = true;
  ASSERT_TRUE(map.Find("a").ToInt32(&i));
  EXPECT_EQ(i, -5);
  ASSERT_TRUE(map.Find("b").ToBool(&b));
  EXPECT_FALSE(b);
  ASSERT_TRUE(map.Find("c").ToInt32(&i));
  EXPECT_EQ(i, 200);
}

TEST(FlexMap, RefusesBuffersWithoutAMapRoot) {
  FlexMap map;
  EXPECT_FALSE(map.Init(nullptr, 0));
  EXPECT_FALSE(map.Init(kMap, 0));
  EXPECT_FALSE(map.Init(kMap, 2));
  const uint8_t int_root[] = {0x05, 0x04, 0x01};  // Int 5, 1 byte wide
  EXPECT_FALSE(map.Init(int_root, sizeof(int_root)));
  const uint8_t bad_width[] = {0x00, 0x24, 0x03};  // map type, root width 3
  EXPECT_FALSE(map.Init(bad_width, sizeof(bad_width)));
  const uint8_t offset_before_start[] = {0x40, 0x24, 0x01};  // map 0x40 bytes before the buffer
  EXPECT_FALSE(map.Init(offset_before_start, sizeof(offset_before_start)));
}

TEST(FlexMap, RootScalarReadsScalarRootsOnly) {
  const uint8_t ethos_u[] = {0x01, 0x04, 0x01};  // Int 1, 1 byte wide: Vela's ethos-u options
  int32_t i = 0;
  ASSERT_TRUE(FlexMap::RootScalar(ethos_u, sizeof(ethos_u)).ToInt32(&i));
  EXPECT_EQ(i, 1);
  const uint8_t wide[] = {0xfe, 0xff, 0x05, 0x02};  // Int -2, 2 bytes wide
  ASSERT_TRUE(FlexMap::RootScalar(wide, sizeof(wide)).ToInt32(&i));
  EXPECT_EQ(i, -2);
  EXPECT_FALSE(FlexMap::RootScalar(kMap, sizeof(kMap)).IsNumber()) << "a map is not a scalar";
  EXPECT_FALSE(FlexMap::RootScalar(nullptr, 0).IsNumber());
  EXPECT_FALSE(FlexMap::RootScalar(ethos_u, 2).IsNumber());
  const uint8_t bad_width[] = {0x01, 0x04, 0x03};
  EXPECT_FALSE(FlexMap::RootScalar(bad_width, sizeof(bad_width)).IsNumber());
  const uint8_t too_wide[] = {0x01, 0x04, 0x08};  // 8-byte root in a 3-byte buffer
  EXPECT_FALSE(FlexMap::RootScalar(too_wide, sizeof(too_wide)).IsNumber());
}

TEST(FlexMap, SlotIntAtReadsSlotsAsTflmsWrapperDoes) {
  flexbuffers::Builder fbb;
  fbb.Map([&]() {
    fbb.Int("a", -5);
    fbb.Float("c", 1.5f);
    fbb.IndirectInt("d", 7);
  });
  fbb.Finish();
  const std::vector<uint8_t> bytes = fbb.GetBuffer();
  FlexMap map;
  ASSERT_TRUE(map.Init(bytes.data(), bytes.size()));
  int64_t v = 0;
  ASSERT_TRUE(map.SlotIntAt(0, &v));
  EXPECT_EQ(v, -5);
  EXPECT_FALSE(map.SlotIntAt(1, &v)) << "a float slot holds no integer";
  EXPECT_FALSE(map.SlotIntAt(2, &v)) << "an indirect slot holds an offset";

  flexbuffers::Builder narrow;
  narrow.Map([&]() { narrow.UInt("b", 200); });  // one byte wide: TFLM's wrapper sign-extends the slot
  narrow.Finish();
  const std::vector<uint8_t> small = narrow.GetBuffer();
  ASSERT_TRUE(map.Init(small.data(), small.size()));
  ASSERT_TRUE(map.SlotIntAt(0, &v));
  EXPECT_EQ(v, -56);
}

// Reading every key of a possibly malformed map: the reads are bounds-checked (ASan proves it in the asan
// preset), so this only has to terminate.
void ReadAll(const uint8_t* data, size_t size) {
  FlexMap map;
  if (!map.Init(data, size)) return;
  const char* keys[] = {"max_detections", "nms_iou_threshold", "use_regular_nms", "name", "big", "u", "d", "neg"};
  for (const char* k : keys) {
    const FlexValue v = map.Find(k);
    int32_t i;
    float f;
    bool b;
    (void)v.ToInt32(&i);
    (void)v.ToFloat(&f);
    (void)v.ToBool(&b);
  }
}

TEST(FlexMap, EveryTruncationStaysInside) {
  for (size_t n = 0; n <= sizeof(kMap); ++n) {
    // A heap copy of exactly n bytes, so that ASan sees any read past its end.
    std::vector<uint8_t> copy(kMap, kMap + n);
    ReadAll(copy.empty() ? nullptr : copy.data(), n);
  }
}

TEST(FlexMap, EveryByteMutationStaysInside) {
  std::vector<uint8_t> copy(kMap, kMap + sizeof(kMap));
  for (size_t pos = 0; pos < copy.size(); ++pos) {
    for (int value = 0; value < 256; ++value) {
      copy[pos] = static_cast<uint8_t>(value);
      ReadAll(copy.data(), copy.size());
    }
    copy[pos] = kMap[pos];
  }
}

}  // namespace
}  // namespace mote
