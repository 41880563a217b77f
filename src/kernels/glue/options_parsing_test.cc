// The options parsers when the arena has no room for their params: every parser of the op table that
// allocates refuses with AllocateParams' one message, naming its op, and leaves builtin_data null.
#include <string>

#include "flatbuffers/flatbuffers.h"
#include "gtest/gtest.h"
#include "kernels/glue/options_parsing.h"
#include "mote/op_registrations.h"
#include "support/single_op.h"

namespace mote {
namespace {

// An exhausted arena: every allocation fails.
class ExhaustedAllocator : public BuiltinDataAllocator {
 public:
  void* Allocate(size_t, size_t) override { return nullptr; }
};

struct ParserRow {
  const char* code;
  BuiltinParseFn parse;
};

#define MOTE_PARSER_ROW(code, add_name, parser, max_version) {#code, parser},
constexpr ParserRow kParsers[] = {MOTE_BUILTIN_OPS(MOTE_PARSER_ROW)};
#undef MOTE_PARSER_ROW

// The name a parser's message carries: its op, or the family a shared parser serves.
std::string MessageName(const std::string& code) {
  return code == "AVERAGE_POOL_2D" || code == "MAX_POOL_2D" || code == "L2_POOL_2D" ? "POOL_2D" : code;
}

TEST(OptionsParsing, EveryParserRefusesAnExhaustedArenaNamingItsOp) {
  flatbuffers::FlatBufferBuilder fbb;
  fbb.Finish(schema::CreateOperator(fbb));  // no options table: the parsers' schema defaults
  const auto* op = flatbuffers::GetRoot<schema::Operator>(fbb.GetBufferPointer());
  int allocating = 0;
  for (const ParserRow& row : kParsers) {
    if (row.parse == ParseNoOptions) continue;
    ++allocating;
    test::LogCapture log;
    ExhaustedAllocator allocator;
    void* builtin_data = &allocator;  // any non-null value: the parser must clear it
    EXPECT_EQ(row.parse(op, &allocator, &builtin_data), kTfLiteError) << row.code;
    EXPECT_EQ(builtin_data, nullptr) << row.code;
    EXPECT_EQ(log.text, MessageName(row.code) + ": out of memory for the options\n") << row.code;
  }
  EXPECT_EQ(allocating, 45) << "parsers with options in the op table (ParsePool counted for each of the three pools)";
}

TEST(OptionsParsing, AllocateParamsValueInitialisesWhatItAllocates) {
  alignas(16) unsigned char storage[sizeof(TfLiteConvParams)];
  for (unsigned char& b : storage) b = 0xA5;
  class OneShot : public BuiltinDataAllocator {
   public:
    explicit OneShot(void* p) : p_(p) {}
    void* Allocate(size_t, size_t) override { return p_; }

   private:
    void* p_;
  } allocator(storage);
  test::LogCapture log;
  auto* params = AllocateParams<TfLiteConvParams>(&allocator, "CONV_2D");
  ASSERT_EQ(static_cast<void*>(params), static_cast<void*>(storage));
  EXPECT_EQ(params->stride_width, 0);
  EXPECT_EQ(params->dilation_height_factor, 0);
  EXPECT_EQ(log.text, "");
}

}  // namespace
}  // namespace mote
