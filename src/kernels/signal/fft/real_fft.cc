// KISS FFT's arithmetic, one traits struct per scalar type (its _kiss_fft_guts.h macros), then its algorithm
// once: kf_work's recursion over the factors, the radix-2 and radix-4 butterflies, kiss_fftr's split of a
// real signal packed as a half-length complex one, and kiss_fftri's merge. Values are stored to the scalar
// type at the points where the C code stores them, so the fixed-point builds wrap where KISS FFT's do.
#include "kernels/signal/fft/real_fft.h"

#include <cmath>
#include <type_traits>

namespace mote {
namespace signal {
namespace {

// KISS FFT's two spellings of pi (kiss_fft.c's twiddles, kiss_fftr.c's super twiddles).
constexpr double kPi = 3.141592653589793238462643383279502884197169399375105820974944;
constexpr double kPiR = 3.14159265358979323846264338327;

// C's int arithmetic on 32 bits, wrapping (the int32 build's sums overflow int there).
inline int32_t AddInt(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}

template <typename T, typename Wide, int kFracBits>
struct FixedOps {
  using U = typename std::make_unsigned<Wide>::type;
  static constexpr Wide kMax = static_cast<Wide>((U{1} << kFracBits) - 1);  // SAMP_MAX
  static T Store(Wide x) { return static_cast<T>(static_cast<U>(x)); }     // assignment to kiss_fft_scalar
  static T Round(Wide p) { return Store(static_cast<Wide>(static_cast<U>(p) + (U{1} << (kFracBits - 1))) >> kFracBits); }
  static Wide Prod(T a, T b) { return static_cast<Wide>(a) * b; }
  static T Add(T a, T b) { return Store(static_cast<Wide>(a) + b); }
  static T Sub(T a, T b) { return Store(static_cast<Wide>(a) - b); }
  static T Neg(T a) { return Store(-static_cast<Wide>(a)); }
  // HALF_OF(a + b), HALF_OF(a - b): the sum in C's int, shifted arithmetically.
  static T HalfSum(T a, T b) { return static_cast<T>(AddInt(a, b) >> 1); }
  static T HalfDiff(T a, T b) { return static_cast<T>(AddInt(a, static_cast<int32_t>(0u - static_cast<uint32_t>(b))) >> 1); }
  static Complex<T> Mul(Complex<T> a, Complex<T> b) {
    return {Round(static_cast<Wide>(static_cast<U>(Prod(a.real, b.real)) - static_cast<U>(Prod(a.imag, b.imag)))),
            Round(static_cast<Wide>(static_cast<U>(Prod(a.real, b.imag)) + static_cast<U>(Prod(a.imag, b.real))))};
  }
  // C_FIXDIV: x * (SAMP_MAX / radix), rounded.
  static void FixDiv(Complex<T>* c, int radix) {
    const Wide k = kMax / radix;
    c->real = Round(static_cast<Wide>(c->real) * k);
    c->imag = Round(static_cast<Wide>(c->imag) * k);
  }
  static T Twiddle(double v) { return static_cast<T>(std::floor(.5 + static_cast<double>(kMax) * v)); }
};

struct FloatOps {
  static float Add(float a, float b) { return a + b; }
  static float Sub(float a, float b) { return a - b; }
  static float Neg(float a) { return -a; }
  static float HalfSum(float a, float b) { return static_cast<float>((a + b) * .5); }
  static float HalfDiff(float a, float b) { return static_cast<float>((a - b) * .5); }
  static Complex<float> Mul(Complex<float> a, Complex<float> b) {
    return {a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real};
  }
  static void FixDiv(Complex<float>*, int) {}
  static float Twiddle(double v) { return static_cast<float>(v); }
};

template <typename T>
struct OpsOf;
template <>
struct OpsOf<int16_t> {
  using type = FixedOps<int16_t, int32_t, 15>;
};
template <>
struct OpsOf<int32_t> {
  using type = FixedOps<int32_t, int64_t, 31>;
};
template <>
struct OpsOf<float> {
  using type = FloatOps;
};

template <typename T>
Complex<T> CAdd(Complex<T> a, Complex<T> b) {
  using Ops = typename OpsOf<T>::type;
  return {Ops::Add(a.real, b.real), Ops::Add(a.imag, b.imag)};
}
template <typename T>
Complex<T> CSub(Complex<T> a, Complex<T> b) {
  using Ops = typename OpsOf<T>::type;
  return {Ops::Sub(a.real, b.real), Ops::Sub(a.imag, b.imag)};
}
template <typename T>
Complex<T> Expi(double phase) {
  using Ops = typename OpsOf<T>::type;
  return {Ops::Twiddle(std::cos(phase)), Ops::Twiddle(std::sin(phase))};
}

// kf_factor for a power of two >= 2: radix 4 while it divides, then 2.
template <typename T>
void Factor(int n, RealFftPlan<T>* plan) {
  plan->stages = 0;
  do {
    const int p = n % 4 == 0 ? 4 : 2;
    n /= p;
    plan->radix[plan->stages] = p;
    plan->length[plan->stages] = n;
    ++plan->stages;
  } while (n > 1);
}

template <typename T>
void Butterfly2(const RealFftPlan<T>& plan, Complex<T>* out, int stride, int m) {
  using Ops = typename OpsOf<T>::type;
  for (int k = 0; k < m; ++k) {
    Ops::FixDiv(&out[k], 2);
    Ops::FixDiv(&out[k + m], 2);
    const Complex<T> t = Ops::Mul(out[k + m], plan.twiddles[k * stride]);
    out[k + m] = CSub(out[k], t);
    out[k] = CAdd(out[k], t);
  }
}

template <typename T>
void Butterfly4(const RealFftPlan<T>& plan, Complex<T>* out, int stride, int m) {
  using Ops = typename OpsOf<T>::type;
  for (int k = 0; k < m; ++k) {
    Complex<T>* f = out + k;
    for (int j = 0; j < 4; ++j) Ops::FixDiv(&f[j * m], 4);
    const Complex<T> s0 = Ops::Mul(f[m], plan.twiddles[k * stride]);
    const Complex<T> s1 = Ops::Mul(f[2 * m], plan.twiddles[2 * k * stride]);
    const Complex<T> s2 = Ops::Mul(f[3 * m], plan.twiddles[3 * k * stride]);
    const Complex<T> s5 = CSub(f[0], s1);
    f[0] = CAdd(f[0], s1);
    const Complex<T> s3 = CAdd(s0, s2);
    const Complex<T> s4 = CSub(s0, s2);
    f[2 * m] = CSub(f[0], s3);
    f[0] = CAdd(f[0], s3);
    // Multiplying s4 by -i (forward) or i (inverse).
    const Complex<T> rotated = plan.inverse ? Complex<T>{Ops::Neg(s4.imag), s4.real} : Complex<T>{s4.imag, Ops::Neg(s4.real)};
    f[m] = CAdd(s5, rotated);
    f[3 * m] = CSub(s5, rotated);
  }
}

// kf_work: the length-(radix * length) DFT of in[0], in[stride], ... into out, stage by stage.
template <typename T>
void Work(const RealFftPlan<T>& plan, Complex<T>* out, const Complex<T>* in, int stride, int stage) {
  const int p = plan.radix[stage];
  const int m = plan.length[stage];
  for (int q = 0; q < p; ++q) {
    if (m == 1) {
      out[q] = in[q * stride];
    } else {
      Work(plan, out + q * m, in + q * stride, stride * p, stage + 1);
    }
  }
  if (p == 4) {
    Butterfly4(plan, out, stride, m);
  } else {
    Butterfly2(plan, out, stride, m);
  }
}

}  // namespace

template <typename T>
size_t RealFftStateBytes(int32_t fft_length) {
  const size_t n = static_cast<size_t>(fft_length / 2);
  return sizeof(Complex<T>) * (n + n / 2 + n);
}

template <typename T>
RealFftPlan<T> InitRealFft(int32_t fft_length, bool inverse, void* memory) {
  RealFftPlan<T> plan;
  const int n = fft_length / 2;
  plan.complex_length = n;
  plan.inverse = inverse;
  Factor(n, &plan);
  auto* twiddles = static_cast<Complex<T>*>(memory);
  auto* super_twiddles = twiddles + n;
  plan.work = super_twiddles + n / 2;
  for (int i = 0; i < n; ++i) {
    double phase = -2 * kPi * i / n;
    if (inverse) phase *= -1;
    twiddles[i] = Expi<T>(phase);
  }
  for (int i = 0; i < n / 2; ++i) {
    double phase = -kPiR * (static_cast<double>(i + 1) / n + .5);
    if (inverse) phase *= -1;
    super_twiddles[i] = Expi<T>(phase);
  }
  plan.twiddles = twiddles;
  plan.super_twiddles = super_twiddles;
  return plan;
}

template <typename T>
void RealFft(const RealFftPlan<T>& plan, const T* input, Complex<T>* output) {
  using Ops = typename OpsOf<T>::type;
  const int n = plan.complex_length;
  Complex<T>* tmp = plan.work;
  Work(plan, tmp, reinterpret_cast<const Complex<T>*>(input), 1, 0);
  Complex<T> dc = tmp[0];
  Ops::FixDiv(&dc, 2);
  output[0] = {Ops::Add(dc.real, dc.imag), 0};
  output[n] = {Ops::Sub(dc.real, dc.imag), 0};
  for (int k = 1; k <= n / 2; ++k) {
    Complex<T> fpk = tmp[k];
    Complex<T> fpnk = {tmp[n - k].real, Ops::Neg(tmp[n - k].imag)};
    Ops::FixDiv(&fpk, 2);
    Ops::FixDiv(&fpnk, 2);
    const Complex<T> f1k = CAdd(fpk, fpnk);
    const Complex<T> f2k = CSub(fpk, fpnk);
    const Complex<T> tw = Ops::Mul(f2k, plan.super_twiddles[k - 1]);
    output[k] = {Ops::HalfSum(f1k.real, tw.real), Ops::HalfSum(f1k.imag, tw.imag)};
    output[n - k] = {Ops::HalfDiff(f1k.real, tw.real), Ops::HalfDiff(tw.imag, f1k.imag)};
  }
}

template <typename T>
void RealFftInverse(const RealFftPlan<T>& plan, const Complex<T>* input, T* output) {
  using Ops = typename OpsOf<T>::type;
  const int n = plan.complex_length;
  Complex<T>* tmp = plan.work;
  tmp[0] = {Ops::Add(input[0].real, input[n].real), Ops::Sub(input[0].real, input[n].real)};
  Ops::FixDiv(&tmp[0], 2);
  for (int k = 1; k <= n / 2; ++k) {
    Complex<T> fk = input[k];
    Complex<T> fnkc = {input[n - k].real, Ops::Neg(input[n - k].imag)};
    Ops::FixDiv(&fk, 2);
    Ops::FixDiv(&fnkc, 2);
    const Complex<T> fek = CAdd(fk, fnkc);
    const Complex<T> fok = Ops::Mul(CSub(fk, fnkc), plan.super_twiddles[k - 1]);
    tmp[k] = CAdd(fek, fok);
    tmp[n - k] = CSub(fek, fok);
    tmp[n - k].imag = Ops::Neg(tmp[n - k].imag);
  }
  Work(plan, reinterpret_cast<Complex<T>*>(output), tmp, 1, 0);
}

#define MOTE_INSTANTIATE_REAL_FFT(T)                                                    \
  template size_t RealFftStateBytes<T>(int32_t);                                        \
  template RealFftPlan<T> InitRealFft<T>(int32_t, bool, void*);                         \
  template void RealFft<T>(const RealFftPlan<T>&, const T*, Complex<T>*);               \
  template void RealFftInverse<T>(const RealFftPlan<T>&, const Complex<T>*, T*);
MOTE_INSTANTIATE_REAL_FFT(int16_t)
MOTE_INSTANTIATE_REAL_FFT(int32_t)
MOTE_INSTANTIATE_REAL_FFT(float)
#undef MOTE_INSTANTIATE_REAL_FFT

}  // namespace signal
}  // namespace mote
