// The WAV reader on well-formed files and on every kind of broken header it must name.
#include "wav_reader.h"

#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace micro_speech {
namespace {

void Put32(std::vector<uint8_t>* b, uint32_t v) {
  for (int i = 0; i < 4; ++i) b->push_back(static_cast<uint8_t>(v >> (8 * i)));
}
void Put16(std::vector<uint8_t>* b, uint16_t v) {
  b->push_back(static_cast<uint8_t>(v));
  b->push_back(static_cast<uint8_t>(v >> 8));
}
void PutId(std::vector<uint8_t>* b, const char* id) {
  for (int i = 0; i < 4; ++i)
    b->push_back(static_cast<uint8_t>(id[i]));  // (insert() trips GCC 12's -Wstringop-overflow)
}

// A WAV's header fields, each changeable before Build() writes them.
struct Wav {
  uint16_t format = 1, channels = 1, block_align = 2, bits = 16;
  uint32_t rate = 16000, byte_rate = 32000;
  std::vector<int16_t> samples = {1, -2, 300, -32768};
  bool extra_chunk = false;  // a "LIST" chunk of odd size (padded) before "data"
  int data_size_delta = 0;   // lie about the data size
  int riff_size_delta = 0;

  std::vector<uint8_t> Build() const {
    std::vector<uint8_t> b;
    PutId(&b, "RIFF");
    Put32(&b, 0);  // patched below
    PutId(&b, "WAVE");
    PutId(&b, "fmt ");
    Put32(&b, 16);
    Put16(&b, format);
    Put16(&b, channels);
    Put32(&b, rate);
    Put32(&b, byte_rate);
    Put16(&b, block_align);
    Put16(&b, bits);
    if (extra_chunk) {
      PutId(&b, "LIST");
      Put32(&b, 3);
      PutId(&b, "abc");  // 3 bytes and the pad byte
    }
    PutId(&b, "data");
    Put32(&b, static_cast<uint32_t>(2 * samples.size() + data_size_delta));
    for (int16_t s : samples) Put16(&b, static_cast<uint16_t>(s));
    const uint32_t riff = static_cast<uint32_t>(b.size() - 8 + riff_size_delta);
    for (int i = 0; i < 4; ++i) b[4 + i] = static_cast<uint8_t>(riff >> (8 * i));
    return b;
  }
};

std::string ErrorOf(const std::vector<uint8_t>& bytes) {
  WavAudio audio;
  EXPECT_FALSE(ParseWav(bytes.data(), bytes.size(), &audio));
  return audio.error == nullptr ? "" : audio.error;
}

TEST(WavReader, ReadsSamples) {
  for (bool extra : {false, true}) {
    Wav w;
    w.extra_chunk = extra;
    const std::vector<uint8_t> bytes = w.Build();
    WavAudio audio;
    ASSERT_TRUE(ParseWav(bytes.data(), bytes.size(), &audio)) << audio.error;
    ASSERT_EQ(audio.sample_count, 4u);
    EXPECT_EQ(ReadWavSample(audio, 0), 1);
    EXPECT_EQ(ReadWavSample(audio, 1), -2);
    EXPECT_EQ(ReadWavSample(audio, 2), 300);
    EXPECT_EQ(ReadWavSample(audio, 3), -32768);
  }
}

TEST(WavReader, NamesTruncatedAndLyingHeaders) {
  const std::vector<uint8_t> good = Wav().Build();
  EXPECT_EQ(ErrorOf({}), "truncated: shorter than the RIFF header");
  EXPECT_EQ(ErrorOf(std::vector<uint8_t>(good.begin(), good.begin() + 30)), "the RIFF size is larger than the file");
  Wav w;
  w.riff_size_delta = 100;
  EXPECT_EQ(ErrorOf(w.Build()), "the RIFF size is larger than the file");
  w = Wav();
  w.data_size_delta = 2;
  w.riff_size_delta = -2;
  EXPECT_EQ(ErrorOf(w.Build()), "the data chunk is larger than the file");
  w = Wav();
  w.data_size_delta = -1;
  EXPECT_EQ(ErrorOf(w.Build()), "the data chunk has an odd byte count (not whole 16-bit samples)");
  std::vector<uint8_t> bad = good;
  bad[8] = 'X';
  EXPECT_EQ(ErrorOf(bad), "not a RIFF/WAVE file");
  bad = good;
  bad[16] = 200;  // the fmt chunk claims more bytes than the file has
  EXPECT_EQ(ErrorOf(bad), "a chunk is larger than the file");
  bad = std::vector<uint8_t>(good.begin(), good.begin() + 36);  // no data chunk
  const uint32_t riff = static_cast<uint32_t>(bad.size() - 8);
  for (int i = 0; i < 4; ++i) bad[4 + i] = static_cast<uint8_t>(riff >> (8 * i));
  EXPECT_EQ(ErrorOf(bad), "no data chunk");
}

TEST(WavReader, NamesUnsupportedFormats) {
  Wav w;
  w.channels = 0;
  EXPECT_EQ(ErrorOf(w.Build()), "zero channels");
  w = Wav();
  w.channels = 2;
  EXPECT_EQ(ErrorOf(w.Build()), "not mono (more than one channel)");
  w = Wav();
  w.rate = 8000;
  EXPECT_EQ(ErrorOf(w.Build()), "the sample rate is not 16000 Hz");
  w = Wav();
  w.bits = 8;
  EXPECT_EQ(ErrorOf(w.Build()), "not 16-bit samples");
  w = Wav();
  w.format = 3;
  EXPECT_EQ(ErrorOf(w.Build()), "not PCM (the format tag is not 1)");
  w = Wav();
  w.byte_rate = 16000;
  EXPECT_EQ(ErrorOf(w.Build()), "the block align or byte rate contradicts 16-bit mono at 16000 Hz");
}

// Every truncation of a WAV with an extra chunk, and every header byte set to each of a few hostile values: the
// reader either accepts with samples inside the buffer or refuses with a message (each case in its own heap
// copy of exactly its size, so ASan catches any read past it).
TEST(WavReader, NeverReadsOutsideTheBuffer) {
  Wav w;
  w.extra_chunk = true;
  const std::vector<uint8_t> good = w.Build();
  auto check = [](const std::vector<uint8_t>& bytes) {
    const std::vector<uint8_t> copy(bytes);
    WavAudio audio;
    if (ParseWav(copy.data(), copy.size(), &audio)) {
      ASSERT_GE(audio.samples, copy.data());
      ASSERT_LE(audio.samples + 2 * audio.sample_count, copy.data() + copy.size());
      for (size_t i = 0; i < audio.sample_count; ++i) (void)ReadWavSample(audio, i);
    } else {
      ASSERT_NE(audio.error, nullptr);
      ASSERT_GT(std::string(audio.error).size(), 0u);
    }
  };
  for (size_t n = 0; n <= good.size(); ++n) check(std::vector<uint8_t>(good.begin(), good.begin() + n));
  const uint8_t hostile[] = {0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF};
  for (size_t i = 0; i < good.size() - 2 * w.samples.size(); ++i) {
    for (uint8_t v : hostile) {
      std::vector<uint8_t> bad = good;
      bad[i] = v;
      check(bad);
    }
  }
}

}  // namespace
}  // namespace micro_speech
