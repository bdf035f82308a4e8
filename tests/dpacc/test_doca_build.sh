#!/bin/sh
# doca_build_dpacc.sh as NVIDIA's meson files call it: --allow-experimental-api (yes by default)
# decides whether experimental device functions build under -Werror.
# Environment (from ctest): BUILD, WORK.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
script=$BUILD/bin/doca_build_dpacc.sh
out=$WORK/doca_build
rm -rf "$out" && mkdir -p "$out"
src=$here/shell/experimental_dev.c
failures=0
fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

# Default (yes): -DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API, so -Werror passes.
"$script" --application --app_name exp_app --srcs "$src" --dpacc_build_dir "$out/yes" \
	--external_cc_options "-Wall,-Werror" || fail "default: experimental call rejected"
[ -f "$out/yes/exp_app.a" ] || fail "default: no exp_app.a"
"$script" --application --app_name exp_app --srcs "$src" --dpacc_build_dir "$out/yes2" \
	--external_cc_options "-Werror" --allow-experimental-api yes || fail "yes: experimental call rejected"
"$script" --library --archive_name "$out/lib/libexp.a" --srcs "$src" --external_cc_options "-Werror" \
	--allow-experimental-api yes || fail "library mode: --allow-experimental-api"
[ -f "$out/lib/libexp.a" ] || fail "library mode: no libexp.a"

# no: the experimental marker warns, and -Werror makes it an error.
if "$script" --application --app_name exp_app --srcs "$src" --dpacc_build_dir "$out/no" \
	--external_cc_options "-Werror" --allow-experimental-api no 2>"$out/no.err"; then
	fail "no: experimental call accepted under -Werror"
fi
grep -q "experimental" "$out/no.err" || fail "no: the error does not say experimental"
if "$script" --application --app_name exp_app --srcs "$src" --dpacc_build_dir "$out/bad" \
	--allow-experimental-api maybe 2>"$out/bad.err"; then
	fail "maybe: accepted"
fi

# --version: only dpacc's version number, as NVIDIA's script prints it (what follows "version "
# on dpacc --version's lines that have the word).
version=$("$script" --version) || fail "--version failed"
echo "$version" | grep -Eqx "[0-9]+[.][0-9]+[.][0-9]+" || fail "--version printed '$version', not a version number"
# A line with the word but not "version " (a compiler's banner) is left out, not a crash.
printf '%s\n' '#!/bin/sh' 'echo "some dpacc, version 9.8.7"' 'echo "compiler built from versioned sources"' \
	>"$out/fake-dpacc" && chmod +x "$out/fake-dpacc"
version=$(DPACC_PATH=$out/fake-dpacc "$script" --version) || fail "--version with a 'versioned' line failed"
[ "$version" = "9.8.7" ] || fail "--version with a 'versioned' line printed '$version', not 9.8.7"

[ "$failures" -eq 0 ] || exit 1
echo "doca_build_dpacc.sh: OK"
