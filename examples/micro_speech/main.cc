// micro_speech: keyword spotting from WAV files, as TFLM's micro_speech example runs it.
//
//   micro_speech PREPROCESSOR.tflite KWS.tflite WAV...
//
// Each WAV (16 kHz mono 16-bit PCM, checked by wav_reader.h) goes through the pipeline of pipeline.h (shared
// with the Cortex-M4 image targets/tests/micro_speech_app.cc): frames of the preprocessor's input length (480
// samples, 30 ms) every 320 samples (20 ms), streamed through ONE preprocessor interpreter (Reset() before each
// file), float32 features quantized with the keyword input's scale and zero point, int8 features copied as they
// are; then the keyword model runs once and the program prints
//
//   FILE: LABEL s0 s1 s2 s3
//
// (the int8 scores, LABEL the first best). Labels come from KWS_labels.txt or labels.txt beside the keyword
// model (one per line), else the built-in micro_speech labels. Exit status 1 on any error (with a message
// naming the file and what is wrong), 2 on a usage error.
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
#include "pipeline.h"
#include "wav_reader.h"

namespace {

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

// The two models with the pipeline's shape (pipeline.h), checked once.
struct Pipeline {
  Model pre, kws;
  micro_speech::PipelineShape shape;
  std::vector<std::string> names;

  bool Check() {
    char error[160];
    if (micro_speech::CheckPipeline(*pre.interpreter, *kws.interpreter, &shape, error, sizeof(error))) return true;
    std::fprintf(stderr, "micro_speech: %s\n", error);
    return false;
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
  size_t best = 0;
  char error[160];
  if (!micro_speech::Classify(p.shape, *p.pre.interpreter, *p.kws.interpreter, audio, &best, error, sizeof(error))) {
    std::fprintf(stderr, "micro_speech: %s: %s\n", path.c_str(), error);
    return false;
  }
  const int8_t* scores = p.kws.interpreter->output(0)->data.int8;
  std::printf("%s: %s", path.c_str(), p.names[best].c_str());
  for (size_t i = 0; i < p.shape.labels; ++i) std::printf(" %d", scores[i]);
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
  p.names = LoadLabels(argv[2], p.shape.labels);
  int status = 0;
  for (int i = 3; i < argc; ++i) {
    if (!Classify(p, argv[i])) status = 1;
  }
  return status;
}
