// The messages for operator codes a resolver cannot serve (DESIGN §7). They keep TFLite's searchable
// phrases and add what the user needs to fix the problem: what is registered, the AddXxx() call to add,
// the registered version range, a near-miss custom name, or why a Flex op cannot run.
#ifndef MOTE_INTERPRETER_RESOLVE_DIAGNOSTICS_H_
#define MOTE_INTERPRETER_RESOLVE_DIAGNOSTICS_H_

#include <cstddef>
#include <cstdint>

#include "mote/op_resolver.h"

namespace mote {

// `*listed` says whether an earlier message of the same resolution pass already listed the registered ops: the
// list (up to the whole op table) is printed once, and later messages refer to it. Set to true once listed.
void ReportMissingBuiltinOp(const MicroOpResolver& resolver, int32_t code, int version, bool* listed);
void ReportMissingCustomOp(const MicroOpResolver& resolver, const char* name, int version, bool* listed);

// Edit distance between a and b, giving up (returning limit + 1) once it exceeds `limit`; case-insensitive
// when `fold_case`. Used for "did you mean".
int BoundedEditDistance(const char* a, const char* b, int limit, bool fold_case);

}  // namespace mote

#endif  // MOTE_INTERPRETER_RESOLVE_DIAGNOSTICS_H_
