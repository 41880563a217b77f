#!/bin/bash
# The shared instruction counter (../shared/tools/qemu-cortex-m/run_qemu.sh) with one more board: the
# Cortex-M0+ build runs on QEMU's Cortex-M3 board mps2-an385. QEMU 7.2 models no Cortex-M0+ board with enough
# memory; Armv6-M is a subset of Armv7-M, so the -mcpu=cortex-m0plus image executes unchanged there and the
# count is that of the same Armv6-M instruction stream (instructions, not M0+ cycles).
#
#   qemu_count.sh [--count] [--prof FILE] [--hist N] [--icount S] [--timeout T] CPU ELF
#     CPU: m0plus (mps2-an385), m4 (mps2-an386), m7 (mps2-an500), m55 (mps3-an547)
# Options and output as the shared script's (its README); the plugin is the shared one, built on first use into
# $QEMU_INSNCOUNT_DIR (default /tmp/qemu-insncount). QEMU_CORTEX_M_TOOL overrides the instrument's directory.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TOOL="${QEMU_CORTEX_M_TOOL:-$HERE/../../../shared/tools/qemu-cortex-m}"
PLUGIN_DIR="${QEMU_INSNCOUNT_DIR:-${TMPDIR:-/tmp}/qemu-insncount}"
PLUGIN="$PLUGIN_DIR/libinsncount.so"
count=0 mode=insn hist=0 icount= tmo=1800 prof=
while [[ $# -gt 0 && $1 == --* ]]; do
  case $1 in
    --count) count=1 ;;
    --tb) mode=tb ;;
    --hist) hist=$2; shift ;;
    --prof) prof=$(realpath -m "$2"); count=1; shift ;;
    --icount) icount=$2; shift ;;
    --timeout) tmo=$2; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[[ $# -eq 2 ]] || { echo "usage: qemu_count.sh [options] CPU ELF" >&2; exit 2; }
CPU=$1 ELF=$2
case $CPU in
  m0plus) MACHINE=mps2-an385 CPUTYPE=cortex-m3 ;;
  m4)  MACHINE=mps2-an386 CPUTYPE=cortex-m4 ;;
  m7)  MACHINE=mps2-an500 CPUTYPE=cortex-m7 ;;
  m55) MACHINE=mps3-an547 CPUTYPE=cortex-m55 ;;
  *) echo "CPU must be m0plus, m4, m7 or m55" >&2; exit 2 ;;
esac
args=()
if [[ $count == 1 ]]; then
  [[ -f $TOOL/plugin/insncount.c ]] || { echo "qemu_count.sh: $TOOL/plugin/insncount.c not found" >&2; exit 2; }
  [[ -f $PLUGIN ]] || { mkdir -p "$PLUGIN_DIR" && gcc -shared -fPIC -O2 -Wall -Wextra -fvisibility=hidden \
    -o "$PLUGIN" "$TOOL/plugin/insncount.c" -I"$TOOL/plugin" >&2; }
  b=$(arm-none-eabi-nm "$ELF" | awk '$3=="insn_region_begin"{print $1}')
  e=$(arm-none-eabi-nm "$ELF" | awk '$3=="insn_region_end"{print $1}')
  [[ -n $b && -n $e ]] || { echo "markers not found in $ELF" >&2; exit 2; }
  args+=(-plugin "$PLUGIN,begin=0x$b,end=0x$e,mode=$mode,hist=$hist${prof:+,prof=$prof}")
fi
[[ -n $icount ]] && args+=(-icount "shift=$icount,sleep=off")
exec timeout "$tmo" qemu-system-arm -M "$MACHINE" -cpu "$CPUTYPE" -nographic -monitor none \
  -semihosting-config enable=on,target=native "${args[@]}" -kernel "$ELF" </dev/null
