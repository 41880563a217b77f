#!/usr/bin/env bash
# scripts/setup.sh on a machine missing packages: apt's output goes to the log, the terminal gets one line
# naming the packages and the log; a failing apt shows the log's tail and fails. dpkg, apt-get and sudo are
# stubs on PATH here, so nothing is installed.
set -uo pipefail
mote=$1; src=$2; shared=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
mkdir -p "$work/bin"
cat >"$work/bin/dpkg" <<'SH'
#!/bin/sh
[ "$2" = "chromium" ] && exit 1  # the one "missing" package
exit 0
SH
cat >"$work/bin/apt-get" <<'SH'
#!/bin/sh
i=0; while [ $i -lt 50 ]; do echo "Unpacking noise $i ..."; i=$((i + 1)); done
[ -n "${STUB_APT_FAIL:-}" ] && { echo "E: Unable to locate package chromium"; exit 100; }
exit 0
SH
printf '#!/bin/sh\nexec "$@"\n' >"$work/bin/sudo"
chmod +x "$work/bin/"*
PATH="$work/bin:$PATH" MOTE_SETUP_LOG="$work/apt.log" bash "$src/scripts/setup.sh" >"$work/out.txt" 2>&1 ||
  { echo "FAILED: setup.sh with stubs"; cat "$work/out.txt"; fail=1; }
[ "$(wc -l <"$work/out.txt")" = 1 ] || { echo "FAILED: setup printed more than one line"; cat "$work/out.txt"; fail=1; }
grep -qF "setup: installing 1 Debian package(s): chromium (log: $work/apt.log)" "$work/out.txt" ||
  { echo "FAILED: setup's line"; cat "$work/out.txt"; fail=1; }
grep -q "Unpacking noise 49" "$work/apt.log" || { echo "FAILED: apt output not in the log"; fail=1; }
PATH="$work/bin:$PATH" STUB_APT_FAIL=1 MOTE_SETUP_LOG="$work/apt.log" bash "$src/scripts/setup.sh" >"$work/out.txt" 2>&1 &&
  { echo "FAILED: setup.sh succeeded although apt failed"; fail=1; }
grep -qF "E: Unable to locate package chromium" "$work/out.txt" || { echo "FAILED: apt's error not shown"; cat "$work/out.txt"; fail=1; }
grep -qF "setup: apt-get failed (full log: $work/apt.log)" "$work/out.txt" || { echo "FAILED: failure line"; fail=1; }
exit $fail
