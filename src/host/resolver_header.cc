#include "mote/host/resolver_header.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "mote/model_verifier.h"
#include "mote/op_resolver.h"

namespace mote {
namespace host {
namespace {

// One distinct op the model uses.
struct UsedOp {
  bool custom = false;
  int32_t code = 0;
  std::string name;                 // builtin name or custom name
  int32_t max_version_used = 0;     // over every operator-code entry that operators use
  std::set<int> first_input_types;  // schema::TensorType of input 0 per use; -1 = absent
};

struct Specialization {
  int32_t code;
  const char* type_suffix;
  schema::TensorType type;
};

constexpr Specialization kSpecializations[] = {
#define MOTE_SPECIALIZATION(code, type) {schema::BuiltinOperator_##code, #type, schema::TensorType_##type},
    MOTE_SPECIALIZED_OPS(MOTE_SPECIALIZATION)
#undef MOTE_SPECIALIZATION
};

// "my-op.v2" -> "MY_OP_V2": the custom op's part of the Register_ function name.
std::string SanitizeName(const std::string& name) {
  std::string s;
  for (unsigned char c : name) s += std::isalnum(c) ? static_cast<char>(std::toupper(c)) : '_';
  return s.empty() ? std::string("_") : s;
}

// C++ string literal for a custom op name (names may hold any byte).
std::string CppStringLiteral(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\%03o", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

// Custom names inside a // comment: printable ASCII only, so a name cannot end the comment line.
std::string CommentSafe(const std::string& s) {
  std::string out;
  for (unsigned char c : s) out += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
  return out;
}

std::string BaseName(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Distinct ops used by operators of every subgraph: builtins in code order, then custom ops by name.
std::vector<UsedOp> CollectUsedOps(const schema::Model* model) {
  std::map<int32_t, UsedOp> builtins;
  std::map<std::string, UsedOp> customs;
  const auto* codes = model->operator_codes();
  for (const schema::SubGraph* sg : *model->subgraphs()) {
    if (sg->operators() == nullptr) continue;
    for (const schema::Operator* op : *sg->operators()) {
      const schema::OperatorCode* c = codes->Get(op->opcode_index());
      const int32_t code = GetBuiltinCode(c);
      UsedOp* used;
      if (code == schema::BuiltinOperator_CUSTOM) {
        const std::string name = c->custom_code()->str();
        used = &customs[name];
        used->custom = true;
        used->name = name;
      } else {
        used = &builtins[code];
        used->name = BuiltinOperatorName(code);
      }
      used->code = code;
      used->max_version_used = std::max(used->max_version_used, c->version());
      int type = -1;
      if (op->inputs() != nullptr && op->inputs()->size() > 0 && op->inputs()->Get(0) >= 0) {
        type = sg->tensors()->Get(static_cast<flatbuffers::uoffset_t>(op->inputs()->Get(0)))->type();
      }
      used->first_input_types.insert(type);
    }
  }
  std::vector<UsedOp> ops;
  for (auto& kv : builtins) ops.push_back(kv.second);
  for (auto& kv : customs) ops.push_back(kv.second);
  return ops;
}

// The AddXxx method of a custom op mote ships a kernel for (op_table.h's MOTE_CUSTOM_OPS), else nullptr.
const char* ShippedCustomAdd(const UsedOp& op) {
  return op.custom ? CustomOpTableAddMethodName(op.name.c_str()) : nullptr;
}

// "INT8" when every use of the op reads an input 0 of a type the op table lists a specialisation for.
const char* SpecializationFor(const UsedOp& op) {
  if (op.custom || op.first_input_types.size() != 1) return nullptr;
  const int type = *op.first_input_types.begin();
  for (const Specialization& s : kSpecializations) {
    if (s.code == op.code && static_cast<int>(s.type) == type) return s.type_suffix;
  }
  return nullptr;
}

std::string GenerateHeader(const std::string& model_file, const std::string& name, size_t model_bytes,
                           const std::vector<UsedOp>& ops) {
  const std::string k = std::to_string(ops.size());
  std::string guard = "MOTE_GENERATED_";
  for (char c : name) guard += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  guard += "_H_";

  // Custom ops get distinct Register_ names even when two names sanitise alike ("a-b" and "a_b").
  std::vector<std::string> custom_functions(ops.size());
  std::set<std::string> taken;
  for (size_t i = 0; i < ops.size(); ++i) {
    if (!ops[i].custom || ShippedCustomAdd(ops[i]) != nullptr) continue;
    std::string fn = "Register_" + SanitizeName(ops[i].name);
    for (int n = 2; taken.count(fn) != 0; ++n) fn = "Register_" + SanitizeName(ops[i].name) + "_" + std::to_string(n);
    taken.insert(fn);
    custom_functions[i] = fn;
  }

  std::string h;
  h += "// Generated by `mote gen-resolver` from " + CommentSafe(BaseName(model_file)) + " (" +
       std::to_string(model_bytes) + " bytes).\n// Do not edit; regenerate when the model changes.\n";
  h += "// Ops (" + k + "):";
  for (size_t i = 0; i < ops.size(); ++i) {
    h += (i > 0 ? ", " : " ") + CommentSafe(ops[i].name);
    if (ops[i].custom) h += " (custom)";
    if (const char* spec = SpecializationFor(ops[i])) h += std::string(" (") + spec + ")";
  }
  h += "\n//\n";
  h += "//   " + name + "_Resolver resolver;  // or ModelOpResolver\n";
  h += "//   if (" + name + "(resolver) != kTfLiteOk) { ...message already logged... }\n";
  h += "#ifndef " + guard + "\n#define " + guard + "\n\n#include \"mote/op_resolver.h\"\n\n";
  bool any_custom = false;
  for (size_t i = 0; i < ops.size(); ++i) {
    if (!ops[i].custom || ShippedCustomAdd(ops[i]) != nullptr) continue;
    if (!any_custom) h += "// Custom ops: the application defines these (returning its kernel's registration).\n";
    any_custom = true;
    h += "TfLiteRegistration* " + custom_functions[i] + "();  // custom op \"" + CommentSafe(ops[i].name) + "\"\n";
  }
  if (any_custom) h += "\n";
  h += "using ModelOpResolver = mote::MicroMutableOpResolver<" + k + ">;\n";
  h += "using " + name + "_Resolver = mote::MicroMutableOpResolver<" + k + ">;\n\n";
  h += "// Registers the " + k + " op(s) the model uses; kTfLiteError (reason logged) if the resolver refuses one.\n";
  h += "inline TfLiteStatus " + name + "(mote::MicroMutableOpResolver<" + k + ">& resolver) {\n";
  for (size_t i = 0; i < ops.size(); ++i) {
    const UsedOp& op = ops[i];
    std::string call;
    if (const char* add = ShippedCustomAdd(op)) {
      call = std::string("resolver.") + add + "()";  // a custom kernel mote ships, as TFLM's resolver method
    } else if (op.custom) {
      h += "  // Custom op " + CommentSafe(op.name) + ": provide " + custom_functions[i] + "().\n";
      if (op.name.compare(0, 4, "Flex") == 0) {
        h += "  // (A TensorFlow op: converted models need the Flex delegate, which no micro runtime has.)\n";
      }
      call = "resolver.AddCustom(" + CppStringLiteral(op.name) + ", " + custom_functions[i] + "())";
    } else {
      const char* spec = SpecializationFor(op);
      call = std::string("resolver.") + OpTableAddMethodName(op.code) + "(";
      if (spec != nullptr) call += "mote::Register_" + op.name + "_" + spec + "()";
      call += ")";
    }
    h += "  if (" + call + " != kTfLiteOk) return kTfLiteError;\n";
  }
  if (ops.empty()) h += "  (void)resolver;  // the model has no operators\n";
  h += "  return kTfLiteOk;\n}\n\n#endif  // " + guard + "\n";
  return h;
}

}  // namespace

bool IsCppIdentifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (unsigned char c : s) {
    if (!std::isalnum(c) && c != '_') return false;
  }
  return true;
}

bool GenerateResolverHeader(const schema::Model* model, const std::string& model_file, size_t model_bytes,
                            const std::string& name, std::string* header, std::string* error) {
  const std::vector<UsedOp> ops = CollectUsedOps(model);
  std::string missing;
  for (const UsedOp& op : ops) {
    if (op.custom) continue;
    const int max_version = OpTableMaxVersion(op.code);
    if (max_version == 0 || OpTableAddMethodName(op.code) == nullptr) {
      missing += "\n  " + op.name + " (builtin code " + std::to_string(op.code) + "): not implemented";
    } else if (op.max_version_used > max_version) {
      missing += "\n  " + op.name + " version " + std::to_string(op.max_version_used) +
                 ": mote implements versions 1.." + std::to_string(max_version);
    }
  }
  if (!missing.empty()) {
    *error = "uses ops this build of mote does not implement:" + missing;
    return false;
  }

  *header = GenerateHeader(model_file, name, model_bytes, ops);
  return true;
}

}  // namespace host
}  // namespace mote
