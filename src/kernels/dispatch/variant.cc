// Diagnostics for kernel-variant selection (see variant.h).
#include "kernels/dispatch/variant.h"

#include "isa/cpu_features.h"
#include "mote/micro_log.h"

// Asking for optimized Cortex-M kernels on a core without the instructions is a build error, never a silent
// fallback (the CMake configure step says the same earlier). MOTE_OPTIMIZED_FALLBACK_WARN is the explicit way
// to build anyway: a warning here, and one printed by prepare for each node that falls back.
#if MOTE_TARGET_CORTEX_M
#if defined(MOTE_REQUIRE_OPTIMIZED) && !(defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP)
#if defined(MOTE_OPTIMIZED_FALLBACK_WARN)
#warning "MOTE_REQUIRE_OPTIMIZED: this core has no DSP extension (e.g. Cortex-M0+): every kernel falls back to its reference variant"
#else
#error "MOTE_REQUIRE_OPTIMIZED: this core has no DSP extension (e.g. Cortex-M0+), so mote's optimized Cortex-M kernels (DSP, Helium) cannot be built for it; build for Cortex-M4/M7/M33/M55, drop MOTE_REQUIRE_OPTIMIZED, or add MOTE_OPTIMIZED_FALLBACK_WARN to fall back with printed warnings"
#endif
#endif
#if defined(MOTE_REQUEST_ARM_DSP) && !(defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP)
#if defined(MOTE_OPTIMIZED_FALLBACK_WARN)
#warning "MOTE_ARM_KERNELS=DSP: this core has no DSP extension: kernels fall back to their reference variants"
#else
#error "MOTE_ARM_KERNELS=DSP: this core has no DSP extension (SMLAD, SXTB16...); build for Cortex-M4/M7/M33/M55, use MOTE_ARM_KERNELS=AUTO, or add MOTE_OPTIMIZED_FALLBACK_WARN to fall back with printed warnings"
#endif
#endif
#if defined(MOTE_REQUEST_ARM_MVE) && !(defined(__ARM_FEATURE_MVE) && (__ARM_FEATURE_MVE & 1))
#if defined(MOTE_OPTIMIZED_FALLBACK_WARN)
#warning "MOTE_ARM_KERNELS=MVE: this core has no Helium (MVE): kernels fall back to DSP or reference variants"
#else
#error "MOTE_ARM_KERNELS=MVE: this core has no Helium (MVE) instructions; build for Cortex-M55, use MOTE_ARM_KERNELS=AUTO or DSP, or add MOTE_OPTIMIZED_FALLBACK_WARN to fall back with printed warnings"
#endif
#endif
#endif  // MOTE_TARGET_CORTEX_M

namespace mote {
namespace variant_internal {

void ReportLostVariant(TfLiteContext* context, const char* op_name, const char* id, uint32_t required_isa,
                       bool compiled_in, const char* fallback_id, bool fatal) {
  char needed[96];
  isa::FormatFeatures(required_isa, needed, sizeof(needed));
  const bool arm = (required_isa & (isa::kArmDsp | isa::kArmMve | isa::kArmV6m)) != 0;
  const char* reason =
      arm ? "this build does not compile it in (the core lacks those instructions, or MOTE_ARM_KERNELS excludes them)"
          : "this build does not compile it in (MOTE_X86_SIMD is OFF or the compiler does not target x86-64)";
  if (compiled_in) {
    reason = (isa::DetectedFeatures() & required_isa) == required_isa
                 ? (arm ? "its ISA is masked off (isa::SetFeatureMask)" : "its ISA is masked off (MOTE_ISA_MASK)")
                 : "this CPU lacks it";
  }
  if (fatal) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: optimized kernel variant %s (needs %s) applies but %s; MOTE_REQUIRE_OPTIMIZED forbids "
                       "falling back to %s",
                       op_name, id, needed, reason, fallback_id);
  } else {
    MicroPrintf("warning: %s: optimized kernel variant %s (needs %s) applies but %s; falling back to %s "
                "(MOTE_OPTIMIZED_FALLBACK_WARN)",
                op_name, id, needed, reason, fallback_id);
  }
}

}  // namespace variant_internal
}  // namespace mote
