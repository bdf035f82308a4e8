#!/usr/bin/env bash
# Installs the Debian packages the build, the device toolchain and the tests need.
# Idempotent: does nothing when everything is already there.
set -euo pipefail

packages=(
  cmake ninja-build pkg-config gcc g++            # host build
  meson                                            # NVIDIA-style meson builds (tests/releases, tests/dpacc)
  libibverbs-dev                                   # rdma-core headers and libraries
  libcmocka-dev                                    # C unit tests
  clang lld llvm                                   # RISC-V device code (DPA), llvm-ar/llvm-nm
  picolibc-riscv64-unknown-elf gcc-riscv64-unknown-elf  # device libc and libgcc helpers
  qemu-user                                        # reference RV64 emulator for differential tests
  gdb-multiarch                                    # opens DPA core dumps
  abigail-tools                                    # ABI compatibility checks
  libffi-dev                                       # non-variadic RPC entry for bindings
  python3
  python3-venv python3-dev                         # Python binding: venv, cffi extension build
  libpcap-dev tcpdump                              # ports: pcap capture/replay, comparing captures
  iproute2 python3-scapy                           # packet tests: namespaces, TAP, vxlan; frames sent by scapy
  doxygen man-db                                   # the C reference: HTML and man pages (docs/; tests run man)
  abi-dumper abi-compliance-checker elfutils universal-ctags vtable-dumper  # ABI dumps and reports as CI users run them
  patchelf                                         # auditwheel repairs the Python wheel
  clang-format                                     # the tree's C style (.clang-format)
  python3-pyelftools                               # ELF reading in the Python tools (dpacc, abi/)
)
# Rust and Go bindings: Debian's toolchains when the machine has none of its own
# (rustc-web/cargo-web: a Rust recent enough for the bindings on Debian 12).
command -v cargo >/dev/null || packages+=(cargo-web rustc-web)
command -v go >/dev/null || packages+=(golang-go)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The Python the tools run with (`python3` on PATH, which may not be Debian's) needs the modules
# Debian installed for its own: pyelftools from PyPI when it lacks it.
if ! python3 -c "import elftools" 2>/dev/null; then
  echo "install-deps: installing pyelftools for $(command -v python3)"
  python3 -m pip install -q pyelftools || $SUDO python3 -m pip install -q pyelftools
fi
