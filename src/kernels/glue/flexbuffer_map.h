// A read-only, heap-free reader of one FlexBuffers map: the custom_options TFLite's custom ops carry
// (TFLite_Detection_PostProcess's "max_detections", "nms_iou_threshold"...).
//
// Contract. The bytes come from the model and are untrusted: Init() accepts them only when the root is a map
// whose header, key vector, value slots and type bytes all lie inside [data, data + size); Find() checks each
// key string (NUL inside the buffer) and each indirect value (target inside the buffer) before reading it.
// No read ever leaves the buffer, whatever the bytes; a malformed part of the map is reported, never guessed.
// The reader keeps pointers into the caller's buffer (no copy): the buffer must outlive it.
//
//   FlexMap map;
//   if (!map.Init(buffer, length)) ...            // not a FlexBuffers map
//   const FlexValue v = map.Find("num_classes");  // kind kNull when the key is absent
//   if (!v.IsNumber()) ...                        // a string, vector, map, blob or malformed slot
//   int32_t n = 0;  v.ToInt32(&n);                // false when the value is not an int32
//
// Layout read (FlexBuffers, little-endian): the buffer ends with the root slot, its packed type byte and the
// root's byte width. A map value points at its first value slot; before it lie the key vector's offset, the
// key vector's byte width and the map's size (one slot each), after the size slots come one packed type byte
// per value. Keys are offsets to NUL-terminated strings. Packed type = (type << 2) | log2(byte width).
#ifndef MOTE_KERNELS_GLUE_FLEXBUFFER_MAP_H_
#define MOTE_KERNELS_GLUE_FLEXBUFFER_MAP_H_

#include <cstddef>
#include <cstdint>

namespace mote {

// One value of the map, converted as flexbuffers' AsInt64/AsDouble/AsBool convert scalars.
struct FlexValue {
  enum class Kind { kNull, kInt, kUInt, kFloat, kBool, kOther };
  Kind kind = Kind::kNull;  // kNull: absent key or a null value (flexbuffers reads both as 0 / false)
  int64_t int_value = 0;    // kInt, and kUInt / kBool reinterpreted
  uint64_t uint_value = 0;  // kUInt, kBool
  double float_value = 0;   // kFloat

  // Null, integers, floats and booleans; false for strings, vectors, maps, blobs and malformed slots.
  bool IsNumber() const { return kind != Kind::kOther; }
  // The value as an int32: integers in range, floats truncated toward zero when the result is in range,
  // booleans 0/1, null 0. False (and *out untouched) otherwise.
  bool ToInt32(int32_t* out) const;
  // The value as a float (integers converted, null 0). False for kOther.
  bool ToFloat(float* out) const;
  // Non-zero is true (floats truncated toward zero first, as flexbuffers' AsBool). False for kOther.
  bool ToBool(bool* out) const;
};

class FlexMap {
 public:
  // False when `data` is null, shorter than the trailer, or its root is not a well-formed map (see above).
  bool Init(const uint8_t* data, size_t size);
  // The value stored under `key` (exact, case-sensitive; the first match); kNull when absent. Init() must
  // have succeeded.
  FlexValue Find(const char* key) const;
  size_t size() const { return size_; }
  // The root of a FlexBuffers buffer whose root is a scalar rather than a map (the `ethos-u` op's options
  // are the integer 1): kOther when the buffer is malformed or the root is not a scalar.
  static FlexValue RootScalar(const uint8_t* data, size_t size);
  // The i-th value in key order (i < size()) read as TFLM's FlexbufferWrapper::ElementAsInt64 reads it: the
  // value slot's bytes as a signed integer of the map's byte width. False unless that value is an integer or
  // a boolean stored in its slot (for floats, strings and indirect values the slot holds no integer).
  bool SlotIntAt(size_t i, int64_t* out) const;

 private:
  bool Inside(const uint8_t* p, uint64_t n) const;
  bool ReadUInt(const uint8_t* p, int width, uint64_t* out) const;
  const uint8_t* Indirect(const uint8_t* slot, int width) const;  // nullptr when the target is outside
  const char* KeyAt(size_t i) const;                              // nullptr when malformed
  FlexValue ValueAt(size_t i) const;
  // The scalar in `slot` (a value slot of `slot_width` bytes) of packed type `packed`; kOther when malformed.
  FlexValue ScalarAt(const uint8_t* slot, uint8_t packed, int slot_width) const;

  const uint8_t* data_ = nullptr;
  size_t data_size_ = 0;
  const uint8_t* values_ = nullptr;  // first value slot
  const uint8_t* types_ = nullptr;   // one packed type byte per value
  const uint8_t* keys_ = nullptr;    // first key slot
  int width_ = 0;                    // byte width of the value slots
  int key_width_ = 0;                // byte width of the key slots
  size_t size_ = 0;
};

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_FLEXBUFFER_MAP_H_
