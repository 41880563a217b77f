// TFLite-style host API over mote::MicroInterpreter (see include/mote/host_interpreter.h). Host only: heap.
#include "mote/host_interpreter.h"

#include <cstdio>
#include <cstring>
#include <deque>

#include "mote/host/file_io.h"
#include "interpreter/interpreter_core.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/model_verifier.h"

namespace mote {
namespace host {
namespace {

constexpr size_t kInitialArenaBytes = size_t{64} << 20;
constexpr size_t kMaxArenaBytes = size_t{4} << 30;

bool ValidRange(const char* what, const char* name, int min_version, int max_version) {
  if (min_version >= 1 && max_version >= min_version) return true;
  MicroPrintf("%s(%s): invalid version range %d-%d.", what, name, min_version, max_version);
  return false;
}

}  // namespace

// --- MutableOpResolver -------------------------------------------------------------------------------------
const TfLiteRegistration* MutableOpResolver::FindOp(schema::BuiltinOperator op, int version) const {
  const auto it = builtins_.find({static_cast<int32_t>(op), version});
  return it == builtins_.end() ? nullptr : &it->second;
}

const TfLiteRegistration* MutableOpResolver::FindOp(const char* op, int version) const {
  if (op == nullptr) return nullptr;
  const auto it = customs_.find({std::string(op), version});
  return it == customs_.end() ? nullptr : &it->second;
}

void MutableOpResolver::AddBuiltin(schema::BuiltinOperator op, const TfLiteRegistration* registration, int version) {
  AddBuiltin(op, registration, version, version);
}

void MutableOpResolver::AddBuiltin(schema::BuiltinOperator op, const TfLiteRegistration* registration,
                                   int min_version, int max_version) {
  const char* name = BuiltinOperatorName(op);
  if (registration == nullptr) {
    MicroPrintf("AddBuiltin(%s) was given a null registration.", name);
    return;
  }
  if (op == schema::BuiltinOperator_CUSTOM) {
    MicroPrintf("Invalid parameter BuiltinOperator_CUSTOM to the AddBuiltin function: custom ops are registered "
                "by name with AddCustom(\"name\", registration).");
    return;
  }
  if (!ValidRange("AddBuiltin", name, min_version, max_version)) return;
  for (int v = min_version; v <= max_version; ++v) {
    TfLiteRegistration copy = *registration;
    copy.builtin_code = op;
    copy.custom_name = nullptr;
    copy.version = v;
    builtins_[{static_cast<int32_t>(op), v}] = copy;
  }
  Rebuild();
}

void MutableOpResolver::AddCustom(const char* name, const TfLiteRegistration* registration, int version) {
  AddCustom(name, registration, version, version);
}

void MutableOpResolver::AddCustom(const char* name, const TfLiteRegistration* registration, int min_version,
                                  int max_version) {
  if (name == nullptr || name[0] == '\0') {
    MicroPrintf("AddCustom: the custom op name is empty.");
    return;
  }
  if (registration == nullptr) {
    MicroPrintf("AddCustom(\"%s\") was given a null registration.", name);
    return;
  }
  if (!ValidRange("AddCustom", name, min_version, max_version)) return;
  for (int v = min_version; v <= max_version; ++v) {
    auto it = customs_.insert_or_assign({std::string(name), v}, *registration).first;
    it->second.builtin_code = schema::BuiltinOperator_CUSTOM;
    it->second.custom_name = it->first.first.c_str();
    it->second.version = v;
  }
  Rebuild();
}

void MutableOpResolver::AddAll(const MutableOpResolver& other) {
  for (const auto& b : other.builtins_)
    AddBuiltin(static_cast<schema::BuiltinOperator>(b.first.first), &b.second, b.first.second, b.first.second);
  for (const auto& c : other.customs_) AddCustom(c.first.first.c_str(), &c.second, c.first.second, c.first.second);
}

// One listing entry per op and run of consecutive versions, for diagnostics.
void MutableOpResolver::Rebuild() {
  entries_.clear();
  for (const auto& b : builtins_) {
    OpResolverEntry* last = entries_.empty() ? nullptr : &entries_.back();
    if (last != nullptr && last->custom_name == nullptr && last->code == b.first.first &&
        last->max_version + 1 == b.first.second) {
      last->max_version = b.first.second;
      continue;
    }
    entries_.push_back(OpResolverEntry{b.first.first, nullptr, &b.second, OpTableParser(b.first.first),
                                       b.first.second, b.first.second});
  }
  for (const auto& c : customs_) {
    OpResolverEntry* last = entries_.empty() ? nullptr : &entries_.back();
    if (last != nullptr && last->custom_name != nullptr && std::strcmp(last->custom_name, c.first.first.c_str()) == 0 &&
        last->max_version + 1 == c.first.second) {
      last->max_version = c.first.second;
      continue;
    }
    entries_.push_back(OpResolverEntry{schema::BuiltinOperator_CUSTOM, c.first.first.c_str(), &c.second, nullptr,
                                       c.first.second, c.first.second});
  }
}

OpResolverEntry MutableOpResolver::GetRegistration(int index) const {
  if (index < 0 || index >= static_cast<int>(entries_.size())) return OpResolverEntry{0, nullptr, nullptr, nullptr, 0, 0};
  return entries_[static_cast<size_t>(index)];
}

BuiltinOpResolver::BuiltinOpResolver() {
#define MOTE_HOST_ADD(code, add_name, parser, max_version) \
  AddBuiltin(schema::BuiltinOperator_##code, &kRegistration_##code, 1, max_version);
  MOTE_BUILTIN_OPS(MOTE_HOST_ADD)
#undef MOTE_HOST_ADD
  // TFLite's BuiltinOpResolver registers its custom kernels (TFLite_Detection_PostProcess) too.
#define MOTE_HOST_ADD_CUSTOM(id, custom_name, add_name) AddCustom(custom_name, &kRegistration_##id, 1);
  MOTE_CUSTOM_OPS(MOTE_HOST_ADD_CUSTOM)
#undef MOTE_HOST_ADD_CUSTOM
}

// --- FlatBufferModel ---------------------------------------------------------------------------------------
std::unique_ptr<FlatBufferModel> FlatBufferModel::FromBytes(const uint8_t* bytes, size_t size, bool copy) {
  std::unique_ptr<FlatBufferModel> m(new FlatBufferModel());
  if (copy || reinterpret_cast<uintptr_t>(bytes) % 16 != 0) {
    m->storage_.reset(new uint8_t[size + 16]);
    uint8_t* p = m->storage_.get();
    p += (16 - reinterpret_cast<uintptr_t>(p) % 16) % 16;
    std::memcpy(p, bytes, size);
    bytes = p;
  }
  m->model_ = GetVerifiedModel(bytes, size);  // logs why a model is refused
  if (m->model_ == nullptr) return nullptr;
  m->data_ = bytes;
  m->size_ = size;
  return m;
}

std::unique_ptr<FlatBufferModel> FlatBufferModel::BuildFromFile(const char* filename) {
  AlignedBuffer bytes;
  std::string error;
  if (filename == nullptr || !ReadFile(filename, &bytes, &error)) {
    MicroPrintf("FlatBufferModel::BuildFromFile: %s", filename == nullptr ? "the file name is null." : error.c_str());
    return nullptr;
  }
  return FromBytes(bytes.data(), bytes.size(), /*copy=*/true);
}

std::unique_ptr<FlatBufferModel> FlatBufferModel::BuildFromBuffer(const char* caller_owned_buffer,
                                                                  size_t buffer_size) {
  if (caller_owned_buffer == nullptr || buffer_size == 0) {
    MicroPrintf("FlatBufferModel::BuildFromBuffer: the buffer is empty.");
    return nullptr;
  }
  return FromBytes(reinterpret_cast<const uint8_t*>(caller_owned_buffer), buffer_size, /*copy=*/false);
}

// --- SnapshotResolver --------------------------------------------------------------------------------------
// The registrations of the model's operator codes, copied out of the caller's resolver (so it may die after
// InterpreterBuilder, as in TFLite), plus its listing for diagnostics. Seen by the core as a MicroOpResolver.
class SnapshotResolver final : public MicroOpResolver {
 public:
  SnapshotResolver(const schema::Model* model, const OpResolver& source) {
    const auto* codes = model->operator_codes();
    for (flatbuffers::uoffset_t i = 0; codes != nullptr && i < codes->size(); ++i) {
      const schema::OperatorCode* code = codes->Get(i);
      const int32_t builtin = GetBuiltinCode(code);
      const int version = code->version();
      if (builtin == schema::BuiltinOperator_CUSTOM) {
        if (code->custom_code() == nullptr) continue;
        const char* name = code->custom_code()->c_str();
        const TfLiteRegistration* r = source.FindOp(name, version);
        if (r != nullptr) Keep(builtin, name, version, *r);
      } else {
        const TfLiteRegistration* r = source.FindOp(static_cast<schema::BuiltinOperator>(builtin), version);
        if (r != nullptr) Keep(builtin, nullptr, version, *r);
      }
    }
    for (int i = 0; i < source.NumRegistrations(); ++i) {
      OpResolverEntry e = source.GetRegistration(i);
      if (e.custom_name != nullptr) e.custom_name = names_.emplace_back(e.custom_name).c_str();
      e.registration = nullptr;
      if (e.custom_name == nullptr) e.parser = OpTableParser(e.code);
      listing_.push_back(e);
    }
  }

  using MicroOpResolver::FindOp;
  const TfLiteRegistration* FindOp(schema::BuiltinOperator op, int version) const override {
    for (const Kept& k : kept_)
      if (k.name.empty() && k.code == op && k.version == version) return &k.registration;
    return nullptr;
  }
  const TfLiteRegistration* FindOp(const char* custom_name, int version) const override {
    if (custom_name == nullptr) return nullptr;
    for (const Kept& k : kept_)
      if (!k.name.empty() && k.name == custom_name && k.version == version) return &k.registration;
    return nullptr;
  }
  BuiltinParseFn GetOpDataParser(schema::BuiltinOperator op) const override { return OpTableParser(op); }
  int NumRegistrations() const override { return static_cast<int>(listing_.size()); }
  OpResolverEntry GetRegistration(int index) const override {
    if (index < 0 || index >= NumRegistrations()) return OpResolverEntry{0, nullptr, nullptr, nullptr, 0, 0};
    return listing_[static_cast<size_t>(index)];
  }

 private:
  struct Kept {
    int32_t code;
    std::string name;
    int version;
    TfLiteRegistration registration;
  };
  void Keep(int32_t code, const char* name, int version, const TfLiteRegistration& r) {
    kept_.push_back(Kept{code, name == nullptr ? std::string() : std::string(name), version, r});
    Kept& k = kept_.back();
    if (name != nullptr) k.registration.custom_name = k.name.c_str();
  }
  std::deque<Kept> kept_;  // deque: stable addresses for the pointers handed out
  std::deque<std::string> names_;
  std::vector<OpResolverEntry> listing_;
};

// --- Interpreter -------------------------------------------------------------------------------------------
Interpreter::Interpreter(const schema::Model* model, const uint8_t* data, size_t size,
                         std::unique_ptr<SnapshotResolver> resolver)
    : model_(model), data_(data), size_(size), resolver_(std::move(resolver)), arena_bytes_(kInitialArenaBytes) {
  const schema::SubGraph* sg = model_->subgraphs()->Get(0);
  if (sg->inputs() != nullptr) inputs_.assign(sg->inputs()->begin(), sg->inputs()->end());
  if (sg->outputs() != nullptr) outputs_.assign(sg->outputs()->begin(), sg->outputs()->end());

  // Full tensor views (TFLite keeps one TfLiteTensor per tensor); data pointers are refreshed whenever the
  // graph is (re)built or allocated.
  const auto* tensors = sg->tensors();
  const size_t n = tensors == nullptr ? 0 : tensors->size();
  tensors_.assign(n, TfLiteTensor{});
  quantization_.assign(n, TfLiteAffineQuantization{});
  zero_points_.assign(n, std::vector<int>());
  for (size_t i = 0; i < n; ++i) {
    const schema::Tensor* t = tensors->Get(static_cast<flatbuffers::uoffset_t>(i));
    TfLiteTensor& v = tensors_[i];
    ConvertTensorType(t->type(), &v.type);
    v.name = t->name() == nullptr ? "" : t->name()->c_str();
    v.is_variable = t->is_variable();
    // A FlatBuffers [int] vector is laid out like TfLiteIntArray, as the core relies on too.
    static const int kEmpty[1] = {0};
    v.dims = reinterpret_cast<TfLiteIntArray*>(
        t->shape() == nullptr ? const_cast<int*>(kEmpty)
                              : const_cast<int*>(reinterpret_cast<const int*>(t->shape()) ));
    v.dims_signature = t->shape_signature() == nullptr
                           ? nullptr
                           : reinterpret_cast<const TfLiteIntArray*>(t->shape_signature());
    v.bytes = static_cast<size_t>(ElementCount(*v.dims)) * TfLiteTypeSizeOf(v.type);
    const auto* buffers = model_->buffers();
    const schema::Buffer* buffer =
        buffers != nullptr && t->buffer() < buffers->size() ? buffers->Get(t->buffer()) : nullptr;
    const bool constant = !v.is_variable && buffer != nullptr &&
                          ((buffer->data() != nullptr && buffer->data()->size() > 0) || buffer->offset() > 1);
    v.allocation_type = constant ? kTfLiteMmapRo : (v.is_variable ? kTfLiteArenaRwPersistent : kTfLiteArenaRw);
    const schema::QuantizationParameters* q = t->quantization();
    if (q != nullptr && q->scale() != nullptr && q->scale()->size() > 0) {
      const int channels = static_cast<int>(q->scale()->size());
      std::vector<int>& zp = zero_points_[i];
      zp.assign(static_cast<size_t>(channels) + 1, 0);
      zp[0] = channels;
      for (int c = 0; c < channels; ++c)
        zp[static_cast<size_t>(c) + 1] =
            (q->zero_point() != nullptr && static_cast<int>(q->zero_point()->size()) > c)
                ? static_cast<int>(q->zero_point()->Get(static_cast<flatbuffers::uoffset_t>(c)))
                : 0;
      TfLiteAffineQuantization& a = quantization_[i];
      a.scale = reinterpret_cast<TfLiteFloatArray*>(const_cast<flatbuffers::Vector<float>*>(q->scale()));
      a.zero_point = reinterpret_cast<TfLiteIntArray*>(zp.data());
      a.quantized_dimension = q->quantized_dimension();
      v.quantization.type = kTfLiteAffineQuantization;
      v.quantization.params = &a;
      v.params.scale = q->scale()->Get(0);
      v.params.zero_point = zp[1];
    }
  }
}

Interpreter::~Interpreter() {
  micro_.reset();  // kernels' free runs while the delegates (owned or not) are still alive
}

TfLiteStatus Interpreter::Rebuild() {
  micro_.reset();
  allocated_ = false;
  arena_storage_.reset(new uint8_t[arena_bytes_ + 16]);  // untouched pages cost nothing until used
  uint8_t* arena = arena_storage_.get();
  arena += (16 - reinterpret_cast<uintptr_t>(arena) % 16) % 16;
  micro_ = data_ != nullptr ? std::make_unique<MicroInterpreter>(data_, size_, *resolver_, arena, arena_bytes_)
                            : std::make_unique<MicroInterpreter>(model_, *resolver_, arena, arena_bytes_);
  TfLiteStatus status = micro_->initialization_status();
  // TFLite's context->tensors, for delegates written against full TFLite (micro builds leave it null).
  if (micro_->core() != nullptr) micro_->core()->context()->tensors = tensors_.data();
  for (size_t i = 0; status == kTfLiteOk && i < delegates_.size(); ++i)
    status = micro_->ModifyGraphWithDelegate(delegates_[i]);
  RefreshViews();
  return status;
}

void Interpreter::RefreshViews() {
  plan_.clear();
  for (size_t p = 0; micro_ != nullptr && p < micro_->operators_size(); ++p) plan_.push_back(micro_->node_info(p).index);
  for (size_t i = 0; i < tensors_.size(); ++i) {
    const TfLiteEvalTensor* e = micro_ == nullptr ? nullptr : micro_->GetEvalTensor(static_cast<int>(i));
    tensors_[i].data.data = e == nullptr ? nullptr : e->data.data;
  }
}

TfLiteStatus Interpreter::AllocateWithGrowth() {
  if (allocated_) return kTfLiteOk;
  for (;;) {
    const TfLiteStatus status = micro_->AllocateTensors();
    if (status == kTfLiteOk) break;
    // Only an exhausted arena is worth another try.
    const bool exhausted = micro_->core() != nullptr && micro_->core()->arena().failed_request() != 0;
    if (!exhausted || arena_bytes_ >= kMaxArenaBytes) return status;
    arena_bytes_ *= 2;
    TF_LITE_ENSURE_STATUS(Rebuild());
  }
  allocated_ = true;
  RefreshViews();
  return kTfLiteOk;
}

TfLiteStatus Interpreter::AllocateTensors() { return AllocateWithGrowth(); }

TfLiteStatus Interpreter::Invoke() {
  if (!allocated_) {
    MicroPrintf("Invoke called on model that is not ready: call AllocateTensors() first.");
    return kTfLiteError;
  }
  return micro_->Invoke();
}

TfLiteStatus Interpreter::ResetVariableTensors() { return allocated_ ? micro_->Reset() : kTfLiteOk; }

std::vector<std::vector<uint8_t>> Interpreter::SaveInputs() const {
  std::vector<std::vector<uint8_t>> saved;
  for (int t : inputs_) {
    const TfLiteTensor& v = tensors_[static_cast<size_t>(t)];
    saved.emplace_back();
    if (allocated_ && v.data.raw != nullptr) saved.back().assign(v.data.uint8, v.data.uint8 + v.bytes);
  }
  return saved;
}

void Interpreter::RestoreInputs(const std::vector<std::vector<uint8_t>>& saved) {
  for (size_t i = 0; i < inputs_.size() && i < saved.size(); ++i) {
    TfLiteTensor& v = tensors_[static_cast<size_t>(inputs_[i])];
    if (v.data.raw != nullptr && saved[i].size() == v.bytes) std::memcpy(v.data.raw, saved[i].data(), v.bytes);
  }
}

TfLiteStatus Interpreter::ModifyGraphWithDelegate(TfLiteDelegate* delegate) {
  if (delegate == nullptr || delegate->Prepare == nullptr) {
    MicroPrintf("ModifyGraphWithDelegate: the delegate is null or has no Prepare function.");
    return kTfLiteDelegateError;
  }
  const auto saved = SaveInputs();
  delegates_.push_back(delegate);
  TfLiteStatus status = kTfLiteOk;
  if (!allocated_) {
    status = micro_->ModifyGraphWithDelegate(delegate);
    if (status != kTfLiteOk) {
      // The core rolled the graph back: the model runs on what it had.
      delegates_.pop_back();
      RefreshViews();
      AllocateWithGrowth();
      return kTfLiteDelegateError;
    }
  } else {
    // mote plans memory once per graph: rebuild with every delegate so far, this one last.
    status = Rebuild();
  }
  if (status == kTfLiteOk) status = AllocateWithGrowth();
  if (status != kTfLiteOk) {
    // E.g. a delegate kernel's prepare failed: back to the graph without this delegate, allocated.
    delegates_.pop_back();
    if (Rebuild() == kTfLiteOk && AllocateWithGrowth() == kTfLiteOk) RestoreInputs(saved);
    return kTfLiteDelegateError;
  }
  RestoreInputs(saved);
  return kTfLiteOk;
}

const char* Interpreter::GetInputName(int index) const {
  if (index < 0 || static_cast<size_t>(index) >= inputs_.size()) return nullptr;
  return tensors_[static_cast<size_t>(inputs_[static_cast<size_t>(index)])].name;
}

const char* Interpreter::GetOutputName(int index) const {
  if (index < 0 || static_cast<size_t>(index) >= outputs_.size()) return nullptr;
  return tensors_[static_cast<size_t>(outputs_[static_cast<size_t>(index)])].name;
}

size_t Interpreter::nodes_size() const {
  if (micro_ == nullptr || micro_->core() == nullptr) return 0;
  return static_cast<size_t>(micro_->core()->primary().node_count());
}

TfLiteTensor* Interpreter::tensor(int tensor_index) {
  if (tensor_index < 0 || static_cast<size_t>(tensor_index) >= tensors_.size()) return nullptr;
  return &tensors_[static_cast<size_t>(tensor_index)];
}

const TfLiteTensor* Interpreter::tensor(int tensor_index) const {
  if (tensor_index < 0 || static_cast<size_t>(tensor_index) >= tensors_.size()) return nullptr;
  return &tensors_[static_cast<size_t>(tensor_index)];
}

// --- InterpreterBuilder ------------------------------------------------------------------------------------
InterpreterBuilder::InterpreterBuilder(const FlatBufferModel& model, const OpResolver& resolver)
    : model_(model.GetModel()), data_(model.data()), size_(model.size()), resolver_(resolver) {}

InterpreterBuilder::InterpreterBuilder(const schema::Model* model, const OpResolver& resolver)
    : model_(model), data_(nullptr), size_(0), resolver_(resolver) {}

TfLiteStatus InterpreterBuilder::operator()(std::unique_ptr<Interpreter>* interpreter) {
  if (interpreter == nullptr) {
    MicroPrintf("InterpreterBuilder: the interpreter pointer is null.");
    return kTfLiteError;
  }
  interpreter->reset();
  if (model_ == nullptr) {
    MicroPrintf("InterpreterBuilder: the model is null (did FlatBufferModel::BuildFromFile fail?).");
    return kTfLiteError;
  }
  // The snapshot reads operator codes: check the model first (the sized form was verified when built).
  if (data_ == nullptr && ValidateModelSemantics(model_, nullptr, 0) != kTfLiteOk) return kTfLiteError;
  std::unique_ptr<Interpreter> built(
      new Interpreter(model_, data_, size_, std::make_unique<SnapshotResolver>(model_, resolver_)));
  if (built->Rebuild() != kTfLiteOk) return kTfLiteError;  // missing ops and malformed models are logged
  *interpreter = std::move(built);
  return kTfLiteOk;
}

}  // namespace host
}  // namespace mote
