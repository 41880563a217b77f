// The shared pipeline (pipeline.h) against TFLM, feature by feature: for the float preprocessor of
// ../shared/audio (micro_speech_e2e.json) and the int8-features one of int8/ (micro_speech_e2e_int8.json), each
// WAV's 49 x 40 int8 keyword inputs must hash to TFLM's features_int8_sha256, and the scores must be TFLM's.
// Skipped, saying so, when ../shared/audio is absent. Also: QuantizeFeature's rounding and clamping, and the
// refusals of CheckPipeline (models that do not fit) and Featurize (too few samples).
#include "pipeline.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "mote/op_resolver.h"

#ifndef MOTE_SHARED_DIR
#error "MOTE_SHARED_DIR must be defined"
#endif
#ifndef MICRO_SPEECH_DIR
#error "MICRO_SPEECH_DIR must be defined"
#endif

namespace micro_speech {
namespace {

// SHA-256 (FIPS 180-4), for comparing features with the json's hashes.
std::string Sha256Hex(const uint8_t* data, size_t size) {
  static const uint32_t k[64] = {
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
      0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
      0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
      0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::vector<uint8_t> msg(data, data + size);
  msg.push_back(0x80);
  while (msg.size() % 64 != 56) msg.push_back(0);
  const uint64_t bits = static_cast<uint64_t>(size) * 8;
  for (int i = 7; i >= 0; --i) msg.push_back(static_cast<uint8_t>(bits >> (8 * i)));
  auto rotr = [](uint32_t x, int n) { return (x >> n) | (x << (32 - n)); };
  for (size_t block = 0; block < msg.size(); block += 64) {
    uint32_t w[64];
    for (int i = 0; i < 16; ++i) {
      const uint8_t* p = &msg[block + 4 * i];
      w[i] = static_cast<uint32_t>(p[0]) << 24 | static_cast<uint32_t>(p[1]) << 16 | static_cast<uint32_t>(p[2]) << 8 |
             p[3];
    }
    for (int i = 16; i < 64; ++i) {
      const uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; ++i) {
      const uint32_t t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i];
      const uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      hh = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    const uint32_t v[8] = {a, b, c, d, e, f, g, hh};
    for (int i = 0; i < 8; ++i) h[i] += v[i];
  }
  char hex[65];
  for (int i = 0; i < 8; ++i) std::snprintf(hex + 8 * i, 9, "%08x", static_cast<unsigned>(h[i]));
  return std::string(hex, 64);
}

bool Read(const std::string& path, std::vector<uint8_t>* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string s = ss.str();
  out->assign(s.begin(), s.end());
  return true;
}

// The value of "key" in the json object of case `wav` (the json files are the fixed format of
// micro_speech_e2e.json: one "cases" map of WAV name -> {label, scores_int8, ..., features_int8_sha256}).
std::string CaseField(const std::string& json, const std::string& wav, const std::string& key) {
  const size_t at = json.find("\"" + wav + "\"");
  if (at == std::string::npos) return "";
  const size_t end = json.find('}', at);
  const size_t k = json.find("\"" + key + "\"", at);
  if (k == std::string::npos || k > end) return "";
  const size_t colon = json.find(':', k);
  size_t from = json.find_first_not_of(" \n\t", colon + 1);
  if (json[from] == '"') return json.substr(from + 1, json.find('"', from + 1) - from - 1);
  const size_t close = json.find(']', from);
  std::string list = json.substr(from + 1, close - from - 1);
  std::string compact;
  for (char ch : list) {
    if (ch == ',')
      compact += ' ';
    else if (ch != ' ' && ch != '\n' && ch != '\t')
      compact += ch;
  }
  return compact;
}

struct Interpreter {
  std::vector<uint8_t> model;
  alignas(16) uint8_t arena[96 * 1024];
  mote::AllOpsResolver resolver;
  std::unique_ptr<mote::MicroInterpreter> interpreter;
  bool Load(const std::string& path) {
    if (!Read(path, &model)) return false;
    interpreter = std::make_unique<mote::MicroInterpreter>(model.data(), model.size(), resolver, arena, sizeof(arena));
    return interpreter->AllocateTensors() == kTfLiteOk;
  }
};

const std::string kShared = MOTE_SHARED_DIR;
const std::string kAudio = kShared + "/audio";
const char* const kWavs[] = {"yes_1000ms.wav", "no_1000ms.wav", "silence_1000ms.wav", "noise_1000ms.wav"};

bool HaveShared() {
  std::ifstream a(kAudio + "/micro_speech_e2e.json"), b(kShared + "/models/micro_speech_quantized.tflite");
  return a.good() && b.good();
}

void ExpectTflmFeaturesAndScores(const std::string& preprocessor, const std::string& json_path, bool int8) {
  std::vector<uint8_t> json_bytes;
  ASSERT_TRUE(Read(json_path, &json_bytes)) << json_path;
  const std::string json(json_bytes.begin(), json_bytes.end());
  static Interpreter pre, kws;  // static: the arenas are large
  ASSERT_TRUE(pre.Load(preprocessor)) << preprocessor;
  ASSERT_TRUE(kws.Load(kShared + "/models/micro_speech_quantized.tflite"));
  PipelineShape shape;
  char error[160];
  ASSERT_TRUE(CheckPipeline(*pre.interpreter, *kws.interpreter, &shape, error, sizeof(error))) << error;
  EXPECT_EQ(shape.int8_features, int8);
  EXPECT_EQ(shape.frames, 49u);
  EXPECT_EQ(shape.features, 40u);
  for (const char* wav : kWavs) {
    std::vector<uint8_t> bytes;
    ASSERT_TRUE(Read(kAudio + "/" + wav, &bytes));
    WavAudio audio;
    ASSERT_TRUE(ParseWav(bytes.data(), bytes.size(), &audio)) << audio.error;
    ASSERT_TRUE(Featurize(shape, *pre.interpreter, *kws.interpreter, audio, error, sizeof(error))) << error;
    const TfLiteTensor* in = kws.interpreter->input(0);
    EXPECT_EQ(Sha256Hex(in->data.uint8, in->bytes), CaseField(json, wav, "features_int8_sha256"))
        << wav << ": the keyword model's input differs from TFLM's features";
    ASSERT_EQ(kws.interpreter->Invoke(), kTfLiteOk);
    std::string scores;
    for (size_t i = 0; i < shape.labels; ++i) {
      scores += (i ? " " : "") + std::to_string(kws.interpreter->output(0)->data.int8[i]);
    }
    EXPECT_EQ(scores, CaseField(json, wav, "scores_int8")) << wav;
  }
}

TEST(MicroSpeechPipeline, Sha256OfKnownStrings) {
  EXPECT_EQ(Sha256Hex(nullptr, 0), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  const std::string abc = "abc";
  EXPECT_EQ(Sha256Hex(reinterpret_cast<const uint8_t*>(abc.data()), abc.size()),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(MicroSpeechPipeline, FloatPreprocessorGivesTflmFeatures) {
  if (!HaveShared()) GTEST_SKIP() << kAudio << " not found: skipping the float preprocessor's features";
  ExpectTflmFeaturesAndScores(kAudio + "/audio_preprocessor_float.tflite", kAudio + "/micro_speech_e2e.json", false);
}

TEST(MicroSpeechPipeline, Int8PreprocessorFeaturesPassAsTheyAre) {
  if (!HaveShared()) GTEST_SKIP() << kAudio << " not found: skipping the int8 preprocessor's features";
  const std::string dir = std::string(MICRO_SPEECH_DIR) + "/int8";
  ExpectTflmFeaturesAndScores(dir + "/audio_preprocessor_int8.tflite", dir + "/micro_speech_e2e_int8.json", true);
}

TEST(MicroSpeechPipeline, QuantizesHalfAwayFromZeroAndClamps) {
  EXPECT_EQ(QuantizeFeature(0.5f, 1.0f, 0), 1);
  EXPECT_EQ(QuantizeFeature(-0.5f, 1.0f, 0), -1);
  EXPECT_EQ(QuantizeFeature(2.5f, 1.0f, -128), -125);
  EXPECT_EQ(QuantizeFeature(1000.0f, 1.0f, 0), 127);
  EXPECT_EQ(QuantizeFeature(-1000.0f, 1.0f, 0), -128);
}

TEST(MicroSpeechPipeline, RefusesModelsThatDoNotFitAndShortAudio) {
  if (!HaveShared()) GTEST_SKIP() << kAudio << " not found: skipping";
  static Interpreter pre, kws;
  ASSERT_TRUE(pre.Load(kAudio + "/audio_preprocessor_float.tflite"));
  ASSERT_TRUE(kws.Load(kShared + "/models/micro_speech_quantized.tflite"));
  PipelineShape shape;
  char error[160];
  // The keyword model as the preprocessor: int8 input, not int16 audio.
  EXPECT_FALSE(CheckPipeline(*kws.interpreter, *kws.interpreter, &shape, error, sizeof(error)));
  EXPECT_NE(std::string(error).find("the models do not fit together"), std::string::npos) << error;
  ASSERT_TRUE(CheckPipeline(*pre.interpreter, *kws.interpreter, &shape, error, sizeof(error))) << error;
  std::vector<uint8_t> samples(2 * 15999, 0);
  WavAudio audio;
  audio.samples = samples.data();
  audio.sample_count = 15999;  // (15999 - 480) / 320 + 1 = 49: just enough
  EXPECT_TRUE(Featurize(shape, *pre.interpreter, *kws.interpreter, audio, error, sizeof(error))) << error;
  audio.sample_count = 15839;  // one sample short of 49 frames
  EXPECT_FALSE(Featurize(shape, *pre.interpreter, *kws.interpreter, audio, error, sizeof(error)));
  EXPECT_STREQ(error, "15839 samples make 48 frames, the keyword model needs 49");
}

}  // namespace
}  // namespace micro_speech
