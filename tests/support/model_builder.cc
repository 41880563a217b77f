#include "support/model_builder.h"

#include <algorithm>
#include <cstring>

namespace mote {
namespace test {

ModelBuilder::ModelBuilder() {
  buffers_.push_back(schema::CreateBuffer(fbb_));  // buffer 0: the empty buffer, by convention
  subgraphs_.emplace_back();
}

int ModelBuilder::AddBuffer(const void* data, size_t bytes) {
  if (bytes == 0) return AddBufferRaw(schema::CreateBuffer(fbb_));
  // TFLite writers align buffer data to 16 bytes (schema: force_align: 16); so do we.
  fbb_.ForceVectorAlignment(bytes, sizeof(uint8_t), 16);
  const auto vec = fbb_.CreateVector(static_cast<const uint8_t*>(data), bytes);
  return AddBufferRaw(schema::CreateBuffer(fbb_, vec));
}

int ModelBuilder::AddExternalBuffer(uint64_t offset, uint64_t size) {
  return AddBufferRaw(schema::CreateBuffer(fbb_, 0, offset, size));
}

int ModelBuilder::AddBufferRaw(flatbuffers::Offset<schema::Buffer> buffer) {
  buffers_.push_back(buffer);
  return static_cast<int>(buffers_.size() - 1);
}

int ModelBuilder::AddTensor(schema::TensorType type, std::vector<int> shape, const std::string& name, int buffer,
                            std::vector<float> scale, std::vector<int64_t> zero_point, int quantized_dimension,
                            bool is_variable) {
  flatbuffers::Offset<schema::QuantizationParameters> quantization = 0;
  if (!scale.empty() || !zero_point.empty()) {
    const auto scale_vec = scale.empty() ? 0 : fbb_.CreateVector(scale);
    const auto zp_vec = zero_point.empty() ? 0 : fbb_.CreateVector(zero_point);
    quantization = schema::CreateQuantizationParameters(fbb_, 0, 0, scale_vec, zp_vec, schema::QuantizationDetails_NONE,
                                                        0, quantized_dimension);
  }
  std::vector<int32_t> dims(shape.begin(), shape.end());
  const auto shape_vec = fbb_.CreateVector(dims);
  const auto name_str = fbb_.CreateString(name);
  return AddTensorRaw(
      schema::CreateTensor(fbb_, shape_vec, type, static_cast<uint32_t>(buffer), name_str, quantization, is_variable));
}

int ModelBuilder::AddTensorRaw(flatbuffers::Offset<schema::Tensor> tensor) {
  sg().tensors.push_back(tensor);
  return static_cast<int>(sg().tensors.size() - 1);
}

int ModelBuilder::AddOperatorCode(schema::BuiltinOperator code, int version, const std::string& custom_code) {
  const auto custom = custom_code.empty() ? 0 : fbb_.CreateString(custom_code);
  const int8_t deprecated = static_cast<int8_t>(std::min<int32_t>(code, 127));
  return AddOperatorCodeRaw(schema::CreateOperatorCode(fbb_, deprecated, custom, version, code));
}

int ModelBuilder::AddOperatorCodeRaw(flatbuffers::Offset<schema::OperatorCode> code) {
  operator_codes_.push_back(code);
  return static_cast<int>(operator_codes_.size() - 1);
}

int ModelBuilder::AddOperator(int opcode_index, std::vector<int> inputs, std::vector<int> outputs,
                              schema::BuiltinOptions options_type, flatbuffers::Offset<void> options,
                              std::vector<uint8_t> custom_options) {
  std::vector<int32_t> in(inputs.begin(), inputs.end());
  std::vector<int32_t> out(outputs.begin(), outputs.end());
  const auto in_vec = fbb_.CreateVector(in);
  const auto out_vec = fbb_.CreateVector(out);
  const auto custom_vec = custom_options.empty() ? 0 : fbb_.CreateVector(custom_options);
  return AddOperatorRaw(schema::CreateOperator(fbb_, static_cast<uint32_t>(opcode_index), in_vec, out_vec, options_type,
                                               options, custom_vec));
}

int ModelBuilder::AddOperatorRaw(flatbuffers::Offset<schema::Operator> op) {
  sg().operators.push_back(op);
  return static_cast<int>(sg().operators.size() - 1);
}

void ModelBuilder::SetInputs(std::vector<int> inputs) { sg().inputs = std::move(inputs); }
void ModelBuilder::SetOutputs(std::vector<int> outputs) { sg().outputs = std::move(outputs); }

int ModelBuilder::AddSubgraph() {
  subgraphs_.emplace_back();
  current_ = static_cast<int>(subgraphs_.size() - 1);
  return current_;
}

void ModelBuilder::SelectSubgraph(int index) { current_ = index; }

void ModelBuilder::AddMetadata(const std::string& name, int buffer) { metadata_.emplace_back(name, buffer); }

void ModelBuilder::Omit(Part part) {
  switch (part) {
    case Part::kSubgraphs:
      omit_subgraphs_ = true;
      break;
    case Part::kOperatorCodes:
      omit_operator_codes_ = true;
      break;
    case Part::kBuffers:
      omit_buffers_ = true;
      break;
    case Part::kTensors:
      sg().omit_tensors = true;
      break;
  }
}

std::vector<uint8_t> ModelBuilder::Finish(uint32_t version) {
  std::vector<flatbuffers::Offset<schema::SubGraph>> subgraphs;
  for (const Subgraph& s : subgraphs_) {
    std::vector<int32_t> in(s.inputs.begin(), s.inputs.end());
    std::vector<int32_t> out(s.outputs.begin(), s.outputs.end());
    const auto tensors = s.omit_tensors ? 0 : fbb_.CreateVector(s.tensors);
    const auto in_vec = fbb_.CreateVector(in);
    const auto out_vec = fbb_.CreateVector(out);
    const auto ops = fbb_.CreateVector(s.operators);
    subgraphs.push_back(schema::CreateSubGraph(fbb_, tensors, in_vec, out_vec, ops));
  }
  std::vector<flatbuffers::Offset<schema::Metadata>> metadata;
  for (const auto& m : metadata_) {
    metadata.push_back(schema::CreateMetadata(fbb_, fbb_.CreateString(m.first), static_cast<uint32_t>(m.second)));
  }
  const auto subgraphs_vec = omit_subgraphs_ ? 0 : fbb_.CreateVector(subgraphs);
  const auto codes_vec = omit_operator_codes_ ? 0 : fbb_.CreateVector(operator_codes_);
  const auto buffers_vec = omit_buffers_ ? 0 : fbb_.CreateVector(buffers_);
  const auto metadata_vec = metadata.empty() ? 0 : fbb_.CreateVector(metadata);
  const auto description = fbb_.CreateString("mote test model");
  const auto model =
      schema::CreateModel(fbb_, version, codes_vec, subgraphs_vec, description, buffers_vec, 0, metadata_vec);
  fbb_.Finish(model, identifier_);
  return std::vector<uint8_t>(fbb_.GetBufferPointer(), fbb_.GetBufferPointer() + fbb_.GetSize());
}

void AlignedModel::Assign(const void* data, size_t size, size_t shift) {
  shift_ = shift;
  size_ = size;
  chunks_.assign((size + shift + sizeof(Chunk) - 1) / sizeof(Chunk), Chunk{});
  if (size > 0) std::memcpy(chunks_[0].bytes + shift, data, size);
}

}  // namespace test
}  // namespace mote
