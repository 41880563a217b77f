// CPU feature detection: parsing and formatting of feature lists, the mask hook, and detection against what
// the kernel reports in /proc/cpuinfo (Linux x86-64 only; skipped elsewhere, saying so).
#include "isa/cpu_features.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"

namespace mote {
namespace isa {
namespace {

TEST(CpuFeatures, ParsesFeatureLists) {
  uint32_t bits = 123;
  EXPECT_TRUE(ParseFeatureList("", &bits));
  EXPECT_EQ(bits, 0u);
  EXPECT_TRUE(ParseFeatureList("avx2", &bits));
  EXPECT_EQ(bits, kAvx2);
  EXPECT_TRUE(ParseFeatureList(" AVX2 , fma,avx512vnni ", &bits));
  EXPECT_EQ(bits, kAvx2 | kFma | kAvx512Vnni);
  EXPECT_TRUE(ParseFeatureList("dotprod,NEON,i8mm", &bits));
  EXPECT_EQ(bits, kArmNeon | kArmDotProd | kArmI8mm);
  EXPECT_TRUE(ParseFeatureList("all", &bits));
  EXPECT_EQ(bits, kAllFeatures);
  bits = 7;
  EXPECT_FALSE(ParseFeatureList("avx2,sse9", &bits));
  EXPECT_EQ(bits, 7u);  // untouched on error
}

TEST(CpuFeatures, FormatsFeatureNames) {
  char buffer[64];
  EXPECT_STREQ(FormatFeatures(kAvx2 | kFma, buffer, sizeof(buffer)), "avx2+fma");
  EXPECT_STREQ(FormatFeatures(0, buffer, sizeof(buffer)), "");
  char small[6];
  EXPECT_STREQ(FormatFeatures(kAvx2 | kFma, small, sizeof(small)), "avx2+");
  EXPECT_STREQ(FeatureName(kAvx512Vnni), "avx512vnni");
  EXPECT_STREQ(FeatureName(1u << 30), "?");
}

TEST(CpuFeatures, MaskHidesFeaturesUntilCleared) {
  const uint32_t saved = FeatureMask();
  const uint32_t detected = DetectedFeatures();
  SetFeatureMask(kAvx2);
  EXPECT_EQ(AvailableFeatures(), detected & ~kAvx2);
  EXPECT_EQ(DetectedFeatures(), detected);  // detection itself is unaffected
  SetFeatureMask(kAllFeatures);
  EXPECT_EQ(AvailableFeatures(), 0u);
  SetFeatureMask(0);
  EXPECT_EQ(AvailableFeatures(), detected);
  SetFeatureMask(saved);
}

TEST(CpuFeatures, DetectionAgreesWithProcCpuinfo) {
#if defined(__x86_64__) && defined(__linux__)
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line, flags;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("flags", 0) == 0) {
      flags = " " + line.substr(line.find(':') + 1) + " ";
      break;
    }
  }
  if (flags.empty()) GTEST_SKIP() << "/proc/cpuinfo has no flags line";
  auto has = [&](const char* f) { return flags.find(std::string(" ") + f + " ") != std::string::npos; };
  const uint32_t d = DetectedFeatures();
  std::printf("[ cpu      ] detected:%s%s%s%s%s%s%s\n", (d & kAvx2) ? " avx2" : "", (d & kFma) ? " fma" : "",
              (d & kAvx512F) ? " avx512f" : "", (d & kAvx512Bw) ? " avx512bw" : "", (d & kAvx512Vl) ? " avx512vl" : "",
              (d & kAvx512Vnni) ? " avx512vnni" : "", (d & kAvxVnni) ? " avxvnni" : "");
  // The kernel lists a flag only when it also enables the state (XSAVE), as detection requires.
  EXPECT_EQ((d & kAvx2) != 0, has("avx2"));
  EXPECT_EQ((d & kFma) != 0, has("fma"));
  EXPECT_EQ((d & kAvx512F) != 0, has("avx512f"));
  EXPECT_EQ((d & kAvx512Vnni) != 0, has("avx512_vnni"));
#elif defined(__aarch64__) && defined(__linux__)
  // Every AArch64 Linux core has Advanced SIMD; dot product only from Armv8.2 (qemu -cpu max yes, cortex-a53 no).
  const uint32_t d = DetectedFeatures();
  std::printf("[ cpu      ] detected:%s%s%s\n", (d & kArmNeon) ? " neon" : "", (d & kArmDotProd) ? " dotprod" : "",
              (d & kArmI8mm) ? " i8mm" : "");
  EXPECT_NE(d & kArmNeon, 0u);
  EXPECT_EQ(d & (kAvx2 | kArmDsp | kArmMve), 0u);
#else
  GTEST_SKIP() << "not Linux x86-64 or AArch64: nothing to compare with";
#endif
}

}  // namespace
}  // namespace isa
}  // namespace mote
