#!/usr/bin/env bash
# Cortex-M benchmark: instructions per Invoke() under QEMU (the shared insncount instrument) for the five MLPerf
# Tiny / TFLM example models on Cortex-M4, M7 and M55, and the flash/RAM footprint of each model's firmware with
# its generated resolver and with the all-ops resolver (Cortex-M4). Prints markdown tables next to TFLM's
# figures (docs/cortex-m.md). Not part of CTest: it takes several minutes.
#
#   bash bench/cortex_m/run.sh [--cores "m4 m7 m55"] [--no-footprint] [--no-counts] [--profile CORE:MODEL]...
#   bash bench/cortex_m/run.sh --cores m0plus --no-footprint    # Cortex-M0+ (Armv6-M) on QEMU's M3 board mps2-an385
#   MOTE_HOST_TOOL=build/release/mote bash bench/cortex_m/run.sh     # reuse a host `mote` for gen-resolver
#
# Needs ../shared (models, golden data, tools/qemu-cortex-m); MOTE_SHARED_DIR overrides its location. Builds go to
# build/bench-*; raw outputs (kept between runs, so one core can be re-measured alone) and the report to
# build/bench-cortex-m/.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
shared="$(realpath -m "${MOTE_SHARED_DIR:-$root/../shared}")"
instrument="${QEMU_CORTEX_M_TOOL:-$shared/tools/qemu-cortex-m}"
cores="m4 m7 m55" counts=1 footprint=1 profiles=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --cores) cores=$2; shift ;;
    --no-footprint) footprint=0 ;;
    --no-counts) counts=0 ;;
    --profile) profiles+=("$2"); shift ;;  # per-function and per-mnemonic profile of the optimized kernels
    *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
if [[ ! -x $instrument/run_qemu.sh ]]; then
  echo "run.sh: $instrument/run_qemu.sh not found (set QEMU_CORTEX_M_TOOL)" >&2
  exit 2
fi
out=build/bench-cortex-m
mkdir -p "$out/raw"
jobs=2

# A host `mote` for gen-resolver (MOTE_HOST_TOOL: an existing one; not needed by --no-footprint).
mote="${MOTE_HOST_TOOL:-}"
if [[ -z $mote && $footprint == 1 ]]; then  # only the footprint images need gen-resolver
  echo "== host mote (gen-resolver)"
  cmake -S . -B build/bench-host -DCMAKE_BUILD_TYPE=Release -DMOTE_BUILD_TESTS=OFF >/dev/null
  cmake --build build/bench-host -j$jobs --target mote_cli >/dev/null
  mote="$root/build/bench-host/mote"
fi

# cross_build DIR CORE TARGET_REGEX [cmake args...]: configures and builds the bench/footprint images.
cross_build() {
  local dir=$1 core=$2 regex=$3
  shift 3
  cmake -S . -B "$dir" -DCMAKE_TOOLCHAIN_FILE="cmake/toolchains/arm-none-eabi-cortex-$core.cmake" \
    -DMOTE_CORTEX_M_BENCH=ON -DMOTE_EXECUTABLE="$mote" -DMOTE_SHARED_DIR="$shared" "$@" >/dev/null
  local targets
  targets=$(cmake --build "$dir" --target help | awk '{print $2}' | grep -E "$regex" || true)
  # shellcheck disable=SC2086
  cmake --build "$dir" -j$jobs --target $targets >"$dir.log" 2>&1 || { tail -n 30 "$dir.log"; exit 1; }
}

if [[ $counts == 1 ]]; then
  for core in $cores; do
    rm -f "$out/raw/count-$core-"*
    dir=build/bench-cortex-$core
    echo "== $core: build (Release -O2, reference and optimized kernels)"
    cross_build "$dir" "$core" '^mote_bench_' -DCMAKE_BUILD_TYPE=Release
    for elf in "$dir"/targets/bench_cortex_m/mote_bench_*.elf; do
      model=$(basename "$elf" .elf); model=${model#mote_bench_}
      echo "   $core $model"
      counter="$instrument/run_qemu.sh"
      # The shared instrument knows M4, M7 and M55; bench/cortex_m/qemu_count.sh adds the M0+ on mps2-an385.
      [[ $core == m0plus ]] && counter=bench/cortex_m/qemu_count.sh
      QEMU_CORTEX_M_TOOL="$instrument" "$counter" --count "$core" "$elf" >"$out/raw/count-$core-$model.txt" 2>&1 || {
        cat "$out/raw/count-$core-$model.txt"; echo "run.sh: $model failed on $core"; exit 1; }
    done
  done
fi

if [[ $footprint == 1 ]]; then
  rm -f "$out/raw/footprint-"*
  # name|cmake args: the configurations whose footprint is reported (Cortex-M4). Reference kernels only
  # (MOTE_ARM_KERNELS=OFF), as TFLM's code figures are, except the last one, which adds this core's DSP variants.
  ref="-DMOTE_ARM_KERNELS=OFF"
  for config in "o2|-DCMAKE_BUILD_TYPE=Release $ref" \
                "o2strip|-DCMAKE_BUILD_TYPE=Release -DMOTE_STRIP_ERROR_STRINGS=ON $ref" \
                "osstrip|-DCMAKE_BUILD_TYPE=MinSizeRel -DMOTE_STRIP_ERROR_STRINGS=ON $ref" \
                "o2stripdsp|-DCMAKE_BUILD_TYPE=Release -DMOTE_STRIP_ERROR_STRINGS=ON -DMOTE_ARM_KERNELS=AUTO"; do
    name=${config%%|*} args=${config#*|}
    dir=build/bench-footprint-$name
    echo "== m4 footprint: $name"
    # shellcheck disable=SC2086
    cross_build "$dir" m4 '^mote_footprint_' $args
    for elf in "$dir"/targets/bench_cortex_m/mote_footprint_*.elf; do
      image=$(basename "$elf" .elf); image=${image#mote_footprint_}
      bash targets/run_qemu.sh mps2-an386 "$elf" >"$out/raw/footprint-$name-$image.txt" 2>&1 || {
        cat "$out/raw/footprint-$name-$image.txt"; echo "run.sh: footprint image $image ($name) failed"; exit 1; }
      cp "${elf%.elf}.map" "$out/raw/footprint-$name-$image.map"
    done
  done
fi

# Profiles: an image that counts only the optimized Invoke() (the instrument's per-address profile sums every
# region), joined with the ELF by the instrument's profile.py, then the instruction mix (instruction_mix.py).
for spec in "${profiles[@]}"; do
  core=${spec%%:*} model=${spec#*:}
  dir=build/bench-profile-$core
  echo "== profile: $model on $core (optimized kernels only)"
  cross_build "$dir" "$core" "^mote_bench_${model}\$" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG -DMOTE_BENCH_OPTIMIZED_ONLY"
  elf="$dir/targets/bench_cortex_m/mote_bench_$model.elf"
  counter="$instrument/run_qemu.sh"
  [[ $core == m0plus ]] && counter=bench/cortex_m/qemu_count.sh
  QEMU_CORTEX_M_TOOL="$instrument" "$counter" --count --prof "$out/raw/profile-$core-$model.prof" "$core" "$elf" \
    >"$out/raw/profile-$core-$model.run.txt" 2>&1 || { cat "$out/raw/profile-$core-$model.run.txt"; exit 1; }
  python3 "$instrument/profile.py" "$elf" "$out/raw/profile-$core-$model.prof" 400 >"$out/raw/profile-$core-$model.txt"
  python3 bench/cortex_m/instruction_mix.py "$out/raw/profile-$core-$model.txt" | tee "$out/profile-$core-$model.md"
done

python3 bench/cortex_m/report.py "$out/raw" | tee "$out/report.md"
