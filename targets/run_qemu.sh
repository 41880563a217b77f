#!/usr/bin/env bash
# Runs a bare-metal mote image under qemu-system-arm with semihosting; the image's exit code is this script's.
#
#   targets/run_qemu.sh [--timeout SECONDS] [--icount SHIFT] BOARD ELF
#     BOARD: mps2-an385 (Cortex-M3: runs the Cortex-M0+ build), mps2-an386 (Cortex-M4), mps2-an500 (Cortex-M7), mps2-an505 (Cortex-M33), mps3-an547 (Cortex-M55)
#
# Exit status: the program's (semihosting SYS_EXIT_EXTENDED), 124 on timeout, 0xE0 + exception number when the
# program faulted (startup.c), 77 when qemu-system-arm is not installed (CTest reports the test as skipped).
# For instruction counts use the shared instrument instead (bench/cortex_m/README or docs/cortex-m.md).
set -euo pipefail
timeout_s=600 icount=
while [[ $# -gt 0 && $1 == --* ]]; do
  case $1 in
    --timeout) timeout_s=$2; shift ;;
    --icount) icount=$2; shift ;;
    *) echo "run_qemu.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[[ $# -eq 2 ]] || { echo "usage: run_qemu.sh [--timeout S] [--icount SHIFT] BOARD ELF" >&2; exit 2; }
board=$1 elf=$2
case $board in
  mps2-an385) cpu=cortex-m3 ;;
  mps2-an386) cpu=cortex-m4 ;;
  mps2-an500) cpu=cortex-m7 ;;
  mps2-an505) cpu=cortex-m33 ;;
  mps3-an547) cpu=cortex-m55 ;;
  *) echo "run_qemu.sh: unknown board '$board'" >&2; exit 2 ;;
esac
if ! command -v qemu-system-arm >/dev/null 2>&1; then
  echo "qemu-system-arm not found (apt-get install qemu-system-arm): skipping $(basename "$elf")"
  exit 77
fi
args=(-M "$board" -cpu "$cpu" -nographic -monitor none -serial null
      -semihosting-config enable=on,target=native -kernel "$elf")
[[ -n $icount ]] && args+=(-icount "shift=$icount,sleep=off")
exec timeout "$timeout_s" qemu-system-arm "${args[@]}" </dev/null
