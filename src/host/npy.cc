#include "mote/host/npy.h"

#include <cstdlib>
#include <cstring>

namespace mote {
namespace host {
namespace {

struct DtypeCode {
  const char* descr;
  TfLiteType type;
};
constexpr DtypeCode kCodes[] = {
    {"|i1", kTfLiteInt8},    {"|u1", kTfLiteUInt8},    {"<i2", kTfLiteInt16},   {"<u2", kTfLiteUInt16},
    {"<i4", kTfLiteInt32},   {"<u4", kTfLiteUInt32},   {"<i8", kTfLiteInt64},   {"<u8", kTfLiteUInt64},
    {"<f4", kTfLiteFloat32}, {"<f8", kTfLiteFloat64},  {"<f2", kTfLiteFloat16}, {"|b1", kTfLiteBool},
};

TfLiteType TypeOf(std::string d) {
  // NumPy writes 1-byte types as "|i1" but "<i1" and "=i1" mean the same.
  if (d.size() == 3 && (d[0] == '<' || d[0] == '=') && d[2] == '1') d[0] = '|';
  if (d.size() == 3 && d[0] == '=') d[0] = '<';
  for (const DtypeCode& c : kCodes)
    if (d == c.descr) return c.type;
  return kTfLiteNoType;
}

const char* DescrOf(TfLiteType t) {
  for (const DtypeCode& c : kCodes)
    if (c.type == t) return c.descr;
  return nullptr;
}

size_t SizeOf(TfLiteType t) {
  switch (t) {
    case kTfLiteInt8: case kTfLiteUInt8: case kTfLiteBool: return 1;
    case kTfLiteInt16: case kTfLiteUInt16: case kTfLiteFloat16: return 2;
    case kTfLiteInt32: case kTfLiteUInt32: case kTfLiteFloat32: return 4;
    case kTfLiteInt64: case kTfLiteUInt64: case kTfLiteFloat64: return 8;
    default: return 0;
  }
}

// The raw text of the value of 'key' in the header dict (up to the next top-level ',' or '}').
bool DictValue(const std::string& header, const std::string& key, std::string* value) {
  const size_t k = header.find("'" + key + "'");
  if (k == std::string::npos) return false;
  size_t p = header.find(':', k);
  if (p == std::string::npos) return false;
  ++p;
  while (p < header.size() && header[p] == ' ') ++p;
  int depth = 0;
  size_t end = p;
  for (; end < header.size(); ++end) {
    const char c = header[end];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth < 0) return false;
    if (depth == 0 && (c == ',' || c == '}')) break;
  }
  if (end >= header.size()) return false;
  *value = header.substr(p, end - p);
  return true;
}

std::string ShapeText(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + ")";
}

}  // namespace

bool IsNpyFile(const uint8_t* data, size_t size) {
  return size >= 6 && std::memcmp(data, "\x93NUMPY", 6) == 0;
}

bool ParseNpy(const uint8_t* data, size_t size, NpyArray* out, std::string* error) {
  if (!IsNpyFile(data, size) || size < 10) {
    *error = "not a .npy file";
    return false;
  }
  const uint8_t major = data[6];
  size_t header_len = 0;
  size_t offset = 0;
  if (major == 1) {
    header_len = data[8] | (static_cast<size_t>(data[9]) << 8);
    offset = 10;
  } else if (major == 2 || major == 3) {
    if (size < 12) {
      *error = "truncated .npy header";
      return false;
    }
    header_len = data[8] | (static_cast<size_t>(data[9]) << 8) | (static_cast<size_t>(data[10]) << 16) |
                 (static_cast<size_t>(data[11]) << 24);
    offset = 12;
  } else {
    *error = ".npy format version " + std::to_string(major) + " is not supported";
    return false;
  }
  if (header_len > size - offset) {
    *error = "truncated .npy header";
    return false;
  }
  const std::string header(reinterpret_cast<const char*>(data + offset), header_len);
  std::string descr, order, shape;
  if (!DictValue(header, "descr", &descr) || !DictValue(header, "fortran_order", &order) ||
      !DictValue(header, "shape", &shape)) {
    *error = "malformed .npy header";
    return false;
  }
  if (descr.size() < 2 || descr.front() != '\'' || descr.back() != '\'') {
    *error = "malformed .npy dtype " + descr;
    return false;
  }
  descr = descr.substr(1, descr.size() - 2);
  out->type = TypeOf(descr);
  if (out->type == kTfLiteNoType) {
    *error = ".npy dtype '" + descr + "' is not supported (little-endian ints, floats and bools are)";
    return false;
  }
  if (order != "False") {
    *error = ".npy file is in Fortran order; save it with C order";
    return false;
  }
  out->shape.clear();
  if (shape.size() < 2 || shape.front() != '(' || shape.back() != ')') {
    *error = "malformed .npy shape " + shape;
    return false;
  }
  const std::string dims = shape.substr(1, shape.size() - 2);
  int64_t elements = 1;
  size_t p = 0;
  while (p < dims.size()) {
    while (p < dims.size() && (dims[p] == ' ' || dims[p] == ',')) ++p;
    if (p >= dims.size()) break;
    char* end = nullptr;
    const long long v = std::strtoll(dims.c_str() + p, &end, 10);
    if (end == dims.c_str() + p || v < 0 || v > (1ll << 31)) {
      *error = "malformed .npy shape " + shape;
      return false;
    }
    out->shape.push_back(v);
    elements *= v;
    if (elements > (1ll << 31)) {
      *error = ".npy array is too large";
      return false;
    }
    p = static_cast<size_t>(end - dims.c_str());
  }
  out->bytes = static_cast<size_t>(elements) * SizeOf(out->type);
  const size_t data_offset = offset + header_len;
  if (size - data_offset != out->bytes) {
    *error = ".npy data has " + std::to_string(size - data_offset) + " bytes but dtype " + descr + " shape " +
             ShapeText(out->shape) + " needs " + std::to_string(out->bytes);
    return false;
  }
  out->data = data + data_offset;
  return true;
}

bool NpyMatchesTensor(const NpyArray& a, const TfLiteTensor* t, std::string* error) {
  std::vector<int64_t> want;
  for (int i = 0; i < t->dims->size; ++i) want.push_back(t->dims->data[i]);
  if (a.type != t->type || a.shape != want) {
    *error = std::string("the .npy array is ") + TfLiteTypeGetName(a.type) + " " + ShapeText(a.shape) +
             " but the tensor is " + TfLiteTypeGetName(t->type) + " " + ShapeText(want);
    return false;
  }
  return true;
}

bool EncodeNpy(TfLiteType type, const TfLiteIntArray* dims, const uint8_t* data, size_t bytes,
               std::vector<uint8_t>* out) {
  const char* descr = DescrOf(type);
  if (descr == nullptr) return false;
  std::string shape = "(";
  for (int i = 0; i < dims->size; ++i) shape += std::to_string(dims->data[i]) + (dims->size == 1 ? "," : (i + 1 < dims->size ? ", " : ""));
  shape += ")";
  std::string header = std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Pad with spaces so that the data starts on a 64-byte boundary, ending the header with '\n'.
  const size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  out->assign({0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, static_cast<uint8_t>(header.size() & 0xff),
               static_cast<uint8_t>(header.size() >> 8)});
  out->insert(out->end(), header.begin(), header.end());
  out->insert(out->end(), data, data + bytes);
  return true;
}

}  // namespace host
}  // namespace mote
