// The micro_speech pipeline on the target (docs/micro-speech.md): the preprocessor, the keyword model and the
// WAVs are embedded in the image (kMicroSpeech: models[0] the preprocessor, models[1] the keyword model,
// models[2] the WAVs with TFLM's scores and labels, embed_data.py's speech: source). Each WAV is parsed by
// wav_reader.h and classified by pipeline.h, the code the host program micro_speech runs; the scores and the
// label must be TFLM's exactly.
//
// It runs twice: with every Arm DSP/MVE variant masked off (the reference kernels), then with the variants the
// build selects (optimized). Under the shared instrument (run_qemu.sh --count) each WAV of each pass counts two
// regions: the preprocessor over all its frames (sample copy-in and feature quantization included), then the
// keyword model's Invoke(), then one preprocessor Invoke() alone (the middle frame after a Reset()); the image
// prints which region is which ("region K: ..."). Exit status: the number
// of mismatches (0 = every WAV as TFLM), 100+ on a setup failure.
#include <cstring>

#include "board.h"
#include "embedded_data.h"
#include "isa/cpu_features.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "pipeline.h"
#include "wav_reader.h"

extern const mote_embed::ModelSet kMicroSpeech;

namespace {

alignas(16) uint8_t g_pre_arena[48 * 1024] __attribute__((section(".bss.mote_arena_pre")));
alignas(16) uint8_t g_kws_arena[48 * 1024] __attribute__((section(".bss.mote_arena_kws")));
const char* const kLabels[] = {"silence", "unknown", "yes", "no"};  // micro_speech's, as the host's built-ins

// One pass over every WAV with the kernels `mask` leaves; returns the mismatches, or 100+ on a setup failure.
int RunPass(const char* pass, uint32_t mask, int* region) {
  static const mote::AllOpsResolver resolver;
  const mote_embed::Model& pre_model = kMicroSpeech.models[0];
  const mote_embed::Model& kws_model = kMicroSpeech.models[1];
  const mote_embed::Model& wavs = kMicroSpeech.models[2];
  mote::isa::SetFeatureMask(mask);
  mote::MicroInterpreter pre(pre_model.model.data, pre_model.model.size, resolver, g_pre_arena, sizeof(g_pre_arena));
  mote::MicroInterpreter kws(kws_model.model.data, kws_model.model.size, resolver, g_kws_arena, sizeof(g_kws_arena));
  if (pre.AllocateTensors() != kTfLiteOk || kws.AllocateTensors() != kTfLiteOk) {
    board_printf("micro_speech: AllocateTensors failed\n");
    return 100;
  }
  micro_speech::PipelineShape shape;
  char error[160];
  if (!micro_speech::CheckPipeline(pre, kws, &shape, error, sizeof(error))) {
    board_printf("micro_speech: %s\n", error);
    return 101;
  }
  board_printf("micro_speech %s: arenas %lu + %lu bytes, %s features, %lu frames of %lu samples\n", pass,
               static_cast<unsigned long>(pre.arena_used_bytes()), static_cast<unsigned long>(kws.arena_used_bytes()),
               shape.int8_features ? "int8" : "float32", static_cast<unsigned long>(shape.frames),
               static_cast<unsigned long>(shape.frame_samples));
  int mismatches = 0;
  for (uint32_t c = 0; c < wavs.num_cases; ++c) {
    const mote_embed::Case& wav = wavs.cases[c];
    micro_speech::WavAudio audio;
    if (!micro_speech::ParseWav(wav.inputs[0].data, wav.inputs[0].size, &audio)) {
      board_printf("micro_speech: %s: %s\n", wav.name, audio.error);
      return 102;
    }
    board_printf("region %d: %s %s preprocessor x %lu frames\n", (*region)++, pass, wav.name,
                 static_cast<unsigned long>(shape.frames));
    insn_region_begin();
    const bool featurized = micro_speech::Featurize(shape, pre, kws, audio, error, sizeof(error));
    insn_region_end();
    if (!featurized) {
      board_printf("micro_speech: %s: %s\n", wav.name, error);
      return 103;
    }
    board_printf("region %d: %s %s keyword model\n", (*region)++, pass, wav.name);
    insn_region_begin();
    const TfLiteStatus status = kws.Invoke();
    insn_region_end();
    if (status != kTfLiteOk) {
      board_printf("micro_speech: %s: the keyword model failed\n", wav.name);
      return 104;
    }
    // The preprocessor's Invoke() alone, without the copy-in and quantization around it: the middle frame
    // again after a Reset() (a fresh stream's first frame; Featurize() resets before the next WAV anyway).
    const size_t middle = shape.frames / 2;
    if (pre.Reset() != kTfLiteOk) return 106;
    for (size_t i = 0; i < shape.frame_samples; ++i) {
      pre.input(0)->data.i16[i] = micro_speech::ReadWavSample(audio, middle * micro_speech::kStrideSamples + i);
    }
    board_printf("region %d: %s %s invoke preprocessor frame %lu after Reset\n", (*region)++, pass, wav.name,
                 static_cast<unsigned long>(middle));
    insn_region_begin();
    const TfLiteStatus frame_status = pre.Invoke();
    insn_region_end();
    if (frame_status != kTfLiteOk) return 107;
    const int8_t* scores = kws.output(0)->data.int8;
    const size_t best = micro_speech::BestScore(shape, scores);
    const char* label = best < sizeof(kLabels) / sizeof(kLabels[0]) ? kLabels[best] : "?";
    const mote_embed::Blob& want = wav.outputs[0];
    const char* want_label = reinterpret_cast<const char*>(wav.outputs[1].data);
    const bool same = want.size == shape.labels && std::memcmp(scores, want.data, want.size) == 0 &&
                      std::strcmp(label, want_label) == 0;
    mismatches += same ? 0 : 1;
    board_printf("micro_speech %s: %s: %s", pass, wav.name, label);
    for (size_t i = 0; i < shape.labels; ++i) board_printf(" %d", scores[i]);
    if (same) {
      board_printf("  (TFLM's)\n");
    } else {
      board_printf("  DIFFERS FROM TFLM: %s", want_label);
      for (uint32_t i = 0; i < want.size; ++i) board_printf(" %d", static_cast<int8_t>(want.data[i]));
      board_printf("\n");
    }
  }
  return mismatches;
}

}  // namespace

int main() {
  board_install_log_sink();
  if (kMicroSpeech.count != 3) return 105;
  board_printf("micro_speech on %s (%s): %s\n", board_core(), board_name(), kMicroSpeech.source);
  int region = 0;
  int failures = RunPass("reference", mote::isa::kAllFeatures, &region);
  failures += RunPass("optimized", 0, &region);
  mote::isa::SetFeatureMask(0);
  board_printf("micro_speech: %s\n", failures == 0 ? "every WAV as TFLM, both passes" : "FAILED");
  return failures;
}
