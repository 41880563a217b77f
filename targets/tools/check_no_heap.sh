#!/usr/bin/env bash
# Link-level no-heap check for bare-metal builds: the core library must not reference any allocator, and an
# application image (mote + board layer + libc, linked with --gc-sections) must contain none.
#
#   check_no_heap.sh NM LIBMOTE.a APP.elf
# Exit 0 when clean; otherwise prints the offending symbols (and, for the library, the objects needing them).
set -euo pipefail
nm=$1 lib=$2 elf=$3
heap='^(malloc|free|calloc|realloc|memalign|aligned_alloc|posix_memalign|_malloc_r|_free_r|_calloc_r|_realloc_r'
heap+='|_sbrk_r|_Znwj|_Znaj|_ZnwjRKSt9nothrow_t|_ZnajRKSt9nothrow_t|_ZdlPv|_ZdaPv|_ZdlPvj|_ZdaPvj'
heap+='|__cxa_allocate_exception|__cxa_throw)$'
status=0
lib_refs=$("$nm" -A -u "$lib" 2>/dev/null | awk '{print $1, $NF}' | grep -E " ${heap#^}" || true)
if [[ -n $lib_refs ]]; then
  echo "FAIL: $(basename "$lib") references allocation functions:"
  echo "$lib_refs" | sed 's/^/  /'
  status=1
fi
elf_syms=$("$nm" "$elf" | awk '{print $NF}' | grep -E "$heap" || true)
if [[ -n $elf_syms ]]; then
  echo "FAIL: $(basename "$elf") links allocation functions:" $elf_syms
  status=1
fi
[[ $status == 0 ]] && echo "no heap: $(basename "$lib") references no allocator; $(basename "$elf") links none"
exit $status
