// Test-only builder of .tflite models, over flatbuffers::FlatBufferBuilder and the generated mote::schema
// Create* functions. Lets a test state a small graph in a few lines, valid or deliberately broken.
//
//   mote::test::ModelBuilder b;                                   // buffer 0 (empty) and subgraph 0 exist
//   const int add = b.AddOperatorCode(mote::schema::BuiltinOperator_ADD);
//   const int in = b.AddTensor(mote::schema::TensorType_INT8, {1, 4}, "in", 0, {0.5f}, {-1});
//   const int w = b.AddConstTensor<int8_t>(mote::schema::TensorType_INT8, {1, 4}, {1, 2, 3, 4}, {0.5f}, {0});
//   const int out = b.AddTensor(mote::schema::TensorType_INT8, {1, 4}, "out", 0, {1.0f}, {0});
//   b.AddOperator(add, {in, w}, {out}, mote::schema::BuiltinOptions_AddOptions,
//                 mote::schema::CreateAddOptions(b.fbb()).Union());
//   b.SetInputs({in});
//   b.SetOutputs({out});
//   mote::test::AlignedModel model(b.Finish());                  // bytes at a 16-byte aligned address
//   mote::VerifyModel(model.data(), model.size());
//
// Conventions: buffer 0 is the empty buffer; tensors without data use it. Tensors and operators go to the
// current subgraph (0 at first; AddSubgraph() adds one and makes it current). Indices returned are indices in
// the model (buffers, operator codes) or in the current subgraph (tensors, operators).
//
// Everything is serialised as soon as it is added, so options tables may be created with fbb() at any time
// between calls (never while another table is being built). For malformed models the *Raw methods take
// tables the test built itself with the Create* functions, and Omit() leaves a required vector out.
// A builder produces one model: call Finish() once.
#ifndef MOTE_TESTS_SUPPORT_MODEL_BUILDER_H_
#define MOTE_TESTS_SUPPORT_MODEL_BUILDER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "flatbuffers/flatbuffers.h"
#include "mote/schema/schema_generated.h"

namespace mote {
namespace test {

class ModelBuilder {
 public:
  // What Omit() can leave out of the model, to test refusals of missing vectors.
  enum class Part { kSubgraphs, kOperatorCodes, kBuffers, kTensors /* of the current subgraph */ };

  ModelBuilder();

  // A buffer holding a copy of `bytes` bytes (16-byte aligned in the model); bytes == 0 adds an empty buffer.
  int AddBuffer(const void* data, size_t bytes);
  // A buffer whose data lives outside the FlatBuffer: Buffer.offset / Buffer.size, data not set.
  int AddExternalBuffer(uint64_t offset, uint64_t size);
  int AddBufferRaw(flatbuffers::Offset<schema::Buffer> buffer);

  int AddTensor(schema::TensorType type, std::vector<int> shape, const std::string& name = "", int buffer = 0,
                std::vector<float> scale = {}, std::vector<int64_t> zero_point = {}, int quantized_dimension = 0,
                bool is_variable = false);
  // A constant tensor: adds a buffer with `values` (their bytes, in host order) and a tensor using it.
  template <class T>
  int AddConstTensor(schema::TensorType type, std::vector<int> shape, const std::vector<T>& values,
                     std::vector<float> scale = {}, std::vector<int64_t> zero_point = {}, int quantized_dimension = 0,
                     const std::string& name = "") {
    const int buffer = AddBuffer(values.data(), values.size() * sizeof(T));
    return AddTensor(type, std::move(shape), name, buffer, std::move(scale), std::move(zero_point),
                     quantized_dimension);
  }
  int AddTensorRaw(flatbuffers::Offset<schema::Tensor> tensor);

  // Builtin codes are written to both builtin_code and deprecated_builtin_code (min(code, 127)), as TFLite's
  // converter does. `custom_code` is written when non-empty.
  int AddOperatorCode(schema::BuiltinOperator code, int version = 1, const std::string& custom_code = "");
  int AddOperatorCodeRaw(flatbuffers::Offset<schema::OperatorCode> code);

  int AddOperator(int opcode_index, std::vector<int> inputs, std::vector<int> outputs,
                  schema::BuiltinOptions options_type = schema::BuiltinOptions_NONE,
                  flatbuffers::Offset<void> options = 0, std::vector<uint8_t> custom_options = {});
  int AddOperatorRaw(flatbuffers::Offset<schema::Operator> op);

  void SetInputs(std::vector<int> inputs);
  void SetOutputs(std::vector<int> outputs);

  // Adds a subgraph and selects it for the following tensors, operators, inputs and outputs.
  int AddSubgraph();
  void SelectSubgraph(int index);
  int current_subgraph() const { return current_; }

  void AddMetadata(const std::string& name, int buffer);

  void Omit(Part part);
  // The 4-byte file identifier written by Finish(); nullptr writes none. Default "TFL3".
  void SetFileIdentifier(const char* identifier) { identifier_ = identifier; }

  flatbuffers::FlatBufferBuilder& fbb() { return fbb_; }

  // Serialises the model (Model.version = `version`) and returns its bytes.
  std::vector<uint8_t> Finish(uint32_t version = 3);

 private:
  struct Subgraph {
    std::vector<flatbuffers::Offset<schema::Tensor>> tensors;
    std::vector<flatbuffers::Offset<schema::Operator>> operators;
    std::vector<int> inputs;
    std::vector<int> outputs;
    bool omit_tensors = false;
  };
  Subgraph& sg() { return subgraphs_[static_cast<size_t>(current_)]; }

  flatbuffers::FlatBufferBuilder fbb_;
  std::vector<flatbuffers::Offset<schema::Buffer>> buffers_;
  std::vector<flatbuffers::Offset<schema::OperatorCode>> operator_codes_;
  std::vector<Subgraph> subgraphs_;
  std::vector<std::pair<std::string, int>> metadata_;
  int current_ = 0;
  bool omit_subgraphs_ = false;
  bool omit_operator_codes_ = false;
  bool omit_buffers_ = false;
  const char* identifier_ = "TFL3";
};

// Model bytes stored at a 16-byte aligned address, or `shift` bytes past one (to test alignment checks: the
// FlatBuffers structure stays valid, absolute data addresses do not). Copyable.
class AlignedModel {
 public:
  AlignedModel() = default;
  explicit AlignedModel(const std::vector<uint8_t>& bytes, size_t shift = 0) {
    Assign(bytes.data(), bytes.size(), shift);
  }
  AlignedModel(const void* data, size_t size, size_t shift = 0) { Assign(data, size, shift); }
  void Assign(const void* data, size_t size, size_t shift = 0);

  const uint8_t* data() const { return chunks_.empty() ? nullptr : chunks_[0].bytes + shift_; }
  uint8_t* data() { return chunks_.empty() ? nullptr : chunks_[0].bytes + shift_; }
  size_t size() const { return size_; }

 private:
  struct alignas(16) Chunk {
    uint8_t bytes[16];
  };
  std::vector<Chunk> chunks_;
  size_t size_ = 0;
  size_t shift_ = 0;
};

}  // namespace test
}  // namespace mote

#endif  // MOTE_TESTS_SUPPORT_MODEL_BUILDER_H_
