// Proves the core library never touches the heap: malloc/calloc/realloc/free and operator new/delete are
// interposed for the whole process, and any call made while "armed" is a failure. Armed around model
// verification, interpreter construction, AllocateTensors(), Invoke() and Reset(), for every project model
// (tests/models, models/demo) and every shared model when ../shared is present.
//
// No GoogleTest here (it allocates); the verdict is the exit code. Sanitizer builds replace malloc
// themselves, so there the test reports itself skipped (exit 77).
#include <dirent.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"

#if defined(__SANITIZE_ADDRESS__)
#define MOTE_NO_HEAP_SKIP 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define MOTE_NO_HEAP_SKIP 1
#endif
#endif

#ifndef MOTE_NO_HEAP_SKIP
extern "C" {
void* __libc_malloc(size_t);
void* __libc_calloc(size_t, size_t);
void* __libc_realloc(void*, size_t);
void __libc_free(void*);
}
#endif

namespace {
volatile bool g_armed = false;
volatile int g_heap_calls = 0;
void Note() {
  if (g_armed) g_heap_calls = g_heap_calls + 1;
}
}  // namespace

#ifndef MOTE_NO_HEAP_SKIP
extern "C" {
void* malloc(size_t n) {
  Note();
  return __libc_malloc(n);
}
void* calloc(size_t a, size_t b) {
  Note();
  return __libc_calloc(a, b);
}
void* realloc(void* p, size_t n) {
  Note();
  return __libc_realloc(p, n);
}
void free(void* p) {
  if (p != nullptr) Note();
  __libc_free(p);
}
}
void* operator new(size_t n) {
  Note();
  void* p = __libc_malloc(n == 0 ? 1 : n);
  if (p == nullptr) std::abort();
  return p;
}
void* operator new[](size_t n) { return operator new(n); }
void operator delete(void* p) noexcept {
  if (p != nullptr) Note();
  __libc_free(p);
}
void operator delete[](void* p) noexcept { operator delete(p); }
void operator delete(void* p, size_t) noexcept { operator delete(p); }
void operator delete[](void* p, size_t) noexcept { operator delete(p); }
#endif

namespace {

std::vector<std::string> Models() {
  std::vector<std::string> out;
  auto scan = [&](const std::string& dir, const std::string& suffix, bool nested) {
    DIR* d = opendir(dir.c_str());
    if (d == nullptr) return;
    while (dirent* e = readdir(d)) {
      if (e->d_name[0] == '.') continue;
      const std::string name = e->d_name;
      if (nested) {
        out.push_back(dir + "/" + name + "/model.tflite");
      } else if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
        out.push_back(dir + "/" + name);
      }
    }
    closedir(d);
  };
  scan(std::string(MOTE_SOURCE_DIR) + "/tests/models", "", true);
  scan(std::string(MOTE_SOURCE_DIR) + "/models/demo", ".tflite", false);
  scan(std::string(MOTE_SHARED_DIR) + "/models", ".tflite", false);
  return out;
}

bool ReadAll(const std::string& path, std::vector<unsigned char>* bytes) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  unsigned char chunk[4096];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0) bytes->insert(bytes->end(), chunk, chunk + n);
  std::fclose(f);
  return !bytes->empty();
}

void QuietSink(void*, const char*) {}

alignas(16) unsigned char g_arena[8 << 20];
alignas(16) unsigned char g_model[1 << 20];

}  // namespace

int main() {
#ifdef MOTE_NO_HEAP_SKIP
  std::printf("no_heap: skipped under a sanitizer (it replaces malloc itself)\n");
  return 77;
#else
  // Self-check: the interposition must see a heap call, or this test could never fail.
  g_heap_calls = 0;
  g_armed = true;
  void* volatile probe = std::malloc(16);
  std::free(probe);
  g_armed = false;
  if (g_heap_calls != 2) {
    std::printf("no_heap: FAILED: malloc/free interposition is not active (%d calls seen)\n", static_cast<int>(g_heap_calls));
    return 1;
  }
  static mote::AllOpsResolver resolver;
  mote::SetLogSink(QuietSink, nullptr);  // the default sink may buffer through stdio
  int failures = 0;
  int checked = 0;
  for (const std::string& path : Models()) {
    std::vector<unsigned char> bytes;
    if (!ReadAll(path, &bytes) || bytes.size() > sizeof(g_model)) continue;
    std::memcpy(g_model, bytes.data(), bytes.size());
    const size_t size = bytes.size();
    g_heap_calls = 0;
    g_armed = true;
    bool ok = false;
    {
      mote::MicroInterpreter interpreter(g_model, size, resolver, g_arena, sizeof(g_arena));
      if (interpreter.AllocateTensors() == kTfLiteOk) {
        for (size_t i = 0; i < interpreter.inputs_size(); ++i)
          std::memset(interpreter.input(i)->data.raw, 0, interpreter.input(i)->bytes);
        ok = interpreter.Invoke() == kTfLiteOk && interpreter.Reset() == kTfLiteOk &&
             interpreter.Invoke() == kTfLiteOk;
      }
    }
    g_armed = false;
    const int calls = g_heap_calls;
    if (!ok) {
      std::printf("no_heap: %s does not run in this build (not counted)\n", path.c_str());
      continue;
    }
    ++checked;
    std::printf("no_heap: %-70s %s (%d heap calls)\n", path.c_str(), calls == 0 ? "ok" : "FAILED", calls);
    if (calls != 0) ++failures;
  }
  if (checked == 0) {
    std::printf("no_heap: FAILED: no model could be checked\n");
    return 1;
  }
  std::printf("no_heap: %d model(s) checked, %d with heap use\n", checked, failures);
  return failures == 0 ? 0 : 1;
#endif
}
