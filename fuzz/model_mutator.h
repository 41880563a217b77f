// Structure-aware mutation of .tflite models for the structured fuzz target.
//
// A byte-level fuzzer rarely gets past the FlatBuffers verifier. This mutator instead parses a model with the
// generated object API (mote::schema::ModelT), changes what a hostile model would change — tensor shapes,
// ranks, types, buffer indices and buffer sizes, constant values, quantization parameters, operator inputs,
// outputs and order, the operator-code table, builtin options (strides, dilations, paddings, filter sizes,
// axes, masks, activations, beta, rank...), subgraph inputs/outputs, the offline memory plan — and serialises
// it again with a FlatBufferBuilder. The result always passes the FlatBuffers verifier, so it reaches mote's
// semantic checks and, when those accept it, the kernels' prepare and invoke.
#ifndef MOTE_FUZZ_MODEL_MUTATOR_H_
#define MOTE_FUZZ_MODEL_MUTATOR_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mote {
namespace fuzz {

// Applies 1..4 random structural mutations (chosen from `seed`) to the model in `data`. False when `data` is not
// a structurally valid model FlatBuffer (the caller then falls back to byte-level mutation).
bool MutateModel(const uint8_t* data, size_t size, uint32_t seed, std::vector<uint8_t>* out);

// Splices part of `other` into `data` (operators, tensors and buffers of one into the other's graph); false when
// either is not a structurally valid model.
bool CrossOverModels(const uint8_t* data, size_t size, const uint8_t* other, size_t other_size, uint32_t seed,
                     std::vector<uint8_t>* out);

}  // namespace fuzz
}  // namespace mote

#endif  // MOTE_FUZZ_MODEL_MUTATOR_H_
