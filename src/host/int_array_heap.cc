// TfLiteIntArrayCreate/Free use the C heap: host builds only (tools, tests, TFLite-style host API). The core
// library never calls them.
#include <cstdlib>

#include "mote/c/common.h"

extern "C" {
TfLiteIntArray* TfLiteIntArrayCreate(int size) {
  if (size < 0) return nullptr;
  auto* a = static_cast<TfLiteIntArray*>(std::malloc(TfLiteIntArrayGetSizeInBytes(size)));
  if (a != nullptr) a->size = size;
  return a;
}
void TfLiteIntArrayFree(TfLiteIntArray* a) { std::free(a); }
}
