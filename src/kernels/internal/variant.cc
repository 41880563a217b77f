// Diagnostics for kernel-variant selection (see variant.h).
#include "kernels/internal/variant.h"

#include "isa/cpu_features.h"

namespace mote {
namespace variant_internal {

void ReportLostVariant(TfLiteContext* context, const char* op_name, const char* id, uint32_t required_isa,
                       bool compiled_in, const char* fallback_id) {
  char needed[96];
  isa::FormatFeatures(required_isa, needed, sizeof(needed));
  const char* reason = "this build does not compile it in (MOTE_X86_SIMD is OFF or the compiler does not target x86-64)";
  if (compiled_in) {
    reason = (isa::DetectedFeatures() & required_isa) == required_isa ? "its ISA is masked off (MOTE_ISA_MASK)"
                                                                      : "this CPU lacks it";
  }
  TF_LITE_KERNEL_LOG(context,
                     "%s: optimized kernel variant %s (needs %s) applies but %s; MOTE_REQUIRE_OPTIMIZED forbids "
                     "falling back to %s",
                     op_name, id, needed, reason, fallback_id);
}

}  // namespace variant_internal
}  // namespace mote
