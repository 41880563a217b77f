// mote._mote: the C++ half of the Python package (python/mote/__init__.py is the public API).
//
// An Interpreter owns the model bytes (a 16-byte aligned copy) and the arena, and runs mote's own
// MicroInterpreter over AllOpsResolver: the same core library, kernels and planner as a firmware build. The
// binding allocates (buffers, Python objects); the core it drives does not. Every message mote logs while this
// module works is collected per thread and becomes the text of the exception the call raises.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mote/host/file_io.h"
#include "mote/host/model_inspect.h"
#include "mote/host/model_report.h"
#include "mote/host/resolver_header.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/model_verifier.h"
#include "mote/op_resolver.h"

namespace nb = nanobind;

namespace mote {
namespace python {
namespace {

// Messages logged on this thread since the last TakeLog(); outside a binding call they go to stderr.
thread_local std::vector<std::string>* tls_log = nullptr;

void ModuleLogSink(void*, const char* message) {
  if (tls_log != nullptr) {
    tls_log->push_back(message);
  } else {
    std::fprintf(stderr, "%s\n", message);
  }
}

// Collects what mote logs on this thread while it lives.
class LogCapture {
 public:
  LogCapture() : previous_(tls_log) { tls_log = &lines_; }
  ~LogCapture() { tls_log = previous_; }
  LogCapture(const LogCapture&) = delete;
  LogCapture& operator=(const LogCapture&) = delete;
  // "what: message 1; message 2", or just `what` when mote logged nothing.
  std::string Text(const std::string& what) const {
    std::string s = what;
    for (size_t i = 0; i < lines_.size(); ++i) s += (i == 0 ? ": " : "; ") + lines_[i];
    return s;
  }

 private:
  std::vector<std::string> lines_;
  std::vector<std::string>* previous_;
};

// host::InspectModel installs its own sink; put the module's back afterwards.
void RestoreModuleSink() { SetLogSink(ModuleLogSink, nullptr); }

const char* NumpyDtype(TfLiteType type) {
  switch (type) {
    case kTfLiteFloat32:
      return "float32";
    case kTfLiteFloat16:
      return "float16";
    case kTfLiteFloat64:
      return "float64";
    case kTfLiteInt8:
      return "int8";
    case kTfLiteUInt8:
      return "uint8";
    case kTfLiteInt16:
      return "int16";
    case kTfLiteUInt16:
      return "uint16";
    case kTfLiteInt32:
      return "int32";
    case kTfLiteUInt32:
      return "uint32";
    case kTfLiteInt64:
      return "int64";
    case kTfLiteUInt64:
      return "uint64";
    case kTfLiteBool:
      return "bool";
    case kTfLiteComplex64:
      return "complex64";
    case kTfLiteComplex128:
      return "complex128";
    default:
      return "";  // no numpy equivalent (string, int4...): the Python side refuses such a tensor
  }
}

nb::dlpack::dtype DlpackType(TfLiteType type) {
  using nb::dlpack::dtype_code;
  auto make = [](dtype_code code, int bits) {
    return nb::dlpack::dtype{static_cast<uint8_t>(code), static_cast<uint8_t>(bits), 1};
  };
  switch (type) {
    case kTfLiteFloat16:
      return make(dtype_code::Float, 16);
    case kTfLiteFloat32:
      return make(dtype_code::Float, 32);
    case kTfLiteFloat64:
      return make(dtype_code::Float, 64);
    case kTfLiteInt8:
      return make(dtype_code::Int, 8);
    case kTfLiteInt16:
      return make(dtype_code::Int, 16);
    case kTfLiteInt32:
      return make(dtype_code::Int, 32);
    case kTfLiteInt64:
      return make(dtype_code::Int, 64);
    case kTfLiteUInt16:
      return make(dtype_code::UInt, 16);
    case kTfLiteUInt32:
      return make(dtype_code::UInt, 32);
    case kTfLiteUInt64:
      return make(dtype_code::UInt, 64);
    case kTfLiteBool:
      return make(dtype_code::Bool, 8);
    case kTfLiteComplex64:
      return make(dtype_code::Complex, 64);
    case kTfLiteComplex128:
      return make(dtype_code::Complex, 128);
    default:
      return make(dtype_code::UInt, 8);  // kTfLiteUInt8, and the bytes of anything numpy cannot hold
  }
}

constexpr const char* kBusyMessage = "mote: the interpreter is running invoke() on another thread";

class Interpreter {
 public:
  // Exactly one of model_path / model_content is non-null (the Python side checks).
  Interpreter(const std::optional<std::string>& model_path, const std::optional<nb::bytes>& model_content,
              size_t arena_size) {
    LogCapture log;
    if (model_path.has_value()) {
      name_ = *model_path;
      std::string error;
      if (!host::ReadFile(*model_path, &model_, &error)) throw nb::value_error(("mote: " + error).c_str());
    } else {
      name_ = "<model_content>";
      model_.resize(model_content->size());
      std::memcpy(model_.data(), model_content->c_str(), model_content->size());
    }
    if (VerifyModel(model_.data(), model_.size()) != kTfLiteOk) {
      throw nb::value_error(log.Text("mote: " + name_ + " is not a valid model").c_str());
    }
    arena_storage_.reset(new uint8_t[arena_size + 16]);  // left untouched: the OS maps pages as they are used
    uint8_t* arena = arena_storage_.get() + (16 - reinterpret_cast<uintptr_t>(arena_storage_.get()) % 16) % 16;
    interpreter_.reset(new MicroInterpreter(model_.data(), model_.size(), resolver_, arena, arena_size));
    if (interpreter_->initialization_status() != kTfLiteOk || interpreter_->AllocateTensors() != kTfLiteOk) {
      throw std::runtime_error(log.Text("mote: cannot run " + name_));
    }
  }

  void Invoke() {
    Claim claim(this);
    TfLiteStatus status;
    {
      LogCapture log;
      {
        nb::gil_scoped_release release;
        status = interpreter_->Invoke();
      }
      if (status != kTfLiteOk) throw std::runtime_error(log.Text("mote: Invoke() failed"));
    }
  }

  void Reset() {
    Claim claim(this);
    LogCapture log;
    if (interpreter_->Reset() != kTfLiteOk) throw std::runtime_error(log.Text("mote: Reset() failed"));
  }

  size_t inputs_size() const { return interpreter_->inputs_size(); }
  size_t outputs_size() const { return interpreter_->outputs_size(); }
  size_t arena_used_bytes() const { return interpreter_->arena_used_bytes(); }
  const std::string& name() const { return name_; }

  // (name, numpy dtype, shape, scales, zero points, quantized dimension) of input or output `index`; the
  // quantization comes from the model (every channel), the rest from the allocated tensor.
  nb::tuple Details(bool output, size_t index) {
    const TfLiteTensor* t = Tensor(output, index);
    std::vector<int32_t> shape;
    for (int i = 0; t->dims != nullptr && i < t->dims->size; ++i) shape.push_back(t->dims->data[i]);
    std::vector<float> scales;
    std::vector<int64_t> zero_points;
    int quantized_dimension = 0;
    const schema::Tensor* st = SchemaTensor(output, index);
    const schema::QuantizationParameters* q = st == nullptr ? nullptr : st->quantization();
    if (q != nullptr && q->scale() != nullptr) {
      scales.assign(q->scale()->begin(), q->scale()->end());
      if (q->zero_point() != nullptr) zero_points.assign(q->zero_point()->begin(), q->zero_point()->end());
      quantized_dimension = q->quantized_dimension();
    }
    return nb::make_tuple(std::string(t->name == nullptr ? "" : t->name), std::string(NumpyDtype(t->type)), shape,
                          scales, zero_points, quantized_dimension, std::string(TfLiteTypeGetName(t->type)), t->bytes);
  }

  // The tensor as a writable numpy array of its dtype and shape that keeps this interpreter alive (the Python
  // side copies it unless asked not to). Only for types NumpyDtype() names.
  static nb::ndarray<nb::numpy> View(nb::handle self, bool output, size_t index) {
    Interpreter& me = nb::cast<Interpreter&>(self);
    me.CheckIdle();
    TfLiteTensor* t = me.Tensor(output, index);
    std::vector<size_t> shape;
    for (int i = 0; t->dims != nullptr && i < t->dims->size; ++i)
      shape.push_back(static_cast<size_t>(t->dims->data[i]));
    return nb::ndarray<nb::numpy>(t->data.raw, shape.size(), shape.data(), self, nullptr, DlpackType(t->type));
  }

  // Copies `data` (already checked for dtype and shape) into input `index`.
  void SetInputBytes(size_t index, nb::ndarray<nb::c_contig, nb::device::cpu, nb::ro> data) {
    CheckIdle();
    TfLiteTensor* t = Tensor(false, index);
    if (data.nbytes() != t->bytes) {
      throw nb::value_error(("mote: input " + std::to_string(index) + " needs " + std::to_string(t->bytes) +
                             " bytes, got " + std::to_string(data.nbytes()))
                                .c_str());
    }
    std::memcpy(t->data.raw, data.data(), t->bytes);
  }

  // Raises while invoke() runs on another thread (its tensors are being written).
  void CheckIdle() const {
    if (busy_) throw std::runtime_error(kBusyMessage);
  }

  std::string InspectJson() {
    host::InspectFacts facts;
    std::vector<std::string> errors;
    const bool ok = host::InspectModel(name_, model_, &facts, &errors);
    RestoreModuleSink();
    if (!ok) throw nb::value_error(("mote: " + name_ + " is not a valid model").c_str());
    return host::InspectJson(facts);
  }

  std::string ReportHtml(size_t profile_runs) {
    Claim claim(this);  // the report runs the model on an interpreter of its own, but not beside an invoke()
    host::ReportOptions options;
    options.profile_runs = profile_runs;
    std::string html;
    std::string error;
    const bool ok = host::BuildModelReport(name_, model_, options, &html, &error);
    RestoreModuleSink();
    if (!ok) throw nb::value_error(("mote: " + name_ + " " + error).c_str());
    return html;
  }

  std::string GenResolver(const std::string& function_name) const {
    if (!host::IsCppIdentifier(function_name)) {
      throw nb::value_error(("mote: gen_resolver: '" + function_name + "' is not a C++ identifier").c_str());
    }
    std::string header;
    std::string error;
    if (!host::GenerateResolverHeader(schema::GetModel(model_.data()), name_, model_.size(), function_name, &header,
                                      &error)) {
      throw std::runtime_error("mote: " + name_ + " " + error);
    }
    return header;
  }

 private:
  // Marks the interpreter busy for one call: its tensors must not be read or written while Invoke() runs
  // without the GIL on another thread.
  class Claim {
   public:
    explicit Claim(Interpreter* owner) : owner_(owner) {
      if (owner_->busy_.exchange(true)) throw std::runtime_error(kBusyMessage);
    }
    ~Claim() { owner_->busy_ = false; }
    Claim(const Claim&) = delete;
    Claim& operator=(const Claim&) = delete;

   private:
    Interpreter* owner_;
  };

  TfLiteTensor* Tensor(bool output, size_t index) {
    const size_t count = output ? interpreter_->outputs_size() : interpreter_->inputs_size();
    if (index >= count) {
      throw nb::index_error(("mote: " + std::string(output ? "output" : "input") + " index " + std::to_string(index) +
                             " out of range (the model has " + std::to_string(count) + ")")
                                .c_str());
    }
    return output ? interpreter_->output(index) : interpreter_->input(index);
  }

  const schema::Tensor* SchemaTensor(bool output, size_t index) const {
    const schema::SubGraph* sg = schema::GetModel(model_.data())->subgraphs()->Get(0);
    const auto* list = output ? sg->outputs() : sg->inputs();
    if (list == nullptr || index >= list->size()) return nullptr;
    return sg->tensors()->Get(
        static_cast<flatbuffers::uoffset_t>(list->Get(static_cast<flatbuffers::uoffset_t>(index))));
  }

  AllOpsResolver resolver_;
  std::string name_;
  host::AlignedBuffer model_;
  std::unique_ptr<uint8_t[]> arena_storage_;
  std::unique_ptr<MicroInterpreter> interpreter_;
  std::atomic<bool> busy_{false};
};

}  // namespace
}  // namespace python
}  // namespace mote

NB_MODULE(_mote, m) {
  using mote::python::Interpreter;
  mote::python::RestoreModuleSink();
  m.attr("DEFAULT_ARENA_BYTES") = mote::host::kInspectArenaBytes;
  nb::class_<Interpreter>(m, "Interpreter")
      .def(nb::init<const std::optional<std::string>&, const std::optional<nb::bytes>&, size_t>(),
           nb::arg("model_path").none(), nb::arg("model_content").none(), nb::arg("arena_size"))
      .def("invoke", &Interpreter::Invoke)
      .def("reset", &Interpreter::Reset)
      .def("inputs_size", &Interpreter::inputs_size)
      .def("outputs_size", &Interpreter::outputs_size)
      .def("arena_used_bytes", &Interpreter::arena_used_bytes)
      .def("name", &Interpreter::name)
      .def("details", &Interpreter::Details)
      .def("view", &Interpreter::View)
      .def("check_idle", &Interpreter::CheckIdle)
      .def("set_input_bytes", &Interpreter::SetInputBytes)
      .def("inspect_json", &Interpreter::InspectJson)
      .def("gen_resolver", &Interpreter::GenResolver)
      .def("report_html", &Interpreter::ReportHtml);
}
