// CPU feature detection (see cpu_features.h for the contract).
#include "isa/cpu_features.h"

#include <atomic>
#include <cstdint>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define MOTE_ISA_DETECT_X86 1
#include <cpuid.h>
#endif
#if defined(__aarch64__) && defined(__linux__)
#define MOTE_ISA_DETECT_AARCH64 1
#include <sys/auxv.h>
#endif
#if (defined(MOTE_ISA_DETECT_X86) && (defined(__linux__) || defined(__APPLE__))) || defined(MOTE_ISA_DETECT_AARCH64)
#define MOTE_ISA_READ_ENV 1
#include <cstdlib>
#endif

namespace mote {
namespace isa {
namespace {

constexpr uint32_t kDetectedFlag = 1u << 31;  // set once detection has run (no feature uses this bit)
std::atomic<uint32_t> g_detected{0};
std::atomic<uint32_t> g_mask{0};
std::atomic<bool> g_mask_initialized{false};

struct NamedFeature {
  const char* name;
  uint32_t bit;
};
constexpr NamedFeature kNames[] = {
    {"avx2", kAvx2},           {"fma", kFma},         {"avx512f", kAvx512F}, {"avx512bw", kAvx512Bw},
    {"avx512vl", kAvx512Vl},   {"avx512vnni", kAvx512Vnni}, {"avxvnni", kAvxVnni},
    {"dsp", kArmDsp},          {"mve", kArmMve},      {"v6m", kArmV6m},
    {"neon", kArmNeon},        {"dotprod", kArmDotProd}, {"i8mm", kArmI8mm},
};

#if defined(MOTE_ISA_DETECT_X86)
uint64_t ReadXcr0() {
  uint32_t eax, edx;
  // xgetbv with ecx = 0; spelled as an instruction so this file needs no -mxsave.
  __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
  return (static_cast<uint64_t>(edx) << 32) | eax;
}

uint32_t Detect() {
  unsigned eax, ebx, ecx, edx;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
  const bool osxsave = (ecx >> 27) & 1;
  const bool avx = (ecx >> 28) & 1;
  const bool fma = (ecx >> 12) & 1;
  if (!osxsave || !avx) return 0;
  const uint64_t xcr0 = ReadXcr0();
  const bool ymm_state = (xcr0 & 0x6) == 0x6;     // SSE + AVX state saved by the OS
  const bool zmm_state = (xcr0 & 0xE6) == 0xE6;   // + opmask, ZMM_Hi256, Hi16_ZMM
  if (!ymm_state) return 0;
  uint32_t bits = fma ? kFma : 0u;
  unsigned max_leaf = 0;
  __get_cpuid(0, &max_leaf, &ebx, &ecx, &edx);
  if (max_leaf < 7) return bits;
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  const unsigned max_subleaf = eax;
  if ((ebx >> 5) & 1) bits |= kAvx2;
  if (zmm_state) {
    if ((ebx >> 16) & 1) bits |= kAvx512F;
    if ((ebx >> 30) & 1) bits |= kAvx512Bw;
    if ((ebx >> 31) & 1) bits |= kAvx512Vl;
    if ((ecx >> 11) & 1) bits |= kAvx512Vnni;
  }
  if (max_subleaf >= 1) {
    __cpuid_count(7, 1, eax, ebx, ecx, edx);
    if ((eax >> 4) & 1) bits |= kAvxVnni;
  }
  return bits;
}
#elif defined(MOTE_ISA_DETECT_AARCH64)
// Linux's hwcap bits (arch/arm64/include/uapi/asm/hwcap.h), spelled out so older libc headers suffice.
constexpr unsigned long kHwcapAsimd = 1ul << 1;
constexpr unsigned long kHwcapAsimdDp = 1ul << 20;
constexpr unsigned long kHwcap2I8mm = 1ul << 13;

uint32_t Detect() {
  const unsigned long hwcap = getauxval(AT_HWCAP);
  const unsigned long hwcap2 = getauxval(AT_HWCAP2);
  uint32_t bits = 0;
  if (hwcap & kHwcapAsimd) bits |= kArmNeon;
  if (hwcap & kHwcapAsimdDp) bits |= kArmDotProd;
  if (hwcap2 & kHwcap2I8mm) bits |= kArmI8mm;
  return bits;
}
#else
// Arm M-profile: what the compiler was told the core has (no run-time probe exists on these cores).
uint32_t Detect() { return kCompiledArmFeatures; }
#endif

void InitializeMaskOnce() {
  if (g_mask_initialized.load(std::memory_order_acquire)) return;
  uint32_t mask = 0;
#if defined(MOTE_ISA_READ_ENV)
  const char* text = std::getenv("MOTE_ISA_MASK");
  if (text != nullptr && !ParseFeatureList(text, &mask)) mask = kAllFeatures;  // unknown name: be conservative
#endif
  bool expected = false;
  // A concurrent SetFeatureMask wins over the environment.
  if (g_mask_initialized.compare_exchange_strong(expected, true, std::memory_order_acq_rel)) {
    g_mask.store(mask, std::memory_order_release);
  }
}

bool NameEquals(const char* a, int a_len, const char* b) {
  int i = 0;
  for (; i < a_len; ++i) {
    char c = a[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (b[i] == '\0' || b[i] != c) return false;
  }
  return b[i] == '\0';
}

}  // namespace

uint32_t DetectedFeatures() {
  uint32_t bits = g_detected.load(std::memory_order_acquire);
  if ((bits & kDetectedFlag) == 0) {
    bits = Detect() | kDetectedFlag;
    g_detected.store(bits, std::memory_order_release);
  }
  return bits & ~kDetectedFlag;
}

uint32_t AvailableFeatures() {
  InitializeMaskOnce();
  return DetectedFeatures() & ~g_mask.load(std::memory_order_acquire);
}

void SetFeatureMask(uint32_t masked) {
  g_mask.store(masked & kAllFeatures, std::memory_order_release);
  g_mask_initialized.store(true, std::memory_order_release);
}

uint32_t FeatureMask() {
  InitializeMaskOnce();
  return g_mask.load(std::memory_order_acquire);
}

const char* FeatureName(uint32_t bit) {
  for (const NamedFeature& f : kNames) {
    if (f.bit == bit) return f.name;
  }
  return "?";
}

bool ParseFeatureList(const char* text, uint32_t* bits) {
  uint32_t result = 0;
  const char* p = text;
  while (*p != '\0') {
    const char* start = p;
    while (*p != '\0' && *p != ',') ++p;
    int len = static_cast<int>(p - start);
    while (len > 0 && (start[0] == ' ')) {
      ++start;
      --len;
    }
    while (len > 0 && start[len - 1] == ' ') --len;
    if (len > 0) {
      if (NameEquals(start, len, "all")) {
        result |= kAllFeatures;
      } else {
        bool found = false;
        for (const NamedFeature& f : kNames) {
          if (NameEquals(start, len, f.name)) {
            result |= f.bit;
            found = true;
          }
        }
        if (!found) return false;
      }
    }
    if (*p == ',') ++p;
  }
  *bits = result;
  return true;
}

const char* FormatFeatures(uint32_t bits, char* buffer, int size) {
  if (size <= 0) return buffer;
  int n = 0;
  buffer[0] = '\0';
  for (const NamedFeature& f : kNames) {
    if ((bits & f.bit) == 0) continue;
    const char* s = f.name;
    if (n > 0 && n < size - 1) buffer[n++] = '+';
    while (*s != '\0' && n < size - 1) buffer[n++] = *s++;
  }
  buffer[n < size ? n : size - 1] = '\0';
  return buffer;
}

}  // namespace isa
}  // namespace mote
