// Resolver implementations and the op table's expansions (names, parsers, versions, the all-ops table).
#include "mote/op_resolver.h"

#include <cstdio>
#include <cstring>

#include "mote/micro_log.h"

namespace mote {
namespace {

// The op table as three parallel constant arrays (same row order), so that a firmware links only what it
// uses: names and versions (diagnostics, MicroMutableOpResolver) do not pull in the parsers, and neither pulls in
// the kernels; only the all-ops resolver references every registration. With -ffunction-sections
// -fdata-sections --gc-sections an application with a MicroMutableOpResolver carries just its own ops.
struct OpTableRow {
  int32_t code;
  const char* add_method;
  int max_version;
};

#define MOTE_OP_ROW(code, add_name, parser, max_version) {schema::BuiltinOperator_##code, "Add" #add_name, max_version},
constexpr OpTableRow kOpTable[] = {MOTE_BUILTIN_OPS(MOTE_OP_ROW)};
#undef MOTE_OP_ROW
#define MOTE_OP_PARSER(code, add_name, parser, max_version) parser,
constexpr BuiltinParseFn kOpParsers[] = {MOTE_BUILTIN_OPS(MOTE_OP_PARSER)};
#undef MOTE_OP_PARSER
#define MOTE_OP_REGISTRATION(code, add_name, parser, max_version) &kRegistration_##code,
constexpr const TfLiteRegistration* kOpRegistrations[] = {MOTE_BUILTIN_OPS(MOTE_OP_REGISTRATION)};
#undef MOTE_OP_REGISTRATION
constexpr int kOpTableSize = static_cast<int>(sizeof(kOpTable) / sizeof(kOpTable[0]));
static_assert(sizeof(kOpParsers) / sizeof(kOpParsers[0]) == kOpTableSize, "op table arrays differ in length");
static_assert(sizeof(kOpRegistrations) / sizeof(kOpRegistrations[0]) == kOpTableSize, "op table arrays differ");
constexpr int kNumBuiltinCodes = schema::BuiltinOperator_MAX + 1;

// The named custom kernels (MOTE_CUSTOM_OPS), split like the builtins: names do not pull in the kernels.
struct CustomOpRow {
  const char* name;
  const char* add_method;
};
#define MOTE_CUSTOM_ROW(id, custom_name, add_name) {custom_name, "Add" #add_name},
constexpr CustomOpRow kCustomOpTable[] = {MOTE_CUSTOM_OPS(MOTE_CUSTOM_ROW)};
#undef MOTE_CUSTOM_ROW
#define MOTE_CUSTOM_REGISTRATION(id, custom_name, add_name) &kRegistration_##id,
constexpr const TfLiteRegistration* kCustomOpRegistrations[] = {MOTE_CUSTOM_OPS(MOTE_CUSTOM_REGISTRATION)};
#undef MOTE_CUSTOM_REGISTRATION
constexpr int kCustomOpTableSize = static_cast<int>(sizeof(kCustomOpTable) / sizeof(kCustomOpTable[0]));
static_assert(sizeof(kCustomOpRegistrations) / sizeof(kCustomOpRegistrations[0]) == kCustomOpTableSize,
              "custom op table arrays differ in length");

// Row of a custom name in kCustomOpTable, or -1.
int CustomRowFor(const char* name) {
  if (name == nullptr) return -1;
  for (int r = 0; r < kCustomOpTableSize; ++r) {
    if (std::strcmp(kCustomOpTable[r].name, name) == 0) return r;
  }
  return -1;
}

// The all-ops resolver's O(1) index: builtin code -> row in kOpTable (or -1). Built at compile time.
struct CodeIndex {
  int8_t row[kNumBuiltinCodes];
};
constexpr CodeIndex MakeCodeIndex() {
  CodeIndex index{};
  for (int i = 0; i < kNumBuiltinCodes; ++i) index.row[i] = -1;
  for (int r = 0; r < kOpTableSize; ++r) index.row[kOpTable[r].code] = static_cast<int8_t>(r);
  return index;
}
constexpr CodeIndex kCodeIndex = MakeCodeIndex();
static_assert(kOpTableSize < 127, "op table row index must fit in int8_t");

int RowFor(int32_t code) {
  if (code < 0 || code >= kNumBuiltinCodes) return -1;
  return kCodeIndex.row[code];
}

bool VersionInRange(int version, int min_version, int max_version) {
  if (version == kAnyVersion || min_version == kAnyVersion) return true;
  return version >= min_version && version <= max_version;
}

}  // namespace

const char* BuiltinOperatorName(int32_t code) {
  if (code < schema::BuiltinOperator_MIN || code > schema::BuiltinOperator_MAX) return "UNKNOWN";
  const char* name = schema::EnumNameBuiltinOperator(static_cast<schema::BuiltinOperator>(code));
  return (name == nullptr || name[0] == '\0') ? "UNKNOWN" : name;
}

const char* OpTableAddMethodName(int32_t code) {
  const int row = RowFor(code);
  return row < 0 ? nullptr : kOpTable[row].add_method;
}

const char* CustomOpTableAddMethodName(const char* custom_name) {
  const int row = CustomRowFor(custom_name);
  return row < 0 ? nullptr : kCustomOpTable[row].add_method;
}

BuiltinParseFn OpTableParser(int32_t code) {
  const int row = RowFor(code);
  return row < 0 ? nullptr : kOpParsers[row];
}

int OpTableMaxVersion(int32_t code) {
  const int row = RowFor(code);
  return row < 0 ? 0 : kOpTable[row].max_version;
}

// --- MicroMutableOpResolver ------------------------------------------------------------------------------
namespace internal {

bool MutableOpResolverImpl::HasRoom(const char* what) const {
  if (size_ < capacity_) return true;
  MicroPrintf(
      "Couldn't register %s: the resolver is full (MicroMutableOpResolver<%d> holds %d ops). Declare it as "
      "MicroMutableOpResolver<%d> or larger.",
      what, capacity_, capacity_, capacity_ + 1);
  return false;
}

TfLiteStatus MutableOpResolverImpl::AddBuiltin(int32_t code, const TfLiteRegistration& registration,
                                               BuiltinParseFn parser, int min_version, int max_version) {
  const char* name = BuiltinOperatorName(code);
  if (code == schema::BuiltinOperator_CUSTOM) {
    MicroPrintf(
        "Invalid parameter BuiltinOperator_CUSTOM to the AddBuiltin function: custom ops are registered by "
        "name with AddCustom(\"name\", registration).");
    return kTfLiteError;
  }
  if (code < schema::BuiltinOperator_MIN || code > schema::BuiltinOperator_MAX) {
    MicroPrintf("AddBuiltin: %d is not a builtin operator code.", static_cast<int>(code));
    return kTfLiteError;
  }
  if (FindBuiltin(code, kAnyVersion) != nullptr) {
    MicroPrintf(
        "Calling AddBuiltin with the same op more than once is not supported (Op: %s, code %d): it is "
        "already registered.",
        name, static_cast<int>(code));
    return kTfLiteError;
  }
  if (parser == nullptr) {
    MicroPrintf("AddBuiltin(%s): mote has no options parser for this op; pass one with AddBuiltin(op, "
                "registration, parser).", name);
    return kTfLiteError;
  }
  if (min_version < 1 || max_version < min_version) {
    MicroPrintf("AddBuiltin(%s): invalid version range %d-%d.", name, min_version, max_version);
    return kTfLiteError;
  }
  char what[64];
  std::snprintf(what, sizeof(what), "builtin op %s", name);
  if (!HasRoom(what)) return kTfLiteError;
  storage_[size_] = registration;
  storage_[size_].builtin_code = code;
  storage_[size_].custom_name = nullptr;
  entries_[size_] = OpResolverEntry{code, nullptr, &storage_[size_], parser, min_version, max_version};
  ++size_;
  return kTfLiteOk;
}

TfLiteStatus MutableOpResolverImpl::AddCustom(const char* name, const TfLiteRegistration& registration,
                                              int min_version, int max_version) {
  if (name == nullptr || name[0] == '\0') {
    MicroPrintf("AddCustom: the custom op name is empty.");
    return kTfLiteError;
  }
  for (int i = 0; i < size_; ++i) {
    const OpResolverEntry& e = entries_[i];
    if (e.custom_name != nullptr && std::strcmp(e.custom_name, name) == 0 &&
        (e.min_version == kAnyVersion || min_version == kAnyVersion ||
         (min_version <= e.max_version && e.min_version <= max_version))) {
      MicroPrintf("Calling AddCustom for the same op more than once is not supported (Op: %s).", name);
      return kTfLiteError;
    }
  }
  char what[96];
  std::snprintf(what, sizeof(what), "custom op '%s'", name);
  if (!HasRoom(what)) return kTfLiteError;
  storage_[size_] = registration;
  storage_[size_].builtin_code = schema::BuiltinOperator_CUSTOM;
  storage_[size_].custom_name = name;
  entries_[size_] = OpResolverEntry{schema::BuiltinOperator_CUSTOM, name, &storage_[size_], nullptr,
                                    min_version, max_version};
  ++size_;
  return kTfLiteOk;
}

const TfLiteRegistration* MutableOpResolverImpl::FindBuiltin(int32_t code, int version) const {
  for (int i = 0; i < size_; ++i) {
    const OpResolverEntry& e = entries_[i];
    if (e.custom_name == nullptr && e.code == code && VersionInRange(version, e.min_version, e.max_version))
      return e.registration;
  }
  return nullptr;
}

const TfLiteRegistration* MutableOpResolverImpl::FindCustom(const char* name, int version) const {
  if (name == nullptr) return nullptr;
  for (int i = 0; i < size_; ++i) {
    const OpResolverEntry& e = entries_[i];
    if (e.custom_name != nullptr && std::strcmp(e.custom_name, name) == 0 &&
        VersionInRange(version, e.min_version, e.max_version))
      return e.registration;
  }
  return nullptr;
}

BuiltinParseFn MutableOpResolverImpl::Parser(int32_t code) const {
  for (int i = 0; i < size_; ++i)
    if (entries_[i].custom_name == nullptr && entries_[i].code == code) return entries_[i].parser;
  return nullptr;
}

}  // namespace internal

// --- AllOpsResolver ---------------------------------------------------------------------------------------
const TfLiteRegistration* AllOpsResolver::FindOp(schema::BuiltinOperator op, int version) const {
  const int row = RowFor(op);
  if (row < 0 || !VersionInRange(version, 1, kOpTable[row].max_version)) return nullptr;
  return kOpRegistrations[row];
}

const TfLiteRegistration* AllOpsResolver::FindOp(const char* custom_name, int) const {
  const int row = CustomRowFor(custom_name);
  return row < 0 ? nullptr : kCustomOpRegistrations[row];
}

BuiltinParseFn AllOpsResolver::GetOpDataParser(schema::BuiltinOperator op) const { return OpTableParser(op); }

int AllOpsResolver::NumRegistrations() const { return kOpTableSize + kCustomOpTableSize; }

OpResolverEntry AllOpsResolver::GetRegistration(int index) const {
  if (index >= kOpTableSize && index < kOpTableSize + kCustomOpTableSize) {
    const int row = index - kOpTableSize;
    return OpResolverEntry{schema::BuiltinOperator_CUSTOM, kCustomOpTable[row].name, kCustomOpRegistrations[row],
                           nullptr, kAnyVersion, kAnyVersion};
  }
  if (index < 0 || index >= kOpTableSize) return OpResolverEntry{0, nullptr, nullptr, nullptr, 0, 0};
  const OpTableRow& row = kOpTable[index];
  return OpResolverEntry{row.code, nullptr, kOpRegistrations[index], kOpParsers[index], 1, row.max_version};
}

}  // namespace mote
