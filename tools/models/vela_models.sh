#!/usr/bin/env bash
# Compiles two of mote's int8 test models with Arm's Vela for an Ethos-U55 (128 MACs) and writes the results to
# tests/vela_models/, with a provenance file. The Vela models test that mote loads what Vela writes (scratch
# tensors no operator produces, an offline memory plan that places the NPU's inputs and outputs inside its
# scratch area, the `ethos-u` custom op) and hands an NPU driver the right buffers
# (src/kernels/ethosu/ethosu_test.cc):
#   small_cnn_int8_vela.tflite         tests/models/small_cnn_int8 entirely on the NPU: one ethos-u node
#   sub_mul_float_io_int8_vela.tflite  tests/models/sub_mul_float_io_int8: QUANTIZE x2 -> ethos-u -> DEQUANTIZE
#
# Needs Vela in its own venv (PyPI package ethos-u-vela; .venv-vela/ is git-ignored):
#   python3 -m venv .venv-vela && .venv-vela/bin/pip install ethos-u-vela
#   bash tools/models/vela_models.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
vela="${MOTE_VELA:-$root/.venv-vela/bin/vela}"
out="$root/tests/vela_models"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
{
  echo "made by: tools/models/vela_models.sh"
  echo "vela: $("$vela" --version)"
  echo "options: --accelerator-config ethos-u55-128 (default system config Ethos_U55_High_End_Embedded, memory mode Shared_Sram)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$out/provenance.txt"
for m in small_cnn_int8 sub_mul_float_io_int8; do
  "$vela" --accelerator-config ethos-u55-128 --output-dir "$work/$m" "$root/tests/models/$m/model.tflite" >"$work/$m.log"
  cp "$work/$m/model_vela.tflite" "$out/${m}_vela.tflite"
  echo "${m}_vela.tflite: from tests/models/$m/model.tflite (sha256 $(sha256sum "$root/tests/models/$m/model.tflite" | cut -d' ' -f1)), $(grep -E '^(CPU|NPU) operators' "$work/$m.log" | tr -s ' ' | paste -sd ';' -), sha256 $(sha256sum "$out/${m}_vela.tflite" | cut -d' ' -f1)" >>"$out/provenance.txt"
done
cat "$out/provenance.txt"
