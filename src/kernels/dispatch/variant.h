// Kernel variants: best-first dispatch tables, chosen once in prepare (STYLE.md "Kernels").
//
// A variant is plain compute over a plain "problem" struct (dims, data pointers, quantization constants):
// it never sees a TfLiteNode or TfLiteContext. One record per variant:
//
//   {id, required ISA bits, applies(problem), scratch_bytes(problem), run(problem, scratch)}
//
// and one constexpr table per op and type, best first, the portable reference last (required_isa 0,
// applies nullptr = always):
//
//   constexpr KernelVariant<ConvInt8Problem> kConvInt8Variants[] = {
//   #if MOTE_TARGET_X86_64
//     {"conv_2d/int8/avx2-1x1", isa::kAvx2, Applies1x1, nullptr, MOTE_X86_SIMD_FN(conv_2d::ConvInt8Avx2_1x1)},
//   #endif
//     {"conv_2d/int8/reference", 0, nullptr, nullptr, RunReference},
//   };
//
// Prepare calls SelectVariant: the first entry that applies, is compiled in and whose ISA bits are all in
// isa::AvailableFeatures() wins; the SAME record's scratch_bytes sizes the arena scratch request and its run
// is what invoke calls, so the two can never drift apart. The chosen id is reported with
// ReportKernelVariant (`mote inspect`, `mote run --profile`).
//
// Ids are "<op>/<input type>[_<second type that selects the path>]/<variant>", in lower case: op as the op
// table's code, types as TfLiteTypeGetName, variant "reference" or "<isa>[-<shape>]" ("avx2-1x1"); a
// registration's default id, before prepare reports one, is "<op>/any/reference". The second type is written
// only where it selects a different path from the input type alone, joined by an underscore (not "int8x16"):
//   softmax/int8_int16/...          the output type (int8 input, int16 output)
//   svdf/int8_int16/...             the activation state type (int8 input, int16 state)
// One id names a mode instead of a type: quantize/requantize/reference (integer input, any integer output).
// Packed INT4 filters select no path of their own: they are unpacked to int8 in invoke and run the int8 table,
// so their nodes report the int8 variant (kernels/glue/int4_filter.h).
//
// "Compiled in": x86 SIMD variants live in *_avx2.cc translation units, the only files built with ISA flags
// (CMakeLists.txt). When they are not built (MOTE_X86_SIMD=OFF) the table keeps the entry with run ==
// nullptr, so the loss is visible. Built with MOTE_REQUIRE_OPTIMIZED, prepare fails instead of falling back
// to a portable variant when an optimized entry applied but was not compiled in, or the CPU lacks (or a mask
// hides) its ISA; built with MOTE_OPTIMIZED_FALLBACK_WARN, it falls back and prints why.
//
// Prepacked weights (optional trailing members; tables that leave them out get nullptr): a variant that wants
// its constant weights in another layout names persistent_bytes(problem) (0: nothing to prepare for this
// problem) and prepare_persistent(problem, buffer), which fills buffer from the problem's filter and bias
// (data pointers set in prepare). When the interpreter has weight prepacking on (MicroContext::WeightPrepacking,
// MicroInterpreter::SetWeightPrepacking) and the glue says the weights are constant, SelectVariant allocates
// the SAME record's persistent_bytes once and fills it; invoke hands it to run as problem.prepacked, and run
// must still work with problem.prepacked == nullptr (prepacking off), preparing on the fly as before.
//
// Run functions must not allocate; `scratch` is the arena scratch buffer (nullptr when scratch_bytes is
// nullptr or returned 0). Problems passed to *_avx2.cc code are PODs without member functions, so that no
// inline function is ever compiled with -mavx2 in one TU and linked into portable code (ODR).
#ifndef MOTE_KERNELS_DISPATCH_VARIANT_H_
#define MOTE_KERNELS_DISPATCH_VARIANT_H_

#include <cstddef>
#include <cstdint>

#include "isa/cpu_features.h"
#include "mote/c/common.h"
#include "mote/kernel_util.h"

#if defined(__x86_64__) || defined(_M_X64)
#define MOTE_TARGET_X86_64 1
#else
#define MOTE_TARGET_X86_64 0
#endif

// MOTE_HAVE_X86_SIMD is defined (to 1) by the build when the *_avx2.cc files are compiled in.
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
#define MOTE_X86_SIMD_FN(fn) (fn)
#else
#define MOTE_X86_SIMD_FN(fn) nullptr
#endif

// Arm M-profile (Cortex-M) builds. DSP entries (isa::kArmDsp, *_dsp.cc) are in a table on every Cortex-M build
// (MOTE_TARGET_CORTEX_M); Helium entries (isa::kArmMve, *_mve.cc) on builds for a core with MVE
// (MOTE_TARGET_ARM_MVE), since no other core can ever run them. The files are compiled only for cores that have
// the instructions, and only when MOTE_ARM_KERNELS allows (CMakeLists.txt defines MOTE_HAVE_ARM_DSP /
// MOTE_HAVE_ARM_MVE); otherwise the entry keeps run == nullptr and the loss is visible. Asking for optimized
// kernels on a core without them (MOTE_REQUIRE_OPTIMIZED, MOTE_ARM_KERNELS=DSP/MVE) is a build error unless
// MOTE_OPTIMIZED_FALLBACK_WARN turns it into a warning (then prepare prints one per node that falls back).
#if defined(__arm__) && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
#define MOTE_TARGET_CORTEX_M 1
#else
#define MOTE_TARGET_CORTEX_M 0
#endif
#if MOTE_TARGET_CORTEX_M && defined(__ARM_FEATURE_MVE) && (__ARM_FEATURE_MVE & 1)
#define MOTE_TARGET_ARM_MVE 1
#else
#define MOTE_TARGET_ARM_MVE 0
#endif
#if defined(MOTE_HAVE_ARM_DSP) && MOTE_HAVE_ARM_DSP
#define MOTE_ARM_DSP_FN(fn) (fn)
#else
#define MOTE_ARM_DSP_FN(fn) nullptr
#endif
#if defined(MOTE_HAVE_ARM_MVE) && MOTE_HAVE_ARM_MVE
#define MOTE_ARM_MVE_FN(fn) (fn)
#else
#define MOTE_ARM_MVE_FN(fn) nullptr
#endif
// Armv6-M entries (isa::kArmV6m, *_v6m.cc: Cortex-M0/M0+) are in tables of Armv6-M builds only, compiled in
// unless MOTE_ARM_KERNELS=OFF (MOTE_HAVE_ARM_V6M).
#if MOTE_TARGET_CORTEX_M && defined(__ARM_ARCH_6M__)
#define MOTE_TARGET_ARMV6M 1
#else
#define MOTE_TARGET_ARMV6M 0
#endif
#if defined(MOTE_HAVE_ARM_V6M) && MOTE_HAVE_ARM_V6M
#define MOTE_ARM_V6M_FN(fn) (fn)
#else
#define MOTE_ARM_V6M_FN(fn) nullptr
#endif

// AArch64 builds: NEON entries (isa::kArmNeon, *_neon.cc) and dot-product entries (isa::kArmNeon |
// isa::kArmDotProd, *_dotprod.cc), chosen at run time from getauxval (src/isa). MOTE_HAVE_AARCH64_SIMD is defined
// by the build when those files are compiled in (MOTE_AARCH64_SIMD, CMakeLists.txt).
#if defined(__aarch64__)
#define MOTE_TARGET_AARCH64 1
#else
#define MOTE_TARGET_AARCH64 0
#endif
#if defined(MOTE_HAVE_AARCH64_SIMD) && MOTE_HAVE_AARCH64_SIMD
#define MOTE_AARCH64_SIMD_FN(fn) (fn)
#else
#define MOTE_AARCH64_SIMD_FN(fn) nullptr
#endif

namespace mote {

template <typename Problem>
struct KernelVariant {
  using RunFn = void (*)(const Problem& problem, void* scratch);
  const char* id;                                 // "conv_2d/int8/avx2-1x1": static storage, shown to users
  uint32_t required_isa;                          // isa::Feature bits; 0 for portable code
  bool (*applies)(const Problem& problem);        // nullptr: always applies
  size_t (*scratch_bytes)(const Problem& problem);  // nullptr: no scratch
  RunFn run;                                      // nullptr: not compiled into this build
  size_t (*persistent_bytes)(const Problem& problem) = nullptr;  // nullptr: nothing to prepack
  void (*prepare_persistent)(const Problem& problem, void* buffer) = nullptr;
};

// What prepare stores for invoke: which table entry, and its scratch buffer (-1 for none).
struct VariantChoice {
  int16_t index;
  int16_t scratch_index;
};

#if defined(MOTE_REQUIRE_OPTIMIZED)
constexpr bool kRequireOptimizedVariants = true;
#else
constexpr bool kRequireOptimizedVariants = false;
#endif
// MOTE_OPTIMIZED_FALLBACK_WARN: fall back, but print why (wins over MOTE_REQUIRE_OPTIMIZED).
#if defined(MOTE_OPTIMIZED_FALLBACK_WARN)
constexpr bool kWarnOnVariantFallback = true;
#else
constexpr bool kWarnOnVariantFallback = false;
#endif

namespace variant_internal {
// Why entry `id` was skipped: the MOTE_REQUIRE_OPTIMIZED error (fatal) or the MOTE_OPTIMIZED_FALLBACK_WARN
// warning (MicroPrintf).
void ReportLostVariant(TfLiteContext* context, const char* op_name, const char* id, uint32_t required_isa,
                       bool compiled_in, const char* fallback_id, bool fatal);
}  // namespace variant_internal

// Picks the variant for `problem` (see the file comment), requests its scratch buffer and reports its id.
// `prepacked` (nullptr: the op never prepacks) receives the prepacked weights when the glue passes it for
// constant weights and the interpreter prepacks (the file comment), else nullptr; glue keeps it in its op data
// (not in VariantChoice, which every op's data holds) and sets problem.prepacked from it in invoke.
// Fails only when the arena cannot hold the scratch or the prepacked weights, when no entry applies (a table without an
// always-applying last entry: a programming error) or under MOTE_REQUIRE_OPTIMIZED as described above.
template <typename Problem, size_t N>
TfLiteStatus SelectVariant(TfLiteContext* context, const char* op_name, const KernelVariant<Problem> (&table)[N],
                           const Problem& problem, VariantChoice* choice, const void** prepacked = nullptr) {
  static_assert(N < 32768, "variant index must fit in int16_t");
  const uint32_t available = isa::AvailableFeatures();
  int lost = -1;  // first applicable optimized entry that could not run
  for (size_t i = 0; i < N; ++i) {
    const KernelVariant<Problem>& v = table[i];
    if (v.applies != nullptr && !v.applies(problem)) continue;
    if (v.run == nullptr || (v.required_isa & ~available) != 0) {
      if (lost < 0 && v.required_isa != 0) lost = static_cast<int>(i);
      continue;
    }
    if ((kRequireOptimizedVariants || kWarnOnVariantFallback) && lost >= 0 && v.required_isa == 0) {
      const KernelVariant<Problem>& l = table[lost];
      variant_internal::ReportLostVariant(context, op_name, l.id, l.required_isa, l.run != nullptr, v.id,
                                          /*fatal=*/!kWarnOnVariantFallback);
      if (!kWarnOnVariantFallback) return kTfLiteError;
    }
    choice->index = static_cast<int16_t>(i);
    choice->scratch_index = -1;
    const size_t bytes = v.scratch_bytes != nullptr ? v.scratch_bytes(problem) : 0;
    if (bytes > 0) {
      int scratch_index = -1;
      TF_LITE_ENSURE_STATUS(context->RequestScratchBufferInArena(context, bytes, &scratch_index));
      choice->scratch_index = static_cast<int16_t>(scratch_index);
    }
    if (prepacked != nullptr) *prepacked = nullptr;
    if (prepacked != nullptr && v.persistent_bytes != nullptr && v.prepare_persistent != nullptr &&
        GetMicroContext(context)->WeightPrepacking()) {
      const size_t persistent = v.persistent_bytes(problem);
      if (persistent > 0) {
        void* buffer = GetMicroContext(context)->AllocatePrepackedWeights(persistent);
        if (buffer == nullptr) return kTfLiteError;  // the interpreter reports the arena size needed
        v.prepare_persistent(problem, buffer);
        *prepacked = buffer;
      }
    }
    ReportKernelVariant(context, v.id);
    return kTfLiteOk;
  }
  TF_LITE_KERNEL_LOG(context, "%s: no kernel variant applies (internal error: the table lacks a reference entry)",
                     op_name);
  return kTfLiteError;
}

// Invoke side: runs the chosen entry with its scratch buffer.
template <typename Problem, size_t N>
inline void RunVariant(TfLiteContext* context, const KernelVariant<Problem> (&table)[N], VariantChoice choice,
                       const Problem& problem) {
  void* scratch = choice.scratch_index >= 0 ? context->GetScratchBuffer(context, choice.scratch_index) : nullptr;
  table[choice.index].run(problem, scratch);
}

}  // namespace mote

#endif  // MOTE_KERNELS_DISPATCH_VARIANT_H_
