// Op resolvers: map a model's operator codes to kernel registrations (DESIGN §4).
//
//   mote::MicroMutableOpResolver<3> resolver;     // fixed arrays, no heap, linear scan
//   resolver.AddConv2D();                          // one AddXxx per op in the op table
//   resolver.AddCustom("MyOp", &my_registration);
//   mote::AllOpsResolver all;                      // every builtin mote implements, O(1) constant table
//
// The interpreter asks the resolver once per operator code at load and caches the result; nothing is looked
// up during Invoke(). Builtins match by code and version range; custom ops by exact, case-sensitive name and
// then version.
#ifndef MOTE_OP_RESOLVER_H_
#define MOTE_OP_RESOLVER_H_

#include <cstdint>
#include <cstring>

#include "mote/c/common.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"
#include "mote/op_table.h"
#include "mote/schema/schema_generated.h"

namespace mote {

constexpr int kAnyVersion = 0;

// One registration as a resolver holds it. code == BuiltinOperator_CUSTOM for custom ops.
struct OpResolverEntry {
  int32_t code;
  const char* custom_name;
  const TfLiteRegistration* registration;
  BuiltinParseFn parser;
  int min_version;
  int max_version;
};

// Name of a builtin code as the schema spells it ("CONV_2D"); "UNKNOWN" when out of range.
const char* BuiltinOperatorName(int32_t code);
// "AddConv2D" for a code in the op table, nullptr otherwise.
const char* OpTableAddMethodName(int32_t code);
// The op table's parser and max version for a code; nullptr / 0 when mote does not implement the op.
BuiltinParseFn OpTableParser(int32_t code);
int OpTableMaxVersion(int32_t code);
// "AddDetectionPostprocess" for a custom name in the op table's MOTE_CUSTOM_OPS, nullptr otherwise.
const char* CustomOpTableAddMethodName(const char* custom_name);

class MicroOpResolver {
 public:
  // nullptr when nothing registered matches. version == kAnyVersion matches any registered version.
  virtual const TfLiteRegistration* FindOp(schema::BuiltinOperator op, int version) const = 0;
  virtual const TfLiteRegistration* FindOp(const char* custom_name, int version) const = 0;
  // TFLM's version-blind lookups.
  const TfLiteRegistration* FindOp(schema::BuiltinOperator op) const { return FindOp(op, kAnyVersion); }
  const TfLiteRegistration* FindOp(const char* custom_name) const { return FindOp(custom_name, kAnyVersion); }

  virtual BuiltinParseFn GetOpDataParser(schema::BuiltinOperator op) const = 0;

  // What is registered, for diagnostics and tools.
  virtual int NumRegistrations() const = 0;
  virtual OpResolverEntry GetRegistration(int index) const = 0;

 protected:
  ~MicroOpResolver() = default;
};

namespace internal {
// Shared implementation of the mutable resolvers over caller-owned arrays (no heap).
class MutableOpResolverImpl {
 public:
  MutableOpResolverImpl(OpResolverEntry* entries, TfLiteRegistration* storage, int capacity)
      : entries_(entries), storage_(storage), capacity_(capacity) {}
  TfLiteStatus AddBuiltin(int32_t code, const TfLiteRegistration& registration, BuiltinParseFn parser,
                          int min_version, int max_version);
  TfLiteStatus AddCustom(const char* name, const TfLiteRegistration& registration, int min_version,
                         int max_version);
  const TfLiteRegistration* FindBuiltin(int32_t code, int version) const;
  const TfLiteRegistration* FindCustom(const char* name, int version) const;
  BuiltinParseFn Parser(int32_t code) const;
  int size() const { return size_; }
  OpResolverEntry entry(int i) const { return entries_[i]; }

 private:
  bool HasRoom(const char* what) const;
  OpResolverEntry* entries_;
  TfLiteRegistration* storage_;
  int capacity_;
  int size_ = 0;
};
}  // namespace internal

// TFLM's MicroMutableOpResolver: up to N registrations in fixed arrays inside the object.
template <unsigned int N>
class MicroMutableOpResolver : public MicroOpResolver {
 public:
  MicroMutableOpResolver() : impl_(entries_, storage_, static_cast<int>(N)) {}
  MicroMutableOpResolver(const MicroMutableOpResolver&) = delete;
  MicroMutableOpResolver& operator=(const MicroMutableOpResolver&) = delete;

  using MicroOpResolver::FindOp;
  const TfLiteRegistration* FindOp(schema::BuiltinOperator op, int version) const override {
    return impl_.FindBuiltin(op, version);
  }
  const TfLiteRegistration* FindOp(const char* custom_name, int version) const override {
    return impl_.FindCustom(custom_name, version);
  }
  BuiltinParseFn GetOpDataParser(schema::BuiltinOperator op) const override { return impl_.Parser(op); }
  int NumRegistrations() const override { return impl_.size(); }
  OpResolverEntry GetRegistration(int index) const override { return impl_.entry(index); }

  // Refuses (with a message naming op and reason) BuiltinOperator_CUSTOM, a duplicate code and a full table.
  // Versions min..max (default: every version mote's kernel implements).
  TfLiteStatus AddBuiltin(schema::BuiltinOperator op, const TfLiteRegistration& registration,
                          int min_version = 1, int max_version = 0) {
    return impl_.AddBuiltin(op, registration, OpTableParser(op), min_version,
                            max_version == 0 ? DefaultMaxVersion(op) : max_version);
  }
  TfLiteStatus AddBuiltin(schema::BuiltinOperator op, const TfLiteRegistration& registration,
                          BuiltinParseFn parser) {
    return impl_.AddBuiltin(op, registration, parser, 1, DefaultMaxVersion(op));
  }
  // Exact, case-sensitive name. TFLM passes the registration by pointer; both forms are accepted.
  TfLiteStatus AddCustom(const char* name, const TfLiteRegistration* registration, int version = kAnyVersion) {
    if (registration == nullptr) {
      MicroPrintf("AddCustom(\"%s\") was given a null registration.", name == nullptr ? "" : name);
      return kTfLiteError;
    }
    return impl_.AddCustom(name, *registration, version, version);
  }
  TfLiteStatus AddCustom(const char* name, const TfLiteRegistration& registration, int version = kAnyVersion) {
    return impl_.AddCustom(name, registration, version, version);
  }

#define MOTE_ADD_METHOD(code, add_name, parser, max_version)                                             \
  TfLiteStatus Add##add_name(const TfLiteRegistration& registration = Register_##code()) {               \
    return impl_.AddBuiltin(schema::BuiltinOperator_##code, registration, parser, 1, max_version);         \
  }
  MOTE_BUILTIN_OPS(MOTE_ADD_METHOD)
#undef MOTE_ADD_METHOD
  // The named custom kernels (TFLM's AddDetectionPostprocess() = AddCustom("TFLite_Detection_PostProcess")).
#define MOTE_ADD_CUSTOM_METHOD(id, custom_name, add_name)                                  \
  TfLiteStatus Add##add_name(const TfLiteRegistration& registration = Register_##id()) { \
    return impl_.AddCustom(custom_name, registration, kAnyVersion, kAnyVersion);         \
  }
  MOTE_CUSTOM_OPS(MOTE_ADD_CUSTOM_METHOD)
#undef MOTE_ADD_CUSTOM_METHOD

 private:
  static int DefaultMaxVersion(int32_t code) {
    const int v = OpTableMaxVersion(code);
    return v == 0 ? 0x7fffffff : v;
  }
  OpResolverEntry entries_[N > 0 ? N : 1];
  TfLiteRegistration storage_[N > 0 ? N : 1];
  internal::MutableOpResolverImpl impl_;
};

// Every builtin in the op table, from a constant table indexed by builtin code (read-only memory, O(1)), and
// every named custom kernel (MOTE_CUSTOM_OPS, by exact name, any version); registrations list the builtins
// first, then the custom ops.
class AllOpsResolver : public MicroOpResolver {
 public:
  using MicroOpResolver::FindOp;
  const TfLiteRegistration* FindOp(schema::BuiltinOperator op, int version) const override;
  const TfLiteRegistration* FindOp(const char* custom_name, int version) const override;
  BuiltinParseFn GetOpDataParser(schema::BuiltinOperator op) const override;
  int NumRegistrations() const override;
  OpResolverEntry GetRegistration(int index) const override;
};

}  // namespace mote

#endif  // MOTE_OP_RESOLVER_H_
