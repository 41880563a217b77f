#include "pipeline.h"

#include <cmath>
#include <cstdio>

namespace micro_speech {
namespace {

size_t Elements(const TfLiteTensor* t) {
  size_t n = 1;
  for (int i = 0; i < t->dims->size; ++i) n *= static_cast<size_t>(t->dims->data[i]);
  return n;
}

}  // namespace

int8_t QuantizeFeature(float f, float scale, int zero_point) {
  const long q = std::lround(f / scale) + zero_point;  // lround: half away from zero
  return static_cast<int8_t>(q < -128 ? -128 : (q > 127 ? 127 : q));
}

bool CheckPipeline(mote::MicroInterpreter& pre, mote::MicroInterpreter& kws, PipelineShape* shape, char* error,
                   size_t error_size) {
  if (pre.inputs_size() != 1 || pre.outputs_size() != 1 || kws.inputs_size() != 1 || kws.outputs_size() != 1) {
    std::snprintf(error, error_size, "the preprocessor and the keyword model must have one input and one output");
    return false;
  }
  const TfLiteTensor* in = pre.input(0);
  const TfLiteTensor* feat = pre.output(0);
  const TfLiteTensor* kin = kws.input(0);
  const TfLiteTensor* kout = kws.output(0);
  shape->frame_samples = Elements(in);
  shape->features = Elements(feat);
  shape->labels = Elements(kout);
  if (in->type != kTfLiteInt16 || (feat->type != kTfLiteFloat32 && feat->type != kTfLiteInt8) ||
      kin->type != kTfLiteInt8 || kout->type != kTfLiteInt8 || shape->features == 0 || shape->frame_samples == 0 ||
      shape->labels == 0 || Elements(kin) % shape->features != 0) {
    std::snprintf(error, error_size,
                  "the models do not fit together (want a preprocessor int16 -> float32 or int8 features, a "
                  "keyword model int8 [frames x features] -> int8 scores)");
    return false;
  }
  shape->frames = Elements(kin) / shape->features;
  shape->int8_features = feat->type == kTfLiteInt8;
  shape->scale = kin->params.scale;
  shape->zero_point = kin->params.zero_point;
  return true;
}

bool Featurize(const PipelineShape& shape, mote::MicroInterpreter& pre, mote::MicroInterpreter& kws,
               const WavAudio& audio, char* error, size_t error_size) {
  const size_t available =
      audio.sample_count < shape.frame_samples ? 0 : (audio.sample_count - shape.frame_samples) / kStrideSamples + 1;
  if (available < shape.frames) {
    std::snprintf(error, error_size, "%zu samples make %zu frames, the keyword model needs %zu", audio.sample_count,
                  available, shape.frames);
    return false;
  }
  if (pre.Reset() != kTfLiteOk) {
    std::snprintf(error, error_size, "the preprocessor's Reset() failed");
    return false;
  }
  int8_t* dst = kws.input(0)->data.int8;
  for (size_t f = 0; f < shape.frames; ++f) {
    int16_t* in = pre.input(0)->data.i16;  // refilled each time: TFLM-style arenas reuse it
    for (size_t i = 0; i < shape.frame_samples; ++i) in[i] = ReadWavSample(audio, f * kStrideSamples + i);
    if (pre.Invoke() != kTfLiteOk) {
      std::snprintf(error, error_size, "the preprocessor failed on frame %zu", f);
      return false;
    }
    const TfLiteTensor* feat = pre.output(0);
    int8_t* row = dst + f * shape.features;
    for (size_t i = 0; i < shape.features; ++i) {
      row[i] =
          shape.int8_features ? feat->data.int8[i] : QuantizeFeature(feat->data.f[i], shape.scale, shape.zero_point);
    }
  }
  return true;
}

size_t BestScore(const PipelineShape& shape, const int8_t* scores) {
  size_t best = 0;
  for (size_t i = 1; i < shape.labels; ++i) best = scores[i] > scores[best] ? i : best;
  return best;
}

bool Classify(const PipelineShape& shape, mote::MicroInterpreter& pre, mote::MicroInterpreter& kws,
              const WavAudio& audio, size_t* best, char* error, size_t error_size) {
  if (!Featurize(shape, pre, kws, audio, error, error_size)) return false;
  if (kws.Invoke() != kTfLiteOk) {
    std::snprintf(error, error_size, "the keyword model failed");
    return false;
  }
  *best = BestScore(shape, kws.output(0)->data.int8);
  return true;
}

}  // namespace micro_speech
