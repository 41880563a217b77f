// Model verification: the loader's safety net. A .tflite file is untrusted input; nothing in mote reads a
// model before VerifyModel (or, for TFLM's size-less GetModel form, ValidateModelSemantics) accepted it.
//
//   if (mote::VerifyModel(data, size) != kTfLiteOk) return kTfLiteError;  // reason already logged
//   const mote::schema::Model* model = mote::schema::GetModel(data);
//
// Two layers:
//   1. FlatBuffers structure (VerifyModel only): every offset, vector and string lies inside [data, data+size).
//      After this, reading any field through the generated accessors is in bounds.
//   2. Semantics (ValidateModelSemantics): every index, size, shape and type the interpreter, planner and kernels
//      rely on. After it accepts a model the loader may index tensors, buffers and operator codes without
//      further range checks, and a constant tensor's data (GetBufferData) holds exactly TensorBytes() bytes,
//      aligned to min(element alignment, 4).
//
// Each refusal logs exactly ONE message through MicroPrintf saying what is wrong and where, e.g.
//   Model invalid: subgraph 0 tensor 7 ('conv1/weights') uses buffer 93 but the model has 40 buffers
// and returns kTfLiteError. The first problem found is reported; checking stops there.
//
// What is accepted (everything else is refused):
//   - Model.version == 3 (TFLM's message: "Model provided is schema version %d not equal to supported
//     version 3.").
//   - File identifier: bytes 4..7 are "TFL3", or no identifier at all (old writers omit it). Four printable
//     ASCII characters other than "TFL3" are taken as another format's identifier and refused.
//   - At least one subgraph; operator_codes present (possibly empty).
//   - Operator codes: builtin code = max(deprecated_builtin_code, builtin_code) (GetBuiltinCode) within the
//     schema's BuiltinOperator range; CUSTOM has a non-empty custom_code; version >= 1.
//   - Buffers: data inline (Buffer.data) or, when Buffer.offset > 1, `size` bytes at `offset` from the start of
//     the model file (models > 2 GiB use this form), never both; the latter must lie inside the model and needs
//     the model size (refused when ValidateModelSemantics is called without one). Read them with GetBufferData.
//   - Tensors: known TensorType other than STRING/RESOURCE/VARIANT; rank <= RuntimeShape::kMaxDims (8); every
//     dimension >= 0 (`shape` must be static; a dynamic `shape_signature` is fine); byte size < 2^31 (and, for
//     an empty tensor, the product of its non-zero dimensions < 2^31); buffer index in range; a buffer with data
//     holds exactly TensorBytes() bytes (such tensors are "constant") and its data address is aligned to
//     min(ElementAlignment, 4) (FlatBuffers guarantees no more for vector data;
//     converters put 8-byte constants at 4 mod 8, so the interpreter copies those to aligned memory); no
//     sparsity; quantization: zero_point values 8-byte aligned; when `scale` is non-empty, `zero_point` has
//     the same length, and a length > 1 (per-channel) needs
//     0 <= quantized_dimension < rank and length == shape[quantized_dimension] (exception, for models TFLM
//     runs: a 1-D tensor with length == shape[0] and quantized_dimension >= 1, as older converters wrote biases).
//   - Subgraph inputs/outputs: tensor indices in range.
//   - Operators: opcode_index in range; inputs -1 (optional, absent) or in range; outputs in range (never -1)
//     and never constant; intermediates in range; large custom options (offset > 1) inside the model.
//     Dataflow: operators are stored in execution order, so a tensor an operator reads that some operator
//     writes must be written by an EARLIER one (this also refuses cycles); a tensor no operator writes (and
//     that is not a constant, an input or a variable) is accepted, as TFLM does, and is arena memory with
//     undefined contents (Vela passes the `ethos-u` op its scratch buffers so); no tensor is produced by two
//     operators, no operator writes a tensor it reads (no in-place aliasing), and every subgraph output is
//     produced by an operator (or is an input, a constant or a variable).
//   - Metadata: every entry's buffer index in range. The entry named "OfflineMemoryAllocation" (TFLM's offline
//     memory plan) must be a buffer of little-endian int32 values, 4-byte aligned:
//         [0] version              not read (TFLM documents 0 and reads neither word; mote's tests write 1)
//         [1] subgraph index       not read (Vela writes 1 into one-subgraph models)
//         [2] number of offsets N  == number of tensors of all subgraphs (TFLM's rule: subgraph 0's first)
//         [3 .. 3+N)  offsets      one per tensor: byte offset from the start of the planned arena region,
//                                  or -1 = let the online planner place this tensor; a multiple of the
//                                  tensor type's alignment (ElementAlignment)
//     and the buffer holds exactly 3 + N values, inline (Buffer.data). The name is compared as a C string.
//
// Cost: no heap, nothing retained; ~660 bytes of stack (plus MicroPrintf's on the error path). One pass over the model per check, except the dataflow
// check, which walks a subgraph's operators once per 1024 of its tensors (four fixed 128-byte stack bitmaps).
#ifndef MOTE_MODEL_VERIFIER_H_
#define MOTE_MODEL_VERIFIER_H_

#include <cstddef>
#include <cstdint>

#include "mote/c/common.h"
#include "mote/schema/schema_generated.h"

namespace mote {

// The schema version mote reads (TFLITE_SCHEMA_VERSION).
constexpr uint32_t kSupportedSchemaVersion = 3;

// Name of the metadata entry holding TFLM's offline memory plan (format above).
constexpr const char kOfflineMemoryAllocationMetadata[] = "OfflineMemoryAllocation";
constexpr int32_t kOfflineMemoryAllocationVersion = 1;  // what mote writes; never checked (TFLM's doc: 0)
constexpr int kOfflineMemoryAllocationHeaderInts = 3;

// Full check of an untrusted model of `size` bytes at `data`: FlatBuffers verification bounded by `size`
// (sizes below 8 bytes or of 2^31 - 1 bytes and more are refused), then ValidateModelSemantics(model, data,
// size). `data` must be 8-byte aligned (FlatBuffers reads scalars in place); 16 is what writers assume and what
// mote recommends (`alignas(16) const uint8_t model[] = {...}`).
TfLiteStatus VerifyModel(const void* data, size_t size);

// Semantic checks of an already-parsed model (see the list above). `base`/`size` describe the whole model
// buffer when known; pass nullptr/0 for a model obtained by TFLM-style GetModel(ptr), in which case FlatBuffer
// offsets cannot be bounded (the caller trusts the structure) and buffers stored outside the FlatBuffer are
// refused.
TfLiteStatus ValidateModelSemantics(const schema::Model* model, const uint8_t* base, size_t size);

// The operator code's builtin code as TFLite reads it: max(deprecated_builtin_code, builtin_code). May be out
// of the enum's range for unverified models; -1 for nullptr.
int32_t GetBuiltinCode(const schema::OperatorCode* op_code);

// "FLOAT32", "INT8", ... as the schema spells them; "UNKNOWN" for values outside the enum.
const char* TensorTypeName(schema::TensorType type);

// Schema TensorType -> TfLiteType. Unknown values: *out = kTfLiteNoType, a message is logged, kTfLiteError.
TfLiteStatus ConvertTensorType(schema::TensorType type, TfLiteType* out);

// Bytes per element for fixed-size types (INT4: 1, though stored packed, see TensorBytes); 0 for STRING,
// RESOURCE, VARIANT and unknown types.
size_t ElementSize(schema::TensorType type);
// Address alignment the data of a tensor of this type needs (complex types: their component's size).
size_t ElementAlignment(schema::TensorType type);
// Bytes a tensor of `element_count` elements occupies in a buffer (INT4 packs two per byte: (n + 1) / 2).
// Returns -1 for types without a fixed size or on overflow of int64.
int64_t TensorBytes(schema::TensorType type, int64_t element_count);

// The data of buffer `buffer` as the loader must read it: inline Buffer.data, or (offset > 1) `size` bytes at
// `offset` from `base`. *data = nullptr, *bytes = 0 for an empty buffer. Meant for validated models (returns
// kTfLiteError, without logging, when the buffer is out of range or the external form cannot be resolved).
TfLiteStatus GetBufferData(const schema::Model* model, uint32_t buffer, const uint8_t* base, size_t size,
                           const uint8_t** data, size_t* bytes);

}  // namespace mote

#endif  // MOTE_MODEL_VERIFIER_H_
