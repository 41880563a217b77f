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
// File format (little-endian; written by tools/oracle/oracle_lib.py CaseWriter):
//   "MOTEORC1", u32 case_count, per case: u32 name_len, name, u32 model_len, model,
//   u32 n_inputs, (u32 nbytes, bytes) * n_inputs, u32 n_outputs, (u32 nbytes, bytes) * n_outputs
//   "MOTEORC2": as MOTEORC1, with after each name u32 expectation (0: outputs, 1: refused, then n_outputs is 0)
//   and u32 reason_len, reason (why TFLM refuses; empty for expectation 0)
#include <dirent.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/golden.h"

#ifndef MOTE_SOURCE_DIR
#define MOTE_SOURCE_DIR "."
#endif

namespace mote {
namespace {

constexpr char kMagic[8] = {'M', 'O', 'T', 'E', 'O', 'R', 'C', '1'};
constexpr char kMagicV2[8] = {'M', 'O', 'T', 'E', 'O', 'R', 'C', '2'};
constexpr uint32_t kExpectOutputs = 0;
constexpr uint32_t kExpectRefused = 1;
constexpr size_t kArenaSize = 4 * 1024 * 1024;
constexpr double kFloatRelTolerance = 1e-5;
constexpr double kFloatAbsTolerance = 1e-6;

// The environment variable MOTE_ORACLE_DATA_DIR points the test at another directory of .cases files.
std::string OracleDataDir() {
  const char* env = std::getenv("MOTE_ORACLE_DATA_DIR");
  if (env != nullptr && env[0] != '\0') return env;
  return std::string(MOTE_SOURCE_DIR) + "/tests/oracle/data";
}

struct Blob {
  const uint8_t* data;
  uint32_t size;
};

struct OracleCase {
  std::string name;
  bool expect_refused = false;
  std::string refusal_reason;  // why TFLM refuses it (expect_refused only)
  Blob model;
  std::vector<Blob> inputs;
  std::vector<Blob> outputs;
};

// Bounds-checked little-endian reader over a file's bytes; every read fails cleanly past the end.
class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  size_t remaining() const { return size_ - pos_; }
  size_t position() const { return pos_; }
  bool U32(uint32_t* v) {
    if (remaining() < 4) return false;
    const uint8_t* p = data_ + pos_;
    *v = static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 | static_cast<uint32_t>(p[2]) << 16 |
         static_cast<uint32_t>(p[3]) << 24;
    pos_ += 4;
    return true;
  }
  bool Bytes(Blob* b) {
    uint32_t n;
    if (!U32(&n) || remaining() < n) return false;
    *b = Blob{data_ + pos_, n};
    pos_ += n;
    return true;
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// Parses a whole .cases file. Blobs point into `file`, which must outlive the cases.
bool ParseCases(const test::AlignedBuffer& file, std::vector<OracleCase>* cases, std::string* error) {
  std::ostringstream why;
  const bool v2 = file.size() >= sizeof(kMagicV2) && std::memcmp(file.data(), kMagicV2, sizeof(kMagicV2)) == 0;
  if (!v2 && (file.size() < sizeof(kMagic) || std::memcmp(file.data(), kMagic, sizeof(kMagic)) != 0)) {
    *error = "bad magic (not a MOTEORC1 or MOTEORC2 case file)";
    return false;
  }
  Reader r(file.data() + sizeof(kMagic), file.size() - sizeof(kMagic));
  uint32_t count;
  if (!r.U32(&count)) {
    *error = "truncated before the case count";
    return false;
  }
  // Each case needs at least 16 bytes (four u32 headers): reject absurd counts before reserving.
  if (count > r.remaining() / 16) {
    why << "case count " << count << " cannot fit in " << r.remaining() << " bytes";
    *error = why.str();
    return false;
  }
  cases->reserve(count);
  for (uint32_t c = 0; c < count; ++c) {
    OracleCase oc;
    Blob name;
    uint32_t n;
    bool ok = r.Bytes(&name);
    if (ok) oc.name.assign(reinterpret_cast<const char*>(name.data), name.size);
    if (ok && v2) {
      uint32_t expectation;
      Blob reason;
      ok = r.U32(&expectation) && r.Bytes(&reason);
      if (ok && expectation != kExpectOutputs && expectation != kExpectRefused) {
        why << "case " << c << " ('" << oc.name << "') has unknown expectation " << expectation;
        *error = why.str();
        return false;
      }
      if (ok) {
        oc.expect_refused = expectation == kExpectRefused;
        oc.refusal_reason.assign(reinterpret_cast<const char*>(reason.data), reason.size);
      }
    }
    ok = ok && r.Bytes(&oc.model);
    ok = ok && r.U32(&n) && n <= r.remaining() / 4;
    for (uint32_t i = 0; ok && i < n; ++i) {
      Blob b;
      ok = r.Bytes(&b);
      oc.inputs.push_back(b);
    }
    ok = ok && r.U32(&n) && n <= r.remaining() / 4;
    for (uint32_t i = 0; ok && i < n; ++i) {
      Blob b;
      ok = r.Bytes(&b);
      oc.outputs.push_back(b);
    }
    if (!ok) {
      why << "case " << c << (oc.name.empty() ? "" : " ('" + oc.name + "')") << " is truncated or malformed near byte "
          << r.position() + sizeof(kMagic);
      *error = why.str();
      return false;
    }
    if (oc.expect_refused && !oc.outputs.empty()) {
      why << "case " << c << " ('" << oc.name << "') expects a refusal but has " << oc.outputs.size() << " outputs";
      *error = why.str();
      return false;
    }
    cases->push_back(std::move(oc));
  }
  if (r.remaining() != 0) {
    why << r.remaining() << " trailing bytes after " << count << " cases";
    *error = why.str();
    return false;
  }
  return true;
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

// Collects everything mote logs while a case runs, so a failure report carries the kernel's own message.
struct LogCapture {
  LogCapture() { SetLogSink(&Append, this); }
  ~LogCapture() { SetLogSink(nullptr, nullptr); }
  static void Append(void* user, const char* message) {
    auto* self = static_cast<LogCapture*>(user);
    if (!self->text.empty()) self->text += " | ";
    self->text += message;
  }
  std::string text;
};

size_t TypeSize(TfLiteType type) {
  switch (type) {
    case kTfLiteFloat32:
    case kTfLiteInt32:
    case kTfLiteUInt32:
      return 4;
    case kTfLiteInt64:
    case kTfLiteUInt64:
    case kTfLiteFloat64:
      return 8;
    case kTfLiteInt16:
    case kTfLiteUInt16:
    case kTfLiteFloat16:
      return 2;
    default:
      return 1;
  }
}

// Element `i` of a little-endian buffer of `type`, printed as a number.
std::string ElementString(TfLiteType type, const uint8_t* data, size_t i) {
  const uint8_t* p = data + i * TypeSize(type);
  std::ostringstream s;
  switch (type) {
    case kTfLiteFloat32: {
      float v;
      std::memcpy(&v, p, 4);
      s.precision(9);
      s << v;
      break;
    }
    case kTfLiteInt8: s << static_cast<int>(static_cast<int8_t>(p[0])); break;
    case kTfLiteUInt8: s << static_cast<int>(p[0]); break;
    case kTfLiteBool: s << (p[0] != 0 ? "true" : "false"); break;
    case kTfLiteInt16: { int16_t v; std::memcpy(&v, p, 2); s << v; break; }
    case kTfLiteUInt16: { uint16_t v; std::memcpy(&v, p, 2); s << v; break; }
    case kTfLiteInt32: { int32_t v; std::memcpy(&v, p, 4); s << v; break; }
    case kTfLiteUInt32: { uint32_t v; std::memcpy(&v, p, 4); s << v; break; }
    case kTfLiteInt64: { int64_t v; std::memcpy(&v, p, 8); s << v; break; }
    case kTfLiteUInt64: { uint64_t v; std::memcpy(&v, p, 8); s << v; break; }
    default: s << "0x" << std::hex << static_cast<int>(p[0]); break;
  }
  return s.str();
}

bool ElementsMatch(TfLiteType type, const uint8_t* got, const uint8_t* want, size_t i) {
  const size_t n = TypeSize(type);
  if (type == kTfLiteFloat32) {
    float g, w;
    std::memcpy(&g, got + i * n, 4);
    std::memcpy(&w, want + i * n, 4);
    if (std::isnan(g) || std::isnan(w)) return std::isnan(g) && std::isnan(w);
    if (std::isinf(g) || std::isinf(w)) return g == w;
    return std::fabs(static_cast<double>(g) - w) <= kFloatAbsTolerance + kFloatRelTolerance * std::fabs(w);
  }
  return std::memcmp(got + i * n, want + i * n, n) == 0;
}

// Runs one case; returns "" when mote does what TFLM does (the same outputs, or a clean refusal of a refusal
// case), else a one-line description of what went wrong.
std::string RunCase(const OracleCase& c) {
  static const AllOpsResolver resolver;
  alignas(16) static uint8_t arena[kArenaSize];
  std::ostringstream out;

  test::AlignedBuffer model(c.model.size);  // FlatBuffers need the model aligned; the file gives no guarantee
  if (c.model.size > 0) std::memcpy(model.data(), c.model.data, c.model.size);

  LogCapture log;
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena, kArenaSize);
  if (interpreter.AllocateTensors() != kTfLiteOk) {
    if (c.expect_refused) return "";
    out << "AllocateTensors failed: " << log.text;
    return out.str();
  }
  // A refusal case records no outputs.
  if (interpreter.inputs_size() != c.inputs.size() ||
      (!c.expect_refused && interpreter.outputs_size() != c.outputs.size())) {
    out << "model has " << interpreter.inputs_size() << " inputs / " << interpreter.outputs_size()
        << " outputs, case has " << c.inputs.size() << " / " << c.outputs.size();
    return out.str();
  }
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    TfLiteTensor* t = interpreter.input(i);
    if (t == nullptr || t->data.raw == nullptr || t->bytes != c.inputs[i].size) {
      out << "input " << i << ": tensor has " << (t == nullptr ? 0 : t->bytes) << " bytes, case has "
          << c.inputs[i].size;
      return out.str();
    }
    if (c.inputs[i].size > 0) std::memcpy(t->data.raw, c.inputs[i].data, c.inputs[i].size);
  }
  if (interpreter.Invoke() != kTfLiteOk) {
    if (c.expect_refused) return "";
    out << "Invoke failed: " << log.text;
    return out.str();
  }
  if (c.expect_refused) {
    out << "mote ran it (AllocateTensors and Invoke succeeded), but TFLM refuses it: " << c.refusal_reason;
    return out.str();
  }
  bool first = true;
  for (size_t o = 0; o < c.outputs.size(); ++o) {
    const TfLiteTensor* t = interpreter.output(o);
    const Blob& want = c.outputs[o];
    if (t == nullptr || t->bytes != want.size || (want.size > 0 && t->data.raw == nullptr)) {
      out << (first ? "" : "; ") << "output " << o << ": tensor has " << (t == nullptr ? 0 : t->bytes)
          << " bytes, TFLM produced " << want.size;
      first = false;
      continue;
    }
    const auto* got = reinterpret_cast<const uint8_t*>(t->data.raw);
    const size_t elem = TypeSize(t->type);
    const size_t count = want.size / elem;
    size_t differing = 0, first_bad = 0;
    for (size_t i = 0; i < count; ++i) {
      if (!ElementsMatch(t->type, got, want.data, i)) {
        if (differing++ == 0) first_bad = i;
      }
    }
    if (differing > 0) {
      out << (first ? "" : "; ") << "output " << o << " (" << TfLiteTypeGetName(t->type) << "): " << differing
          << " of " << count << " elements differ, first at [" << first_bad
          << "]: mote=" << ElementString(t->type, got, first_bad)
          << " tflm=" << ElementString(t->type, want.data, first_bad);
      first = false;
    }
  }
  return out.str();
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
    const std::string problem = RunCase(c);
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
  EXPECT_EQ(RunCase(c), "");
}

TEST(OracleRefusalCase, FailsWhenMoteRunsTheModel) {
  test::AlignedBuffer file;
  OracleCase c;
  ASSERT_TRUE(SmokeCase(&file, &c)) << "tests/oracle/data/smoke.cases is missing or corrupt";
  ASSERT_EQ(RunCase(c), "") << "smoke case " << c.name << " no longer matches TFLM";
  c.expect_refused = true;
  c.refusal_reason = "TFLM aborted (SIGABRT)";
  c.outputs.clear();
  EXPECT_EQ(RunCase(c),
            "mote ran it (AllocateTensors and Invoke succeeded), but TFLM refuses it: TFLM aborted (SIGABRT)");
}

}  // namespace
}  // namespace mote
