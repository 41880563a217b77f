// mote kernel C API: the TensorFlow Lite C types that kernels, custom ops and delegates are written against.
//
// Layout and names follow TFLite / TFLM (tensorflow/lite/core/c/common.h) so that kernel source written for
// TFLM compiles unchanged; mote keeps only what a static-memory runtime needs. Everything here is plain C.
//
// Lifetimes: every pointer a kernel receives through these structs (tensors, dims, node arrays, params) is
// owned by the interpreter and stays valid from init until free; tensor data of activations is only valid
// inside invoke (the memory planner reuses it between nodes).
#ifndef MOTE_C_COMMON_H_
#define MOTE_C_COMMON_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum TfLiteStatus {
  kTfLiteOk = 0,
  kTfLiteError = 1,
  kTfLiteDelegateError = 2,
  kTfLiteApplicationError = 3,
  kTfLiteDelegateDataNotFound = 4,
  kTfLiteDelegateDataWriteError = 5,
  kTfLiteDelegateDataReadError = 6,
  kTfLiteUnresolvedOps = 7,
  kTfLiteCancelled = 8,
} TfLiteStatus;

// Values match TFLite's TfLiteType (not the schema's TensorType; see mote/schema_types.h).
typedef enum TfLiteType {
  kTfLiteNoType = 0,
  kTfLiteFloat32 = 1,
  kTfLiteInt32 = 2,
  kTfLiteUInt8 = 3,
  kTfLiteInt64 = 4,
  kTfLiteString = 5,
  kTfLiteBool = 6,
  kTfLiteInt16 = 7,
  kTfLiteComplex64 = 8,
  kTfLiteInt8 = 9,
  kTfLiteFloat16 = 10,
  kTfLiteFloat64 = 11,
  kTfLiteComplex128 = 12,
  kTfLiteUInt64 = 13,
  kTfLiteResource = 14,
  kTfLiteVariant = 15,
  kTfLiteUInt32 = 16,
  kTfLiteUInt16 = 17,
  kTfLiteInt4 = 18,
  kTfLiteBFloat16 = 19,
} TfLiteType;

// Name of a type ("INT8", "FLOAT32"...), "Unknown type" for anything else.
const char* TfLiteTypeGetName(TfLiteType type);

// The tensor index a node lists for an absent optional input (a model's -1).
#define kTfLiteOptionalTensor (-1)

// A length-prefixed int array. mote points tensor dims straight into the model (a FlatBuffers [int] vector
// has exactly this layout), so dims reached through a tensor are read-only.
typedef struct TfLiteIntArray {
  int size;
  int data[];
} TfLiteIntArray;

typedef struct TfLiteFloatArray {
  int size;
  float data[];
} TfLiteFloatArray;

// Bytes an int array of `size` elements occupies. TfLiteIntArrayCreate/Free exist for source compatibility
// and for host tools only: they use the C heap, which the core library never calls.
size_t TfLiteIntArrayGetSizeInBytes(int size);
TfLiteIntArray* TfLiteIntArrayCreate(int size);
void TfLiteIntArrayFree(TfLiteIntArray* a);
int TfLiteIntArrayEqual(const TfLiteIntArray* a, const TfLiteIntArray* b);
int TfLiteIntArrayEqualsArray(const TfLiteIntArray* a, int b_size, const int b_data[]);

typedef struct TfLiteComplex64 {
  float re, im;
} TfLiteComplex64;
typedef struct TfLiteFloat16 {
  uint16_t data;
} TfLiteFloat16;

typedef union TfLitePtrUnion {
  int32_t* i32;
  uint32_t* u32;
  int64_t* i64;
  uint64_t* u64;
  float* f;
  TfLiteFloat16* f16;
  double* f64;
  char* raw;
  const char* raw_const;
  uint8_t* uint8;
  bool* b;
  int16_t* i16;
  uint16_t* ui16;
  TfLiteComplex64* c64;
  int8_t* int8;
  void* data;
} TfLitePtrUnion;

typedef enum TfLiteAllocationType {
  kTfLiteMemNone = 0,
  kTfLiteMmapRo,
  kTfLiteArenaRw,
  kTfLiteArenaRwPersistent,
  kTfLiteDynamic,
  kTfLitePersistentRo,
  kTfLiteCustom,
  kTfLiteVariantObject,
} TfLiteAllocationType;

// Legacy per-tensor quantization (scale, zero point); mirrors quantization.params for per-tensor tensors.
typedef struct TfLiteQuantizationParams {
  float scale;
  int32_t zero_point;
} TfLiteQuantizationParams;

typedef enum TfLiteQuantizationType {
  kTfLiteNoQuantization = 0,
  kTfLiteAffineQuantization = 1,
} TfLiteQuantizationType;

typedef struct TfLiteQuantization {
  TfLiteQuantizationType type;
  void* params;  // TfLiteAffineQuantization* when type == kTfLiteAffineQuantization
} TfLiteQuantization;

// Affine quantization: scale->size == zero_point->size == 1 (per tensor) or the size of
// quantized_dimension (per channel).
typedef struct TfLiteAffineQuantization {
  TfLiteFloatArray* scale;
  TfLiteIntArray* zero_point;
  int32_t quantized_dimension;
} TfLiteAffineQuantization;

// The full tensor view, used during prepare (temp tensors) and for the interpreter's inputs/outputs.
// Fields ordered largest first (as TFLM's micro TfLiteTensor) so that no padding is wasted: prepare holds a
// few of these at a time in the arena.
typedef struct TfLiteTensor {
  TfLiteQuantization quantization;
  TfLiteQuantizationParams params;
  TfLitePtrUnion data;
  TfLiteIntArray* dims;
  size_t bytes;
  const char* name;
  const TfLiteIntArray* dims_signature;
  TfLiteType type;
  TfLiteAllocationType allocation_type;
  bool is_variable;
} TfLiteTensor;

// The small tensor view kernels use during invoke.
typedef struct TfLiteEvalTensor {
  TfLitePtrUnion data;
  TfLiteIntArray* dims;
  TfLiteType type;
} TfLiteEvalTensor;

struct TfLiteDelegate;

typedef struct TfLiteNode {
  TfLiteIntArray* inputs;   // tensor indices; -1 = optional input absent
  TfLiteIntArray* outputs;
  TfLiteIntArray* intermediates;
  void* user_data;           // what init returned
  void* builtin_data;        // parsed builtin params (TfLiteConvParams*...), or NULL; a delegate kernel's
                             // TfLiteDelegateParams (which names its delegate)
  const void* custom_initial_data;  // custom options bytes from the model, or NULL
  int custom_initial_data_size;
} TfLiteNode;

struct TfLiteRegistration;
typedef struct TfLiteRegistration TfLiteRegistration;

// What ReplaceNodeSubsetsWithDelegateKernels gives a delegate kernel's init (as `buffer`, length 0).
typedef struct TfLiteDelegateParams {
  struct TfLiteDelegate* delegate;
  TfLiteIntArray* nodes_to_replace;
  TfLiteIntArray* input_tensors;
  TfLiteIntArray* output_tensors;
} TfLiteDelegateParams;

typedef struct TfLiteContext {
  size_t tensors_size;
  // TFLite's array of every tensor. nullptr on micro builds (as in TFLM: use GetTensor / GetEvalTensor); the
  // TFLite-style host API (mote/host_interpreter.h) points it at its tensor views.
  TfLiteTensor* tensors;

  TfLiteStatus (*GetExecutionPlan)(struct TfLiteContext* context, TfLiteIntArray** execution_plan);
  TfLiteStatus (*GetNodeAndRegistration)(struct TfLiteContext* context, int node_index, TfLiteNode** node,
                                         TfLiteRegistration** registration);
  TfLiteStatus (*ReplaceNodeSubsetsWithDelegateKernels)(struct TfLiteContext* context,
                                                        TfLiteRegistration registration,
                                                        const TfLiteIntArray* nodes_to_replace,
                                                        struct TfLiteDelegate* delegate);
  void (*ReportError)(struct TfLiteContext* context, const char* format, ...);

  // Persistent memory, valid until the interpreter is destroyed (init and prepare only).
  void* (*AllocatePersistentBuffer)(struct TfLiteContext* context, size_t bytes);
  // Scratch memory for invoke, requested in prepare; the index is passed to GetScratchBuffer in invoke.
  TfLiteStatus (*RequestScratchBufferInArena)(struct TfLiteContext* context, size_t bytes, int* buffer_idx);
  void* (*GetScratchBuffer)(struct TfLiteContext* context, int buffer_idx);
  // Prepare-time full tensor view (a temp tensor, released after the node's prepare).
  TfLiteTensor* (*GetTensor)(const struct TfLiteContext* context, int tensor_idx);
  TfLiteEvalTensor* (*GetEvalTensor)(const struct TfLiteContext* context, int tensor_idx);

  void* impl_;  // the interpreter's MicroContext
  int recommended_num_threads;
} TfLiteContext;

// A kernel. TFLM's TFLMRegistration plus TFLite's profiling_string/version (so one struct serves both APIs).
struct TfLiteRegistration {
  void* (*init)(TfLiteContext* context, const char* buffer, size_t length);
  void (*free)(TfLiteContext* context, void* buffer);
  TfLiteStatus (*prepare)(TfLiteContext* context, TfLiteNode* node);
  TfLiteStatus (*invoke)(TfLiteContext* context, TfLiteNode* node);
  void (*reset)(TfLiteContext* context, void* buffer);
  int32_t builtin_code;
  const char* custom_name;
  const char* (*profiling_string)(const TfLiteContext* context, const TfLiteNode* node);
  int version;
  // mote: the kernel variant this registration runs by default ("fully_connected/any/reference"); a
  // kernel may report a more specific one per node from prepare (mote::ReportKernelVariant).
  const char* variant;
};
typedef TfLiteRegistration TFLMRegistration;

typedef enum TfLiteDelegateFlags {
  kTfLiteDelegateFlagsNone = 0,
  kTfLiteDelegateFlagsAllowDynamicTensors = 1,
} TfLiteDelegateFlags;

// A tensor buffer in a delegate's own memory (TFLite). mote keeps every tensor in the arena and never calls
// the buffer-handle functions; they exist so that TFLite delegate code compiles.
typedef int TfLiteBufferHandle;
enum { kTfLiteNullBufferHandle = -1 };

struct TfLiteOpaqueDelegateBuilder;

// Field order as in TFLite. Start from TfLiteDelegateCreate() (or zero-initialise) and set Prepare.
typedef struct TfLiteDelegate {
  void* data_;
  TfLiteStatus (*Prepare)(TfLiteContext* context, struct TfLiteDelegate* delegate);
  TfLiteStatus (*CopyFromBufferHandle)(TfLiteContext* context, struct TfLiteDelegate* delegate,
                                       TfLiteBufferHandle buffer_handle, TfLiteTensor* tensor);
  TfLiteStatus (*CopyToBufferHandle)(TfLiteContext* context, struct TfLiteDelegate* delegate,
                                     TfLiteBufferHandle buffer_handle, TfLiteTensor* tensor);
  void (*FreeBufferHandle)(TfLiteContext* context, struct TfLiteDelegate* delegate, TfLiteBufferHandle* handle);
  int64_t flags;
  struct TfLiteOpaqueDelegateBuilder* opaque_delegate_builder;  // unused by mote
} TfLiteDelegate;

// A delegate with every field null and no flags (TFLite's TfLiteDelegateCreate).
static inline TfLiteDelegate TfLiteDelegateCreate(void) {
  TfLiteDelegate d;
  d.data_ = NULL;
  d.Prepare = NULL;
  d.CopyFromBufferHandle = NULL;
  d.CopyToBufferHandle = NULL;
  d.FreeBufferHandle = NULL;
  d.flags = kTfLiteDelegateFlagsNone;
  d.opaque_delegate_builder = NULL;
  return d;
}

// Error reporting for TF_LITE_ENSURE*: routes to context->ReportError, which goes to the MicroPrintf sink.
#if defined(MOTE_STRIP_ERROR_STRINGS)
// Stripped builds (smallest targets, as TFLM's TF_LITE_STRIP_ERROR_STRINGS): kernel messages compile to nothing,
// so neither their format strings nor TF_LITE_ENSURE's file names and expressions reach flash (the dead call
// keeps the arguments "used", so variables that only feed messages do not warn). Statuses are unchanged.
#define TF_LITE_KERNEL_LOG(context, ...)                       \
  do {                                                         \
    if (0) (context)->ReportError((context), __VA_ARGS__);     \
  } while (0)
#define TF_LITE_MAYBE_KERNEL_LOG(context, ...)                 \
  do {                                                         \
    if (0) (context)->ReportError((context), __VA_ARGS__);     \
  } while (0)
#else
#define TF_LITE_KERNEL_LOG(context, ...)            \
  do {                                              \
    (context)->ReportError((context), __VA_ARGS__); \
  } while (0)

#define TF_LITE_MAYBE_KERNEL_LOG(context, ...) \
  do {                                         \
    if ((context) != NULL) {                   \
      (context)->ReportError((context), __VA_ARGS__); \
    }                                          \
  } while (0)
#endif

#define TF_LITE_ENSURE_MSG(context, value, msg)        \
  do {                                                 \
    if (!(value)) {                                    \
      TF_LITE_KERNEL_LOG((context), "%s:%d %s", __FILE__, __LINE__, (msg)); \
      return kTfLiteError;                             \
    }                                                  \
  } while (0)

#define TF_LITE_ENSURE(context, a)                                               \
  do {                                                                           \
    if (!(a)) {                                                                  \
      TF_LITE_KERNEL_LOG((context), "%s:%d %s was not true.", __FILE__, __LINE__, #a); \
      return kTfLiteError;                                                       \
    }                                                                            \
  } while (0)

// The status variable's name cannot collide with one in `a` (TFLM's `s` made TF_LITE_ENSURE_STATUS(f(s))
// read an uninitialised value).
#define TF_LITE_ENSURE_STATUS(a)                    \
  do {                                              \
    const TfLiteStatus mote_ensure_status_ = (a);   \
    if (mote_ensure_status_ != kTfLiteOk) {         \
      return mote_ensure_status_;                   \
    }                                               \
  } while (0)

#define TF_LITE_ENSURE_EQ(context, a, b)                                                       \
  do {                                                                                         \
    if ((a) != (b)) {                                                                          \
      TF_LITE_KERNEL_LOG((context), "%s:%d %s != %s (%d != %d)", __FILE__, __LINE__, #a, #b, \
                         (int)(a), (int)(b));                                                  \
      return kTfLiteError;                                                                     \
    }                                                                                          \
  } while (0)

#define TF_LITE_ENSURE_NEAR(context, a, b, epsilon)                                          \
  do {                                                                                       \
    double delta = ((a) > (b)) ? ((a) - (b)) : ((b) - (a));                                  \
    if (delta > (epsilon)) {                                                                 \
      TF_LITE_KERNEL_LOG((context), "%s:%d %s not near %s (%f != %f)", __FILE__, __LINE__, #a, \
                         #b, (double)(a), (double)(b));                                      \
      return kTfLiteError;                                                                   \
    }                                                                                        \
  } while (0)

#define TF_LITE_ENSURE_TYPES_EQ(context, a, b)                                                    \
  do {                                                                                            \
    if ((a) != (b)) {                                                                             \
      TF_LITE_KERNEL_LOG((context), "%s:%d %s != %s (%s != %s)", __FILE__, __LINE__, #a, #b,    \
                         TfLiteTypeGetName(a), TfLiteTypeGetName(b));                             \
      return kTfLiteError;                                                                        \
    }                                                                                             \
  } while (0)

#define TF_LITE_ENSURE_OK(context, status)            \
  do {                                                \
    const TfLiteStatus mote_ensure_status_ = (status); \
    if (mote_ensure_status_ != kTfLiteOk) {           \
      (void)(context);                                \
      return mote_ensure_status_;                     \
    }                                                 \
  } while (0)

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // MOTE_C_COMMON_H_
