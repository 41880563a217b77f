// MicroInterpreter on the target: lifecycle order and counts (DESIGN §2) with an instrumented custom op, scratch
// buffers, resolver refusals and arena diagnostics. The model is data/custom_chain.tflite (three chained "AddOne"
// custom ops, tags 1-3 in their custom options, float32 [1, 8]; the host's ChainModel(3, 8)).
#include <cstring>

#include "mote/kernel_util.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "mote_test.h"
#include "target_test_support.h"

extern const mote_embed::ModelSet kUnitModels;

namespace {

using mote_target::LogCapture;

// What the instrumented kernel saw, as text: "init:1 init:2 prepare:1 ...".
struct Events {
  char log[512];
  size_t size;
  int fail_prepare_tag;
  int fail_invoke_tag;
  size_t scratch_bytes;
  void* scratch_seen[8];
  int scratch_count;
  void Clear() {
    std::memset(this, 0, sizeof(*this));
    fail_prepare_tag = -1;
    fail_invoke_tag = -1;
  }
  void Add(const char* what, int tag) {
    char item[24];
    const int n = std::snprintf(item, sizeof(item), "%s%s:%d", size == 0 ? "" : " ", what, tag);
    for (int i = 0; i < n && size + 1 < sizeof(log); ++i) log[size++] = item[i];
    log[size] = '\0';
  }
  const char* Take() {  // the log so far, then empty (the returned text stays valid until the next Add)
    static char copy[512];
    std::memcpy(copy, log, size + 1);
    size = 0;
    log[0] = '\0';
    return copy;
  }
};
Events g_events;

struct OpData {
  int tag;
  int scratch_index;
};

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  auto* data = static_cast<OpData*>(context->AllocatePersistentBuffer(context, sizeof(OpData)));
  if (data == nullptr) return nullptr;
  data->tag = length > 0 ? static_cast<unsigned char>(buffer[0]) : 0;
  data->scratch_index = -1;
  g_events.Add("init", data->tag);
  return data;
}
void Free(TfLiteContext*, void* buffer) { g_events.Add("free", static_cast<OpData*>(buffer)->tag); }
void Reset(TfLiteContext*, void* buffer) { g_events.Add("reset", static_cast<OpData*>(buffer)->tag); }
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  g_events.Add("prepare", data->tag);
  if (g_events.fail_prepare_tag == data->tag) {
    TF_LITE_KERNEL_LOG(context, "AddOne: refusing to prepare (tag %d)", data->tag);
    return kTfLiteError;
  }
  mote::MicroContext* mc = mote::GetMicroContext(context);
  TfLiteTensor* in = mc->AllocateTempInputTensor(node, 0);
  TfLiteTensor* out = mc->AllocateTempOutputTensor(node, 0);
  TF_LITE_ENSURE(context, in != nullptr && out != nullptr);
  TF_LITE_ENSURE_TYPES_EQ(context, in->type, kTfLiteFloat32);
  TF_LITE_ENSURE_EQ(context, in->bytes, out->bytes);
  mc->DeallocateTempTfLiteTensor(in);
  mc->DeallocateTempTfLiteTensor(out);
  if (g_events.scratch_bytes > 0) {
    TF_LITE_ENSURE_STATUS(context->RequestScratchBufferInArena(context, g_events.scratch_bytes, &data->scratch_index));
  }
  return kTfLiteOk;
}
TfLiteStatus Invoke(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  g_events.Add("invoke", data->tag);
  if (g_events.fail_invoke_tag == data->tag) {
    TF_LITE_KERNEL_LOG(context, "AddOne: refusing to invoke (tag %d)", data->tag);
    return kTfLiteError;
  }
  const TfLiteEvalTensor* in = mote::micro::GetEvalInput(context, node, 0);
  TfLiteEvalTensor* out = mote::micro::GetEvalOutput(context, node, 0);
  const int n = static_cast<int>(mote::ElementCount(*in->dims));
  for (int i = 0; i < n; ++i) out->data.f[i] = in->data.f[i] + 1.f;
  if (data->scratch_index >= 0) {
    void* scratch = context->GetScratchBuffer(context, data->scratch_index);
    if (g_events.scratch_count < 8) g_events.scratch_seen[g_events.scratch_count++] = scratch;
    if (scratch != nullptr) std::memset(scratch, data->tag, g_events.scratch_bytes);
  }
  return kTfLiteOk;
}
TfLiteRegistration AddOneRegistration() { return mote::micro::RegisterOp(Init, Prepare, Invoke, Free, Reset); }

const mote_embed::Blob& ChainModel() {
  static const mote_embed::Model* model = mote_target::FindModel(kUnitModels, "custom_chain");
  return model->model;
}

constexpr size_t kArena = 16 * 1024;

TEST(Lifecycle, EachPhaseRunsOnceInPlanOrder) {
  g_events.Clear();
  mote::MicroMutableOpResolver<1> resolver;
  ASSERT_EQ(resolver.AddCustom("AddOne", AddOneRegistration()), kTfLiteOk);
  {
    mote::MicroInterpreter interpreter(ChainModel().data, ChainModel().size, resolver, mote_target::Arena(), kArena);
    EXPECT_STREQ(g_events.Take(), "") << "construction must not run kernels";
    ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
    EXPECT_STREQ(g_events.Take(), "init:1 init:2 init:3 prepare:1 prepare:2 prepare:3");
    for (int run = 0; run < 2; ++run) {  // the planner may reuse the input's memory: refill it every time
      for (int i = 0; i < 8; ++i) interpreter.input(0)->data.f[i] = static_cast<float>(i);
      ASSERT_EQ(interpreter.Invoke(), kTfLiteOk);
      for (int i = 0; i < 8; ++i) EXPECT_EQ(interpreter.output(0)->data.f[i], i + 3.f) << "run " << run << " i=" << i;
    }
    EXPECT_STREQ(g_events.Take(), "invoke:1 invoke:2 invoke:3 invoke:1 invoke:2 invoke:3");
    ASSERT_EQ(interpreter.Reset(), kTfLiteOk);
    EXPECT_STREQ(g_events.Take(), "reset:1 reset:2 reset:3");
    EXPECT_STREQ(g_events.Take(), "");
  }
  EXPECT_STREQ(g_events.Take(), "free:1 free:2 free:3");
}

TEST(Lifecycle, ScratchBuffersComeFromThePlannedRegion) {
  g_events.Clear();
  g_events.scratch_bytes = 256;
  mote::MicroMutableOpResolver<1> resolver;
  ASSERT_EQ(resolver.AddCustom("AddOne", AddOneRegistration()), kTfLiteOk);
  uint8_t* arena = mote_target::Arena();
  mote::MicroInterpreter interpreter(ChainModel().data, ChainModel().size, resolver, arena, kArena);
  ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  ASSERT_EQ(interpreter.Invoke(), kTfLiteOk);
  ASSERT_EQ(interpreter.Invoke(), kTfLiteOk);
  ASSERT_EQ(g_events.scratch_count, 6);
  for (int i = 0; i < 6; ++i) {
    auto* p = static_cast<uint8_t*>(g_events.scratch_seen[i]);
    EXPECT_TRUE(p >= arena && p + 256 <= arena + interpreter.arena_used_bytes()) << "scratch " << i << " at " << p;
    EXPECT_EQ(g_events.scratch_seen[i], g_events.scratch_seen[i % 3]) << "a node's scratch buffer must not move";
  }
}

TEST(Lifecycle, PrepareFailureNamesTheNode) {
  g_events.Clear();
  g_events.fail_prepare_tag = 2;
  mote::MicroMutableOpResolver<1> resolver;
  ASSERT_EQ(resolver.AddCustom("AddOne", AddOneRegistration()), kTfLiteOk);
  LogCapture log;
  mote::MicroInterpreter interpreter(ChainModel().data, ChainModel().size, resolver, mote_target::Arena(), kArena);
  EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
  EXPECT_NE(interpreter.Invoke(), kTfLiteOk) << "Invoke after a failed AllocateTensors must fail";
  if (mote_target::kErrorStringsStripped) {
    EXPECT_TRUE(log.empty()) << "stripped build logged: " << log.text();
  } else {
    EXPECT_TRUE(log.Has("AddOne: refusing to prepare (tag 2)")) << log.text();
    EXPECT_TRUE(log.Has("Node number 1 (AddOne) failed to prepare with status 1")) << log.text();
    EXPECT_TRUE(log.Has("Invoke() called before AllocateTensors() succeeded.")) << log.text();
  }
}

TEST(Lifecycle, InvokeFailureNamesTheNode) {
  g_events.Clear();
  g_events.fail_invoke_tag = 3;
  mote::MicroMutableOpResolver<1> resolver;
  ASSERT_EQ(resolver.AddCustom("AddOne", AddOneRegistration()), kTfLiteOk);
  LogCapture log;
  mote::MicroInterpreter interpreter(ChainModel().data, ChainModel().size, resolver, mote_target::Arena(), kArena);
  ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  g_events.Take();
  EXPECT_NE(interpreter.Invoke(), kTfLiteOk);
  EXPECT_STREQ(g_events.Take(), "invoke:1 invoke:2 invoke:3");
  if (!mote_target::kErrorStringsStripped) {
    EXPECT_TRUE(log.Has("Node number 2 (AddOne) failed to invoke with status 1")) << log.text();
  }
}

TEST(Lifecycle, MissingCustomOpFailsWithItsName) {
  g_events.Clear();
  mote::MicroMutableOpResolver<1> resolver;
  ASSERT_EQ(resolver.AddCustom("addone", AddOneRegistration()), kTfLiteOk);
  LogCapture log;
  mote::MicroInterpreter interpreter(ChainModel().data, ChainModel().size, resolver, mote_target::Arena(), kArena);
  EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(g_events.Take(), "") << "no kernel may run when an op is missing";
  if (!mote_target::kErrorStringsStripped) {
    EXPECT_TRUE(log.Has("Didn't find custom op for name 'AddOne' version '1'. Did you mean 'addone'?")) << log.text();
  }
}

TEST(Lifecycle, TooSmallArenaReportsTheBytesNeeded) {
  g_events.Clear();
  mote::MicroMutableOpResolver<1> resolver;
  ASSERT_EQ(resolver.AddCustom("AddOne", AddOneRegistration()), kTfLiteOk);
  size_t used = 0;
  {
    mote::MicroInterpreter interpreter(ChainModel().data, ChainModel().size, resolver, mote_target::Arena(), kArena);
    ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
    used = interpreter.arena_used_bytes();
  }
  {
    mote::MicroInterpreter interpreter(ChainModel().data, ChainModel().size, resolver, mote_target::Arena(), used);
    EXPECT_EQ(interpreter.AllocateTensors(), kTfLiteOk) << "exactly arena_used_bytes() = " << used;
  }
  LogCapture log;
  mote::MicroInterpreter interpreter(ChainModel().data, ChainModel().size, resolver, mote_target::Arena(), used - 16);
  EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
  if (!mote_target::kErrorStringsStripped) {
    char expected[64];
    std::snprintf(expected, sizeof(expected), "the arena has %u bytes", static_cast<unsigned>(used - 16));
    EXPECT_TRUE(log.Has("Tensor arena too small")) << log.text();
    EXPECT_TRUE(log.Has(expected)) << log.text();
  }
}

TEST(Lifecycle, ArenaMustBeAligned) {
  mote::MicroMutableOpResolver<1> resolver;
  ASSERT_EQ(resolver.AddCustom("AddOne", AddOneRegistration()), kTfLiteOk);
  LogCapture log;
  mote::MicroInterpreter interpreter(ChainModel().data, ChainModel().size, resolver, mote_target::Arena() + 4,
                                     kArena - 16);
  EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
  if (!mote_target::kErrorStringsStripped) {
    EXPECT_TRUE(log.Has("is not 16-byte aligned: declare it with alignas(16).")) << log.text();
  }
}

TEST(Resolver, RefusesCustomDuplicateAndFull) {
  LogCapture log;
  mote::MicroMutableOpResolver<2> resolver;
  EXPECT_NE(resolver.AddBuiltin(mote::schema::BuiltinOperator_CUSTOM, AddOneRegistration()), kTfLiteOk);
  EXPECT_EQ(resolver.AddAdd(), kTfLiteOk);
  EXPECT_NE(resolver.AddAdd(), kTfLiteOk);
  EXPECT_EQ(resolver.AddCustom("AddOne", AddOneRegistration()), kTfLiteOk);
  EXPECT_NE(resolver.AddCustom("AddOne", AddOneRegistration()), kTfLiteOk);
  EXPECT_NE(resolver.AddConv2D(), kTfLiteOk);
  EXPECT_EQ(resolver.NumRegistrations(), 2);
  if (!mote_target::kErrorStringsStripped) {
    EXPECT_TRUE(log.Has("Calling AddBuiltin with the same op more than once is not supported (Op: ADD")) << log.text();
    EXPECT_TRUE(log.Has("Couldn't register builtin op CONV_2D: the resolver is full")) << log.text();
  }
}

TEST(Resolver, AllOpsResolverHasEveryOpOfTheTable) {
  static const mote::AllOpsResolver resolver;
  int expected = 0;
#define MOTE_COUNT_OP(code, add_name, parser, max_version)                                                      \
  ++expected;                                                                                                    \
  EXPECT_TRUE(resolver.FindOp(mote::schema::BuiltinOperator_##code, 1) != nullptr) << #code;                     \
  EXPECT_TRUE(resolver.FindOp(mote::schema::BuiltinOperator_##code, max_version + 1) == nullptr) << #code;
  MOTE_BUILTIN_OPS(MOTE_COUNT_OP)
#undef MOTE_COUNT_OP
#define MOTE_COUNT_CUSTOM_OP(id, custom_name, add_name) \
  ++expected;                                           \
  EXPECT_TRUE(resolver.FindOp(custom_name, 1) != nullptr) << custom_name;
  MOTE_CUSTOM_OPS(MOTE_COUNT_CUSTOM_OP)
#undef MOTE_COUNT_CUSTOM_OP
  EXPECT_EQ(resolver.NumRegistrations(), expected);
  EXPECT_TRUE(resolver.FindOp("AddOne", 1) == nullptr);
}

}  // namespace
