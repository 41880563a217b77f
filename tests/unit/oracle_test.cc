// Oracle tests: every case in tests/oracle/data/*.cases (generated on TensorFlow Lite Micro by
// tools/oracle/gen_*.py) is run through mote's MicroInterpreter with the all-ops resolver, and each output is
// compared with TFLM's: integer types bit for bit, float32 within 1e-5 relative + 1e-6 absolute. A refusal
// case (one TFLM aborts on or refuses) passes when mote refuses it cleanly, i.e. AllocateTensors or Invoke
// returns an error, and fails when mote runs it.
//
// One test per .cases file (Oracle/OracleTest.MatchesTflm/<group>); all cases of a file run even when some
// fail, and the test then fails with one line per failing case. A corrupt file is a test failure.
// MOTE_ORACLE_DATA_DIR=DIR reads DIR/*.cases instead (tools/oracle/check_any_seed.sh uses it).
//
// The parser, the runner and the file format are in tests/support/oracle_cases.h (shared with the whole-graph
// fuzzer's case runner, tests/tools/oracle_case_runner.cc).
#include <dirent.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "support/golden.h"
#include "support/oracle_cases.h"

#ifndef MOTE_SOURCE_DIR
#define MOTE_SOURCE_DIR "."
#endif

namespace mote {
namespace {

using test::Blob;
using test::OracleCase;
using test::ParseCases;
constexpr const char* kMagic = test::kOracleMagic;
constexpr const char* kMagicV2 = test::kOracleMagicV2;
constexpr const char* kMagicV3 = test::kOracleMagicV3;
constexpr uint32_t kExpectOutputs = test::kExpectOutputs;
constexpr uint32_t kExpectRefused = test::kExpectRefused;

// What went wrong with a case: "" when mote does what TFLM does, else what went wrong.
std::string Problem(const OracleCase& c) { return test::RunCase(c).detail; }

// The environment variable MOTE_ORACLE_DATA_DIR points the test at another directory of .cases files.
std::string OracleDataDir() {
  const char* env = std::getenv("MOTE_ORACLE_DATA_DIR");
  if (env != nullptr && env[0] != '\0') return env;
  return std::string(MOTE_SOURCE_DIR) + "/tests/oracle/data";
}

std::vector<std::string> FindCaseFiles() {
  std::vector<std::string> groups;
  DIR* dir = opendir(OracleDataDir().c_str());
  if (dir == nullptr) return groups;
  const std::string suffix = ".cases";
  while (dirent* e = readdir(dir)) {
    const std::string name = e->d_name;
    if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
      groups.push_back(name.substr(0, name.size() - suffix.size()));
    }
  }
  closedir(dir);
  std::sort(groups.begin(), groups.end());
  if (groups.empty()) groups.push_back("");  // one placeholder test that skips, saying why
  return groups;
}

class OracleTest : public ::testing::TestWithParam<std::string> {};

TEST_P(OracleTest, MatchesTflm) {
  const std::string& group = GetParam();
  if (group.empty()) {
    GTEST_SKIP() << "no oracle case files in " << OracleDataDir()
                 << " (generate them with tools/oracle/regenerate.sh)";
  }
  const std::string path = OracleDataDir() + "/" + group + ".cases";
  test::AlignedBuffer file;
  std::string error;
  ASSERT_TRUE(test::ReadFile(path, &file, &error)) << error;
  std::vector<OracleCase> cases;
  ASSERT_TRUE(ParseCases(file, &cases, &error)) << path << ": corrupt case file: " << error;
  ASSERT_FALSE(cases.empty()) << path << ": holds no cases";

  std::vector<std::string> failures;
  size_t refusals = 0;
  for (const OracleCase& c : cases) {
    const std::string problem = Problem(c);
    if (!problem.empty()) failures.push_back(c.name + ": " + problem);
    if (c.expect_refused) ++refusals;
  }
  if (!failures.empty()) {
    std::ostringstream summary;
    summary << failures.size() << " of " << cases.size() << " cases in " << group
            << ".cases differ from TFLM:";
    for (const std::string& f : failures) summary << "\n  " << f;
    ADD_FAILURE() << summary.str();
  } else {
    std::printf("[ oracle   ] %s: %zu cases match TFLM", group.c_str(), cases.size());
    if (refusals > 0) std::printf(" (%zu of them refused, as TFLM refuses them)", refusals);
    std::printf("\n");
  }
}

std::string GroupTestName(const ::testing::TestParamInfo<std::string>& info) {
  if (info.param.empty()) return "none";
  std::string name = info.param;
  for (char& ch : name) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Oracle, OracleTest, ::testing::ValuesIn(FindCaseFiles()), GroupTestName);

// The parser itself: corrupt input is reported, never read out of bounds.
test::AlignedBuffer Bytes(const std::vector<uint8_t>& v) {
  test::AlignedBuffer b(v.size());
  if (!v.empty()) std::memcpy(b.data(), v.data(), v.size());
  return b;
}

void PutU32(std::vector<uint8_t>* v, uint32_t x) {
  for (int i = 0; i < 4; ++i) v->push_back(static_cast<uint8_t>(x >> (8 * i)));
}

std::vector<uint8_t> OneCaseFile() {
  std::vector<uint8_t> v(kMagic, kMagic + 8);
  PutU32(&v, 1);
  PutU32(&v, 2);
  v.push_back('a');
  v.push_back('b');
  PutU32(&v, 3);  // model
  v.insert(v.end(), {1, 2, 3});
  PutU32(&v, 1);  // one input of 2 bytes
  PutU32(&v, 2);
  v.insert(v.end(), {4, 5});
  PutU32(&v, 1);  // one output of 1 byte
  PutU32(&v, 1);
  v.push_back(6);
  return v;
}

TEST(OracleCaseFile, ParsesWellFormedFile) {
  const test::AlignedBuffer file = Bytes(OneCaseFile());
  std::vector<OracleCase> cases;
  std::string error;
  ASSERT_TRUE(ParseCases(file, &cases, &error)) << error;
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0].name, "ab");
  EXPECT_EQ(cases[0].model.size, 3u);
  ASSERT_EQ(cases[0].inputs.size(), 1u);
  EXPECT_EQ(cases[0].inputs[0].size, 2u);
  EXPECT_EQ(cases[0].inputs[0].data[1], 5);
  ASSERT_EQ(cases[0].outputs.size(), 1u);
  EXPECT_EQ(cases[0].outputs[0].data[0], 6);
}

TEST(OracleCaseFile, RejectsEveryTruncationAndTrailingBytes) {
  const std::vector<uint8_t> full = OneCaseFile();
  for (size_t n = 0; n < full.size(); ++n) {
    const test::AlignedBuffer file = Bytes(std::vector<uint8_t>(full.begin(), full.begin() + n));
    std::vector<OracleCase> cases;
    std::string error;
    EXPECT_FALSE(ParseCases(file, &cases, &error)) << "accepted a file truncated to " << n << " bytes";
    EXPECT_FALSE(error.empty());
  }
  std::vector<uint8_t> longer = full;
  longer.push_back(0);
  std::vector<OracleCase> cases;
  std::string error;
  EXPECT_FALSE(ParseCases(Bytes(longer), &cases, &error));
  EXPECT_NE(error.find("trailing"), std::string::npos) << error;
}

TEST(OracleCaseFile, RejectsHugeCountsAndLengths) {
  std::vector<uint8_t> v(kMagic, kMagic + 8);
  PutU32(&v, 0xFFFFFFFFu);
  std::vector<OracleCase> cases;
  std::string error;
  EXPECT_FALSE(ParseCases(Bytes(v), &cases, &error));

  std::vector<uint8_t> w = OneCaseFile();
  w[12] = 0xFF;  // name length low byte -> longer than the file
  w[15] = 0x7F;
  EXPECT_FALSE(ParseCases(Bytes(w), &cases, &error));
}

// MOTEORC2: one case expecting outputs, one expecting a refusal (reason "why", no outputs).
std::vector<uint8_t> TwoCaseFileV2() {
  std::vector<uint8_t> v(kMagicV2, kMagicV2 + 8);
  PutU32(&v, 2);
  PutU32(&v, 1);
  v.push_back('a');
  PutU32(&v, kExpectOutputs);
  PutU32(&v, 0);  // no reason
  PutU32(&v, 2);  // model
  v.insert(v.end(), {1, 2});
  PutU32(&v, 0);  // no inputs
  PutU32(&v, 1);  // one output of 1 byte
  PutU32(&v, 1);
  v.push_back(6);
  PutU32(&v, 1);
  v.push_back('r');
  PutU32(&v, kExpectRefused);
  PutU32(&v, 3);
  v.insert(v.end(), {'w', 'h', 'y'});
  PutU32(&v, 1);  // model
  v.push_back(9);
  PutU32(&v, 1);  // one input of 1 byte
  PutU32(&v, 1);
  v.push_back(4);
  PutU32(&v, 0);  // no outputs
  return v;
}

TEST(OracleCaseFile, ParsesRefusalCasesOfAVersion2File) {
  const test::AlignedBuffer file = Bytes(TwoCaseFileV2());
  std::vector<OracleCase> cases;
  std::string error;
  ASSERT_TRUE(ParseCases(file, &cases, &error)) << error;
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].name, "a");
  EXPECT_FALSE(cases[0].expect_refused);
  ASSERT_EQ(cases[0].outputs.size(), 1u);
  EXPECT_EQ(cases[0].outputs[0].data[0], 6);
  EXPECT_EQ(cases[1].name, "r");
  EXPECT_TRUE(cases[1].expect_refused);
  EXPECT_EQ(cases[1].refusal_reason, "why");
  EXPECT_EQ(cases[1].model.size, 1u);
  ASSERT_EQ(cases[1].inputs.size(), 1u);
  EXPECT_TRUE(cases[1].outputs.empty());
}

TEST(OracleCaseFile, RejectsVersion2TruncationsUnknownExpectationsAndRefusalsWithOutputs) {
  const std::vector<uint8_t> full = TwoCaseFileV2();
  for (size_t n = 0; n < full.size(); ++n) {
    std::vector<OracleCase> cases;
    std::string error;
    EXPECT_FALSE(ParseCases(Bytes(std::vector<uint8_t>(full.begin(), full.begin() + n)), &cases, &error))
        << "accepted a file truncated to " << n << " bytes";
  }
  std::vector<uint8_t> unknown = full;
  unknown[17] = 2;  // first case's expectation (after magic, count, name_len and the 1-byte name)
  std::vector<OracleCase> cases;
  std::string error;
  EXPECT_FALSE(ParseCases(Bytes(unknown), &cases, &error));
  EXPECT_EQ(error, "case 0 ('a') has unknown expectation 2");

  std::vector<uint8_t> refused_with_outputs = full;
  refused_with_outputs[17] = kExpectRefused;  // case 'a' expects a refusal but carries its output
  EXPECT_FALSE(ParseCases(Bytes(refused_with_outputs), &cases, &error));
  EXPECT_EQ(error, "case 0 ('a') expects a refusal but has 1 outputs");
}

// MOTEORC3: one case of two invokes, the second after a Reset(); one input and one output byte each.
std::vector<uint8_t> TwoStepFileV3() {
  std::vector<uint8_t> v(kMagicV3, kMagicV3 + 8);
  PutU32(&v, 1);
  PutU32(&v, 1);
  v.push_back('s');
  PutU32(&v, kExpectOutputs);
  PutU32(&v, 0);  // no reason
  PutU32(&v, 1);  // model
  v.push_back(7);
  PutU32(&v, 2);  // two steps
  for (uint32_t step = 0; step < 2; ++step) {
    PutU32(&v, step == 0 ? 0 : test::kStepResetBefore);
    PutU32(&v, 1);  // one input
    PutU32(&v, 1);
    v.push_back(static_cast<uint8_t>(10 + step));
    PutU32(&v, 1);  // one output
    PutU32(&v, 1);
    v.push_back(static_cast<uint8_t>(20 + step));
  }
  return v;
}

TEST(OracleCaseFile, ParsesTheStepsOfAVersion3File) {
  const test::AlignedBuffer file = Bytes(TwoStepFileV3());
  std::vector<OracleCase> cases;
  std::string error;
  ASSERT_TRUE(ParseCases(file, &cases, &error)) << error;
  ASSERT_EQ(cases.size(), 1u);
  ASSERT_EQ(cases[0].inputs.size(), 1u);
  EXPECT_EQ(cases[0].inputs[0].data[0], 10);
  EXPECT_EQ(cases[0].outputs[0].data[0], 20);
  ASSERT_EQ(cases[0].later_steps.size(), 1u);
  EXPECT_TRUE(cases[0].later_steps[0].reset_before);
  EXPECT_EQ(cases[0].later_steps[0].inputs[0].data[0], 11);
  EXPECT_EQ(cases[0].later_steps[0].outputs[0].data[0], 21);
}

TEST(OracleCaseFile, RejectsVersion3TruncationsZeroStepsAndUnknownFlags) {
  const std::vector<uint8_t> full = TwoStepFileV3();
  for (size_t n = 0; n < full.size(); ++n) {
    std::vector<OracleCase> cases;
    std::string error;
    EXPECT_FALSE(ParseCases(Bytes(std::vector<uint8_t>(full.begin(), full.begin() + n)), &cases, &error))
        << "accepted a file truncated to " << n << " bytes";
  }
  constexpr size_t kStepCount = 8 + 4 + 4 + 1 + 4 + 4 + 4 + 1;  // magic, count, name, expectation, reason, model
  constexpr size_t kFirstFlags = kStepCount + 4;
  for (const auto& [offset, value] : {std::pair<size_t, uint8_t>{kStepCount, 0},  // no steps
                                      {kFirstFlags, 1},                          // the fresh first step resets
                                      {kFirstFlags + 22, 2}}) {                  // second step: unknown flag bit
    std::vector<uint8_t> bad = full;
    bad[offset] = value;
    std::vector<OracleCase> cases;
    std::string error;
    EXPECT_FALSE(ParseCases(Bytes(bad), &cases, &error)) << "byte " << offset << " = " << int{value};
  }
}

// The first case of the checked-in smoke.cases: a model mote runs.
bool SmokeCase(test::AlignedBuffer* file, OracleCase* c) {
  std::string error;
  std::vector<OracleCase> cases;
  if (!test::ReadFile(std::string(MOTE_SOURCE_DIR) + "/tests/oracle/data/smoke.cases", file, &error) ||
      !ParseCases(*file, &cases, &error) || cases.empty()) {
    return false;
  }
  *c = cases[0];
  return true;
}

TEST(OracleRefusalCase, PassesWhenMoteRefusesTheModel) {
  const uint8_t junk[] = {1, 2, 3, 4, 5, 6, 7, 8};
  OracleCase c;
  c.name = "junk";
  c.expect_refused = true;
  c.refusal_reason = "TFLM aborted (SIGABRT)";
  c.model = Blob{junk, sizeof(junk)};
  EXPECT_EQ(Problem(c), "");
}

TEST(OracleRefusalCase, FailsWhenMoteRunsTheModel) {
  test::AlignedBuffer file;
  OracleCase c;
  ASSERT_TRUE(SmokeCase(&file, &c)) << "tests/oracle/data/smoke.cases is missing or corrupt";
  ASSERT_EQ(Problem(c), "") << "smoke case " << c.name << " no longer matches TFLM";
  c.expect_refused = true;
  c.refusal_reason = "TFLM aborted (SIGABRT)";
  c.outputs.clear();
  EXPECT_EQ(Problem(c),
            "mote ran it (AllocateTensors and Invoke succeeded), but TFLM refuses it: TFLM aborted (SIGABRT)");
}

}  // namespace
}  // namespace mote
