// main() for on-target test images: the board's log sink, then every test; the exit status is the number of
// failed tests (capped at 100, so it cannot be mistaken for a fault status 0xE0+).
#include "board.h"
#include "mote_test.h"

#ifndef MOTE_TEST_FILTER
#define MOTE_TEST_FILTER nullptr
#endif

int main() {
  board_install_log_sink();
  const int failed = mote_test::RunAllTests(MOTE_TEST_FILTER);
  return failed > 100 ? 100 : failed;
}
