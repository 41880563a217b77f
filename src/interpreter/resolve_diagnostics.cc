#include "interpreter/resolve_diagnostics.h"

#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "mote/micro_log.h"

namespace mote {
namespace {

// Bounded text builder over a stack buffer (no heap); silently truncates.
class Text {
 public:
  Text(char* buffer, size_t size) : buffer_(buffer), size_(size) { buffer_[0] = '\0'; }
  void Add(const char* format, ...) {
    if (used_ + 1 >= size_) return;
    va_list args;
    va_start(args, format);
    const int n = std::vsnprintf(buffer_ + used_, size_ - used_, format, args);
    va_end(args);
    if (n > 0) used_ = (used_ + static_cast<size_t>(n) < size_) ? used_ + static_cast<size_t>(n) : size_ - 1;
  }
  const char* str() const { return buffer_; }

 private:
  char* buffer_;
  size_t size_;
  size_t used_ = 0;
};

char Fold(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

void AddVersions(Text* text, int min_version, int max_version) {
  if (min_version == kAnyVersion) {
    text->Add("any version");
  } else if (max_version == 0x7fffffff) {
    text->Add("versions %d and up", min_version);
  } else if (min_version == max_version) {
    text->Add("version %d", min_version);
  } else {
    text->Add("versions %d-%d", min_version, max_version);
  }
}

void AddRegisteredList(Text* text, const MicroOpResolver& resolver, bool* listed) {
  const int n = resolver.NumRegistrations();
  if (n > 0 && *listed) {
    text->Add(" (Registered ops: listed above.)");
    return;
  }
  *listed = true;
  if (n == 0) {
    text->Add(" The resolver has no ops registered.");
    return;
  }
  text->Add(" Registered ops (%d):", n);
  for (int i = 0; i < n; ++i) {
    const OpResolverEntry e = resolver.GetRegistration(i);
    if (e.custom_name != nullptr) {
      text->Add("%s custom '%s'", i == 0 ? "" : ",", e.custom_name);
    } else {
      text->Add("%s %s", i == 0 ? "" : ",", BuiltinOperatorName(e.code));
    }
  }
  text->Add(".");
}

}  // namespace

int BoundedEditDistance(const char* a, const char* b, int limit, bool fold_case) {
  const size_t la = std::strlen(a);
  const size_t lb = std::strlen(b);
  constexpr size_t kMax = 64;
  if (la > kMax || lb > kMax) return limit + 1;
  const int diff = la > lb ? static_cast<int>(la - lb) : static_cast<int>(lb - la);
  if (diff > limit) return limit + 1;
  int prev[kMax + 1];
  int cur[kMax + 1];
  for (size_t j = 0; j <= lb; ++j) prev[j] = static_cast<int>(j);
  for (size_t i = 1; i <= la; ++i) {
    cur[0] = static_cast<int>(i);
    int row_min = cur[0];
    for (size_t j = 1; j <= lb; ++j) {
      const char ca = fold_case ? Fold(a[i - 1]) : a[i - 1];
      const char cb = fold_case ? Fold(b[j - 1]) : b[j - 1];
      int best = prev[j - 1] + (ca == cb ? 0 : 1);
      if (prev[j] + 1 < best) best = prev[j] + 1;
      if (cur[j - 1] + 1 < best) best = cur[j - 1] + 1;
      cur[j] = best;
      if (best < row_min) row_min = best;
    }
    if (row_min > limit) return limit + 1;
    for (size_t j = 0; j <= lb; ++j) prev[j] = cur[j];
  }
  return prev[lb] > limit ? limit + 1 : prev[lb];
}

void ReportMissingBuiltinOp(const MicroOpResolver& resolver, int32_t code, int version, bool* listed) {
  char buffer[kMaxLogMessageBytes];
  Text text(buffer, sizeof(buffer));
  const char* name = BuiltinOperatorName(code);
  text.Add("Didn't find op for builtin opcode '%s' version '%d'.", name, version);
  // Registered, but not for this version?
  bool registered = false;
  for (int i = 0; i < resolver.NumRegistrations(); ++i) {
    const OpResolverEntry e = resolver.GetRegistration(i);
    if (e.custom_name != nullptr || e.code != code) continue;
    registered = true;
    text.Add(" %s is registered for ", name);
    AddVersions(&text, e.min_version, e.max_version);
    text.Add(", not version %d.", version);
  }
  if (!registered) {
    const char* add = OpTableAddMethodName(code);
    if (add != nullptr) {
      const int max_version = OpTableMaxVersion(code);
      if (version > max_version) {
        text.Add(" mote's %s kernel implements versions 1-%d.", name, max_version);
      } else {
        text.Add(" Add it with resolver.%s().", add);
      }
    } else {
      text.Add(" mote has no builtin kernel for %s; register your own with resolver.AddBuiltin("
               "tflite::BuiltinOperator_%s, registration).", name, name);
    }
    AddRegisteredList(&text, resolver, listed);
  }
  MicroPrintf("%s", text.str());
}

void ReportMissingCustomOp(const MicroOpResolver& resolver, const char* name, int version, bool* listed) {
  char buffer[kMaxLogMessageBytes];
  Text text(buffer, sizeof(buffer));
  text.Add("Didn't find custom op for name '%s' version '%d'.", name, version);
  if (std::strncmp(name, "Flex", 4) == 0) {
    text.Add(" '%s' is a TensorFlow (Flex) op: the model needs the TensorFlow Flex delegate, which mote does "
             "not run. Convert the model with TFLite builtin ops only.", name);
    MicroPrintf("%s", text.str());
    return;
  }
  // Same name, other version? Near-miss name?
  const char* near = nullptr;
  int near_distance = 3;
  for (int i = 0; i < resolver.NumRegistrations(); ++i) {
    const OpResolverEntry e = resolver.GetRegistration(i);
    if (e.custom_name == nullptr) continue;
    if (std::strcmp(e.custom_name, name) == 0) {
      text.Add(" '%s' is registered for ", name);
      AddVersions(&text, e.min_version, e.max_version);
      text.Add(".");
      MicroPrintf("%s", text.str());
      return;
    }
    const int folded = BoundedEditDistance(e.custom_name, name, 2, true);
    const int d = folded == 0 ? 0 : BoundedEditDistance(e.custom_name, name, 2, false);
    if (d < near_distance) {
      near_distance = d;
      near = e.custom_name;
    }
  }
  if (near != nullptr) {
    text.Add(" Did you mean '%s'? (custom op names are case-sensitive and must match exactly)", near);
  } else {
    text.Add(" Register it with resolver.AddCustom(\"%s\", registration).", name);
  }
  AddRegisteredList(&text, resolver, listed);
  MicroPrintf("%s", text.str());
}

}  // namespace mote
