#!/usr/bin/env bash
# journeys.install_deps_go: scripts/install-deps.sh gives a machine a Go that builds the bindings
# (they need Go 1.24; a go >= 1.21 fetches that toolchain itself; Debian 12's own is 1.19), shown
# without touching this machine: its decision (go_plan, go_source) for fake go commands of each
# version, then the whole script run with apt-get, dpkg-query, sudo and go replaced by fakes that
# record what they are asked, and apt's sources directory and os-release in a temporary directory.
set -euo pipefail
script=$(cd "$(dirname "$0")/../.." && pwd)/scripts/install-deps.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# fake_go DIR VERSION: DIR/go, a go command printing VERSION and recording each call (directory,
# GOTOOLCHAIN, arguments) in $tmp/calls.
fake_go() {
  mkdir -p "$1"
  printf '#!/bin/sh\necho "go $(pwd) GOTOOLCHAIN=${GOTOOLCHAIN:-} $*" >> "%s/calls"\n' "$tmp" > "$1/go"
  printf '[ "$1" = version ] && echo "go version %s linux/amd64"\nexit 0\n' "$2" >> "$1/go"
  chmod +x "$1/go"
}

echo "== go_plan, go_source"
(
  # shellcheck source=/dev/null
  . "$script"
  check_plan() {
    fake_go "$tmp/plan" "$1"
    [ "$(go_plan "$tmp/plan/go")" = "$2" ] || fail "go_plan for $1: $(go_plan "$tmp/plan/go"), not $2"
  }
  check_plan go1.19.8 install          # Debian 12's golang-go: knows no GOTOOLCHAIN
  check_plan go1.20.14 install
  check_plan go1.21.0 fetch
  check_plan go1.23.5 fetch            # Debian 12's backports
  check_plan go1.24.0 ok
  check_plan go1.26.8 ok
  check_plan "devel go1.25-0123456 Mon Jan 1 00:00:00 2025 +0000" ok
  [ "$(go_plan "")" = install ] || fail "go_plan with no go: not install"
  [ "$(go_plan /bin/false)" = install ] || fail "go_plan for a go that fails: not install"
  printf 'ID=debian\nVERSION_CODENAME=bookworm\n' > "$tmp/bookworm"
  printf 'ID=debian\nVERSION_CODENAME=trixie\n' > "$tmp/trixie"
  [ "$(go_source "$tmp/bookworm")" = bookworm-backports ] || fail "go_source for Debian 12"
  [ -z "$(go_source "$tmp/trixie")" ] || fail "go_source for Debian 13: not its own golang-go"
)

# The whole script on a machine seen through fakes: everything installed but Go, whose package
# (golang-go) apt-get "installs" by putting a go on PATH; cargo and python3 (with pyelftools) are
# there.  PATH has the fakes and the few real tools the script uses, no real go.
mkdir -p "$tmp/bin"
for tool in bash sh sed sort head grep tee id dirname cat chmod cp mkdir pwd env; do
  ln -s "$(type -P "$tool")" "$tmp/bin/$tool"
done
# apt-get "installs" golang-go: the go it puts on PATH is made beforehand, in $tmp/go-after.
cat > "$tmp/bin/apt-get" <<FAKE
#!/bin/sh
echo "apt-get \$*" >> "$tmp/calls"
case "\$*" in
  *install*golang-go*) [ ! -e "$tmp/go-after/go" ] || cp "$tmp/go-after/go" "$tmp/go-bin/go" ;;
esac
FAKE
cat > "$tmp/bin/dpkg-query" <<'FAKE'
#!/bin/sh
for p; do :; done
[ "$p" = golang-go ] || printf 'install ok installed'
FAKE
printf '#!/bin/sh\nexec "$@"\n' > "$tmp/bin/sudo"
printf '#!/bin/sh\nexit 0\n' > "$tmp/bin/cargo"
printf '#!/bin/sh\nexit 0\n' > "$tmp/bin/python3"
chmod +x "$tmp/bin"/*

# run_script CODENAME GO_BEFORE GO_AFTER: the script on that machine (GO_BEFORE: its go's version,
# empty: none; GO_AFTER: the version of the go golang-go installs, empty: none);
# its output in $tmp/out, the fakes' calls in $tmp/calls.
run_script() {
  rm -rf "$tmp/go-bin" "$tmp/go-after" "$tmp/calls" && mkdir "$tmp/go-bin" && touch "$tmp/calls"
  [ -z "$2" ] || fake_go "$tmp/go-bin" "$2"
  [ -z "$3" ] || fake_go "$tmp/go-after" "$3"
  printf 'ID=debian\nVERSION_CODENAME=%s\n' "$1" > "$tmp/os-release"
  mkdir -p "$tmp/apt/sources.list.d" "$tmp/module"
  env -i PATH="$tmp/go-bin:$tmp/bin" HOME="$tmp" OS_RELEASE="$tmp/os-release" \
    APT_SOURCES_DIR="$tmp/apt/sources.list.d" GO_MODULE_DIR="$tmp/module" bash "$script" > "$tmp/out" 2>&1
}
called() { grep -qxF -- "$1" "$tmp/calls" || { cat "$tmp/out" "$tmp/calls"; fail "$2: no call '$1'"; }; }
not_called() { ! grep -q -- "$1" "$tmp/calls" || { cat "$tmp/calls"; fail "$2: a call matching '$1'"; }; }
backports=$tmp/apt/sources.list.d/bookworm-backports.sources

echo "== Debian 12 with its own Go 1.19: backports' golang-go, then Go 1.24 fetched"
run_script bookworm go1.19.8 go1.23.5 || { cat "$tmp/out"; fail "the script failed"; }
grep -qx "Suites: bookworm-backports" "$backports" || fail "no bookworm-backports source written"
called "apt-get update -qq" "Debian 12"
called "apt-get install -y -qq --no-install-recommends -t bookworm-backports golang-go" "Debian 12"
called "go $tmp/module GOTOOLCHAIN=auto version" "Debian 12 (fetching Go 1.24 in bindings/go)"

echo "== again: the source is there (not written twice), Go 1.23 only fetches"
before=$(cat "$backports")
run_script bookworm go1.23.5 "" || { cat "$tmp/out"; fail "the second run failed"; }
[ "$(cat "$backports")" = "$before" ] || fail "the backports source was rewritten"
[ "$(ls "$tmp/apt/sources.list.d")" = bookworm-backports.sources ] || fail "another source was written"
not_called "apt-get" "Go 1.23 already there"
called "go $tmp/module GOTOOLCHAIN=auto version" "Go 1.23"

echo "== a Go >= 1.24: nothing to do"
rm -f "$backports"
run_script bookworm go1.26.8 "" || { cat "$tmp/out"; fail "the script failed with Go 1.26"; }
not_called "apt-get" "Go 1.26"
not_called "GOTOOLCHAIN=auto" "Go 1.26"
[ ! -e "$backports" ] || fail "a backports source written with Go 1.26 there"

echo "== Debian 13 with no Go: its own golang-go, no backports"
run_script trixie "" go1.24.4 || { cat "$tmp/out"; fail "the script failed on Debian 13"; }
called "apt-get install -y -qq --no-install-recommends golang-go" "Debian 13"
not_called "bookworm-backports" "Debian 13"
[ ! -e "$backports" ] || fail "a backports source written on Debian 13"

echo "== a release whose golang-go cannot fetch Go 1.24: the script says so and fails"
if run_script trixie "" go1.19.8; then fail "the script succeeded with only Go 1.19"; fi
grep -q "the Go bindings need Go 1.24, or a go >= 1.21 that fetches it" "$tmp/out" ||
  { cat "$tmp/out"; fail "no message naming the Go needed"; }
echo "journeys.install_deps_go: OK"
