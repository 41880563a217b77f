// TFLM/TFLite names for mote's API: what the forwarding headers under include/compat/tensorflow/ expose, so a
// program or custom kernel written for TFLM builds unchanged. mote's own code never uses these names.
#ifndef MOTE_TFLITE_NAMES_H_
#define MOTE_TFLITE_NAMES_H_

#include "mote/c/builtin_op_data.h"
#include "mote/c/builtin_ops.h"
#include "mote/c/common.h"
#include "mote/ethos_u.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"
#include "mote/micro_graph.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_resource_variable.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"
#include "mote/op_resolver.h"
#include "mote/schema/schema_generated.h"

#ifndef TFLITE_SCHEMA_VERSION
#define TFLITE_SCHEMA_VERSION (3)
#endif

namespace tflite {

// Schema: tflite::Model, tflite::GetModel, tflite::BuiltinOperator_CONV_2D, ...
using namespace ::mote::schema;  // NOLINT(build/namespaces): the schema is TFLite's own vocabulary

using ::mote::AllOpsResolver;
using ::mote::BuiltinDataAllocator;
using ::mote::GetMicroContext;
using ::mote::MicroAllocator;
using ::mote::MicroContext;
using ::mote::MicroGraph;
using ::mote::MicroInterpreter;
using ::mote::MicroResourceVariables;
using ::mote::MicroOpResolver;
using ::mote::RuntimeShape;
template <unsigned int N>
using MicroMutableOpResolver = ::mote::MicroMutableOpResolver<N>;

using ::mote::CalculateActivationRange;
using ::mote::CalculateActivationRangeQuantized;
using ::mote::GetTensorData;
using ::mote::GetTensorShape;
using ::mote::HaveSameShapes;
using ::mote::IsConstantTensor;
using ::mote::NumDimensions;
using ::mote::NumInputs;
using ::mote::NumOutputs;
using ::mote::SizeOfDimension;

#define MOTE_TFLITE_FACTORY(code, add_name, parser, max_version) using ::mote::Register_##code;
MOTE_BUILTIN_OPS(MOTE_TFLITE_FACTORY)
#undef MOTE_TFLITE_FACTORY
#define MOTE_TFLITE_SPECIALIZED(code, type) using ::mote::Register_##code##_##type;
MOTE_SPECIALIZED_OPS(MOTE_TFLITE_SPECIALIZED)
#undef MOTE_TFLITE_SPECIALIZED
// TFLM's custom-kernel factories return a pointer:
// resolver.AddCustom("TFLite_Detection_PostProcess", tflite::Register_DETECTION_POSTPROCESS()); all but
// TFLM_DECODE's, which returns the registration itself (TFLM's decode.cc: TFLMRegistration Register_DECODE()).
namespace custom_factory {
constexpr bool SameName(const char* a, const char* b) { return *a == *b && (*a == '\0' || SameName(a + 1, b + 1)); }
constexpr bool ReturnsValue(const char* custom_name) { return SameName(custom_name, "TFLM_DECODE"); }
template <bool kValue>
struct Result {
  using Type = TfLiteRegistration*;
  static Type From(TfLiteRegistration* registration) { return registration; }
};
template <>
struct Result<true> {
  using Type = TfLiteRegistration;
  static Type From(TfLiteRegistration* registration) { return *registration; }
};
}  // namespace custom_factory
#define MOTE_TFLITE_CUSTOM_FACTORY(id, custom_name, add_name)                                         \
  inline custom_factory::Result<custom_factory::ReturnsValue(custom_name)>::Type Register_##id() {   \
    static TfLiteRegistration registration = ::mote::kRegistration_##id;                              \
    return custom_factory::Result<custom_factory::ReturnsValue(custom_name)>::From(&registration);   \
  }
MOTE_CUSTOM_OPS(MOTE_TFLITE_CUSTOM_FACTORY)
#undef MOTE_TFLITE_CUSTOM_FACTORY
#define MOTE_TFLITE_SPECIALIZED_CUSTOM_FACTORY(id, type)                        \
  inline TfLiteRegistration* Register_##id##_##type() {                         \
    static TfLiteRegistration registration = ::mote::kRegistration_##id##_##type; \
    return &registration;                                                       \
  }
MOTE_SPECIALIZED_CUSTOM_OPS(MOTE_TFLITE_SPECIALIZED_CUSTOM_FACTORY)
#undef MOTE_TFLITE_SPECIALIZED_CUSTOM_FACTORY
// TFLM's signal library declares its factories in tflite::tflm_signal (resolver.AddCustom("SignalRfft",
// tflite::tflm_signal::Register_RFFT_INT16())): every custom factory is visible there too.
namespace tflm_signal {
#define MOTE_TFLITE_SIGNAL_FACTORY(id, custom_name, add_name) using ::tflite::Register_##id;
MOTE_CUSTOM_OPS(MOTE_TFLITE_SIGNAL_FACTORY)
#undef MOTE_TFLITE_SIGNAL_FACTORY
#define MOTE_TFLITE_SIGNAL_SPECIALIZED(id, type) using ::tflite::Register_##id##_##type;
MOTE_SPECIALIZED_CUSTOM_OPS(MOTE_TFLITE_SIGNAL_SPECIALIZED)
#undef MOTE_TFLITE_SIGNAL_SPECIALIZED
}  // namespace tflm_signal
using ::mote::kTfLiteAbort;
// TFLM's name for the Ethos-U op's custom code (its AddEthosU() is AddCustom(GetString_ETHOSU(), ...)).
inline const char* GetString_ETHOSU() { return ::mote::kEthosUCustomName; }

// TFLM's target hook: nothing to set up on hosted platforms.
inline void InitializeTarget() {}

namespace micro {
// Recent TFLM declares these in tflite::micro.
using ::mote::MicroGraph;
using ::mote::MicroResourceVariables;
using ::mote::micro::GetEvalInput;
using ::mote::micro::GetEvalOutput;
using ::mote::micro::GetMutableEvalInput;
using ::mote::micro::GetOptionalTensorData;
using ::mote::micro::GetTensorData;
using ::mote::micro::GetTensorShape;
using ::mote::micro::HaveSameShapes;
using ::mote::micro::RegisterOp;
}  // namespace micro

}  // namespace tflite

#endif  // MOTE_TFLITE_NAMES_H_
