// The micro_speech pipeline, shared by the host program (main.cc) and the Cortex-M4 image
// (targets/tests/micro_speech_app.cc): WAV samples -> preprocessor frame after frame -> keyword model -> scores.
// Heap-free and stdio-free: it drives two interpreters the caller owns and reports problems in a caller's buffer.
//
// Contract.
// - CheckPipeline() takes the two interpreters after AllocateTensors() and checks they fit together: the
//   preprocessor int16 [.., frame] -> float32 or int8 [features], the keyword model int8 [frames x features]
//   -> int8 [labels]. It records the shape the other calls use.
// - Featurize() cuts the WAV into frames of `frame_samples` (480, 30 ms) every kStrideSamples (320, 20 ms),
//   Reset()s the preprocessor (a new stream starts) and invokes it once per frame, as TFLM's micro_speech
//   example does (its signal ops keep state between invokes). Each frame's features fill the next row of the
//   keyword model's input: float32 features are quantized with the keyword input's scale and zero point
//   (QuantizeFeature), int8 features are copied as they are.
// - Classify() is Featurize() then one keyword Invoke(); `best` is BestScore(): the first highest score.
// - On failure the functions return false and write a message (without the file name) into `error`.
//
//   micro_speech::PipelineShape shape;
//   char error[160];
//   if (!micro_speech::CheckPipeline(pre, kws, &shape, error, sizeof(error))) ...
//   size_t best;
//   if (micro_speech::Classify(shape, pre, kws, audio, &best, error, sizeof(error)))
//     scores = kws.output(0)->data.int8;
#ifndef MOTE_EXAMPLES_MICRO_SPEECH_PIPELINE_H_
#define MOTE_EXAMPLES_MICRO_SPEECH_PIPELINE_H_

#include <cstddef>
#include <cstdint>

#include "mote/micro_interpreter.h"
#include "wav_reader.h"

namespace micro_speech {

constexpr size_t kStrideSamples = 320;  // 20 ms at 16 kHz

struct PipelineShape {
  size_t frame_samples = 0;  // preprocessor input elements (480)
  size_t features = 0;       // preprocessor output elements per frame (40)
  size_t frames = 0;         // frames the keyword model takes (49)
  size_t labels = 0;         // keyword model output elements (4)
  bool int8_features = false;
  float scale = 1.0f;  // keyword input quantization (used for float32 features)
  int zero_point = 0;
};

// q = clamp(round_half_away_from_zero(f / scale) + zero_point, -128, 127), as micro_speech_e2e.json says.
int8_t QuantizeFeature(float f, float scale, int zero_point);

bool CheckPipeline(mote::MicroInterpreter& pre, mote::MicroInterpreter& kws, PipelineShape* shape, char* error,
                   size_t error_size);

bool Featurize(const PipelineShape& shape, mote::MicroInterpreter& pre, mote::MicroInterpreter& kws,
               const WavAudio& audio, char* error, size_t error_size);

size_t BestScore(const PipelineShape& shape, const int8_t* scores);

bool Classify(const PipelineShape& shape, mote::MicroInterpreter& pre, mote::MicroInterpreter& kws,
              const WavAudio& audio, size_t* best, char* error, size_t error_size);

}  // namespace micro_speech

#endif  // MOTE_EXAMPLES_MICRO_SPEECH_PIPELINE_H_
