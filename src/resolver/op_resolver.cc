// Resolver implementations and the op table's expansions (names, parsers, versions, the all-ops table).
#include "mote/op_resolver.h"

#include <cstdio>
#include <cstring>

#include "mote/micro_log.h"

namespace mote {
namespace {

struct OpTableRow {
  int32_t code;
  const char* add_method;
  BuiltinParseFn parser;
  int max_version;
  const TfLiteRegistration* registration;
};

#define MOTE_OP_ROW(code, add_name, parser, max_version) \
  {schema::BuiltinOperator_##code, "Add" #add_name, parser, max_version, &kRegistration_##code},
constexpr OpTableRow kOpTable[] = {MOTE_BUILTIN_OPS(MOTE_OP_ROW)};
#undef MOTE_OP_ROW
constexpr int kOpTableSize = static_cast<int>(sizeof(kOpTable) / sizeof(kOpTable[0]));
constexpr int kNumBuiltinCodes = schema::BuiltinOperator_MAX + 1;

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

const OpTableRow* RowFor(int32_t code) {
  if (code < 0 || code >= kNumBuiltinCodes) return nullptr;
  const int r = kCodeIndex.row[code];
  return r < 0 ? nullptr : &kOpTable[r];
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
  const OpTableRow* row = RowFor(code);
  return row == nullptr ? nullptr : row->add_method;
}

BuiltinParseFn OpTableParser(int32_t code) {
  const OpTableRow* row = RowFor(code);
  return row == nullptr ? nullptr : row->parser;
}

int OpTableMaxVersion(int32_t code) {
  const OpTableRow* row = RowFor(code);
  return row == nullptr ? 0 : row->max_version;
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
  const OpTableRow* row = RowFor(op);
  if (row == nullptr || !VersionInRange(version, 1, row->max_version)) return nullptr;
  return row->registration;
}

const TfLiteRegistration* AllOpsResolver::FindOp(const char*, int) const { return nullptr; }

BuiltinParseFn AllOpsResolver::GetOpDataParser(schema::BuiltinOperator op) const { return OpTableParser(op); }

int AllOpsResolver::NumRegistrations() const { return kOpTableSize; }

OpResolverEntry AllOpsResolver::GetRegistration(int index) const {
  if (index < 0 || index >= kOpTableSize) return OpResolverEntry{0, nullptr, nullptr, nullptr, 0, 0};
  const OpTableRow& row = kOpTable[index];
  return OpResolverEntry{row.code, nullptr, row.registration, row.parser, 1, row.max_version};
}

}  // namespace mote
