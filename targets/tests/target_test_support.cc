#include "target_test_support.h"

#include <cstring>

#include "board.h"
#include "mote/micro_context.h"
#include "mote/micro_log.h"

#ifndef MOTE_TARGET_ARENA_BYTES
#define MOTE_TARGET_ARENA_BYTES (1024 * 1024)
#endif

namespace mote_target {
namespace {
alignas(16) uint8_t g_arena[MOTE_TARGET_ARENA_BYTES] __attribute__((section(".bss.mote_arena")));

size_t TypeSize(TfLiteType type) {
  switch (type) {
    case kTfLiteFloat32:
    case kTfLiteInt32:
    case kTfLiteUInt32:
      return 4;
    case kTfLiteInt64:
    case kTfLiteUInt64:
    case kTfLiteFloat64:
      return 8;
    case kTfLiteInt16:
    case kTfLiteUInt16:
    case kTfLiteFloat16:
      return 2;
    default:
      return 1;
  }
}

bool FloatsMatch(float got, float want) {
  if (got != got || want != want) return got != got && want != want;  // NaN matches NaN only
  const double g = got, w = want;
  const double diff = g > w ? g - w : w - g;
  const double aw = w < 0 ? -w : w;
  if (aw > 3.0e38) return g == w;  // infinities
  return diff <= 1e-6 + 1e-5 * aw;
}
}  // namespace

LogCapture::LogCapture() {
  text_[0] = '\0';
  mote::SetLogSink(&Sink, this);
}
LogCapture::~LogCapture() { board_install_log_sink(); }
void LogCapture::Clear() {
  size_ = 0;
  text_[0] = '\0';
}
bool LogCapture::Has(const char* text) const { return std::strstr(text_, text) != nullptr; }
void LogCapture::Sink(void* user, const char* message) {
  auto* self = static_cast<LogCapture*>(user);
  for (const char* p = message; *p != '\0' && self->size_ + 2 < kBytes; ++p) self->text_[self->size_++] = *p;
  if (self->size_ + 1 < kBytes) self->text_[self->size_++] = '\n';
  self->text_[self->size_] = '\0';
}

const mote_embed::Model* FindModel(const mote_embed::ModelSet& set, const char* name) {
  for (uint32_t i = 0; i < set.count; ++i) {
    if (std::strcmp(set.models[i].name, name) == 0) return &set.models[i];
  }
  return nullptr;
}

uint8_t* Arena() { return g_arena; }
size_t ArenaBytes() { return sizeof(g_arena); }

bool RunAndCompare(const mote_embed::Model& model, const mote_embed::Case& c, const mote::MicroOpResolver& resolver,
                   uint8_t* arena, size_t arena_bytes, mote_test::Message* why, size_t* arena_used) {
  LogCapture log;
  mote::MicroInterpreter interpreter(model.model.data, model.model.size, resolver, arena, arena_bytes);
  if (interpreter.AllocateTensors() != kTfLiteOk) {
    if (c.expect_refused) return true;  // TFLM refused it too
    *why << "AllocateTensors failed: " << log.text();
    return false;
  }
  if (arena_used != nullptr) *arena_used = interpreter.arena_used_bytes();
  if (interpreter.inputs_size() != c.num_inputs || (!c.expect_refused && interpreter.outputs_size() != c.num_outputs)) {
    *why << "model has " << interpreter.inputs_size() << " inputs / " << interpreter.outputs_size()
         << " outputs, the case has " << c.num_inputs << " / " << c.num_outputs;
    return false;
  }
  for (uint32_t i = 0; i < c.num_inputs; ++i) {
    TfLiteTensor* t = interpreter.input(i);
    if (t == nullptr || t->bytes != c.inputs[i].size) {
      *why << "input " << i << ": tensor has " << (t == nullptr ? 0u : t->bytes) << " bytes, the case has "
           << c.inputs[i].size;
      return false;
    }
    if (t->bytes > 0) std::memcpy(t->data.raw, c.inputs[i].data, t->bytes);
  }
  const TfLiteStatus invoked = interpreter.Invoke();  // kTfLiteAbort: ended early, not an error (CIRCULAR_BUFFER)
  if (invoked != kTfLiteOk && invoked != mote::kTfLiteAbort) {
    if (c.expect_refused) return true;
    *why << "Invoke failed: " << log.text();
    return false;
  }
  if (c.expect_refused) {
    *why << "mote ran it (AllocateTensors and Invoke succeeded), but TFLM refuses it";
    return false;
  }
  bool ok = true;
  for (uint32_t o = 0; o < c.num_outputs; ++o) {
    const TfLiteTensor* t = interpreter.output(o);
    const mote_embed::Blob& want = c.outputs[o];
    if (t == nullptr || t->bytes != want.size) {
      *why << "output " << o << ": tensor has " << (t == nullptr ? 0u : t->bytes) << " bytes, TFLM produced "
           << want.size << "; ";
      ok = false;
      continue;
    }
    const size_t elem = TypeSize(t->type);
    const size_t count = want.size / elem;
    size_t differing = 0, first = 0;
    for (size_t i = 0; i < count; ++i) {
      bool same;
      if (t->type == kTfLiteFloat32) {
        float g, w;
        std::memcpy(&g, t->data.raw_const + i * 4, 4);
        std::memcpy(&w, want.data + i * 4, 4);
        same = FloatsMatch(g, w);
      } else {
        same = std::memcmp(t->data.raw_const + i * elem, want.data + i * elem, elem) == 0;
      }
      if (!same && differing++ == 0) first = i;
    }
    if (differing > 0) {
      *why << "output " << o << " (" << TfLiteTypeGetName(t->type) << "): " << differing << " of " << count
           << " elements differ, first at [" << first << "]; ";
      ok = false;
    }
  }
  return ok;
}

}  // namespace mote_target
