// Oracle case files: parser and runner (see oracle_cases.h).
#include "support/oracle_cases.h"

#include <cmath>
#include <cstring>
#include <sstream>
#include <utility>

#include "isa/cpu_features.h"
#include "mote/micro_context.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "mote/schema/schema_generated.h"

namespace mote {
namespace test {
namespace {

constexpr size_t kArenaSize = 4 * 1024 * 1024;

// Bounds-checked little-endian reader over a file's bytes; every read fails cleanly past the end.
class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  size_t remaining() const { return size_ - pos_; }
  size_t position() const { return pos_; }
  bool U32(uint32_t* v) {
    if (remaining() < 4) return false;
    const uint8_t* p = data_ + pos_;
    *v = static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 | static_cast<uint32_t>(p[2]) << 16 |
         static_cast<uint32_t>(p[3]) << 24;
    pos_ += 4;
    return true;
  }
  bool Bytes(Blob* b) {
    uint32_t n;
    if (!U32(&n) || remaining() < n) return false;
    *b = Blob{data_ + pos_, n};
    pos_ += n;
    return true;
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// A u32 count followed by that many length-prefixed blobs.
bool ReadBlobList(Reader* r, std::vector<Blob>* blobs) {
  uint32_t n;
  if (!r->U32(&n) || n > r->remaining() / 4) return false;
  for (uint32_t i = 0; i < n; ++i) {
    Blob b;
    if (!r->Bytes(&b)) return false;
    blobs->push_back(b);
  }
  return true;
}

}  // namespace

// Parses a whole .cases file. Blobs point into `file`, which must outlive the cases.
bool ParseCases(const AlignedBuffer& file, std::vector<OracleCase>* cases, std::string* error) {
  std::ostringstream why;
  auto has_magic = [&file](const char (&magic)[8]) {
    return file.size() >= sizeof(magic) && std::memcmp(file.data(), magic, sizeof(magic)) == 0;
  };
  const bool v3 = has_magic(kOracleMagicV3);
  const bool v2 = v3 || has_magic(kOracleMagicV2);
  if (!v2 && !has_magic(kOracleMagic)) {
    *error = "bad magic (not a MOTEORC1, MOTEORC2 or MOTEORC3 case file)";
    return false;
  }
  Reader r(file.data() + sizeof(kOracleMagic), file.size() - sizeof(kOracleMagic));
  uint32_t count;
  if (!r.U32(&count)) {
    *error = "truncated before the case count";
    return false;
  }
  // Each case needs at least 16 bytes (four u32 headers): reject absurd counts before reserving.
  if (count > r.remaining() / 16) {
    why << "case count " << count << " cannot fit in " << r.remaining() << " bytes";
    *error = why.str();
    return false;
  }
  cases->reserve(count);
  for (uint32_t c = 0; c < count; ++c) {
    OracleCase oc;
    Blob name;
    uint32_t n;
    bool ok = r.Bytes(&name);
    if (ok) oc.name.assign(reinterpret_cast<const char*>(name.data), name.size);
    if (ok && v2) {
      uint32_t expectation;
      Blob reason;
      ok = r.U32(&expectation) && r.Bytes(&reason);
      if (ok && expectation != kExpectOutputs && expectation != kExpectRefused) {
        why << "case " << c << " ('" << oc.name << "') has unknown expectation " << expectation;
        *error = why.str();
        return false;
      }
      if (ok) {
        oc.expect_refused = expectation == kExpectRefused;
        oc.refusal_reason.assign(reinterpret_cast<const char*>(reason.data), reason.size);
      }
    }
    ok = ok && r.Bytes(&oc.model);
    uint32_t steps = 1;
    // Each step needs at least 12 bytes (flags and two counts).
    if (v3) ok = ok && r.U32(&steps) && steps >= 1 && steps <= r.remaining() / 12;
    for (uint32_t s = 0; ok && s < steps; ++s) {
      uint32_t flags = 0;
      if (v3) ok = r.U32(&flags) && (flags & ~kStepResetBefore) == 0 && (s > 0 || flags == 0);
      OracleStep step;
      step.reset_before = (flags & kStepResetBefore) != 0;
      ok = ok && ReadBlobList(&r, &step.inputs) && ReadBlobList(&r, &step.outputs);
      if (!ok) break;
      if (s == 0) {
        oc.inputs = std::move(step.inputs);
        oc.outputs = std::move(step.outputs);
      } else {
        oc.later_steps.push_back(std::move(step));
      }
    }
    if (!ok) {
      why << "case " << c << (oc.name.empty() ? "" : " ('" + oc.name + "')") << " is truncated or malformed near byte "
          << r.position() + sizeof(kOracleMagic);
      *error = why.str();
      return false;
    }
    if (oc.expect_refused && (!oc.outputs.empty() || !oc.later_steps.empty())) {
      why << "case " << c << " ('" << oc.name << "') expects a refusal but has " << oc.outputs.size() << " outputs";
      *error = why.str();
      return false;
    }
    cases->push_back(std::move(oc));
  }
  if (r.remaining() != 0) {
    why << r.remaining() << " trailing bytes after " << count << " cases";
    *error = why.str();
    return false;
  }
  return true;
}
namespace {

// Collects everything mote logs while a case runs, so a failure report carries the kernel's own message.
struct LogCapture {
  LogCapture() { SetLogSink(&Append, this); }
  ~LogCapture() { SetLogSink(nullptr, nullptr); }
  static void Append(void* user, const char* message) {
    auto* self = static_cast<LogCapture*>(user);
    if (!self->text.empty()) self->text += " | ";
    self->text += message;
  }
  std::string text;
};

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

// Element `i` of a little-endian buffer of `type`, printed as a number.
std::string ElementString(TfLiteType type, const uint8_t* data, size_t i) {
  const uint8_t* p = data + i * TypeSize(type);
  std::ostringstream s;
  switch (type) {
    case kTfLiteFloat32: {
      float v;
      std::memcpy(&v, p, 4);
      s.precision(9);
      s << v;
      break;
    }
    case kTfLiteInt8:
      s << static_cast<int>(static_cast<int8_t>(p[0]));
      break;
    case kTfLiteUInt8:
      s << static_cast<int>(p[0]);
      break;
    case kTfLiteBool:
      s << (p[0] != 0 ? "true" : "false");
      break;
    case kTfLiteInt16: {
      int16_t v;
      std::memcpy(&v, p, 2);
      s << v;
      break;
    }
    case kTfLiteUInt16: {
      uint16_t v;
      std::memcpy(&v, p, 2);
      s << v;
      break;
    }
    case kTfLiteInt32: {
      int32_t v;
      std::memcpy(&v, p, 4);
      s << v;
      break;
    }
    case kTfLiteUInt32: {
      uint32_t v;
      std::memcpy(&v, p, 4);
      s << v;
      break;
    }
    case kTfLiteInt64: {
      int64_t v;
      std::memcpy(&v, p, 8);
      s << v;
      break;
    }
    case kTfLiteUInt64: {
      uint64_t v;
      std::memcpy(&v, p, 8);
      s << v;
      break;
    }
    default:
      s << "0x" << std::hex << static_cast<int>(p[0]);
      break;
  }
  return s.str();
}

bool ElementsMatch(TfLiteType type, const uint8_t* got, const uint8_t* want, size_t i) {
  const size_t n = TypeSize(type);
  if (type == kTfLiteFloat32) {
    float g, w;
    std::memcpy(&g, got + i * n, 4);
    std::memcpy(&w, want + i * n, 4);
    if (std::isnan(g) || std::isnan(w)) return std::isnan(g) && std::isnan(w);
    if (std::isinf(g) || std::isinf(w)) return g == w;
    return std::fabs(static_cast<double>(g) - w) <= kFloatAbsTolerance + kFloatRelTolerance * std::fabs(w);
  }
  return std::memcmp(got + i * n, want + i * n, n) == 0;
}

CaseResult Result(CaseOutcome outcome, const std::string& detail) { return CaseResult{outcome, detail}; }

// Compares every output with TFLM's; "" when all match, else one clause per differing output.
std::string CompareOutputs(const std::vector<Blob>& outputs, MicroInterpreter* interpreter) {
  std::ostringstream out;
  bool first = true;
  for (size_t o = 0; o < outputs.size(); ++o) {
    const TfLiteTensor* t = interpreter->output(o);
    const Blob& want = outputs[o];
    if (t == nullptr || t->bytes != want.size || (want.size > 0 && t->data.raw == nullptr)) {
      out << (first ? "" : "; ") << "output " << o << ": tensor has " << (t == nullptr ? 0 : t->bytes)
          << " bytes, TFLM produced " << want.size;
      first = false;
      continue;
    }
    const auto* got = reinterpret_cast<const uint8_t*>(t->data.raw);
    const size_t count = want.size / TypeSize(t->type);
    size_t differing = 0, first_bad = 0;
    for (size_t i = 0; i < count; ++i) {
      if (!ElementsMatch(t->type, got, want.data, i) && differing++ == 0) first_bad = i;
    }
    if (differing > 0) {
      out << (first ? "" : "; ") << "output " << o << " (" << TfLiteTypeGetName(t->type) << "): " << differing << " of "
          << count << " elements differ, first at [" << first_bad
          << "]: mote=" << ElementString(t->type, got, first_bad)
          << " tflm=" << ElementString(t->type, want.data, first_bad);
      first = false;
    }
  }
  return out.str();
}

// Copies one invoke's inputs into the interpreter's input tensors; "" on success, else why they do not fit.
// A refusal case records no outputs (expect_refused).
std::string SetInputs(const std::vector<Blob>& inputs, const std::vector<Blob>& outputs, bool expect_refused,
                      MicroInterpreter* interpreter) {
  std::ostringstream out;
  if (interpreter->inputs_size() != inputs.size() ||
      (!expect_refused && interpreter->outputs_size() != outputs.size())) {
    out << "model has " << interpreter->inputs_size() << " inputs / " << interpreter->outputs_size()
        << " outputs, case has " << inputs.size() << " / " << outputs.size();
    return out.str();
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    TfLiteTensor* t = interpreter->input(i);
    if (t == nullptr || t->data.raw == nullptr || t->bytes != inputs[i].size) {
      out << "input " << i << ": tensor has " << (t == nullptr ? 0 : t->bytes) << " bytes, case has "
          << inputs[i].size;
      return out.str();
    }
    if (inputs[i].size > 0) std::memcpy(t->data.raw, inputs[i].data, inputs[i].size);
  }
  return "";
}

// "" for the first invoke of a case, " (invoke k of n)" for the others, so a report says which one differed.
std::string InvokeLabel(size_t step, size_t steps) {
  if (steps == 1) return "";
  std::ostringstream s;
  s << " (invoke " << step + 1 << " of " << steps << ")";
  return s.str();
}

// One run of every invoke of the case with the features in force.
CaseResult RunCaseOnce(const OracleCase& c) {
  static const AllOpsResolver resolver;
  alignas(16) static uint8_t arena[kArenaSize];

  AlignedBuffer model(c.model.size);  // FlatBuffers need the model aligned; the file gives no guarantee
  if (c.model.size > 0) std::memcpy(model.data(), c.model.data, c.model.size);

  LogCapture log;
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena, kArenaSize);
  if (interpreter.AllocateTensors() != kTfLiteOk) {
    if (c.expect_refused) return CaseResult{};
    return Result(CaseOutcome::kRefused, "AllocateTensors failed: " + log.text);
  }
  const size_t steps = 1 + c.later_steps.size();
  for (size_t k = 0; k < steps; ++k) {
    const bool reset = k > 0 && c.later_steps[k - 1].reset_before;
    const std::vector<Blob>& inputs = k == 0 ? c.inputs : c.later_steps[k - 1].inputs;
    const std::vector<Blob>& outputs = k == 0 ? c.outputs : c.later_steps[k - 1].outputs;
    const std::string at = InvokeLabel(k, steps);
    if (reset && interpreter.Reset() != kTfLiteOk) return Result(CaseOutcome::kRefused, "Reset failed" + at + ": " + log.text);
    const std::string bad_inputs = SetInputs(inputs, outputs, c.expect_refused, &interpreter);
    if (!bad_inputs.empty()) return Result(CaseOutcome::kBadCase, bad_inputs + at);
    // kTfLiteAbort ends an invoke early without an error; TFLM's Python invoke() returns it as such.
    const TfLiteStatus invoked = interpreter.Invoke();
    if (invoked != kTfLiteOk && invoked != mote::kTfLiteAbort) {
      if (c.expect_refused) return CaseResult{};
      return Result(CaseOutcome::kRefused, "Invoke failed" + at + ": " + log.text);
    }
    if (c.expect_refused) {
      return Result(CaseOutcome::kRanRefusal,
                    "mote ran it (AllocateTensors and Invoke succeeded), but TFLM refuses it: " + c.refusal_reason);
    }
    const std::string differences = CompareOutputs(outputs, &interpreter);
    if (!differences.empty()) return Result(CaseOutcome::kMismatch, (steps == 1 ? "" : at.substr(1) + ": ") + differences);
  }
  return CaseResult{};
}

bool HasFloatOutput(const OracleCase& c) {
  AlignedBuffer bytes(c.model.size);  // FlatBuffers need the model aligned
  if (c.model.size > 0) std::memcpy(bytes.data(), c.model.data, c.model.size);
  const auto* model = schema::GetModel(bytes.data());
  if (model == nullptr || model->subgraphs() == nullptr || model->subgraphs()->size() == 0) return false;
  const auto* graph = model->subgraphs()->Get(0);
  if (graph->outputs() == nullptr || graph->tensors() == nullptr) return false;
  for (const int32_t index : *graph->outputs()) {
    if (index >= 0 && static_cast<uint32_t>(index) < graph->tensors()->size() &&
        graph->tensors()->Get(index)->type() == schema::TensorType_FLOAT32) {
      return true;
    }
  }
  return false;
}

}  // namespace

CaseResult RunCase(const OracleCase& c) {
  const CaseResult result = RunCaseOnce(c);
  if (result.outcome != CaseOutcome::kMismatch || !HasFloatOutput(c) || isa::AvailableFeatures() == 0) return result;
  // The float32 SIMD variants of CONV_2D and FULLY_CONNECTED sum in another order than TFLM's reference (their
  // accuracy against mote's reference is bounded in their unit tests, tests/support/float_tolerance.h): with
  // every optimized variant masked, the reference kernels must match TFLM within the tolerance.
  const uint32_t saved = isa::FeatureMask();
  isa::SetFeatureMask(~0u);
  const CaseResult reference = RunCaseOnce(c);
  isa::SetFeatureMask(saved);
  if (reference.outcome == CaseOutcome::kMatch) return CaseResult{};
  return Result(result.outcome, result.detail + " (with the optimized variants masked: " +
                                    (reference.detail.empty() ? std::string("refused") : reference.detail) + ")");
}

}  // namespace test
}  // namespace mote
