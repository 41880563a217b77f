// micro_speech: keyword spotting from WAV files, as TFLM's micro_speech example runs it.
//
//   micro_speech PREPROCESSOR.tflite KWS.tflite WAV...
//
// Each WAV (16 kHz mono 16-bit PCM, checked by wav_reader.h) is cut into frames of the preprocessor's input
// length (480 samples, 30 ms) every 320 samples (20 ms) and streamed through ONE preprocessor interpreter, frame
// after frame (its signal ops keep state between invokes; Reset() before each file starts the stream afresh).
// Each frame's features fill the next row of the keyword model's input: float32 features are quantized with
// the keyword input's scale and zero point (round half away from zero, clamped to int8), int8 features are
// copied as they are. Then the keyword model runs once and the program prints
//
//   FILE: LABEL s0 s1 s2 s3
//
// (the int8 scores, LABEL the first best). Labels come from KWS_labels.txt or labels.txt beside the keyword
// model (one per line), else the built-in micro_speech labels. Exit status 1 on any error (with a message
// naming the file and what is wrong), 2 on a usage error.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "wav_reader.h"

namespace {

constexpr size_t kStrideSamples = 320;  // 20 ms at 16 kHz
constexpr size_t kArenaBytes = 256 * 1024;
const char* const kBuiltinLabels[] = {"silence", "unknown", "yes", "no"};

// A file's bytes at a 16-byte aligned address (models are read in place).
struct FileBytes {
  std::vector<uint64_t> storage;
  size_t size = 0;
  const uint8_t* data() const { return reinterpret_cast<const uint8_t*>(storage.data()); }
};

bool ReadFile(const std::string& path, FileBytes* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string bytes = ss.str();
  out->storage.assign(bytes.size() / 8 + 2, 0);
  std::memcpy(out->storage.data(), bytes.data(), bytes.size());
  out->size = bytes.size();
  return true;
}

// One model with its interpreter and arena.
struct Model {
  FileBytes bytes;
  std::vector<uint8_t> arena = std::vector<uint8_t>(kArenaBytes + 16);
  mote::AllOpsResolver resolver;
  std::unique_ptr<mote::MicroInterpreter> interpreter;

  bool Load(const std::string& path) {
    if (!ReadFile(path, &bytes)) {
      std::fprintf(stderr, "micro_speech: cannot read %s\n", path.c_str());
      return false;
    }
    uint8_t* aligned = arena.data() + (16 - reinterpret_cast<uintptr_t>(arena.data()) % 16) % 16;
    interpreter = std::make_unique<mote::MicroInterpreter>(bytes.data(), bytes.size, resolver, aligned, kArenaBytes);
    if (interpreter->AllocateTensors() != kTfLiteOk) {
      std::fprintf(stderr, "micro_speech: %s: AllocateTensors() failed\n", path.c_str());
      return false;
    }
    return true;
  }
};

size_t Elements(const TfLiteTensor* t) {
  size_t n = 1;
  for (int i = 0; i < t->dims->size; ++i) n *= static_cast<size_t>(t->dims->data[i]);
  return n;
}

// The pipeline's shape, checked once: preprocessor int16 [.., frame] -> float32 or int8 [features];
// keyword model int8 [frames * features] -> int8 [labels].
struct Pipeline {
  Model pre, kws;
  size_t frame = 0, features = 0, frames = 0, labels = 0;
  float scale = 1.0f;
  int zero_point = 0;
  std::vector<std::string> names;

  bool Check() {
    const TfLiteTensor* in = pre.interpreter->input(0);
    const TfLiteTensor* feat = pre.interpreter->output(0);
    const TfLiteTensor* kin = kws.interpreter->input(0);
    const TfLiteTensor* kout = kws.interpreter->output(0);
    frame = Elements(in);
    features = Elements(feat);
    labels = Elements(kout);
    if (in->type != kTfLiteInt16 || (feat->type != kTfLiteFloat32 && feat->type != kTfLiteInt8) ||
        kin->type != kTfLiteInt8 || kout->type != kTfLiteInt8 || features == 0 || Elements(kin) % features != 0) {
      std::fprintf(stderr,
                   "micro_speech: the models do not fit together (want a preprocessor int16 -> float32 or int8 "
                   "features, a keyword model int8 [frames x features] -> int8 scores)\n");
      return false;
    }
    frames = Elements(kin) / features;
    scale = kin->params.scale;
    zero_point = kin->params.zero_point;
    return true;
  }
};

std::vector<std::string> LoadLabels(const std::string& kws_path, size_t count) {
  const size_t slash = kws_path.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "" : kws_path.substr(0, slash + 1);
  std::string stem = kws_path.substr(dir.size());
  if (stem.size() > 7 && stem.compare(stem.size() - 7, 7, ".tflite") == 0) stem.resize(stem.size() - 7);
  for (const std::string& path : {dir + stem + "_labels.txt", dir + "labels.txt"}) {
    std::ifstream in(path);
    std::vector<std::string> names;
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty()) names.push_back(line);
    }
    if (names.size() == count) return names;
  }
  std::vector<std::string> names;
  for (size_t i = 0; i < count; ++i) names.push_back(i < 4 ? kBuiltinLabels[i] : "label" + std::to_string(i));
  return names;
}

int8_t Quantize(float f, float scale, int zero_point) {
  const long q = std::lround(f / scale) + zero_point;  // lround: half away from zero
  return static_cast<int8_t>(q < -128 ? -128 : (q > 127 ? 127 : q));
}

// Streams the WAV's first `frames` frames through the preprocessor into the keyword model's input.
bool Featurize(Pipeline& p, const micro_speech::WavAudio& audio, const std::string& path) {
  const size_t available = audio.sample_count < p.frame ? 0 : (audio.sample_count - p.frame) / kStrideSamples + 1;
  if (available < p.frames) {
    std::fprintf(stderr, "micro_speech: %s: %zu samples make %zu frames, the keyword model needs %zu\n", path.c_str(),
                 audio.sample_count, available, p.frames);
    return false;
  }
  if (p.pre.interpreter->Reset() != kTfLiteOk) return false;
  int8_t* dst = p.kws.interpreter->input(0)->data.int8;
  for (size_t f = 0; f < p.frames; ++f) {
    int16_t* in = p.pre.interpreter->input(0)->data.i16;  // refilled each time: TFLM-style arenas reuse it
    for (size_t i = 0; i < p.frame; ++i) in[i] = micro_speech::ReadWavSample(audio, f * kStrideSamples + i);
    if (p.pre.interpreter->Invoke() != kTfLiteOk) {
      std::fprintf(stderr, "micro_speech: %s: the preprocessor failed on frame %zu\n", path.c_str(), f);
      return false;
    }
    const TfLiteTensor* feat = p.pre.interpreter->output(0);
    for (size_t i = 0; i < p.features; ++i) {
      dst[f * p.features + i] =
          feat->type == kTfLiteInt8 ? feat->data.int8[i] : Quantize(feat->data.f[i], p.scale, p.zero_point);
    }
  }
  return true;
}

bool Classify(Pipeline& p, const std::string& path) {
  FileBytes wav;
  if (!ReadFile(path, &wav)) {
    std::fprintf(stderr, "micro_speech: cannot read %s\n", path.c_str());
    return false;
  }
  micro_speech::WavAudio audio;
  if (!micro_speech::ParseWav(wav.data(), wav.size, &audio)) {
    std::fprintf(stderr, "micro_speech: %s: %s\n", path.c_str(), audio.error);
    return false;
  }
  if (!Featurize(p, audio, path)) return false;
  if (p.kws.interpreter->Invoke() != kTfLiteOk) {
    std::fprintf(stderr, "micro_speech: %s: the keyword model failed\n", path.c_str());
    return false;
  }
  const int8_t* scores = p.kws.interpreter->output(0)->data.int8;
  size_t best = 0;
  for (size_t i = 1; i < p.labels; ++i) best = scores[i] > scores[best] ? i : best;
  std::printf("%s: %s", path.c_str(), p.names[best].c_str());
  for (size_t i = 0; i < p.labels; ++i) std::printf(" %d", scores[i]);
  std::printf("\n");
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: micro_speech PREPROCESSOR.tflite KWS.tflite WAV...\n");
    return 2;
  }
  static Pipeline p;
  if (!p.pre.Load(argv[1]) || !p.kws.Load(argv[2]) || !p.Check()) return 1;
  p.names = LoadLabels(argv[2], p.labels);
  int status = 0;
  for (int i = 3; i < argc; ++i) {
    if (!Classify(p, argv[i])) status = 1;
  }
  return status;
}
