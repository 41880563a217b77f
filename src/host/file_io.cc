#include "mote/host/file_io.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace mote {
namespace host {

bool IsDirectory(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool ReadFile(const std::string& path, AlignedBuffer* out, std::string* error, bool allow_empty) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) {
    *error = "cannot open '" + path + "': " + std::strerror(errno);
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    *error = "'" + path + "' is a directory, not a file";
    return false;
  }
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    *error = "cannot open '" + path + "': " + std::strerror(errno);
    return false;
  }
  std::vector<uint8_t> bytes;
  uint8_t chunk[65536];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0) bytes.insert(bytes.end(), chunk, chunk + n);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) {
    *error = "cannot read '" + path + "'";
    return false;
  }
  if (bytes.empty() && !allow_empty) {
    *error = "'" + path + "' is empty";
    return false;
  }
  out->resize(bytes.size());
  if (!bytes.empty()) std::memcpy(out->data(), bytes.data(), bytes.size());
  return true;
}

bool WriteFilesAtomically(const std::vector<FileToWrite>& files, std::string* error) {
  std::vector<std::string> written;
  for (const FileToWrite& file : files) {
    const std::string tmp = file.path + ".tmp";
    FILE* f = std::fopen(tmp.c_str(), "wb");
    bool ok = f != nullptr;
    if (ok) ok = std::fwrite(file.bytes.data(), 1, file.bytes.size(), f) == file.bytes.size();
    if (f != nullptr) ok = (std::fclose(f) == 0) && ok;
    if (!ok) {
      *error = "cannot write '" + file.path + "': " + std::strerror(errno);
      std::remove(tmp.c_str());
      for (const std::string& w : written) std::remove(w.c_str());
      return false;
    }
    written.push_back(tmp);
  }
  for (const FileToWrite& file : files) {
    if (std::rename((file.path + ".tmp").c_str(), file.path.c_str()) != 0) {
      *error = "cannot rename into '" + file.path + "': " + std::strerror(errno);
      return false;
    }
  }
  return true;
}

}  // namespace host
}  // namespace mote
