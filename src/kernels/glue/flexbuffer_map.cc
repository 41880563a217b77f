// FlexMap: every pointer is checked against [data_, data_ + data_size_) before it is read.
#include "kernels/glue/flexbuffer_map.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace mote {
namespace {

// FlexBuffers type codes (flexbuffers.h's FBT_*), the ones a scalar map value can have.
constexpr int kTypeNull = 0;
constexpr int kTypeInt = 1;
constexpr int kTypeUInt = 2;
constexpr int kTypeFloat = 3;
constexpr int kTypeIndirectInt = 6;
constexpr int kTypeIndirectUInt = 7;
constexpr int kTypeIndirectFloat = 8;
constexpr int kTypeMap = 9;
constexpr int kTypeBool = 26;

int WidthOf(uint8_t packed_type) { return 1 << (packed_type & 3); }
int TypeOf(uint8_t packed_type) { return packed_type >> 2; }

int64_t SignExtend(uint64_t v, int width) {
  if (width == 8) return static_cast<int64_t>(v);
  const int bits = width * 8;
  const uint64_t sign = uint64_t{1} << (bits - 1);
  return static_cast<int64_t>((v ^ sign)) - static_cast<int64_t>(sign);
}

bool TruncatedInt32(double v, int32_t* out) {
  if (!(v > -2147483649.0 && v < 2147483648.0)) return false;  // NaN fails too
  *out = static_cast<int32_t>(v);
  return true;
}

}  // namespace

bool FlexValue::ToInt32(int32_t* out) const {
  switch (kind) {
    case Kind::kNull:
      *out = 0;
      return true;
    case Kind::kInt:
      if (int_value < std::numeric_limits<int32_t>::min() || int_value > std::numeric_limits<int32_t>::max())
        return false;
      *out = static_cast<int32_t>(int_value);
      return true;
    case Kind::kUInt:
    case Kind::kBool:
      if (uint_value > static_cast<uint64_t>(std::numeric_limits<int32_t>::max())) return false;
      *out = static_cast<int32_t>(uint_value);
      return true;
    case Kind::kFloat:
      return TruncatedInt32(float_value, out);
    case Kind::kOther:
      break;
  }
  return false;
}

bool FlexValue::ToFloat(float* out) const {
  switch (kind) {
    case Kind::kNull:
      *out = 0.0f;
      return true;
    case Kind::kInt:
      *out = static_cast<float>(int_value);
      return true;
    case Kind::kUInt:
    case Kind::kBool:
      *out = static_cast<float>(uint_value);
      return true;
    case Kind::kFloat:
      *out = static_cast<float>(float_value);
      return true;
    case Kind::kOther:
      break;
  }
  return false;
}

bool FlexValue::ToBool(bool* out) const {
  switch (kind) {
    case Kind::kNull:
      *out = false;
      return true;
    case Kind::kInt:
      *out = int_value != 0;
      return true;
    case Kind::kUInt:
    case Kind::kBool:
      *out = uint_value != 0;
      return true;
    case Kind::kFloat:
      *out = std::trunc(float_value) != 0.0;  // NaN is true, as a non-zero bit pattern would be
      return true;
    case Kind::kOther:
      break;
  }
  return false;
}

bool FlexMap::Inside(const uint8_t* p, uint64_t n) const {
  if (p < data_) return false;
  const uint64_t offset = static_cast<uint64_t>(p - data_);
  return offset <= data_size_ && n <= data_size_ - offset;
}

bool FlexMap::ReadUInt(const uint8_t* p, int width, uint64_t* out) const {
  if (!Inside(p, static_cast<uint64_t>(width))) return false;
  uint64_t v = 0;
  for (int i = width - 1; i >= 0; --i) v = (v << 8) | p[i];
  *out = v;
  return true;
}

const uint8_t* FlexMap::Indirect(const uint8_t* slot, int width) const {
  uint64_t offset = 0;
  if (!ReadUInt(slot, width, &offset)) return nullptr;
  // Offsets point backwards from the slot; the target must still be inside the buffer.
  if (offset > static_cast<uint64_t>(slot - data_)) return nullptr;
  return slot - offset;
}

bool FlexMap::Init(const uint8_t* data, size_t size) {
  *this = FlexMap();
  if (data == nullptr || size < 3) return false;
  data_ = data;
  data_size_ = size;
  const int root_width = data[size - 1];
  const uint8_t root_type = data[size - 2];
  if ((root_width != 1 && root_width != 2 && root_width != 4 && root_width != 8) ||
      static_cast<size_t>(root_width) > size - 2 || TypeOf(root_type) != kTypeMap) {
    return false;
  }
  const uint8_t* values = Indirect(data + size - 2 - root_width, root_width);
  if (values == nullptr) return false;
  const int width = WidthOf(root_type);
  // Header: keys offset, keys byte width, size (one slot of `width` each) just before the values.
  if (static_cast<uint64_t>(values - data) < 3u * static_cast<uint64_t>(width)) return false;
  uint64_t count = 0, key_width = 0;
  if (!ReadUInt(values - width, width, &count) || !ReadUInt(values - 2 * width, width, &key_width)) return false;
  if (key_width != 1 && key_width != 2 && key_width != 4 && key_width != 8) return false;
  const uint8_t* keys = Indirect(values - 3 * width, width);
  if (keys == nullptr || count > size) return false;
  uint64_t key_count = 0;
  if (static_cast<uint64_t>(keys - data) < key_width ||
      !ReadUInt(keys - key_width, static_cast<int>(key_width), &key_count)) {
    return false;
  }
  if (key_count != count || !Inside(keys, count * key_width) || !Inside(values, count * (width + 1u))) return false;
  values_ = values;
  types_ = values + count * width;
  keys_ = keys;
  width_ = width;
  key_width_ = static_cast<int>(key_width);
  size_ = static_cast<size_t>(count);
  return true;
}

const char* FlexMap::KeyAt(size_t i) const {
  const uint8_t* key = Indirect(keys_ + i * key_width_, key_width_);
  if (key == nullptr) return nullptr;
  const size_t room = data_size_ - static_cast<size_t>(key - data_);
  if (std::memchr(key, 0, room) == nullptr) return nullptr;
  return reinterpret_cast<const char*>(key);
}

FlexValue FlexMap::ValueAt(size_t i) const { return ScalarAt(values_ + i * width_, types_[i], width_); }

FlexValue FlexMap::RootScalar(const uint8_t* data, size_t size) {
  FlexMap reader;
  if (data == nullptr || size < 3) return FlexValue{FlexValue::Kind::kOther};
  reader.data_ = data;
  reader.data_size_ = size;
  const int root_width = data[size - 1];
  if ((root_width != 1 && root_width != 2 && root_width != 4 && root_width != 8) ||
      static_cast<size_t>(root_width) > size - 2) {
    return FlexValue{FlexValue::Kind::kOther};
  }
  return reader.ScalarAt(data + size - 2 - root_width, data[size - 2], root_width);
}

FlexValue FlexMap::ScalarAt(const uint8_t* slot, uint8_t packed, int slot_width) const {
  FlexValue v;
  v.kind = FlexValue::Kind::kOther;
  const int type = TypeOf(packed);
  int width = slot_width;
  if (type == kTypeIndirectInt || type == kTypeIndirectUInt || type == kTypeIndirectFloat) {
    slot = Indirect(slot, slot_width);
    width = WidthOf(packed);
    if (slot == nullptr) return v;
  }
  uint64_t bits = 0;
  if (!ReadUInt(slot, width, &bits)) return v;
  if (type == kTypeNull) {
    v.kind = FlexValue::Kind::kNull;
  } else if (type == kTypeInt || type == kTypeIndirectInt) {
    v.kind = FlexValue::Kind::kInt;
    v.int_value = SignExtend(bits, width);
  } else if (type == kTypeUInt || type == kTypeIndirectUInt || type == kTypeBool) {
    v.kind = type == kTypeBool ? FlexValue::Kind::kBool : FlexValue::Kind::kUInt;
    v.uint_value = bits;
    v.int_value = static_cast<int64_t>(bits);
  } else if ((type == kTypeFloat || type == kTypeIndirectFloat) && (width == 4 || width == 8)) {
    v.kind = FlexValue::Kind::kFloat;
    if (width == 4) {
      const uint32_t b32 = static_cast<uint32_t>(bits);
      float f;
      std::memcpy(&f, &b32, sizeof(f));
      v.float_value = f;
    } else {
      std::memcpy(&v.float_value, &bits, sizeof(v.float_value));
    }
  }
  return v;
}

bool FlexMap::SlotIntAt(size_t i, int64_t* out) const {
  const int type = TypeOf(types_[i]);
  if (type != kTypeInt && type != kTypeUInt && type != kTypeBool) return false;
  uint64_t bits = 0;
  if (!ReadUInt(values_ + i * width_, width_, &bits)) return false;
  *out = SignExtend(bits, width_);
  return true;
}

FlexValue FlexMap::Find(const char* key) const {
  for (size_t i = 0; i < size_; ++i) {
    const char* k = KeyAt(i);
    if (k != nullptr && std::strcmp(k, key) == 0) return ValueAt(i);
  }
  return FlexValue();
}

}  // namespace mote
