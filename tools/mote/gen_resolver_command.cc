// `mote gen-resolver MODEL [-o FILE] [--name NAME]`: a C++ header registering exactly MODEL's ops.
//
// The header holds `using ModelOpResolver = mote::MicroMutableOpResolver<K>;` and
// `inline TfLiteStatus NAME(mote::MicroMutableOpResolver<K>& resolver)`, K = the number of distinct ops the
// model's operators use (operator-code entries no operator uses are ignored; duplicate entries collapse).
// Builtins use their op-table AddXxx method, with the type-specialised factory (Register_CONV_2D_INT8()) when
// every use of the op reads a first input of that type. Custom ops become AddCustom calls on a
// `TfLiteRegistration* Register_<NAME>()` the application provides (declared in the header), except the
// custom kernels mote ships (TFLite_Detection_PostProcess: AddDetectionPostprocess(), as in TFLM). A builtin this
// build does not implement (or only in lower versions) is an error: the header could never run the model.
#include <cstdio>
#include <string>
#include <vector>

#include "cli.h"
#include "mote/host/resolver_header.h"
#include "mote/model_verifier.h"

namespace mote {
namespace cli {
namespace {

struct GenOptions {
  std::string model;
  std::string output;
  std::string name = "RegisterModelOps";
};

bool ParseGenArgs(const std::vector<std::string>& args, GenOptions* o) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string* out) {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "mote gen-resolver: %s needs a value\n", a.c_str());
        return false;
      }
      *out = args[++i];
      return true;
    };
    if (a == "-o" || a == "--output") {
      if (!value(&o->output)) return false;
    } else if (a == "--name") {
      if (!value(&o->name)) return false;
      if (!host::IsCppIdentifier(o->name)) {
        std::fprintf(stderr, "mote gen-resolver: --name '%s' is not a C++ identifier\n", o->name.c_str());
        return false;
      }
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "mote gen-resolver: unknown option '%s'\n", a.c_str());
      return false;
    } else if (o->model.empty()) {
      o->model = a;
    } else {
      std::fprintf(stderr, "mote gen-resolver: unexpected argument '%s' (one model at a time)\n", a.c_str());
      return false;
    }
  }
  if (o->model.empty()) {
    std::fprintf(stderr, "mote gen-resolver: no model given\nusage: mote gen-resolver MODEL [-o FILE] [--name NAME]\n");
    return false;
  }
  return true;
}

}  // namespace

int GenResolverCommand(const std::vector<std::string>& args) {
  GenOptions o;
  if (!ParseGenArgs(args, &o)) return kExitUsage;
  host::AlignedBuffer model;
  if (!LoadModelFile(o.model, &model)) return kExitFailure;
  // Verification messages go to stderr through the default sink.
  if (VerifyModel(model.data(), model.size()) != kTfLiteOk) {
    std::fprintf(stderr, "mote gen-resolver: '%s' is not a valid model\n", o.model.c_str());
    return kExitFailure;
  }
  std::string header;
  std::string error;
  if (!host::GenerateResolverHeader(schema::GetModel(model.data()), o.model, model.size(), o.name, &header, &error)) {
    std::fprintf(stderr, "mote gen-resolver: '%s' %s\n", o.model.c_str(), error.c_str());
    return kExitFailure;
  }
  if (o.output.empty()) {
    std::fputs(header.c_str(), stdout);
    return kExitOk;
  }
  if (!host::WriteFilesAtomically({{o.output, std::vector<uint8_t>(header.begin(), header.end())}}, &error)) {
    std::fprintf(stderr, "mote gen-resolver: %s\n", error.c_str());
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace mote
