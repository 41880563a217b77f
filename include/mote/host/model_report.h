// `mote report`: one self-contained HTML page about a model (inline SVG, CSS and a little JS; nothing fetched):
// the graph with each node's kernel variant, the memory plan as a timeline (tensor lifetimes x arena offsets,
// the peak marked), per-node time from a profiling run, the ops the model needs and whether this build has
// them, and the generated resolver. Its facts come from the same code as `mote inspect` (model_inspect.h),
// `mote run --profile` (MicroInterpreter's node hook) and `mote gen-resolver` (resolver_header.h).
//
// HOST ONLY (mote_host): allocates freely.
#ifndef MOTE_HOST_MODEL_REPORT_H_
#define MOTE_HOST_MODEL_REPORT_H_

#include <cstddef>
#include <string>

#include "mote/host/file_io.h"

namespace mote {
namespace host {

struct ReportOptions {
  size_t profile_runs = 20;  // timed Invokes (after 3 warm-ups) behind the per-node bars; 0: no profile
};

// The page for `model` (shown as `model_name`). False, with *error set, only when the bytes are not a valid
// model: a model this build cannot run still gets a page (its problems, the ops it lacks, no plan).
bool BuildModelReport(const std::string& model_name, const AlignedBuffer& model, const ReportOptions& options,
                      std::string* html, std::string* error);

}  // namespace host
}  // namespace mote

#endif  // MOTE_HOST_MODEL_REPORT_H_
