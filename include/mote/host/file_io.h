// Host file helpers for the tools and tests (may allocate; never part of the core library).
#ifndef MOTE_HOST_FILE_IO_H_
#define MOTE_HOST_FILE_IO_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace mote {
namespace host {

// A byte buffer whose data() is 16-byte aligned (models and arenas need it).
class AlignedBuffer {
 public:
  AlignedBuffer() = default;
  explicit AlignedBuffer(size_t size) { resize(size); }
  void resize(size_t size) {
    storage_.assign(size + 16, 0);
    offset_ = (16 - reinterpret_cast<uintptr_t>(storage_.data()) % 16) % 16;
    size_ = size;
  }
  uint8_t* data() { return storage_.data() + offset_; }
  const uint8_t* data() const { return storage_.data() + offset_; }
  size_t size() const { return size_; }

 private:
  std::vector<uint8_t> storage_;
  size_t offset_ = 0;
  size_t size_ = 0;
};

// Reads a whole regular file. On failure returns false and sets *error to a sentence naming the file and the
// reason (missing, a directory, unreadable, empty when !allow_empty).
bool ReadFile(const std::string& path, AlignedBuffer* out, std::string* error, bool allow_empty = false);

// Writes all files or none: each goes to "<path>.tmp" first and is renamed only after every write succeeded.
struct FileToWrite {
  std::string path;
  std::vector<uint8_t> bytes;
};
bool WriteFilesAtomically(const std::vector<FileToWrite>& files, std::string* error);

bool IsDirectory(const std::string& path);

}  // namespace host
}  // namespace mote

#endif  // MOTE_HOST_FILE_IO_H_
