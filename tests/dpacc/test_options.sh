#!/bin/sh
# dpacc's command line: every option of the issue, and its errors.
# Environment (from ctest): DPACC, WORK.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$WORK/options
rm -rf "$out" && mkdir -p "$out"
app=$here/shell/app_dev.c
lib=$here/shell/lib_dev.c
failures=0

fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

# expect_error WORDS COMMAND...: the command fails and its stderr contains WORDS.
expect_error() {
	words=$1
	shift
	if "$@" >"$out/stdout" 2>"$out/stderr"; then
		fail "succeeded: $*"
	elif ! grep -qF -- "$words" "$out/stderr"; then
		fail "no '$words' in the error of: $*"
		cat "$out/stderr" >&2
	fi
}

# has_symbol ARCHIVE SYMBOL
has_symbol() {
	llvm-nm "$1" 2>/dev/null | grep -qE " $2\$" || fail "$1 lacks $2"
}

"$DPACC" --help >"$out/help" && grep -q -- "--devicecc-options" "$out/help" || fail "--help"
"$DPACC" --version >"$out/version" && grep -q "dpacc" "$out/version" || fail "--version"
# NVIDIA's build scripts take the text after the last "version " of the lines with the word.
[ "$(grep version "$out/version" | sed 's/^.*version //')" = "$(sed -n 's/^.*, version //p' "$out/version")" ] &&
	grep version "$out/version" | sed 's/^.*version //' | grep -Eqx "[0-9]+[.][0-9]+[.][0-9]+" ||
	fail "--version: the version line is not what NVIDIA's scripts read"
# The version is OpenFlexIO's (the build's), the releases named those the headers serve, and the one
# device sources without a selection get: --release, else $FLEXIO_RELEASE, else pkg-config's.
[ "$(sed -n 's/^.*, version //p' "$out/version")" = "$OPENFLEXIO_VERSION" ] ||
	fail "--version: not OpenFlexIO's version $OPENFLEXIO_VERSION"
served() {
	sed -n "s/^#define FLEXIO_DEV_$1_VERSION FLEXIO_DEV_VER(\([0-9]*\), \([0-9]*\), 0)$/\1.\2/p" \
		"$FLEXIO_INCLUDE/libflexio-dev/flexio_dev_ver.h"
}
releases="FlexIO device API: releases $(served LAST_SUPPORTED) to $(served CURRENT); device sources that select none get"
grep -qx "$releases the newest, $(served CURRENT)" "$out/version" || fail "--version: not the headers' releases"
if [ "$(grep -c version "$out/version")" != 1 ]; then fail "--version: more than one line with 'version'"; fi
env -u PKG_CONFIG_PATH FLEXIO_RELEASE=24.01 "$DPACC" --version | grep -qx "$releases 24.01 (FLEXIO_RELEASE)" ||
	fail "--version: FLEXIO_RELEASE not shown"
FLEXIO_RELEASE=24.01 "$DPACC" --version --release 25.01 | grep -qx "$releases 25.01 (--release)" ||
	fail "--version: --release does not win over FLEXIO_RELEASE"
expect_error "not of the form YY.MM" env FLEXIO_RELEASE=2401 "$DPACC" "$app" -o "$out/x.a"
expect_error "release 99.01 is not served" "$DPACC" "$app" -o "$out/x.a" --release 99.01
# A 24.01 source selecting nothing: the release given builds it, the newest does not.
printf '%s\n' '#include <libflexio-dev/flexio_dev_queue_access.h>' \
	'__dpa_rpc__ uint64_t arm(uint64_t cq);' \
	'__dpa_rpc__ uint64_t arm(uint64_t cq)' '{' '	struct flexio_dev_thread_ctx *dtctx;' \
	'	flexio_dev_get_thread_ctx(&dtctx);' '	return flexio_dev_cq_arm(dtctx, 0, (uint32_t)cq);' '}' >"$out/arm2401.c"
env -u PKG_CONFIG_PATH FLEXIO_RELEASE=24.01 "$DPACC" "$out/arm2401.c" -o "$out/arm2401.a" --app-name=arm2401 \
	--devicecc-options=-Werror >"$out/log" 2>&1 || { fail "FLEXIO_RELEASE=24.01: a 24.01 source does not build"; cat "$out/log" >&2; }
expect_error "too many arguments" env -u PKG_CONFIG_PATH -u FLEXIO_RELEASE "$DPACC" "$out/arm2401.c" -o "$out/x.a"
expect_error "unknown option '--bogus'" "$DPACC" "$app" -o "$out/x.a" --bogus
expect_error "no output" "$DPACC" "$app"
expect_error "no such file" "$DPACC" "$out/missing.c" -o "$out/x.a"
expect_error "unknown DPA model" "$DPACC" "$app" -o "$out/x.a" -mcpu=nv-dpa-bf9
expect_error "must be a C identifier" "$DPACC" "$app" -o "$out/x.a" --app-name=bad-name

# --gen-libs, then -o, --app-name and every option list: the archive, the APP variable, the ELF.
"$DPACC" "$lib" --gen-libs -o "$out/lib/libmylib" -hostcc=gcc -hostcc-options="-fPIC, -O1"
[ -f "$out/lib/libmylib_device.a" ] && [ -f "$out/lib/libmylib_host.a" ] || fail "--gen-libs outputs"
has_symbol "$out/lib/libmylib_device.a" __dpacc_unpack_mylib_rpc
has_symbol "$out/lib/libmylib_host.a" __dpacc_pack_mylib_rpc
mv "$out/lib/libmylib_device.a" "$out/lib/libmylib.a"  # as NVIDIA's build script does

"$DPACC" "$app" -o "$out/first/renamed.a" --app-name=named_app -hostcc=gcc -hostcc-options="-fPIC,-O2" \
	--devicecc-options="-I$here/shell,-DAPP_VALUE=3,-Wall,-Wextra,-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API" \
	--device-libs="-L$out/lib" --devicelink-options="-lmylib" -disable-asm-check --keep-tmp 2>"$out/keep"
has_symbol "$out/first/renamed.a" named_app
has_symbol "$out/first/renamed.a" app_rpc
has_symbol "$out/first/renamed.a" __dpacc_pack_app_handler
tmp=$(sed -n 's/^dpacc: intermediate files kept in //p' "$out/keep")
llvm-nm "$tmp/named_app.elf" | grep -q " __dpacc_unpack_mylib_rpc$" || fail "library entry point not linked"
grep -q '"mylib_rpc"' "$tmp/named_app_host.c" || fail "library entry point not registered"
rm -rf "$tmp"

# Default app name: NVIDIA's __dpa_a_out (not the archive's name, which may be a device function's).
"$DPACC" "$app" -o "$out/default_name.a" --device-libs="-L$out/lib" --devicelink-options="-lmylib" \
	-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API
has_symbol "$out/default_name.a" __dpa_a_out
llvm-nm "$out/default_name.a" 2>/dev/null | grep -q " default_name$" && fail "the default app is named after the archive"
"$DPACC" "$app" -o "$out/app_rpc.a" --device-libs="-L$out/lib" --devicelink-options="-lmylib"
has_symbol "$out/app_rpc.a" app_rpc
has_symbol "$out/app_rpc.a" __dpa_a_out
expect_error "device function 'app_rpc' has the application's name" \
	"$DPACC" "$app" -o "$out/x.a" --app-name=app_rpc --device-libs="-L$out/lib" --devicelink-options="-lmylib"

# -mcpu: the ISA every listed model has; cx8 alone allows Zba.
"$DPACC" "$lib" -o "$out/cx8.a" --app-name=cx8 -mcpu=nv-dpa-cx8 --keep-tmp 2>"$out/keep"
tmp=$(sed -n 's/^dpacc: intermediate files kept in //p' "$out/keep")
llvm-readelf -A "$tmp/cx8.elf" | grep -q "zba" || fail "-mcpu=nv-dpa-cx8 has no zba"
rm -rf "$tmp"
"$DPACC" "$lib" -o "$out/both.a" --app-name=both -mcpu=nv-dpa-bf3,nv-dpa-cx8 --keep-tmp 2>"$out/keep"
tmp=$(sed -n 's/^dpacc: intermediate files kept in //p' "$out/keep")
llvm-readelf -A "$tmp/both.elf" | grep "Tag_RISCV_arch" | grep -q "zba" && fail "-mcpu=bf3,cx8 uses zba"
rm -rf "$tmp"

# dpa-clang's predefined macros: __DPA, __DPA__, __NV_DPA (the -mcpu model) and __NV_DPA_<MODEL>.
mac=$here/shell/macros_dev.c
"$DPACC" "$mac" -o "$out/mac_bf3.a" -DEXPECT_MODEL=__NV_DPA_BF3 || fail "macros: default model"
"$DPACC" "$mac" -o "$out/mac_cx7.a" -mcpu=nv-dpa-cx7 -DEXPECT_MODEL=__NV_DPA_CX7 || fail "macros: cx7"
"$DPACC" "$mac" -o "$out/mac_cx8.a" -mcpu=nv-dpa-cx8 -DEXPECT_MODEL=__NV_DPA_CX8 || fail "macros: cx8"
"$DPACC" "$mac" -o "$out/mac_two.a" -mcpu=nv-dpa-cx8,nv-dpa-bf3 -DEXPECT_MODEL=__NV_DPA_BF3 || fail "macros: two models"
# DOCA 3.x scripts list nv-dpa-cx9 among the models.
"$DPACC" "$mac" -o "$out/mac_cx9.a" --mcpu "nv-dpa-bf3,nv-dpa-cx7,nv-dpa-cx8,nv-dpa-cx9" -DEXPECT_MODEL=__NV_DPA_BF3 ||
	fail "macros: the DOCA 3.x model list"
"$DPACC" "$mac" -o "$out/mac_cx9only.a" -mcpu=nv-dpa-cx9 -DEXPECT_MODEL=__NV_DPA_CX9 || fail "macros: cx9"

# As NVIDIA's dpacc: unknown attributes and linker options among the device compiler's options
# do not warn (its device compiles pass -Wno-attributes -Wno-unused-command-line-argument).
printf '%s\n' '#include <libflexio-dev/flexio_dev.h>' '__attribute__((nv_dpa_only)) int tagged;' \
	'__dpa_rpc__ uint64_t tagged_rpc(uint64_t x) { return x + (uint64_t)tagged; }' >"$out/tagged_dev.c"
"$DPACC" "$out/tagged_dev.c" -o "$out/tagged.a" --devicecc-options="-Wall,-Wextra,-Werror,-L$out,-lm" ||
	fail "unknown attribute or -L/-l among --devicecc-options broke a -Werror build"

# The generated host code builds under the program's strictest host options, as NVIDIA's stubs do
# (its dpacc appends -Wno-pedantic and friends): ISO C99 has no anonymous unions, flexio.h has.
"$DPACC" "$lib" -o "$out/strict_host.a" --app-name=strict_host \
	-hostcc-options="-Werror -Wall -Wextra -Wpedantic -std=c99 -Wmissing-prototypes -Wstrict-prototypes" ||
	fail "generated host code under -std=c99 -Wpedantic -Werror"
"$DPACC" "$lib" --gen-libs -o "$out/strict_lib/libstrict" -hostcc-options="-Werror -Wpedantic -std=c99" ||
	fail "--gen-libs host code under -std=c99 -Wpedantic -Werror"

# -flto, and -hostcc naming another compiler.
"$DPACC" "$lib" -o "$out/lto.a" -flto -hostcc=cc
has_symbol "$out/lto.a" mylib_rpc

# Inputs that are not .c sources are DPA objects (NVIDIA: "a file with an unknown extension is
# treated as a DPA object file"): linked as they are; dpacc-built ones keep their entry points.
mkdir -p "$out/members" && (cd "$out/members" && llvm-ar x "$out/lib/libmylib.a")
member=$(ls "$out/members"/*.o | head -n 1)
"$DPACC" "$app" "$member" -o "$out/objin/objin.a" --app-name=objin_app --keep-dir="$out/objin/keep" \
	-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API
has_symbol "$out/objin/objin.a" objin_app
llvm-nm "$out/objin/keep/objin_app.elf" | grep -q " __dpacc_unpack_mylib_rpc$" || fail "object input: entry point not linked"
grep -q '"mylib_rpc"' "$out/objin/keep/objin_app_host.c" || fail "object input: entry point not registered"
"$DPACC" "$app" "$out/lib/libmylib.a" -o "$out/objin/arch.a" --app-name=arch_app -DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API
has_symbol "$out/objin/arch.a" arch_app
"$DPACC" "$lib" "$member" --gen-libs -o "$out/objin/libboth" ||
	fail "--gen-libs with an object input"
printf 'not an object\n' >"$out/objin/notes.txt"
expect_error "neither a C source (.c) nor a DPA object" "$DPACC" "$app" "$out/objin/notes.txt" -o "$out/x.a"
expect_error "an archive cannot be a member" "$DPACC" "$lib" "$out/lib/libmylib.a" --gen-libs -o "$out/objin/libx"

# NVIDIA's dpacc takes every long option with one dash or two (-app-name, --flto, -device-libs=,
# --output-file, -gen-libs, ...), and its helper flags -optf/--options-file, -keep-dir, -v, -V;
# the DOCA build scripts use these spellings (and -disable-asm-checks, --common-include-path).
mkdir -p "$out/common"
printf '#define COMMON_VALUE 7\n' >"$out/common/common_value.h"
printf '%s\n' "-DFROM_OPTIONS_FILE=1 # a comment" "--flto" >"$out/dpacc.opts"
printf '\000\000\000\000\000\000\000\000' >"$out/none.blob" # attributes declaring no feature
"$DPACC" "$app" --output-file "$out/spell/spelled.a" -app-name spelled_app --hostcc gcc \
	-devicecc-options="-I$here/shell,-include,common_value.h" -device-libs="-L$out/lib" \
	-devicelink-options=-lmylib --common-include-path "$out/common" -disable-asm-checks \
	-dpa-proc-attr "$out/none.blob" -optf "$out/dpacc.opts" -keep-dir "$out/spell/keep" -v 2>"$out/verbose"
has_symbol "$out/spell/spelled.a" spelled_app
[ -f "$out/spell/keep/spelled_app.elf" ] && [ -f "$out/spell/keep/spelled_app_host.c" ] || fail "-keep-dir files"
grep -q -- "-DFROM_OPTIONS_FILE=1" "$out/verbose" || fail "-optf: the file's options not used"
grep -q -- "-flto" "$out/verbose" || fail "-optf: --flto from the file not used"
grep -q -- "-I$out/common" "$out/verbose" || fail "-v does not print the commands / --common-include-path"
"$DPACC" "$lib" -gen-libs --output-file="$out/lib2/libspelled" --flto
[ -f "$out/lib2/libspelled_device.a" ] || fail "-gen-libs"
"$DPACC" -V | grep -q dpacc || fail "-V"
expect_error "No such file or directory" "$DPACC" "$lib" -o "$out/x.a" --options-file="$out/missing.opts"

# Errors: compile errors with file:line, rejected signatures naming the function, missing tools.
expect_error "bad_dev.c:6:" "$DPACC" "$here/shell/bad_dev.c" -o "$out/x.a"
sig=$here/shell/signatures_dev.c
expect_error "'takes_long_double': parameter 1 has type 'long double', which cannot be passed" "$DPACC" "$sig" \
	-o "$out/x.a" -DREJECT_LONG_DOUBLE
expect_error "member 'x' is long double" "$DPACC" "$sig" -o "$out/x.a" -DREJECT_STRUCT
expect_error "member 'values' is a flexible array" "$DPACC" "$sig" -o "$out/x.a" -DREJECT_FLEXIBLE
expect_error "is laid out under #pragma pack" "$DPACC" "$sig" -o "$out/x.a" -DREJECT_PRAGMA_PACK
"$DPACC" "$sig" -o "$out/layout.a" -DLAYOUT || fail "a struct by value refused"
expect_error "'takes_pair_and_more': parameter 2 of type" "$DPACC" "$sig" -o "$out/x.a" -DLAYOUT \
	-hostcc-options=-fpack-struct
grep -qF "the host compiler lays it out unlike the DPA, on which its size is 16 bytes" "$out/stderr" ||
	fail "layout mismatch: no size named"
expect_error "'takes_varargs' is variadic" "$DPACC" "$sig" -o "$out/x.a" -DREJECT_VARIADIC
expect_error "'takes_seventeen' has 17 parameters" "$DPACC" "$sig" -o "$out/x.a" -DREJECT_MANY
expect_error "host compiler 'no-such-cc' not found" "$DPACC" "$lib" -o "$out/x.a" -hostcc=no-such-cc
python=$(python3 -c 'import sys; print(sys.executable)')  # not a shim that needs PATH
expect_error "install the Debian package clang" env PATH=/nonexistent "$python" "$DPACC" "$lib" -o "$out/x.a"

[ "$failures" -eq 0 ] || exit 1
echo "dpacc options: OK"
