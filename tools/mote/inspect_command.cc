// `mote inspect` and `mote gen-resolver` (issue #4 completes them).
#include <cstdio>
#include <string>
#include <vector>

#include "cli.h"

namespace mote {
namespace cli {

int InspectCommand(const std::vector<std::string>& args) {
  std::fprintf(stderr, "mote inspect: not available in this build yet\n");
  return kExitUsage;
}

int GenResolverCommand(const std::vector<std::string>& args) {
  std::fprintf(stderr, "mote gen-resolver: not available in this build yet\n");
  return kExitUsage;
}

}  // namespace cli
}  // namespace mote
