// The header `mote gen-resolver` writes: exactly a model's ops in a MicroMutableOpResolver. Shared by the CLI,
// `mote report` and the Python package (HOST ONLY, mote_host: allocates freely).
//
// The header holds `using ModelOpResolver = mote::MicroMutableOpResolver<K>;` and
// `inline TfLiteStatus NAME(mote::MicroMutableOpResolver<K>& resolver)`, K = the number of distinct ops the
// model's operators use (operator-code entries no operator uses are ignored; duplicate entries collapse).
// Builtins use their op-table AddXxx method, with the type-specialised factory (Register_CONV_2D_INT8()) when
// every use of the op reads a first input of that type. Custom ops become AddCustom calls on a
// `TfLiteRegistration* Register_<NAME>()` the application provides (declared in the header), except the
// custom kernels mote ships (TFLite_Detection_PostProcess: AddDetectionPostprocess(), as in TFLM). A builtin this
// build does not implement (or only in lower versions) is an error: the header could never run the model.
#ifndef MOTE_HOST_RESOLVER_HEADER_H_
#define MOTE_HOST_RESOLVER_HEADER_H_

#include <cstddef>
#include <string>

#include "mote/schema/schema_generated.h"

namespace mote {
namespace host {

bool IsCppIdentifier(const std::string& s);

// The header for a verified `model` read from `model_file` (its base name goes in the comment), registering
// function `name` (a C++ identifier). False, with *error = "uses ops this build of mote does not implement:" and
// one indented line per op, when a builtin (or the version used) is not implemented.
bool GenerateResolverHeader(const schema::Model* model, const std::string& model_file, size_t model_bytes,
                            const std::string& name, std::string* header, std::string* error);

}  // namespace host
}  // namespace mote

#endif  // MOTE_HOST_RESOLVER_HEADER_H_
