// TFLite-style host API (DESIGN §3, §6): FlatBufferModel, a version-aware OpResolver / MutableOpResolver /
// BuiltinOpResolver, InterpreterBuilder and Interpreter, for code written against full TensorFlow Lite.
//
//   auto model = mote::host::FlatBufferModel::BuildFromFile("model.tflite");   // nullptr: reason logged
//   mote::host::BuiltinOpResolver resolver;                                    // every op mote implements
//   std::unique_ptr<mote::host::Interpreter> interpreter;
//   if (mote::host::InterpreterBuilder(*model, resolver)(&interpreter) != kTfLiteOk) ...;
//   interpreter->ModifyGraphWithDelegate(&my_delegate);                        // optional, any number
//   interpreter->AllocateTensors();
//   interpreter->typed_input_tensor<float>(0)[0] = 1.f;
//   interpreter->Invoke();
//   float y = interpreter->typed_output_tensor<float>(0)[0];
//
// Under TFLite's names (tflite::Interpreter, tflite::InterpreterBuilder, tflite::ops::builtin::
// BuiltinOpResolver...) through mote/host_tflite_names.h and the forwarding headers tensorflow/lite/
// {interpreter,interpreter_builder,model,model_builder,op_resolver,mutable_op_resolver}.h and
// tensorflow/lite/kernels/register.h.
//
// HOST BUILDS ONLY: this layer uses the heap (std::vector, std::unique_ptr) and lives in the mote_host library
// (CMake target mote::mote_host). It shares the core with mote::MicroInterpreter: an Interpreter owns a
// MicroInterpreter over a heap arena, so resolution, delegates and their partitioning, memory planning and the
// kernels are the same code (and the same results) as on a microcontroller.
//
// Differences from TFLite, all on the conservative side:
// - Tensor shapes are fixed by the model (no ResizeInputTensor); delegates never see dynamic tensors.
// - Lifetimes: the model must outlive the interpreter (as in TFLite). The resolver need not: registrations are
//   copied at build time, as TFLite does.
// - The arena starts at 64 MiB of reserved (not touched) memory and doubles, rebuilding the graph, when
//   AllocateTensors runs out (messages about the too-small arena are then logged once per attempt).
// - ModifyGraphWithDelegate after AllocateTensors rebuilds the graph and re-applies every delegate in order
//   (each delegate's Prepare runs again, as when TFLite re-applies delegates); input tensor contents are kept.
#ifndef MOTE_HOST_INTERPRETER_H_
#define MOTE_HOST_INTERPRETER_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mote/c/common.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "mote/schema/schema_generated.h"

namespace mote {
namespace host {

// TFLite's tflite::OpResolver: registrations by (builtin code, version) and by (custom name, version).
// Returned pointers must stay valid until InterpreterBuilder has run (the interpreter copies them).
class OpResolver {
 public:
  virtual ~OpResolver() = default;
  virtual const TfLiteRegistration* FindOp(schema::BuiltinOperator op, int version) const = 0;
  virtual const TfLiteRegistration* FindOp(const char* op, int version) const = 0;

  // mote: what is registered, so a missing op's message can list it and suggest a near name (optional).
  virtual int NumRegistrations() const { return 0; }
  virtual OpResolverEntry GetRegistration(int index) const {
    (void)index;
    return OpResolverEntry{0, nullptr, nullptr, nullptr, 0, 0};
  }
};

// TFLite's tflite::MutableOpResolver. Builtins match by code and version, custom ops by exact, case-sensitive
// name and then version. As in TFLite, registering the same op and version again replaces the earlier
// registration (how an accelerated kernel replaces the default one), and AddBuiltin(op, reg) without versions
// registers version 1 only. The registration is copied; builtin_code, custom_name and version of the copy are
// set to what it was registered for.
class MutableOpResolver : public OpResolver {
 public:
  const TfLiteRegistration* FindOp(schema::BuiltinOperator op, int version) const override;
  const TfLiteRegistration* FindOp(const char* op, int version) const override;

  void AddBuiltin(schema::BuiltinOperator op, const TfLiteRegistration* registration, int version = 1);
  void AddBuiltin(schema::BuiltinOperator op, const TfLiteRegistration* registration, int min_version,
                  int max_version);
  void AddBuiltin(schema::BuiltinOperator op, const TfLiteRegistration& registration, int version = 1) {
    AddBuiltin(op, &registration, version, version);
  }
  void AddBuiltin(schema::BuiltinOperator op, const TfLiteRegistration& registration, int min_version,
                  int max_version) {
    AddBuiltin(op, &registration, min_version, max_version);
  }
  void AddCustom(const char* name, const TfLiteRegistration* registration, int version = 1);
  void AddCustom(const char* name, const TfLiteRegistration* registration, int min_version, int max_version);
  void AddCustom(const char* name, const TfLiteRegistration& registration, int version = 1) {
    AddCustom(name, &registration, version, version);
  }
  void AddCustom(const char* name, const TfLiteRegistration& registration, int min_version, int max_version) {
    AddCustom(name, &registration, min_version, max_version);
  }
  // Everything `other` registered (replacing registrations of the same op and version).
  void AddAll(const MutableOpResolver& other);

  int NumRegistrations() const override { return static_cast<int>(entries_.size()); }
  OpResolverEntry GetRegistration(int index) const override;

 private:
  void Rebuild();
  std::map<std::pair<int32_t, int>, TfLiteRegistration> builtins_;
  std::map<std::pair<std::string, int>, TfLiteRegistration> customs_;  // custom_name points into the key
  std::vector<OpResolverEntry> entries_;                                // one per op and version run
};

// TFLite's tflite::ops::builtin::BuiltinOpResolver: every builtin in mote's op table, for every version its
// kernel implements.
class BuiltinOpResolver : public MutableOpResolver {
 public:
  BuiltinOpResolver();
};

// TFLite's tflite::FlatBufferModel: verified model bytes. BuildFromFile owns a copy of the file;
// BuildFromBuffer uses the caller's bytes (which must outlive the model) when they are 16-byte aligned and
// copies them otherwise. nullptr, with the reason logged, when the file cannot be read or the model is
// malformed.
class FlatBufferModel {
 public:
  static std::unique_ptr<FlatBufferModel> BuildFromFile(const char* filename);
  static std::unique_ptr<FlatBufferModel> BuildFromBuffer(const char* caller_owned_buffer, size_t buffer_size);
  static std::unique_ptr<FlatBufferModel> VerifyAndBuildFromBuffer(const char* caller_owned_buffer,
                                                                   size_t buffer_size) {
    return BuildFromBuffer(caller_owned_buffer, buffer_size);
  }

  const schema::Model* GetModel() const { return model_; }
  const schema::Model* operator->() const { return model_; }
  bool initialized() const { return model_ != nullptr; }
  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  FlatBufferModel() = default;
  static std::unique_ptr<FlatBufferModel> FromBytes(const uint8_t* bytes, size_t size, bool copy);
  std::unique_ptr<uint8_t[]> storage_;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  const schema::Model* model_ = nullptr;
};

class SnapshotResolver;  // the registrations an interpreter copied from the caller's resolver

// TFLite's tflite::Interpreter over mote's core. Tensor indices are the model's (subgraph 0); node indices are
// the model's operator indices, then delegate kernels.
class Interpreter {
 public:
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // Plans memory and runs init/prepare once. Again after success: nothing to do (kTfLiteOk).
  TfLiteStatus AllocateTensors();
  TfLiteStatus Invoke();
  // Applies the delegate (DESIGN §6) and then allocates tensors, as TFLite does for delegates without dynamic
  // tensors. On failure the graph is as it was before the call, tensors are allocated, the model runs on its
  // own kernels, and the result is kTfLiteDelegateError. The delegate must outlive the interpreter.
  TfLiteStatus ModifyGraphWithDelegate(TfLiteDelegate* delegate);
  // TFLite's owning form: the interpreter keeps the delegate (and destroys it after the graph).
  template <typename Delegate, typename Deleter>
  TfLiteStatus ModifyGraphWithDelegate(std::unique_ptr<Delegate, Deleter> delegate) {
    Delegate* d = delegate.get();
    owned_delegates_.push_back(std::shared_ptr<void>(delegate.release(), delegate.get_deleter()));
    return ModifyGraphWithDelegate(static_cast<TfLiteDelegate*>(d));
  }
  // Resets variable tensors (and kernels' state) to their initial values.
  TfLiteStatus ResetVariableTensors();
  // Accepted for source compatibility; mote's kernels run on the calling thread.
  TfLiteStatus SetNumThreads(int num_threads) {
    (void)num_threads;
    return kTfLiteOk;
  }

  const std::vector<int>& inputs() const { return inputs_; }
  const std::vector<int>& outputs() const { return outputs_; }
  const char* GetInputName(int index) const;
  const char* GetOutputName(int index) const;
  size_t tensors_size() const { return tensors_.size(); }
  // Model operators plus delegate kernels.
  size_t nodes_size() const;
  // Node indices in execution order (changes when a delegate replaces nodes).
  const std::vector<int>& execution_plan() const { return plan_; }

  // The tensor's full view; nullptr when out of range. Activation data is valid after AllocateTensors, and
  // intermediate tensors share memory by lifetime (read graph outputs, not intermediates, after Invoke).
  TfLiteTensor* tensor(int tensor_index);
  const TfLiteTensor* tensor(int tensor_index) const;
  TfLiteTensor* input_tensor(size_t index) { return index < inputs_.size() ? tensor(inputs_[index]) : nullptr; }
  TfLiteTensor* output_tensor(size_t index) {
    return index < outputs_.size() ? tensor(outputs_[index]) : nullptr;
  }

  // The data of a tensor as T*; nullptr when out of range, not allocated, or of another type than T.
  template <class T>
  T* typed_tensor(int tensor_index) {
    TfLiteTensor* t = tensor(tensor_index);
    if (t == nullptr || t->data.raw == nullptr || t->type != TypeOf<T>()) return nullptr;
    return reinterpret_cast<T*>(t->data.raw);
  }
  template <class T>
  T* typed_input_tensor(int index) {
    return index >= 0 && static_cast<size_t>(index) < inputs_.size() ? typed_tensor<T>(inputs_[index]) : nullptr;
  }
  template <class T>
  T* typed_output_tensor(int index) {
    return index >= 0 && static_cast<size_t>(index) < outputs_.size() ? typed_tensor<T>(outputs_[index])
                                                                        : nullptr;
  }

  // mote: the MicroInterpreter underneath (node_info, arena_report, SetNodeHook...).
  MicroInterpreter& micro() { return *micro_; }
  size_t arena_bytes() const { return arena_bytes_; }

 private:
  friend class InterpreterBuilder;
  Interpreter(const schema::Model* model, const uint8_t* data, size_t size,
              std::unique_ptr<SnapshotResolver> resolver);

  template <class T>
  static TfLiteType TypeOf();
  // A new MicroInterpreter over a fresh arena, with every delegate in delegates_ applied in order.
  TfLiteStatus Rebuild();
  TfLiteStatus AllocateWithGrowth();
  void RefreshViews();
  std::vector<std::vector<uint8_t>> SaveInputs() const;
  void RestoreInputs(const std::vector<std::vector<uint8_t>>& saved);

  const schema::Model* model_;
  const uint8_t* data_;
  size_t size_;
  std::unique_ptr<SnapshotResolver> resolver_;
  size_t arena_bytes_;
  std::unique_ptr<uint8_t[]> arena_storage_;
  std::unique_ptr<MicroInterpreter> micro_;
  bool allocated_ = false;
  std::vector<TfLiteDelegate*> delegates_;              // applied in this order at every rebuild
  std::vector<std::shared_ptr<void>> owned_delegates_;  // the destructor releases micro_ before these

  std::vector<int> inputs_, outputs_, plan_;
  std::vector<TfLiteTensor> tensors_;
  std::vector<TfLiteAffineQuantization> quantization_;
  std::vector<std::vector<int>> zero_points_;  // TfLiteIntArray storage: [size, values...]
};

template <> inline TfLiteType Interpreter::TypeOf<float>() { return kTfLiteFloat32; }
template <> inline TfLiteType Interpreter::TypeOf<double>() { return kTfLiteFloat64; }
template <> inline TfLiteType Interpreter::TypeOf<int8_t>() { return kTfLiteInt8; }
template <> inline TfLiteType Interpreter::TypeOf<uint8_t>() { return kTfLiteUInt8; }
template <> inline TfLiteType Interpreter::TypeOf<int16_t>() { return kTfLiteInt16; }
template <> inline TfLiteType Interpreter::TypeOf<uint16_t>() { return kTfLiteUInt16; }
template <> inline TfLiteType Interpreter::TypeOf<int32_t>() { return kTfLiteInt32; }
template <> inline TfLiteType Interpreter::TypeOf<uint32_t>() { return kTfLiteUInt32; }
template <> inline TfLiteType Interpreter::TypeOf<int64_t>() { return kTfLiteInt64; }
template <> inline TfLiteType Interpreter::TypeOf<uint64_t>() { return kTfLiteUInt64; }
template <> inline TfLiteType Interpreter::TypeOf<bool>() { return kTfLiteBool; }

// TFLite's tflite::InterpreterBuilder: resolves every operator code of the model with `resolver` (a miss is
// reported with mote's diagnostics, DESIGN §7) and builds the interpreter. operator() returns kTfLiteOk and
// sets *interpreter, or returns an error and sets *interpreter to nullptr.
class InterpreterBuilder {
 public:
  InterpreterBuilder(const FlatBufferModel& model, const OpResolver& resolver);
  // TFLite's form for a model without its size: indices and shapes are still checked, FlatBuffer offsets are
  // not bounded (prefer the FlatBufferModel form for untrusted files).
  InterpreterBuilder(const schema::Model* model, const OpResolver& resolver);
  TfLiteStatus operator()(std::unique_ptr<Interpreter>* interpreter);
  // Accepted for source compatibility (kernels run on one thread).
  TfLiteStatus SetNumThreads(int num_threads) {
    (void)num_threads;
    return kTfLiteOk;
  }

 private:
  const schema::Model* model_;
  const uint8_t* data_;
  size_t size_;
  const OpResolver& resolver_;
};

}  // namespace host
}  // namespace mote

#endif  // MOTE_HOST_INTERPRETER_H_
