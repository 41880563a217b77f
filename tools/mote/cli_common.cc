#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "cli.h"

namespace mote {
namespace cli {

bool ParseSize(const std::string& text, size_t* value) {
  if (text.empty() || text[0] == '-' || text[0] == '+') return false;
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  if (errno != 0 || end == text.c_str()) return false;
  unsigned long long mult = 1;
  const std::string suffix(end);
  if (suffix == "K" || suffix == "k") {
    mult = 1024ull;
  } else if (suffix == "M" || suffix == "m") {
    mult = 1024ull * 1024ull;
  } else if (!suffix.empty()) {
    return false;
  }
  if (v > (~0ull) / mult) return false;
  *value = static_cast<size_t>(v * mult);
  return true;
}

std::string DescribeTensor(const TfLiteTensor* t) {
  std::string s = TfLiteTypeGetName(t->type);
  s += " [";
  for (int i = 0; t->dims != nullptr && i < t->dims->size; ++i) {
    if (i > 0) s += ", ";
    s += std::to_string(t->dims->data[i]);
  }
  s += "]";
  return s;
}

bool LoadModelFile(const std::string& path, host::AlignedBuffer* model) {
  std::string error;
  if (!host::ReadFile(path, model, &error)) {
    std::fprintf(stderr, "mote: %s\n", error.c_str());
    return false;
  }
  return true;
}

}  // namespace cli
}  // namespace mote
