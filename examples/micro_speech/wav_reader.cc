#include "wav_reader.h"

#include <cstring>

namespace micro_speech {
namespace {

constexpr size_t kRiffHeader = 12;  // "RIFF", size, "WAVE"
constexpr size_t kChunkHeader = 8;  // id, size
constexpr size_t kPcmFormatBytes = 16;

uint32_t Le32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 | static_cast<uint32_t>(p[2]) << 16 |
         static_cast<uint32_t>(p[3]) << 24;
}
uint16_t Le16(const uint8_t* p) { return static_cast<uint16_t>(p[0] | p[1] << 8); }

bool Fail(WavAudio* audio, const char* error) {
  audio->error = error;
  return false;
}

// The "fmt " chunk's fields, in the order they are checked.
bool CheckFormat(const uint8_t* fmt, uint32_t size, WavAudio* audio) {
  if (size < kPcmFormatBytes) return Fail(audio, "the fmt chunk is shorter than 16 bytes");
  if (Le16(fmt) != 1) return Fail(audio, "not PCM (the format tag is not 1)");
  const uint16_t channels = Le16(fmt + 2);
  if (channels == 0) return Fail(audio, "zero channels");
  if (channels != 1) return Fail(audio, "not mono (more than one channel)");
  if (Le32(fmt + 4) != kWavSampleRate) return Fail(audio, "the sample rate is not 16000 Hz");
  if (Le16(fmt + 14) != 16) return Fail(audio, "not 16-bit samples");
  if (Le16(fmt + 12) != 2 || Le32(fmt + 8) != 2 * kWavSampleRate) {
    return Fail(audio, "the block align or byte rate contradicts 16-bit mono at 16000 Hz");
  }
  return true;
}

}  // namespace

bool ParseWav(const uint8_t* data, size_t size, WavAudio* audio) {
  *audio = WavAudio();
  if (data == nullptr || size < kRiffHeader) return Fail(audio, "truncated: shorter than the RIFF header");
  if (std::memcmp(data, "RIFF", 4) != 0 || std::memcmp(data + 8, "WAVE", 4) != 0) {
    return Fail(audio, "not a RIFF/WAVE file");
  }
  if (Le32(data + 4) > size - 8) return Fail(audio, "the RIFF size is larger than the file");
  bool have_format = false;
  size_t pos = kRiffHeader;
  while (size - pos >= kChunkHeader) {
    const uint8_t* chunk = data + pos;
    const uint32_t chunk_size = Le32(chunk + 4);
    const size_t room = size - pos - kChunkHeader;
    if (chunk_size > room) {
      return Fail(audio, std::memcmp(chunk, "data", 4) == 0 ? "the data chunk is larger than the file"
                                                            : "a chunk is larger than the file");
    }
    if (std::memcmp(chunk, "fmt ", 4) == 0) {
      if (!CheckFormat(chunk + kChunkHeader, chunk_size, audio)) return false;
      have_format = true;
    } else if (std::memcmp(chunk, "data", 4) == 0) {
      if (!have_format) return Fail(audio, "the data chunk comes before the fmt chunk");
      if (chunk_size % 2 != 0) return Fail(audio, "the data chunk has an odd byte count (not whole 16-bit samples)");
      audio->samples = chunk + kChunkHeader;
      audio->sample_count = chunk_size / 2;
      return true;
    }
    pos += kChunkHeader + chunk_size + (chunk_size & 1);  // chunks are padded to even sizes
    if (pos > size) break;
  }
  return Fail(audio, have_format ? "no data chunk" : "no fmt chunk");
}

}  // namespace micro_speech
