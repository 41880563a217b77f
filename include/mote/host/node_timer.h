// Wall time per node through MicroInterpreter::SetNodeHook, shared by `mote run --profile` and `mote report`.
// HOST ONLY: allocates (one double per node) and reads the steady clock around every node.
//
//   mote::host::NodeTimer timer(interpreter.operators_size());
//   interpreter.SetNodeHook(mote::host::NodeTimer::Hook, &timer);   // then Invoke() N times
//   interpreter.SetNodeHook(nullptr, nullptr);                      // timer.ms[i]: node i's total over the N
#ifndef MOTE_HOST_NODE_TIMER_H_
#define MOTE_HOST_NODE_TIMER_H_

#include <chrono>
#include <cstddef>
#include <vector>

namespace mote {
namespace host {

struct NodeTimer {
  explicit NodeTimer(size_t nodes) : ms(nodes, 0.0) {}
  std::vector<double> ms;  // milliseconds summed over every timed Invoke, per plan position
  std::chrono::steady_clock::time_point start;

  static void Hook(void* user, size_t position, bool after) {
    auto* t = static_cast<NodeTimer*>(user);
    if (!after) {
      t->start = std::chrono::steady_clock::now();
    } else if (position < t->ms.size()) {
      t->ms[position] += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t->start).count();
    }
  }
};

}  // namespace host
}  // namespace mote

#endif  // MOTE_HOST_NODE_TIMER_H_
