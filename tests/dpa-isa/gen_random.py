#!/usr/bin/env python3
"""Generates a random RV64IMAC+Zba/Zbb/Zbs instruction sequence as assembly.

The program loads random values into the registers, runs --length random
valid instruction groups (ALU, M, Zba/Zbb/Zbs, loads and stores to an
aligned scratch buffer, AMOs and LR/SC pairs on aligned addresses,
compressed forms, short forward branches and jumps, short counted loops)
and ends with the runtime's register dump, which also dumps the scratch
buffer. The output depends only on --seed and
--length, and the program for length N is a prefix of the program for any
longer length, so a mismatch can be narrowed down to the first instruction
that causes it (--bisect does that).

Register roles: s0 always points into the middle of the first half of the
scratch buffer and sp into its second half (moved only by c.addi16sp,
within bounds tracked here); neither is ever a destination.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

SCRATCH_SIZE = 8192
S0_OFFSET = 2048          # s0 + [-2048, 2047] covers scratch[0, 4096)
SP_START_OFFSET = 6144
# sp stays where sp-relative offsets 0..504 and the dump's store at sp-8 all
# land inside the second half of the scratch buffer.
SP_MIN_OFFSET = 4096 + 16
SP_MAX_OFFSET = SCRATCH_SIZE - 512

REGISTERS = ["zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1",
             "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4",
             "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"]
PROTECTED = {"sp", "s0"}
WRITABLE = [r for r in REGISTERS if r != "zero" and r not in PROTECTED]
# The 3-bit register field of compressed instructions reaches x8-x15.
COMPRESSED = ["s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5"]
COMPRESSED_WRITABLE = [r for r in COMPRESSED if r not in PROTECTED]

INTERESTING_VALUES = [
    0, 1, 2, 31, 32, 63, 64, 0xffffffffffffffff, 0x7fffffffffffffff,
    0x8000000000000000, 0x7fffffff, 0xffffffff80000000, 0x80000000, 0xffffffff,
    0x100000000, 0x5555555555555555, 0xfffffffffffff800,
]

REGISTER_OPS = [
    "add", "sub", "sll", "srl", "sra", "slt", "sltu", "xor", "or", "and",
    "addw", "subw", "sllw", "srlw", "sraw",
]
MULTIPLY_DIVIDE_OPS = [
    "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu",
    "mulw", "divw", "divuw", "remw", "remuw",
]
BITMANIP_REGISTER_OPS = [
    "add.uw", "sh1add", "sh2add", "sh3add", "sh1add.uw", "sh2add.uw", "sh3add.uw",
    "andn", "orn", "xnor", "max", "maxu", "min", "minu", "rol", "ror", "rolw", "rorw",
    "bclr", "bext", "binv", "bset",
]
# No ctzw: qemu 7.2 returns the 64-bit count when the low word is zero
# (ctzw of 0x10000000000 gives 40, not 32), so random operands would report
# qemu's bug. corpus/zbb.S and corpus/engine_only.S check ctzw instead.
BITMANIP_UNARY_OPS = [
    "clz", "clzw", "ctz", "cpop", "cpopw", "sext.b", "sext.h", "zext.h",
    "orc.b", "rev8", "zext.w",
]
IMMEDIATE_OPS = ["addi", "slti", "sltiu", "xori", "ori", "andi", "addiw"]
SHIFT_IMMEDIATE_OPS = {
    "slli": 63, "srli": 63, "srai": 63, "slliw": 31, "srliw": 31, "sraiw": 31,
    "rori": 63, "roriw": 31, "slli.uw": 63, "bclri": 63, "bexti": 63,
    "binvi": 63, "bseti": 63,
}
LOADS = {"lb": 1, "lbu": 1, "lh": 2, "lhu": 2, "lw": 4, "lwu": 4, "ld": 8}
STORES = {"sb": 1, "sh": 2, "sw": 4, "sd": 8}
AMO_OPS = ["amoswap", "amoadd", "amoxor", "amoand", "amoor",
           "amomin", "amomax", "amominu", "amomaxu"]
AMO_ORDERINGS = ["", "", "", ".aq", ".rl", ".aqrl"]
BRANCHES = ["beq", "bne", "blt", "bge", "bltu", "bgeu"]
COMPRESSED_REGISTER_OPS = ["c.sub", "c.xor", "c.or", "c.and", "c.subw", "c.addw"]


class Generator:
    def __init__(self, seed):
        self.random = random.Random(seed)
        self.sp_offset = SP_START_OFFSET
        # A loop counter the loop body must not overwrite, while one is live.
        self.loop_counter = None

    def pick(self, choices):
        return self.random.choice(choices)

    def writable(self):
        return [r for r in WRITABLE if r != self.loop_counter]

    def destination(self):
        # Writes to x0 must be discarded; try them now and then.
        return "zero" if self.random.random() < 0.04 else self.pick(self.writable())

    def source(self):
        return self.pick(REGISTERS)

    def initial_value(self):
        kind = self.random.random()
        if kind < 0.35:
            return self.pick(INTERESTING_VALUES)
        if kind < 0.55:
            return self.random.getrandbits(32) | (0xffffffff00000000 if self.random.random() < 0.5 else 0)
        if kind < 0.65:
            return self.random.randrange(-64, 64) & 0xffffffffffffffff
        return self.random.getrandbits(64)

    def scratch_offset(self, width, low=-2048, high=2047):
        return self.random.randrange(low, high - width + 2) // width * width

    # Each emitter returns a list of assembly lines.

    def register_op(self, ops):
        return ["%s %s, %s, %s" % (self.pick(ops), self.destination(), self.source(), self.source())]

    def immediate_op(self):
        op = self.pick(IMMEDIATE_OPS)
        return ["%s %s, %s, %d" % (op, self.destination(), self.source(),
                                   self.random.randrange(-2048, 2048))]

    def shift_immediate_op(self):
        op = self.pick(sorted(SHIFT_IMMEDIATE_OPS))
        return ["%s %s, %s, %d" % (op, self.destination(), self.source(),
                                   self.random.randint(0, SHIFT_IMMEDIATE_OPS[op]))]

    def unary_op(self):
        return ["%s %s, %s" % (self.pick(BITMANIP_UNARY_OPS), self.destination(), self.source())]

    def upper_immediate(self):
        op = self.pick(["lui", "auipc"])
        return ["%s %s, 0x%x" % (op, self.destination(), self.random.getrandbits(20))]

    def load(self):
        op = self.pick(sorted(LOADS))
        width = LOADS[op]
        if self.random.random() < 0.2:
            return ["%s %s, %d(sp)" % (op, self.destination(), self.scratch_offset(width, 0, 511))]
        return ["%s %s, %d(s0)" % (op, self.destination(), self.scratch_offset(width))]

    def store(self):
        op = self.pick(sorted(STORES))
        width = STORES[op]
        if self.random.random() < 0.2:
            return ["%s %s, %d(sp)" % (op, self.source(), self.scratch_offset(width, 0, 511))]
        return ["%s %s, %d(s0)" % (op, self.source(), self.scratch_offset(width))]

    def atomic_address(self, width):
        address_register = self.pick(WRITABLE)
        offset = self.scratch_offset(width, -2048, 2047)
        return address_register, ["addi %s, s0, %d" % (address_register, offset)]

    def amo(self):
        width = self.pick([4, 8])
        address_register, lines = self.atomic_address(width)
        op = "%s.%s%s" % (self.pick(AMO_OPS), "w" if width == 4 else "d", self.pick(AMO_ORDERINGS))
        lines.append("%s %s, %s, (%s)" % (op, self.destination(), self.source(), address_register))
        return lines

    def load_reserved_store_conditional(self):
        width = self.pick([4, 8])
        suffix = "w" if width == 4 else "d"
        address_register, lines = self.atomic_address(width)
        if self.random.random() < 0.2:
            # No reservation is held here, so this SC must fail and not store.
            lines.append("sc.%s %s, %s, (%s)" % (suffix, self.destination(), self.source(),
                                                   address_register))
            return lines
        loaded = self.pick([r for r in WRITABLE if r != address_register])
        lines.append("lr.%s %s, (%s)" % (suffix, loaded, address_register))
        for _ in range(self.random.randint(0, 2)):
            lines.append("%s %s, %s, %s" % (self.pick(REGISTER_OPS),
                                            self.pick([r for r in WRITABLE if r != address_register]),
                                            self.source(), self.source()))
        lines.append("sc.%s %s, %s, (%s)" % (suffix, self.destination(), self.source(),
                                               address_register))
        return lines

    def nonzero(self, low, high):
        value = 0
        while value == 0:
            value = self.random.randint(low, high)
        return value

    def compressed(self):
        choice = self.random.randrange(17)
        writable = self.pick(WRITABLE)
        small = self.pick(COMPRESSED_WRITABLE)
        if choice == 0:
            return ["c.addi %s, %d" % (writable, self.nonzero(-32, 31))]
        if choice == 1:
            return ["c.addiw %s, %d" % (writable, self.random.randint(-32, 31))]
        if choice == 2:
            return ["c.li %s, %d" % (writable, self.random.randint(-32, 31))]
        if choice == 3:
            upper = self.pick([self.random.randint(1, 31), self.random.randint(0xfffe0, 0xfffff)])
            return ["c.lui %s, 0x%x" % (writable, upper)]
        if choice == 4:
            op = self.pick(["c.srli", "c.srai"])
            return ["%s %s, %d" % (op, small, self.random.randint(1, 63))]
        if choice == 5:
            return ["c.andi %s, %d" % (small, self.random.randint(-32, 31))]
        if choice == 6:
            return ["%s %s, %s" % (self.pick(COMPRESSED_REGISTER_OPS), small, self.pick(COMPRESSED))]
        if choice == 7:
            return ["c.slli %s, %d" % (writable, self.random.randint(1, 63))]
        if choice == 8:
            return ["c.mv %s, %s" % (writable, self.pick(REGISTERS[1:]))]
        if choice == 9:
            return ["c.add %s, %s" % (writable, self.pick(REGISTERS[1:]))]
        if choice == 10:
            op, width, limit = self.pick([("c.lw", 4, 124), ("c.ld", 8, 248)])
            return ["%s %s, %d(s0)" % (op, small, self.scratch_offset(width, 0, limit + width - 1))]
        if choice == 11:
            op, width, limit = self.pick([("c.sw", 4, 124), ("c.sd", 8, 248)])
            return ["%s %s, %d(s0)" % (op, self.pick(COMPRESSED), self.scratch_offset(width, 0, limit + width - 1))]
        if choice == 12:
            op, width, limit = self.pick([("c.lwsp", 4, 252), ("c.ldsp", 8, 504)])
            return ["%s %s, %d(sp)" % (op, writable, self.scratch_offset(width, 0, limit + width - 1))]
        if choice == 13:
            op, width, limit = self.pick([("c.swsp", 4, 252), ("c.sdsp", 8, 504)])
            return ["%s %s, %d(sp)" % (op, self.pick(REGISTERS[1:]), self.scratch_offset(width, 0, limit + width - 1))]
        if choice == 14:
            return ["c.addi4spn %s, sp, %d" % (small, 4 * self.random.randint(1, 255))]
        if choice == 15:
            low = max(-512, SP_MIN_OFFSET - self.sp_offset)
            high = min(496, SP_MAX_OFFSET - self.sp_offset)
            step = 16 * self.nonzero(-(-low // 16), high // 16)
            self.sp_offset += step
            return ["c.addi16sp sp, %d" % step]
        return ["c.nop"]

    def straight_line(self):
        """One instruction (or short fixed group) that falls through."""
        roll = self.random.random()
        if roll < 0.22:
            return self.register_op(REGISTER_OPS)
        if roll < 0.32:
            return self.immediate_op()
        if roll < 0.40:
            return self.shift_immediate_op()
        if roll < 0.43:
            return self.upper_immediate()
        if roll < 0.55:
            return self.register_op(MULTIPLY_DIVIDE_OPS)
        if roll < 0.64:
            return self.register_op(BITMANIP_REGISTER_OPS)
        if roll < 0.69:
            return self.unary_op()
        if roll < 0.75:
            return self.load()
        if roll < 0.81:
            return self.store()
        if roll < 0.85:
            return self.amo()
        if roll < 0.87:
            return self.load_reserved_store_conditional()
        return self.compressed()

    def skipped_block(self):
        """Instructions a forward branch may skip: nothing that moves sp,
        so the tracked sp bounds hold on both paths."""
        lines = []
        for _ in range(self.random.randint(1, 4)):
            roll = self.random.random()
            if roll < 0.5:
                lines += self.register_op(REGISTER_OPS + MULTIPLY_DIVIDE_OPS)
            elif roll < 0.7:
                lines += self.immediate_op()
            elif roll < 0.85:
                lines += self.store()
            else:
                lines += self.load()
        return lines

    def counted_loop(self):
        """A short backward loop, so taken backward branches re-execute code."""
        self.loop_counter = self.pick(WRITABLE)
        lines = ["li %s, %d" % (self.loop_counter, self.random.randint(1, 5)), "2:"]
        lines += self.skipped_block()
        lines += ["addi %s, %s, -1" % (self.loop_counter, self.loop_counter),
                  "bnez %s, 2b" % self.loop_counter]
        self.loop_counter = None
        return lines

    def control_transfer(self):
        kind = self.random.randrange(6)
        if kind == 5:
            return self.counted_loop()
        if kind == 0:
            head = ["%s %s, %s, 1f" % (self.pick(BRANCHES), self.source(), self.source())]
        elif kind == 1:
            head = ["%s %s, 1f" % (self.pick(["c.beqz", "c.bnez"]), self.pick(COMPRESSED))]
        elif kind == 2:
            head = ["jal %s, 1f" % self.destination()]
        elif kind == 3:
            head = ["c.j 1f"]
        else:
            # jalr must clear bit 0 of the target, so aim at it plus one.
            base = self.pick(WRITABLE)
            head = ["la %s, 1f" % base,
                    "jalr %s, %d(%s)" % (self.destination(), self.pick([0, 1]), base)]
        return head + self.skipped_block() + ["1:"]

    def instructions(self, length):
        emitted = 0
        while emitted < length:
            group = self.control_transfer() if self.random.random() < 0.08 else self.straight_line()
            yield group
            emitted += 1


def generate(seed, length):
    generator = Generator(seed)
    registers = [(name, generator.initial_value()) for name in WRITABLE]
    scratch = [generator.random.getrandbits(64) for _ in range(SCRATCH_SIZE // 8)]
    body = list(generator.instructions(length))

    out = ["# Generated by gen_random.py --seed %d --length %d; do not edit." % (seed, length),
           '#include "isa_test.h"', "",
           "    .data", "    .balign 4096", "    .globl rt_dump_region_start, rt_dump_region_end",
           "rt_dump_region_start:", "scratch:"]
    for index in range(0, len(scratch), 4):
        out.append("    .dword " + ", ".join("0x%016x" % word for word in scratch[index:index + 4]))
    out += ["rt_dump_region_end:", "", "    TEST_MAIN",
            "    # sp moves to the scratch buffer, so the dump measures it from there",
            "    la t0, scratch + %d" % SP_START_OFFSET,
            "    la t1, rt_sp_origin",
            "    sd t0, 0(t1)",
            "    mv sp, t0",
            "    la s0, scratch + %d" % S0_OFFSET]
    out += ["    li %s, 0x%016x" % (name, value) for name, value in registers]
    for number, group in enumerate(body):
        out.append("    # %d" % number)
        out += ["    " + line if not line.endswith(":") else line for line in group]
    out += ["    END_TEST", ""]
    return "\n".join(out)


def bisect(options):
    """Finds the shortest prefix of the program whose run differs between
    qemu and dpa-sim-run, and prints that prefix's last instruction group.
    The toolchain file (written by CMake next to the test programs) names
    clang, its flags, the runtime sources, qemu and dpa-sim-run."""
    sys.dont_write_bytecode = True  # keep the source tree clean
    from difftest import QEMU_CPU

    with open(options.toolchain) as handle:
        toolchain = json.load(handle)
    if not toolchain.get("sim"):
        print("the toolchain file names no dpa-sim-run; build the engine first")
        return 2
    driver = os.path.join(os.path.dirname(os.path.abspath(__file__)), "difftest.py")

    def build(length, workdir):
        source = os.path.join(workdir, "prefix.S")
        program = os.path.join(workdir, "prefix.elf")
        with open(source, "w") as handle:
            handle.write(generate(options.seed, length))
        subprocess.run([toolchain["clang"]] + toolchain["flags"] + toolchain["runtime_sources"] +
                       [source, "-o", program], check=True)
        return program

    def compare(length, workdir):
        result = subprocess.run([sys.executable, driver, "--qemu", toolchain["qemu"],
                                 "--sim", toolchain["sim"], "compare", build(length, workdir)],
                                capture_output=True, text=True)
        return result.returncode != 0, result.stdout

    def reference_registers(length, workdir):
        result = subprocess.run([toolchain["qemu"], "-cpu", QEMU_CPU, build(length, workdir)],
                                capture_output=True, text=True)
        registers = {}
        for line in result.stdout.splitlines():
            name, separator, value = line.partition(" = ")
            if separator and name in REGISTERS:
                registers[name] = value
        return registers

    with tempfile.TemporaryDirectory() as workdir:
        if not compare(options.length, workdir)[0]:
            print("seed %d length %d: no mismatch" % (options.seed, options.length))
            return 0
        # Invariant: the prefix of length `low` matches, of length `high` differs.
        low, high = 0, options.length
        while high - low > 1:
            middle = (low + high) // 2
            if compare(middle, workdir)[0]:
                high = middle
            else:
                low = middle
        report = compare(high, workdir)[1]
        inputs = reference_registers(low, workdir)
    lines = generate(options.seed, high).splitlines()
    group = lines[lines.index("    # %d" % (high - 1)) + 1:-1]
    print("first mismatching instruction group: #%d of seed %d" % (high - 1, options.seed))
    for line in group:
        print(line)
    named = sorted({word for line in group for word in line.replace(",", " ").replace("(", " ")
                    .replace(")", " ").split() if word in inputs},
                   key=REGISTERS.index)
    print("registers before it (qemu): " +
          ", ".join("%s = %s" % (name, inputs[name]) for name in named))
    print(report)
    return 1


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--length", type=int, default=300,
                        help="number of instruction groups")
    parser.add_argument("-o", "--output", help="assembly file to write (default stdout)")
    parser.add_argument("--bisect", metavar="TOOLCHAIN_JSON", dest="toolchain",
                        help="find the first instruction group that makes qemu and "
                             "dpa-sim-run differ, building with the given toolchain file "
                             "(BUILD/tests/dpa-isa/toolchain.json)")
    options = parser.parse_args(argv)
    if options.toolchain:
        return bisect(options)
    text = generate(options.seed, options.length)
    if options.output:
        with open(options.output, "w") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
