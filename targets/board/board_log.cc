// mote's log sink on the QEMU boards: every message (one complete diagnostic, no trailing newline) goes to the
// semihosting console as one line.
#include "board.h"
#include "mote/micro_log.h"

namespace {
void ConsoleSink(void*, const char* message) {
  board_puts(message);
  board_write("\n", 1);
}
}  // namespace

extern "C" void board_install_log_sink(void) { mote::SetLogSink(ConsoleSink, nullptr); }
