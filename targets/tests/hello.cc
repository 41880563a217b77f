// Board smoke test: console output, mote's log sink and the exit status reach the host.
#include "board.h"
#include "mote/micro_log.h"

int main() {
  board_install_log_sink();
  board_printf("hello from %s on %s\n", board_core(), board_name());
  MicroPrintf("mote log sink: %d %s", 7, "ok");
  return 0;
}
