#!/usr/bin/env bash
# Every file of the regression corpus through the command-line program as a user would run it:
# `mote inspect FILE`, `mote inspect --json FILE` and `mote run FILE` must each end with exit status 0 (ran) or
# 1 (refused, with a message) — never a crash, a sanitizer report (exit 99 below) or a hang (60 s).
#   check_cli.sh MOTE_BINARY DIR...
set -uo pipefail
mote="$1"
shift
export ASAN_OPTIONS="exitcode=99:detect_leaks=1:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="exitcode=99:halt_on_error=1:print_stacktrace=1:${UBSAN_OPTIONS:-}"
failures=0
count=0
while IFS= read -r -d '' file; do
  count=$((count + 1))
  for cmd in "inspect" "inspect --json" "run"; do
    # shellcheck disable=SC2086
    timeout 60 "$mote" $cmd "$file" >/dev/null 2>/tmp/mote_check_cli.$$
    status=$?
    if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
      echo "FAIL: mote $cmd $file exited with status $status"
      tail -n 30 /tmp/mote_check_cli.$$
      failures=$((failures + 1))
    fi
  done
done < <(find "$@" -type f ! -name '.*' -print0 | sort -z)
rm -f /tmp/mote_check_cli.$$
echo "$count files x 3 commands: $failures failure(s)"
[ "$failures" -eq 0 ]
