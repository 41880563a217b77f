// A heap-free reader of the WAV files micro_speech takes: RIFF/WAVE, PCM, 16-bit, mono, 16 kHz. It reads a
// buffer the caller owns (the file's bytes, or a WAV embedded in a firmware image) and points into it; nothing
// is copied or allocated.
//
// Contract. The bytes are untrusted: every chunk header and size is checked against the buffer before it is
// read, chunks other than "fmt " and "data" are skipped (they are padded to even sizes, as RIFF says), and the
// first problem is reported in `error` (a static string naming what is wrong). On success, samples points at
// the data chunk's little-endian int16 samples (possibly unaligned: read them with ReadWavSample()).
//
//   WavAudio audio;
//   if (!ParseWav(bytes, size, &audio)) fprintf(stderr, "%s\n", audio.error);
//   for (size_t i = 0; i < audio.sample_count; ++i) int16_t s = ReadWavSample(audio, i);
#ifndef MOTE_EXAMPLES_MICRO_SPEECH_WAV_READER_H_
#define MOTE_EXAMPLES_MICRO_SPEECH_WAV_READER_H_

#include <cstddef>
#include <cstdint>

namespace micro_speech {

constexpr uint32_t kWavSampleRate = 16000;

struct WavAudio {
  const uint8_t* samples = nullptr;  // into the caller's buffer
  size_t sample_count = 0;
  const char* error = nullptr;  // why ParseWav() refused the buffer
};

// True when `data` holds a RIFF/WAVE file with a PCM, 16-bit, mono, 16 kHz "fmt " chunk before a "data" chunk
// that lies inside the buffer and holds a whole number of samples.
bool ParseWav(const uint8_t* data, size_t size, WavAudio* audio);

inline int16_t ReadWavSample(const WavAudio& audio, size_t i) {
  const uint8_t* p = audio.samples + 2 * i;
  return static_cast<int16_t>(static_cast<uint16_t>(p[0] | (p[1] << 8)));
}

}  // namespace micro_speech

#endif  // MOTE_EXAMPLES_MICRO_SPEECH_WAV_READER_H_
