// RuntimeShape: a tensor shape held by value (up to kMaxDims dimensions), as TFLite's kernels use it.
#ifndef MOTE_RUNTIME_SHAPE_H_
#define MOTE_RUNTIME_SHAPE_H_

#include <cstdint>
#include <initializer_list>
#include <type_traits>

namespace mote {

class RuntimeShape {
 public:
  static constexpr int kMaxDims = 8;

  RuntimeShape() : size_(0) {}
  // TFLite's forms: `dimensions_count` dimensions (zero until set), a braced list, and `shape` extended on the
  // left to `new_rank` dimensions filled with `pad_value`.
  explicit RuntimeShape(int dimensions_count) : size_(Clamp(dimensions_count)) {
    for (int i = 0; i < size_; ++i) dims_[i] = 0;
  }
  RuntimeShape(std::initializer_list<int32_t> dims) : size_(Clamp(static_cast<int>(dims.size()))) {
    int i = 0;
    for (const int32_t d : dims) {
      if (i < size_) dims_[i++] = d;
    }
  }
  RuntimeShape(int new_rank, const RuntimeShape& shape, int32_t pad_value) : size_(Clamp(new_rank)) {
    const int pad = size_ - shape.size_;
    for (int i = 0; i < size_; ++i) dims_[i] = i < pad ? pad_value : shape.dims_[i - pad];
  }
  // Ranks above kMaxDims are refused by model verification, so callers never pass one; they are clamped.
  RuntimeShape(int dimensions_count, const int32_t* dims) : size_(Clamp(dimensions_count)) {
    for (int i = 0; i < size_; ++i) dims_[i] = dims[i];
  }
  // TfLiteIntArray holds `int`; where int32_t is another 32-bit type (`long` on arm-none-eabi) dims arrive as
  // `const int*`. Enabled only there, so the two constructors never collide.
  template <typename Int, typename std::enable_if<std::is_same<Int, int>::value &&
                                                      !std::is_same<int, int32_t>::value,
                                                  int>::type = 0>
  RuntimeShape(int dimensions_count, const Int* dims) : size_(Clamp(dimensions_count)) {
    for (int i = 0; i < size_; ++i) dims_[i] = dims[i];
  }
  RuntimeShape(int dimensions_count, int32_t value) : size_(Clamp(dimensions_count)) {
    for (int i = 0; i < size_; ++i) dims_[i] = value;
  }
  // Extends `shape` on the left with 1s to `new_rank` dimensions (new_rank >= shape rank).
  RuntimeShape(int new_rank, const RuntimeShape& shape) : RuntimeShape(new_rank, shape, 1) {}
  static RuntimeShape ExtendedShape(int new_rank, const RuntimeShape& shape) {
    return RuntimeShape(new_rank, shape);
  }

  int DimensionsCount() const { return size_; }
  int32_t Dims(int i) const { return dims_[i]; }
  void SetDim(int i, int32_t value) { dims_[i] = value; }
  const int32_t* DimsData() const { return dims_; }
  int32_t* DimsData() { return dims_; }
  void Resize(int dimensions_count) { size_ = Clamp(dimensions_count); }
  void ReplaceWith(int dimensions_count, const int32_t* dims) { *this = RuntimeShape(dimensions_count, dims); }
  // Any container of integers with size() and begin()/end() (TFLite's BuildFrom).
  template <typename Container>
  void BuildFrom(const Container& dims) {
    Resize(static_cast<int>(dims.size()));
    int i = 0;
    for (const auto d : dims) {
      if (i < size_) dims_[i++] = static_cast<int32_t>(d);
    }
  }

  int FlatSize() const {
    int n = 1;
    for (int i = 0; i < size_; ++i) n *= dims_[i];
    return n;
  }
  bool operator==(const RuntimeShape& o) const {
    if (size_ != o.size_) return false;
    for (int i = 0; i < size_; ++i)
      if (dims_[i] != o.dims_[i]) return false;
    return true;
  }
  bool operator!=(const RuntimeShape& o) const { return !(*this == o); }

 private:
  static int Clamp(int n) { return n < 0 ? 0 : (n > kMaxDims ? kMaxDims : n); }
  int size_;
  int32_t dims_[kMaxDims];
};

// Flat offset of (b, h, w, c) in a 4-D NHWC shape.
inline int Offset(const RuntimeShape& s, int i0, int i1, int i2, int i3) {
  return ((i0 * s.Dims(1) + i1) * s.Dims(2) + i2) * s.Dims(3) + i3;
}

// Product of all dimensions except `skip_dim`.
inline int FlatSizeSkipDim(const RuntimeShape& s, int skip_dim) {
  int n = 1;
  for (int i = 0; i < s.DimensionsCount(); ++i)
    if (i != skip_dim) n *= s.Dims(i);
  return n;
}

}  // namespace mote

#endif  // MOTE_RUNTIME_SHAPE_H_
