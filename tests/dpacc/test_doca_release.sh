#!/bin/sh
# The DOCA release dpacc compiles DPA code for when the code selects none: $DOCA_RELEASE, else the
# DOCA pkg-config module of the earliest $PKG_CONFIG_PATH directory that has one (doca-common from
# 2.7, doca before): a 2.2 program's PKG_CONFIG_PATH lists 2.2's directory before the install's.
# Environment (from ctest): DPACC, WORK (CC: the host compiler, cc by default).
set -eu
out=$WORK/doca_release
rm -rf "$out" && mkdir -p "$out/r22" "$out/r33"
failures=0
fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}
printf 'doca_release=2.2\nName: doca\nDescription: t\nVersion: 2.2\n' >"$out/r22/doca.pc"
printf 'doca_release=3.3\nName: doca-common\nDescription: t\nVersion: 3.3\n' >"$out/r33/doca-common.pc"
# The release shows in the preprocessed source as OPENDOCA_VER_DEFAULT's value.
cat >"$out/probe.c" <<'SRC'
#if OPENDOCA_VER_DEFAULT == 0x02020000
__dpa_global__ void probe_2_2(void) {}
#elif OPENDOCA_VER_DEFAULT == 0x03030000
__dpa_global__ void probe_3_3(void) {}
#else
#error no DOCA release selected
#endif
SRC
build() { # NAME: builds probe.c into NAME.a and prints the probe it defines
	"$DPACC" "$out/probe.c" -o "$out/$1.a" --app-name="$1" -hostcc="${CC:-cc}" >"$out/$1.log" 2>&1 || {
		cat "$out/$1.log" >&2
		return 1
	}
	nm "$out/$1.a" | grep -o 'probe_[0-9_]*' | head -n 1
}
got=$(PKG_CONFIG_PATH="$out/r22:$out/r33" build first22) || fail "2.2 first: dpacc failed"
[ "$got" = probe_2_2 ] || fail "2.2's directory first: got '$got', not probe_2_2"
got=$(PKG_CONFIG_PATH="$out/r33:$out/r22" build first33) || fail "3.3 first: dpacc failed"
[ "$got" = probe_3_3 ] || fail "the install's directory first: got '$got', not probe_3_3"
got=$(DOCA_RELEASE=2.2 PKG_CONFIG_PATH="$out/r33" build env22) || fail "DOCA_RELEASE: dpacc failed"
[ "$got" = probe_2_2 ] || fail "DOCA_RELEASE=2.2: got '$got', not probe_2_2"
[ "$failures" -eq 0 ] && echo "doca_release: ok"
exit "$failures"
