// Oracle case files (tests/oracle/data/*.cases, written by tools/oracle/oracle_lib.py CaseWriter): the parser
// and the runner that puts one case through mote and compares its outputs with TFLM's. Shared by the oracle
// test (tests/unit/oracle_test.cc) and the whole-graph fuzzer's case runner (tests/tools/oracle_case_runner.cc).
//
// File format (little-endian):
//   "MOTEORC1", u32 case_count, per case: u32 name_len, name, u32 model_len, model,
//   u32 n_inputs, (u32 nbytes, bytes) * n_inputs, u32 n_outputs, (u32 nbytes, bytes) * n_outputs
//   "MOTEORC2": as MOTEORC1, with after each name u32 expectation (0: outputs, 1: refused, then n_outputs is 0)
//   and u32 reason_len, reason (why TFLM refuses; empty for expectation 0)
//   "MOTEORC3": as MOTEORC2, with in place of the inputs and outputs u32 step_count (>= 1) and per step (one
//   Invoke() of the same interpreter, state carried): u32 flags (bit 0: Reset() before this invoke; the first
//   step's flags are 0), then the step's inputs and outputs as above
//
// Outputs compare integer types bit for bit and float32 within kFloatAbsTolerance + kFloatRelTolerance * |tflm|
// (NaN matches NaN, an infinity only itself).
// A case with a float32 output that differs under the optimized variants is run again with them all masked
// (isa::SetFeatureMask): it matches when the reference kernels match TFLM, since the float32 SIMD variants that
// reorder sums are held to their own bound against the reference in their unit tests (float_tolerance.h).
#ifndef MOTE_TESTS_SUPPORT_ORACLE_CASES_H_
#define MOTE_TESTS_SUPPORT_ORACLE_CASES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "support/golden.h"

namespace mote {
namespace test {

constexpr char kOracleMagic[8] = {'M', 'O', 'T', 'E', 'O', 'R', 'C', '1'};
constexpr char kOracleMagicV2[8] = {'M', 'O', 'T', 'E', 'O', 'R', 'C', '2'};
constexpr char kOracleMagicV3[8] = {'M', 'O', 'T', 'E', 'O', 'R', 'C', '3'};
constexpr uint32_t kStepResetBefore = 1;
constexpr uint32_t kExpectOutputs = 0;
constexpr uint32_t kExpectRefused = 1;
constexpr double kFloatRelTolerance = 1e-5;
constexpr double kFloatAbsTolerance = 1e-6;

struct Blob {
  const uint8_t* data;
  uint32_t size;
};

// One Invoke() after the first of a multi-invoke case.
struct OracleStep {
  bool reset_before = false;  // Reset() the interpreter before this invoke
  std::vector<Blob> inputs;
  std::vector<Blob> outputs;
};

struct OracleCase {
  std::string name;
  bool expect_refused = false;
  std::string refusal_reason;  // why TFLM refuses it (expect_refused only)
  Blob model;
  std::vector<Blob> inputs;   // the first invoke's
  std::vector<Blob> outputs;  // the first invoke's
  std::vector<OracleStep> later_steps;  // MOTEORC3: the invokes after the first, on the same interpreter
};

// Parses a whole .cases file. Blobs point into `file`, which must outlive the cases. On a corrupt file returns
// false with *error saying where; never reads out of bounds.
bool ParseCases(const AlignedBuffer& file, std::vector<OracleCase>* cases, std::string* error);

// What mote did with a case.
enum class CaseOutcome {
  kMatch,       // the same outputs as TFLM, or a clean refusal of a refusal case
  kMismatch,    // ran, but an output differs (detail: the invoke, the first differing element of each differing output)
  kRefused,     // AllocateTensors or Invoke failed on a case TFLM runs (detail: mote's log)
  kRanRefusal,  // ran a case TFLM refuses
  kBadCase,     // the case does not fit its model (input/output counts or sizes)
};

struct CaseResult {
  CaseOutcome outcome = CaseOutcome::kMatch;
  std::string detail;  // one line; empty for kMatch
};

// Runs one case on mote's MicroInterpreter (all-ops resolver, a 4 MiB static arena: not reentrant): every invoke
// of the case on one interpreter, stopping at the first that fails or differs.
CaseResult RunCase(const OracleCase& c);

}  // namespace test
}  // namespace mote

#endif  // MOTE_TESTS_SUPPORT_ORACLE_CASES_H_
