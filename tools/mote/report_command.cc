// `mote report MODEL [-o FILE] [--runs N]`: one self-contained HTML page about MODEL (mote/host/model_report.h).
#include <cstdio>
#include <string>
#include <vector>

#include "cli.h"
#include "mote/host/model_report.h"

namespace mote {
namespace cli {
namespace {

struct ReportArgs {
  std::string model;
  std::string output = "report.html";
  host::ReportOptions options;
};

bool ParseReportArgs(const std::vector<std::string>& args, ReportArgs* o) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_value = i + 1 < args.size();
    if ((a == "-o" || a == "--output" || a == "--runs") && !has_value) {
      std::fprintf(stderr, "mote report: %s needs a value\n", a.c_str());
      return false;
    }
    if (a == "-o" || a == "--output") {
      o->output = args[++i];
    } else if (a == "--runs") {
      if (!ParseSize(args[++i], &o->options.profile_runs)) {
        std::fprintf(stderr, "mote report: --runs: '%s' is not a valid number\n", args[i].c_str());
        return false;
      }
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "mote report: unknown option '%s'\n", a.c_str());
      return false;
    } else if (o->model.empty()) {
      o->model = a;
    } else {
      std::fprintf(stderr, "mote report: unexpected argument '%s' (one model at a time)\n", a.c_str());
      return false;
    }
  }
  if (o->model.empty()) {
    std::fprintf(stderr, "mote report: no model given\nusage: mote report MODEL [-o FILE] [--runs N]\n");
    return false;
  }
  return true;
}

}  // namespace

int ReportCommand(const std::vector<std::string>& args) {
  ReportArgs o;
  if (!ParseReportArgs(args, &o)) return kExitUsage;
  host::AlignedBuffer model;
  if (!LoadModelFile(o.model, &model)) return kExitFailure;
  std::string html, error;
  if (!host::BuildModelReport(o.model, model, o.options, &html, &error)) {
    std::fprintf(stderr, "mote report: '%s' %s\n", o.model.c_str(), error.c_str());
    return kExitFailure;
  }
  if (!host::WriteFilesAtomically({{o.output, std::vector<uint8_t>(html.begin(), html.end())}}, &error)) {
    std::fprintf(stderr, "mote report: %s\n", error.c_str());
    return kExitFailure;
  }
  std::printf("mote report: wrote %s (%zu bytes)\n", o.output.c_str(), html.size());
  return kExitOk;
}

}  // namespace cli
}  // namespace mote
