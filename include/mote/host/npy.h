// NumPy .npy files (format versions 1.0-3.0, little-endian, C order) for `mote run` inputs and outputs.
#ifndef MOTE_HOST_NPY_H_
#define MOTE_HOST_NPY_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "mote/c/common.h"

namespace mote {
namespace host {

struct NpyArray {
  TfLiteType type = kTfLiteNoType;
  std::vector<int64_t> shape;
  const uint8_t* data = nullptr;  // points into the parsed file buffer
  size_t bytes = 0;
};

bool IsNpyFile(const uint8_t* data, size_t size);

// Parses a whole .npy file held in memory. On failure returns false with a sentence in *error.
bool ParseNpy(const uint8_t* data, size_t size, NpyArray* out, std::string* error);

// Checks dtype and shape against a tensor; the message names both.
bool NpyMatchesTensor(const NpyArray& a, const TfLiteTensor* t, std::string* error);

// Serialises raw tensor bytes as a version-1.0 .npy file; false for types NumPy has no code for.
bool EncodeNpy(TfLiteType type, const TfLiteIntArray* dims, const uint8_t* data, size_t bytes,
               std::vector<uint8_t>* out);

}  // namespace host
}  // namespace mote

#endif  // MOTE_HOST_NPY_H_
