// Runs every case of one or more .cases files through mote and prints one machine-readable line per case, for
// the whole-graph fuzzer (tools/oracle/graph_fuzz.py), which writes a batch of TFLM-run models into a temporary
// .cases file and reads the verdicts back:
//
//   oracle_case_runner FILE.cases...
//   MATCH<TAB>name
//   MISMATCH<TAB>name<TAB>output 1 (INT8): 3 of 24 elements differ, first at [5]: mote=4 tflm=5
//   REFUSED<TAB>name<TAB>AllocateTensors failed: <mote's log>
//   RAN_REFUSAL<TAB>name<TAB>...        (a refusal case mote ran)
//   BAD_CASE<TAB>name<TAB>...           (the case does not fit its model)
//   END<TAB>cases<TAB>matches
//
// The comparison is the oracle test's (tests/support/oracle_cases.h). Exit status: 0 when the files parsed (the
// verdicts are in the lines), 2 on a usage error or a corrupt file.
#include <cstdio>
#include <string>
#include <vector>

#include "support/golden.h"
#include "support/oracle_cases.h"

namespace {

const char* OutcomeName(mote::test::CaseOutcome outcome) {
  using mote::test::CaseOutcome;
  switch (outcome) {
    case CaseOutcome::kMatch:
      return "MATCH";
    case CaseOutcome::kMismatch:
      return "MISMATCH";
    case CaseOutcome::kRefused:
      return "REFUSED";
    case CaseOutcome::kRanRefusal:
      return "RAN_REFUSAL";
    case CaseOutcome::kBadCase:
      return "BAD_CASE";
  }
  return "UNKNOWN";
}

// Tabs and newlines in a detail (mote's log) would break the line format.
std::string OneField(std::string s) {
  for (char& ch : s) {
    if (ch == '\t' || ch == '\n' || ch == '\r') ch = ' ';
  }
  return s;
}

// Runs one file's cases; counts them into *cases / *matches. False when the file cannot be read or parsed.
bool RunFile(const char* path, size_t* cases, size_t* matches) {
  mote::test::AlignedBuffer file;
  std::string error;
  std::vector<mote::test::OracleCase> parsed;
  if (!mote::test::ReadFile(path, &file, &error) || !mote::test::ParseCases(file, &parsed, &error)) {
    std::fprintf(stderr, "oracle_case_runner: %s: %s\n", path, error.c_str());
    return false;
  }
  for (const mote::test::OracleCase& c : parsed) {
    const mote::test::CaseResult r = mote::test::RunCase(c);
    ++*cases;
    if (r.outcome == mote::test::CaseOutcome::kMatch) {
      ++*matches;
      std::printf("MATCH\t%s\n", OneField(c.name).c_str());
    } else {
      std::printf("%s\t%s\t%s\n", OutcomeName(r.outcome), OneField(c.name).c_str(), OneField(r.detail).c_str());
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: oracle_case_runner FILE.cases...\n");
    return 2;
  }
  size_t cases = 0, matches = 0;
  for (int i = 1; i < argc; ++i) {
    if (!RunFile(argv[i], &cases, &matches)) return 2;
  }
  std::printf("END\t%zu\t%zu\n", cases, matches);
  return 0;
}
