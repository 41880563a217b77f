// Models compiled by Vela for an Arm Ethos-U NPU: the `ethos-u` custom op and the driver hook the platform
// provides to run it.
//
// Vela replaces each part of a model the NPU can run by one `ethos-u` operator (custom options: the
// FlexBuffers integer 1) whose tensors are, in order:
//   input 0    the command stream: the NPU's program, a uint8 constant of the model;
//   input 1..  the buffers the command stream addresses by index: the read-only data (weights and biases, a
//              constant: "flash"), the scratch area and the fast scratch area (uint8 tensors no operator
//              writes, often one tensor listed twice), then the inputs of the NPU part;
//   outputs    the outputs of the NPU part.
// mote plans the scratch areas as arena memory with undefined contents, as TFLM does, and honours Vela's
// offline memory plan, which places the inputs and outputs inside the scratch area on purpose (the planner
// lets live tensors share the bytes of a tensor that only `ethos-u` operators read, none writes and that is
// not a graph input).
//
// The kernel computes nothing itself. AddEthosU() (tflite::Register_ETHOSU(), custom name
// tflite::GetString_ETHOSU()) registers it; its prepare refuses the node unless a driver is set, so that a
// model compiled for the NPU fails AllocateTensors() saying which hook is missing instead of computing
// nothing. Each Invoke() of the node calls the driver once with an EthosUInvocation, exactly what TFLM's
// ethos_u kernel hands ethosu_invoke_v3(): base address i is the data pointer of input i + 1, then those of the
// outputs, at most kEthosUMaxBaseAddresses of them (the command streams Vela writes address no more). Sizes
// are in bytes (TFLM's kernel passes element counts: the same for Vela's int8/uint8 tensors).
//
// The driver returns 0 when the NPU ran the command stream; a negative value fails Invoke() with the value
// in the message. It runs inside Invoke(): it must not allocate either. The pointers it receives are valid
// for the call only (they point into the arena and the model).
//
// Usage with Arm's ethos-u-core-driver (the application's code; mote does not link the driver):
//
//   int RunOnNpu(const mote::EthosUInvocation& run, void* /*user_data*/) {
//     ethosu_driver* npu = ethosu_reserve_driver();
//     const int result = ethosu_invoke_v3(npu, run.command_stream, static_cast<int>(run.command_stream_bytes),
//                                         run.base_addresses, run.base_address_sizes, run.num_base_addresses,
//                                         nullptr);
//     ethosu_release_driver(npu);
//     return result;
//   }
//   ...
//   mote::SetEthosUDriver(RunOnNpu, nullptr);  // before AllocateTensors()
//   resolver.AddEthosU();
//
// The driver is one process-wide setting (one NPU); each node keeps the driver and user data its prepare saw.
#ifndef MOTE_ETHOS_U_H_
#define MOTE_ETHOS_U_H_

#include <cstddef>
#include <cstdint>

namespace mote {

constexpr const char kEthosUCustomName[] = "ethos-u";
constexpr int kEthosUMaxBaseAddresses = 8;

// One run of one `ethos-u` node's command stream.
struct EthosUInvocation {
  const uint8_t* command_stream;     // input 0's bytes
  size_t command_stream_bytes;
  const uint64_t* base_addresses;    // num_base_addresses data addresses: inputs 1.., then the outputs
  const size_t* base_address_sizes;  // their sizes in bytes
  int num_base_addresses;            // min(inputs - 1 + outputs, kEthosUMaxBaseAddresses)
};

// Runs the command stream on the NPU; 0 on success, negative on failure.
using EthosUDriver = int (*)(const EthosUInvocation& invocation, void* user_data);

// Sets the driver later prepares hand to `ethos-u` nodes (nullptr: none, the default).
void SetEthosUDriver(EthosUDriver driver, void* user_data);

}  // namespace mote

#endif  // MOTE_ETHOS_U_H_
