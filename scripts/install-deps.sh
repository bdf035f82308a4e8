#!/usr/bin/env bash
# Installs the Debian packages the build, the device toolchain and the tests need.
# Idempotent: does nothing when everything is already there.
# Sourced (`. scripts/install-deps.sh`), it only defines its functions (tests/journeys tests them).
set -euo pipefail

# Go: the bindings' module (bindings/go) needs Go 1.24.  A go >= 1.21 fetches the toolchain a
# go.mod asks for by itself (GOTOOLCHAIN=auto, Debian's default: from the Go module proxy, checked
# against the checksum database); an older one cannot, and Debian 12's golang-go is 1.19.
GO_MODULE_VERSION=1.24
GO_SELF_FETCH_VERSION=1.21

# version_ge A B: whether version A (1.23.5, 1.24) is at least B.
version_ge() {
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" = "$2" ]
}

# go_plan GO: what the go command GO (a path, or empty when there is none) needs to build the
# bindings: "ok" (it is >= 1.24), "fetch" (1.21 to 1.23: it fetches the 1.24 toolchain itself) or
# "install" (none, or too old to fetch one).  Its own version: GOTOOLCHAIN=local, outside any module.
go_plan() {
  local version
  version=$([ -n "$1" ] && cd / && GOTOOLCHAIN=local "$1" version 2>/dev/null |
    sed -n 's/^go version \(devel \)\{0,1\}go\([0-9][0-9.]*\).*/\2/p') || true
  if [ -z "$version" ] || ! version_ge "$version" "$GO_SELF_FETCH_VERSION"; then
    echo install
  elif version_ge "$version" "$GO_MODULE_VERSION"; then
    echo ok
  else
    echo fetch
  fi
}

# go_source OS_RELEASE: where Debian's golang-go is new enough to fetch Go 1.24: "" (the
# release's own: Debian 13 has 1.24) or the backports suite ("bookworm-backports": Debian 12's
# own is 1.19, its backports have 1.23).
go_source() {
  local codename
  codename=$(. "$1" && echo "${VERSION_CODENAME:-}")
  case $codename in
    bookworm) echo "$codename-backports" ;;
    *) echo "" ;;
  esac
}

# enable_suite SUITE DIR: an apt source for Debian's SUITE (main), written into DIR (apt's
# sources.list.d) unless a source there or in the sources.list beside it already names it.
enable_suite() {
  local suite=$1 dir=$2
  if grep -qs -- "$suite" "${dir%/*}/sources.list" "$dir"/*.list "$dir"/*.sources; then
    return
  fi
  echo "install-deps: adding Debian's $suite to apt's sources ($dir/$suite.sources)"
  printf '%s\n' "Types: deb" "URIs: http://deb.debian.org/debian" "Suites: $suite" "Components: main" \
    "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" | $SUDO tee "$dir/$suite.sources" >/dev/null
}

# The tests replace what they must not touch on the machine: the apt sources' directory, the
# os-release file, the bindings' directory the toolchain is fetched for.
APT_SOURCES_DIR=${APT_SOURCES_DIR:-/etc/apt/sources.list.d}
OS_RELEASE=${OS_RELEASE:-/etc/os-release}
GO_MODULE_DIR=${GO_MODULE_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../bindings/go" && pwd)}
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

[ "${BASH_SOURCE[0]}" = "$0" ] || return 0

packages=(
  cmake ninja-build pkg-config gcc g++            # host build
  meson                                            # NVIDIA-style meson builds (tests/releases, tests/dpacc)
  libibverbs-dev                                   # rdma-core headers and libraries
  libcmocka-dev                                    # C unit tests
  libjson-c-dev                                    # libdoca_argp's JSON configuration files (json-c, as NVIDIA's)
  libssl-dev                                       # libdoca_sha's digests (OpenSSL's libcrypto, EVP)
  clang lld llvm                                   # RISC-V device code (DPA), llvm-ar/llvm-nm
  picolibc-riscv64-unknown-elf gcc-riscv64-unknown-elf  # device libc and libgcc helpers
  qemu-user                                        # reference RV64 emulator for differential tests
  gdb-multiarch                                    # opens DPA core dumps
  abigail-tools                                    # ABI compatibility checks
  libffi-dev                                       # non-variadic RPC entry for bindings
  libyaml-dev                                      # DPA resources files (flexio_resources_create)
  libdw-dev                                        # DWARF line tables of DPA ELFs: reports name source lines
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
# (rustc-web/cargo-web: a Rust recent enough for the bindings on Debian 12); for Go, one that
# builds the bindings (go_plan), from the backports on Debian 12.
command -v cargo >/dev/null || packages+=(cargo-web rustc-web)
go_suite=""
if [ "$(go_plan "$(command -v go || true)")" = install ]; then
  go_suite=$(go_source "$OS_RELEASE")
  [ -n "$go_suite" ] || packages+=(golang-go)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ -n "$go_suite" ]; then
  echo "install-deps: installing golang-go from $go_suite (the release's own Go is too old)"
  enable_suite "$go_suite" "$APT_SOURCES_DIR"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends -t "$go_suite" golang-go >/dev/null
fi
# A go that fetches Go 1.24 does it now, once (into Go's module cache), so that the builds and
# tests later need no network.
case $(go_plan "$(command -v go || true)") in
  install)
    echo "install-deps: no go >= $GO_SELF_FETCH_VERSION on PATH ($(command -v go || echo none)): the Go bindings" \
         "need Go $GO_MODULE_VERSION, or a go >= $GO_SELF_FETCH_VERSION that fetches it (https://go.dev/dl)" >&2
    exit 1 ;;
  fetch)
    echo "install-deps: $(cd / && GOTOOLCHAIN=local go version) fetches the Go toolchain bindings/go needs"
    (cd "$GO_MODULE_DIR" && GOTOOLCHAIN=auto go version) ;;
esac

# The Python the tools run with (`python3` on PATH, which may not be Debian's) needs the modules
# Debian installed for its own: pyelftools from PyPI when it lacks it.
if ! python3 -c "import elftools" 2>/dev/null; then
  echo "install-deps: installing pyelftools for $(command -v python3)"
  python3 -m pip install -q pyelftools || $SUDO python3 -m pip install -q pyelftools
fi
