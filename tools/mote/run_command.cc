// `mote run`: load, fill inputs, invoke, report outputs (top-k), write outputs, benchmark and profile.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "cli.h"
#include "delegate_option.h"
#include "output_report.h"
#include "mote/host/golden_inputs.h"
#include "mote/host/node_timer.h"
#include "mote/host/npy.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"
#include "mote/op_resolver.h"

namespace mote {
namespace cli {
namespace {

using Clock = std::chrono::steady_clock;

struct RunOptions {
  std::string model;
  std::vector<std::string> inputs;
  std::string output_dir;
  size_t arena = kDefaultArenaBytes;
  size_t top = 5;
  std::string labels;
  bool bench = false;
  size_t runs = 20;
  size_t warmup = 3;
  bool profile = false;
  bool npy_outputs = false;
  size_t max_loop_iterations = 0;  // 0: WHILE loops run as long as the model says
  DelegateOption delegate;         // --delegate xnnpack [--threads N]
  bool in_place = true;             // --no-in-place: MicroInterpreter::SetInPlaceExecution(false)
  bool reorder = true;              // --no-reorder: MicroInterpreter::SetOperatorReordering(false)
  bool prepack = kWeightPrepackingDefault;  // --no-prepack: MicroInterpreter::SetWeightPrepacking(false)
};

bool ParseRunArgs(const std::vector<std::string>& args, RunOptions* o) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string* out) {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "mote run: %s needs a value\n", a.c_str());
        return false;
      }
      *out = args[++i];
      return true;
    };
    auto size_value = [&](size_t* out) {
      std::string v;
      if (!value(&v)) return false;
      if (!ParseSize(v, out)) {
        std::fprintf(stderr, "mote run: %s: '%s' is not a valid number\n", a.c_str(), v.c_str());
        return false;
      }
      return true;
    };
    std::string v;
    bool delegate_ok = true;
    if (ParseDelegateArg("run", args, &i, &o->delegate, &delegate_ok)) {
      if (!delegate_ok) return false;
    } else if (a == "-i" || a == "--input") {
      if (!value(&v)) return false;
      o->inputs.push_back(v);
    } else if (a == "-o" || a == "--output-dir") {
      if (!value(&o->output_dir)) return false;
    } else if (a == "--arena") {
      if (!size_value(&o->arena)) return false;
    } else if (a == "--top") {
      if (!size_value(&o->top)) return false;
    } else if (a == "--labels") {
      if (!value(&o->labels)) return false;
    } else if (a == "--bench") {
      o->bench = true;
    } else if (a == "--runs") {
      if (!size_value(&o->runs)) return false;
      if (o->runs == 0) {
        std::fprintf(stderr, "mote run: --runs must be at least 1\n");
        return false;
      }
    } else if (a == "--warmup") {
      if (!size_value(&o->warmup)) return false;
    } else if (a == "--profile") {
      o->profile = true;
    } else if (a == "--npy") {
      o->npy_outputs = true;
    } else if (a == "--no-in-place") {
      o->in_place = false;
    } else if (a == "--no-reorder") {
      o->reorder = false;
    } else if (a == "--no-prepack") {
      o->prepack = false;
    } else if (a == "--max-loop-iterations") {
      if (!size_value(&o->max_loop_iterations)) return false;
      if (o->max_loop_iterations > 0xffffffffu) {
        std::fprintf(stderr, "mote run: --max-loop-iterations must be at most 4294967295\n");
        return false;
      }
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "mote run: unknown option '%s'\n", a.c_str());
      return false;
    } else if (o->model.empty()) {
      o->model = a;
    } else {
      std::fprintf(stderr, "mote run: unexpected argument '%s' (one model per run)\n", a.c_str());
      return false;
    }
  }
  if (o->model.empty()) {
    std::fprintf(stderr, "mote run: no model given\nusage: mote run MODEL [-i FILE]... [-o DIR]\n");
    return false;
  }
  return true;
}

std::vector<std::string> ReadLabels(const std::string& path) {
  std::vector<std::string> labels;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    labels.push_back(line);
  }
  return labels;
}

using Profile = host::NodeTimer;

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Read before the interpreter is built, so a bad file fails fast and nothing is written.
bool ReadInputFiles(const RunOptions& o, std::vector<host::AlignedBuffer>* files) {
  files->resize(o.inputs.size());
  for (size_t k = 0; k < o.inputs.size(); ++k) {
    std::string error;
    if (!host::ReadFile(o.inputs[k], &(*files)[k], &error)) {
      std::fprintf(stderr, "mote run: input %zu: %s\n", k, error.c_str());
      return false;
    }
  }
  return true;
}

// Input k: a .npy array (dtype and shape must match the tensor) or raw bytes of exactly the tensor's size.
// Sets (*data)[k] to the bytes to copy into input k; returns an exit code.
int MatchInputs(const RunOptions& o, MicroInterpreter& interpreter, const std::vector<host::AlignedBuffer>& files,
                std::vector<const uint8_t*>* data) {
  if (!o.inputs.empty() && o.inputs.size() != interpreter.inputs_size()) {
    std::fprintf(stderr, "mote run: the model has %zu input(s) but %zu -i file(s) were given\n",
                 interpreter.inputs_size(), o.inputs.size());
    return kExitUsage;
  }
  data->resize(o.inputs.size());
  for (size_t k = 0; k < o.inputs.size(); ++k) {
    const TfLiteTensor* t = interpreter.input(k);
    (*data)[k] = files[k].data();
    if (host::IsNpyFile(files[k].data(), files[k].size())) {
      host::NpyArray array;
      std::string error;
      if (!host::ParseNpy(files[k].data(), files[k].size(), &array, &error) ||
          !host::NpyMatchesTensor(array, t, &error)) {
        std::fprintf(stderr, "mote run: input %zu ('%s', %s) from '%s': %s\n", k, t->name, DescribeTensor(t).c_str(),
                     o.inputs[k].c_str(), error.c_str());
        return kExitFailure;
      }
      (*data)[k] = array.data;
      continue;
    }
    if (files[k].size() != t->bytes) {
      std::fprintf(stderr, "mote run: input %zu ('%s', %s) needs %zu bytes, but '%s' has %zu bytes\n", k, t->name,
                   DescribeTensor(t).c_str(), t->bytes, o.inputs[k].c_str(), files[k].size());
      return kExitFailure;
    }
  }
  return kExitOk;
}

// Before every Invoke: once its last reader has run, an input's bytes may hold later tensors (the planner shares them).
void FillInputs(const RunOptions& o, MicroInterpreter& interpreter, const std::vector<const uint8_t*>& data) {
  for (size_t k = 0; k < interpreter.inputs_size(); ++k) {
    TfLiteTensor* t = interpreter.input(k);
    if (o.inputs.empty()) {
      host::FillGoldenInput(static_cast<int>(k), t->type, t->data.raw, t->bytes);
    } else {
      std::memcpy(t->data.raw, data[k], t->bytes);
    }
  }
}

// --labels, else labels.txt beside the model (none if it is missing).
std::vector<std::string> LabelsFor(const RunOptions& o) {
  if (!o.labels.empty()) return ReadLabels(o.labels);
  const size_t slash = o.model.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "." : o.model.substr(0, slash);
  return ReadLabels(dir + "/labels.txt");
}

void PrintResults(const RunOptions& o, const schema::Model* model, MicroInterpreter& interpreter, double first_ms) {
  const std::vector<std::string> labels = LabelsFor(o);
  std::printf("model %s: %zu input(s), %zu output(s), arena %zu bytes\n", o.model.c_str(), interpreter.inputs_size(),
              interpreter.outputs_size(), interpreter.arena_used_bytes());
  for (size_t k = 0; k < interpreter.outputs_size(); ++k) {
    const TfLiteTensor* t = interpreter.output(k);
    PrintOutput(k, t, LooksLikeClassScores(model, k, t, !labels.empty()), o.top, labels);
  }
  std::printf("time per inference: %.3f ms (first run)\n", first_ms);
}

// All outputs or none: a failure leaves no partial set behind. Returns an exit code.
int WriteOutputs(const RunOptions& o, MicroInterpreter& interpreter) {
  if (!host::IsDirectory(o.output_dir)) {
    std::fprintf(stderr, "mote run: output directory '%s' does not exist\n", o.output_dir.c_str());
    return kExitFailure;
  }
  std::vector<host::FileToWrite> files;
  for (size_t k = 0; k < interpreter.outputs_size(); ++k) {
    const TfLiteTensor* t = interpreter.output(k);
    if (o.npy_outputs) {
      std::vector<uint8_t> npy;
      if (!host::EncodeNpy(t->type, t->dims, t->data.uint8, t->bytes, &npy)) {
        std::fprintf(stderr, "mote run: output %zu is %s, which .npy cannot hold\n", k, TfLiteTypeGetName(t->type));
        return kExitFailure;
      }
      files.push_back({o.output_dir + "/output" + std::to_string(k) + ".npy", std::move(npy)});
      continue;
    }
    files.push_back({o.output_dir + "/output" + std::to_string(k) + ".bin",
                     std::vector<uint8_t>(t->data.uint8, t->data.uint8 + t->bytes)});
  }
  std::string error;
  if (!host::WriteFilesAtomically(files, &error)) {
    std::fprintf(stderr, "mote run: %s\n", error.c_str());
    return kExitFailure;
  }
  return kExitOk;
}

// Node rows slowest first, then the time per op; `times` are the measured Invokes the profile covers.
void PrintProfile(const RunOptions& o, MicroInterpreter& interpreter, const Profile& profile,
                  const std::vector<double>& times) {
  double total = 0;
  for (double v : profile.ms) total += v;
  std::vector<size_t> order(profile.ms.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return profile.ms[a] > profile.ms[b]; });
  double measured = 0;
  for (double t : times) measured += t;
  std::printf(
      "profile (mean per Invoke over %zu runs): node times sum to %.3f ms of %.3f ms measured per Invoke "
      "(%.1f%%; the rest is the interpreter loop and the timer itself)\n",
      o.runs, total / o.runs, measured / o.runs, measured > 0 ? 100.0 * total / measured : 0.0);
  std::printf("  %5s  %-20s %-36s %10s %7s\n", "node", "op", "variant", "ms", "share");
  std::map<std::string, double> per_op;
  for (size_t i : order) {
    const NodeInfo info = interpreter.node_info(i);
    const double ms = profile.ms[i] / o.runs;
    per_op[info.op_name] += ms;
    std::printf("  %5d  %-20s %-36s %10.4f %6.1f%%", info.index, info.op_name, info.variant, ms,
                total > 0 ? 100.0 * profile.ms[i] / total : 0.0);
    // A delegate kernel's row says which model nodes it runs.
    if (info.replaced_nodes != nullptr) {
      std::printf("  replaces node%s", info.replaced_nodes->size == 1 ? "" : "s");
      for (int k = 0; k < info.replaced_nodes->size; ++k)
        std::printf("%s%d", k == 0 ? " " : ",", info.replaced_nodes->data[k]);
    }
    std::printf("\n");
  }
  std::printf("  per op:\n");
  for (const auto& kv : per_op)
    std::printf("    %-20s %10.4f ms %6.1f%%\n", kv.first.c_str(), kv.second,
                total > 0 ? 100.0 * kv.second * o.runs / total : 0.0);
}

// --bench / --profile: warm-up runs (their status is not checked), then timed runs. Returns an exit code.
int Benchmark(const RunOptions& o, MicroInterpreter& interpreter, const std::vector<const uint8_t*>& input_data) {
  Profile profile(interpreter.operators_size());
  for (size_t w = 0; w < o.warmup; ++w) {
    FillInputs(o, interpreter, input_data);
    interpreter.Invoke();
  }
  if (o.profile) interpreter.SetNodeHook(Profile::Hook, &profile);
  std::vector<double> times;
  for (size_t r = 0; r < o.runs; ++r) {
    FillInputs(o, interpreter, input_data);
    const auto s = Clock::now();
    const TfLiteStatus invoked = interpreter.Invoke();
    if (invoked != kTfLiteOk && invoked != kTfLiteAbort) return kExitFailure;
    times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - s).count());
  }
  interpreter.SetNodeHook(nullptr, nullptr);
  const double mn = *std::min_element(times.begin(), times.end());
  const double mx = *std::max_element(times.begin(), times.end());
  const double med = Median(times);
  std::printf("bench: %zu runs after %zu warm-up: min %.4f ms, median %.4f ms, max %.4f ms, %.1f inferences/s\n",
              o.runs, o.warmup, mn, med, mx, 1000.0 / med);
  if (o.profile) PrintProfile(o, interpreter, profile, times);
  return kExitOk;
}

}  // namespace

int RunCommand(const std::vector<std::string>& args) {
  RunOptions o;
  if (!ParseRunArgs(args, &o)) return kExitUsage;
  host::AlignedBuffer model;
  if (!LoadModelFile(o.model, &model)) return kExitFailure;
  std::vector<host::AlignedBuffer> input_files;
  if (!ReadInputFiles(o, &input_files)) return kExitFailure;

  static AllOpsResolver resolver;
  host::AlignedBuffer arena(o.arena);
  AppliedDelegate delegate;  // outlives the interpreter
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  interpreter.SetMaxLoopIterations(static_cast<uint32_t>(o.max_loop_iterations));
  interpreter.SetInPlaceExecution(o.in_place);
  interpreter.SetOperatorReordering(o.reorder);
  interpreter.SetWeightPrepacking(o.prepack);
  if (interpreter.initialization_status() == kTfLiteOk && !delegate.Apply("run", o.delegate, interpreter))
    return kExitFailure;
  if (interpreter.initialization_status() != kTfLiteOk || interpreter.AllocateTensors() != kTfLiteOk) {
    std::fprintf(stderr, "mote run: cannot run '%s' (see the messages above)\n", o.model.c_str());
    return kExitFailure;
  }
  std::vector<const uint8_t*> input_data;
  const int matched = MatchInputs(o, interpreter, input_files, &input_data);
  if (matched != kExitOk) return matched;

  FillInputs(o, interpreter, input_data);
  const auto t0 = Clock::now();
  const TfLiteStatus invoked = interpreter.Invoke();
  if (invoked == kTfLiteAbort) {
    // Not an error (CIRCULAR_BUFFER waiting for frames): the nodes after the one that aborted did not run.
    std::fprintf(stderr, "mote run: Invoke() ended early (kTfLiteAbort: the model waits for more input)\n");
  } else if (invoked != kTfLiteOk) {
    std::fprintf(stderr, "mote run: Invoke() failed\n");
    return kExitFailure;
  }
  const double first_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  PrintResults(o, schema::GetModel(model.data()), interpreter, first_ms);
  delegate.PrintSummary(false);

  if (!o.output_dir.empty()) {
    const int written = WriteOutputs(o, interpreter);
    if (written != kExitOk) return written;
  }
  return o.bench || o.profile ? Benchmark(o, interpreter, input_data) : kExitOk;
}

}  // namespace cli
}  // namespace mote
