#include "golden.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "mote/host/golden_inputs.h"

#ifndef MOTE_SHARED_DIR
#define MOTE_SHARED_DIR ""
#endif

namespace mote {
namespace test {
namespace {

bool IsDirectory(const std::string& path) {
  struct stat st;
  return !path.empty() && stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string FindSharedDir() {
  const char* env = std::getenv("MOTE_SHARED_DIR");
  std::string dir = (env != nullptr && env[0] != '\0') ? env : MOTE_SHARED_DIR;
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  return IsDirectory(dir) ? dir : std::string();
}

}  // namespace

const std::string& SharedDir() {
  static const std::string dir = FindSharedDir();
  return dir;
}

std::string SharedPath(const std::string& relative) { return SharedDir() + "/" + relative; }

bool FileExists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool ReadFile(const std::string& path, AlignedBuffer* out, std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error != nullptr) *error = path + ": " + why;
    return false;
  };
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return fail(std::strerror(errno));
  bool ok = std::fseek(f, 0, SEEK_END) == 0;
  const long size = ok ? std::ftell(f) : -1;
  ok = ok && size >= 0 && std::fseek(f, 0, SEEK_SET) == 0;
  if (!ok) {
    std::fclose(f);
    return fail("cannot determine the file size");
  }
  out->resize(static_cast<size_t>(size));
  const size_t got = size == 0 ? 0 : std::fread(out->data(), 1, out->size(), f);
  std::fclose(f);
  if (got != out->size()) return fail("short read");
  return true;
}

AlignedBuffer GoldenInput(int input_index, TfLiteType type, size_t bytes) {
  AlignedBuffer buffer(bytes);
  host::FillGoldenInput(input_index, type, buffer.data(), bytes);
  return buffer;
}

}  // namespace test
}  // namespace mote
