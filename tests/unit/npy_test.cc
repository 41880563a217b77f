// .npy reading and writing for `mote run` (include/mote/host/npy.h).
#include "mote/host/npy.h"

#include <cstring>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace mote {
namespace host {
namespace {

std::vector<uint8_t> Encode(TfLiteType type, std::vector<int> dims, const std::vector<uint8_t>& data) {
  std::vector<int> storage(dims.size() + 1);
  storage[0] = static_cast<int>(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) storage[i + 1] = dims[i];
  std::vector<uint8_t> out;
  EXPECT_TRUE(EncodeNpy(type, reinterpret_cast<const TfLiteIntArray*>(storage.data()), data.data(), data.size(), &out));
  return out;
}

TEST(Npy, RoundTripsEveryShapeRank) {
  for (std::vector<int> dims : {std::vector<int>{}, {5}, {2, 3}, {1, 2, 2, 1}}) {
    size_t n = 1;
    for (int d : dims) n *= static_cast<size_t>(d);
    std::vector<uint8_t> data(n * 4);
    for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 7);
    const std::vector<uint8_t> file = Encode(kTfLiteFloat32, dims, data);
    EXPECT_EQ((file.size() - data.size()) % 64, 0u) << "data must start on a 64-byte boundary";
    NpyArray a;
    std::string error;
    ASSERT_TRUE(ParseNpy(file.data(), file.size(), &a, &error)) << error;
    EXPECT_EQ(a.type, kTfLiteFloat32);
    EXPECT_EQ(a.shape, std::vector<int64_t>(dims.begin(), dims.end()));
    ASSERT_EQ(a.bytes, data.size());
    EXPECT_EQ(std::vector<uint8_t>(a.data, a.data + a.bytes), data);
  }
}

TEST(Npy, RefusesMalformedFilesWithAReason) {
  const std::vector<uint8_t> good = Encode(kTfLiteInt8, {2, 2}, {1, 2, 3, 4});
  NpyArray a;
  std::string error;
  for (size_t cut = 0; cut < good.size(); ++cut) {
    EXPECT_FALSE(ParseNpy(good.data(), cut, &a, &error)) << "cut " << cut;
    EXPECT_FALSE(error.empty());
  }
  std::vector<uint8_t> fortran = good;
  const std::string text(fortran.begin(), fortran.end());
  const size_t f = text.find("False");
  std::memcpy(&fortran[f], "True ", 5);
  EXPECT_FALSE(ParseNpy(fortran.data(), fortran.size(), &a, &error));
  EXPECT_EQ(error, ".npy file is in Fortran order; save it with C order");
  std::vector<uint8_t> big_endian = good;
  const size_t d = text.find("|i1");
  std::memcpy(&big_endian[d], ">i4", 3);
  EXPECT_FALSE(ParseNpy(big_endian.data(), big_endian.size(), &a, &error));
  EXPECT_EQ(error, ".npy dtype '>i4' is not supported (little-endian ints, floats and bools are)");
}

TEST(Npy, ChecksDtypeAndShapeAgainstTheTensor) {
  const std::vector<uint8_t> file = Encode(kTfLiteInt8, {1, 4}, {1, 2, 3, 4});
  NpyArray a;
  std::string error;
  ASSERT_TRUE(ParseNpy(file.data(), file.size(), &a, &error));
  int dims_storage[] = {2, 1, 4};
  TfLiteTensor t{};
  t.type = kTfLiteInt8;
  t.dims = reinterpret_cast<TfLiteIntArray*>(dims_storage);
  EXPECT_TRUE(NpyMatchesTensor(a, &t, &error));
  t.type = kTfLiteInt16;
  EXPECT_FALSE(NpyMatchesTensor(a, &t, &error));
  EXPECT_EQ(error, "the .npy array is INT8 (1, 4) but the tensor is INT16 (1, 4)");
}

}  // namespace
}  // namespace host
}  // namespace mote
