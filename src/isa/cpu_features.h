// CPU feature detection for kernel-variant dispatch (STYLE.md "Kernels").
//
// What the running CPU can execute is detected once, on first use (x86-64: cpuid + xgetbv, so a feature
// counts only when the OS also saves its registers), and cached. Kernel glue asks AvailableFeatures() in
// prepare and picks the first variant of its best-first table whose required bits are all present; invoke
// never asks again.
//
// Masking, to force fallbacks (tests, A/B benchmarks, working around a suspected variant bug):
//   - SetFeatureMask(bits): bits cleared from AvailableFeatures() from now on (0 restores detection).
//     Takes effect at the next prepare (AllocateTensors); already-prepared nodes keep their variant.
//   - environment MOTE_ISA_MASK, read once at first use on hosted x86-64 and AArch64 Linux builds: a
//     comma-separated list of feature names ("avx2", "fma", "avx512f", "avx512bw", "avx512vl", "avx512vnni",
//     "avxvnni"; "neon", "dotprod", "i8mm") or "all".
//     `MOTE_ISA_MASK=avx2 mote run model.tflite --profile` shows the reference variants.
// A feature masked off also masks nothing else by itself; variants list every bit they need (an AVX-512
// variant also requires kAvx2), so masking "avx2" turns off every x86 SIMD variant.
//
// On targets other than x86-64 no x86 bit is ever set. Arm M-profile features (kArmDsp, kArmMve, kArmV6m) are fixed at
// compile time (__ARM_FEATURE_DSP, __ARM_FEATURE_MVE, __ARM_ARCH_6M__: the core the library is built for) and reported by
// DetectedFeatures() on such builds; kCompiledArmFeatures is the same set as a constant. The mask applies to them
// as to x86 bits (SetFeatureMask(isa::kArmMve) makes an M55 build pick its DSP or reference variants).
// AArch64 Linux: getauxval(AT_HWCAP) at first use (kArmNeon = ASIMD, kArmDotProd = ASIMDDP; kArmI8mm from
// AT_HWCAP2). Dot-product variants list kArmNeon | kArmDotProd, so masking "neon" turns off every AArch64
// variant and masking "dotprod" leaves the Armv8.0 NEON set (what a Cortex-A53 runs).
// Thread safety: detection is idempotent and may race harmlessly; the mask is an atomic word.
#ifndef MOTE_ISA_CPU_FEATURES_H_
#define MOTE_ISA_CPU_FEATURES_H_

#include <cstdint>

namespace mote {
namespace isa {

enum Feature : uint32_t {
  kAvx2 = 1u << 0,        // AVX2 (with AVX and OS-saved YMM state)
  kFma = 1u << 1,         // FMA3
  kAvx512F = 1u << 2,     // AVX-512 Foundation (with OS-saved ZMM/opmask state)
  kAvx512Bw = 1u << 3,    // AVX-512 byte/word
  kAvx512Vl = 1u << 4,    // AVX-512 on 128/256-bit registers
  kAvx512Vnni = 1u << 5,  // AVX-512 VNNI (vpdpbusd)
  kAvxVnni = 1u << 6,     // VEX-encoded AVX-VNNI
  kArmDsp = 1u << 8,      // Arm DSP extension (Armv7E-M, Armv8-M Mainline): SMLAD, SXTB16, SSAT... (M4/M7/M33/M55)
  kArmMve = 1u << 9,      // Arm M-profile Vector Extension, integer (Helium, Armv8.1-M: Cortex-M55)
  kArmV6m = 1u << 10,     // Armv6-M baseline (Cortex-M0/M0+): no instruction beyond Armv6-M; marks the variants
                          // written for that core's register budget (*_v6m.cc), reported only on Armv6-M builds
  kArmNeon = 1u << 12,    // AArch64 Advanced SIMD (Armv8.0: Cortex-A53, A72)
  kArmDotProd = 1u << 13, // AArch64 SDOT/UDOT (Armv8.2 dot product: Cortex-A55, A76...)
  kArmI8mm = 1u << 14,    // AArch64 int8 matrix multiply (SMMLA; Armv8.6)
};
constexpr uint32_t kAllFeatures =
    kAvx2 | kFma | kAvx512F | kAvx512Bw | kAvx512Vl | kAvx512Vnni | kAvxVnni | kArmDsp | kArmMve | kArmV6m | kArmNeon | kArmDotProd | kArmI8mm;

// The Arm features of the core this translation unit is compiled for (0 on other architectures).
constexpr uint32_t kCompiledArmFeatures =
#if defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP
    kArmDsp |
#endif
#if defined(__ARM_FEATURE_MVE) && (__ARM_FEATURE_MVE & 1)
    kArmMve |
#endif
#if defined(__ARM_ARCH_6M__)
    kArmV6m |
#endif
    0u;

// What the CPU and OS support, ignoring any mask. Detected once.
uint32_t DetectedFeatures();

// DetectedFeatures() minus the mask (SetFeatureMask, MOTE_ISA_MASK): what prepare may use.
uint32_t AvailableFeatures();

// Clears `masked` bits from AvailableFeatures() (replaces any earlier mask, including MOTE_ISA_MASK's).
void SetFeatureMask(uint32_t masked);
uint32_t FeatureMask();

// "avx2", "avx512vnni", "dsp", "mve"... for one bit; "?" for anything else.
const char* FeatureName(uint32_t bit);

// Parses a MOTE_ISA_MASK value ("avx2,fma", "all", "" = nothing). False for an unknown name.
bool ParseFeatureList(const char* text, uint32_t* bits);

// Writes the names of `bits` joined by '+' ("avx2+fma") into buffer (always NUL-terminated; truncated
// if too small). Returns buffer. For diagnostics.
const char* FormatFeatures(uint32_t bits, char* buffer, int size);

}  // namespace isa
}  // namespace mote

#endif  // MOTE_ISA_CPU_FEATURES_H_
