// Shared pieces of the `mote` command-line program.
#ifndef MOTE_TOOLS_CLI_H_
#define MOTE_TOOLS_CLI_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "mote/host/file_io.h"
#include "mote/micro_interpreter.h"

namespace mote {
namespace cli {

// Exit codes: 0 ok, 1 the model/run failed, 2 usage error.
constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

int RunCommand(const std::vector<std::string>& args);
int InspectCommand(const std::vector<std::string>& args);
int GenResolverCommand(const std::vector<std::string>& args);
int ReportCommand(const std::vector<std::string>& args);

// Parses a non-negative integer with an optional K/M suffix (KiB/MiB); false on garbage or overflow.
bool ParseSize(const std::string& text, size_t* value);

// "INT8 [1, 96, 96, 3]"
std::string DescribeTensor(const TfLiteTensor* t);

// Loads a model file into an aligned buffer; prints the reason and returns false on failure.
bool LoadModelFile(const std::string& path, host::AlignedBuffer* model);

constexpr size_t kDefaultArenaBytes = 64u << 20;

}  // namespace cli
}  // namespace mote

#endif  // MOTE_TOOLS_CLI_H_
