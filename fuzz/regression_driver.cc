// Replays files through the fuzzing path (fuzz_runner.h) without libFuzzer: the regression corpus test
// (fuzz/regressions: every input that ever crashed, hung or tripped a sanitizer) and the seed corpus. Run by
// CTest in the release and ASan builds; a crash, a sanitizer report or a hang fails the test.
//
//   mote_fuzz_regressions [--verbose] [--determinism] [--arena BYTES] PATH...   (files, or directories, recursively)
//
// Each file runs with the arena libFuzzer would have given it and again with the 64 MiB arena `mote run` and
// `mote inspect` use (or only with --arena BYTES). --determinism also runs every model that invoked twice more,
// with the arena pre-filled with 0x00 and 0xA5: different outputs mean a kernel or the planner read arena bytes
// nothing wrote. Exit 0 when every file ran to a status (and was deterministic); 1 otherwise; 2 on usage errors.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_runner.h"

namespace {

bool ReadFile(const std::string& path, std::vector<uint8_t>* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  bool verbose = false;
  bool determinism = false;
  size_t nondeterministic = 0;
  size_t fixed_arena = 0;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--verbose") {
      verbose = true;
    } else if (a == "--determinism") {
      determinism = true;
    } else if (a == "--arena" && i + 1 < argc) {
      fixed_arena = std::strtoull(argv[++i], nullptr, 10);
    } else if (std::filesystem::is_directory(a)) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(a)) {
        if (e.is_regular_file() && e.path().filename().string()[0] != '.') files.push_back(e.path().string());
      }
    } else if (std::filesystem::is_regular_file(a)) {
      files.push_back(a);
    } else {
      std::fprintf(stderr, "mote_fuzz_regressions: '%s' is neither a file nor a directory\n", a.c_str());
      return 2;
    }
  }
  std::sort(files.begin(), files.end());
  mote::fuzz::InstallLogSink(verbose);
  size_t loaded = 0, allocated = 0, invoked = 0;
  for (const std::string& path : files) {
    std::vector<uint8_t> bytes;
    if (!ReadFile(path, &bytes)) {
      std::fprintf(stderr, "mote_fuzz_regressions: cannot read '%s'\n", path.c_str());
      return 2;
    }
    if (verbose) std::fprintf(stderr, "%s (%zu bytes)\n", path.c_str(), bytes.size());
    const std::vector<size_t> arenas =
        fixed_arena != 0 ? std::vector<size_t>{fixed_arena} : std::vector<size_t>{0, size_t{64} << 20};
    for (size_t arena : arenas) {
      const mote::fuzz::RunResult r = mote::fuzz::RunModel(bytes.data(), bytes.size(), arena);
      if (arena == arenas.front()) {
        loaded += r.loaded;
        allocated += r.allocated;
        invoked += r.invoked;
      }
      if (determinism && r.invoked) {
        // Same input, arena filled differently: the outputs must not change.
        const mote::fuzz::RunResult a = mote::fuzz::RunModel(bytes.data(), bytes.size(), arena, 0x00);
        const mote::fuzz::RunResult b = mote::fuzz::RunModel(bytes.data(), bytes.size(), arena, 0xA5);
        if (a.outputs != b.outputs || a.invoked != b.invoked) {
          std::fprintf(stderr, "NONDETERMINISTIC: %s (arena %zu): outputs depend on uninitialised arena bytes\n",
                       path.c_str(), arena);
          ++nondeterministic;
        }
      }
      if (verbose) {
        std::fprintf(stderr, "  arena %s: loaded %d allocated %d invoked %d\n",
                     arena == 0 ? "(fuzzing)" : std::to_string(arena).c_str(), r.loaded, r.allocated, r.invoked);
      }
    }
  }
  std::printf("%zu files: %zu loaded, %zu allocated, %zu invoked; no crash\n", files.size(), loaded, allocated,
              invoked);
  if (nondeterministic > 0) {
    std::printf("%zu runs read uninitialised arena memory\n", nondeterministic);
    return 1;
  }
  return 0;
}
