#!/usr/bin/env python3
"""Instruction mix of a Cortex-M profile: reads the output of the QEMU instrument's profile.py (top functions and
mnemonics with counts, run with a large N so that every mnemonic is listed) and prints, as markdown, the share of
loads, stores and multiply-accumulates and the functions that take the instructions.

    python3 bench/cortex_m/instruction_mix.py PROFILE_TXT
"""
import re
import sys

# Multiply-accumulate instructions (scalar, DSP and Helium): one or more products added to an accumulator.
MAC = re.compile(r"^(mla|mls|smla.*|smlsd.*|smmla.*|smmls.*|umla.*|vmla.*|vmlsdav.*|vfma.*|vfms.*|vrmlal.*)$")
LOAD = re.compile(r"^(ldr.*|ldm.*|pop.*|vldr.*|vld[24].*|vldm.*|vpop)$")
STORE = re.compile(r"^(str.*|stm.*|push.*|vstr.*|vst[24].*|vstm.*|vpush)$")


def parse(path):
    functions, mnemonics, total, section = [], [], 0, None
    for line in open(path):
        if line.startswith("total insns in regions:"):
            total = int(line.split(":")[1])
        elif line.startswith("top functions"):
            section = functions
        elif line.startswith("top mnemonics"):
            section = mnemonics
        elif section is not None and line.strip():
            m = re.match(r"\s*[\d.]+%\s+(\d+)\s+(.*)$", line)
            if m:
                section.append((m.group(2).strip(), int(m.group(1))))
    return total, functions, mnemonics


def main():
    total, functions, mnemonics = parse(sys.argv[1])
    if total == 0:
        sys.exit("instruction_mix.py: no instructions in %s" % sys.argv[1])
    listed = sum(c for _, c in mnemonics)
    share = lambda rx: sum(c for m, c in mnemonics if rx.match(m)) / total * 100.0
    print("| class | share of instructions |")
    print("|---|---|")
    print("| multiply-accumulate (%s) | %.1f %% |" % (", ".join(sorted({m for m, _ in mnemonics if MAC.match(m)})),
                                                   share(MAC)))
    print("| loads | %.1f %% |" % share(LOAD))
    print("| stores | %.1f %% |" % share(STORE))
    print("| other | %.1f %% |" % (100.0 - share(MAC) - share(LOAD) - share(STORE)))
    if listed < total:
        print("\n(mnemonics listed cover %.1f %% of the %d instructions)" % (100.0 * listed / total, total))
    print("\n| function | instructions | share |")
    print("|---|---|---|")
    for name, count in functions[:12]:
        print("| `%s` | %d | %.1f %% |" % (name.replace("|", "\\|")[:90], count, 100.0 * count / total))


if __name__ == "__main__":
    main()
