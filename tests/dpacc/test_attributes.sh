#!/bin/sh
# dpa-app-attributes2blob (DPA application attributes, DOCA 3.2+) and dpacc --dpa-proc-attr: the
# YAML forms NVIDIA's 3.2/3.3 samples and applications write, the blob both ways, every error.
# Environment (from ctest): DPACC, WORK (the tool is next to dpacc in the build tree).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$WORK/attributes
rm -rf "$out" && mkdir -p "$out"
tool=$(dirname "$DPACC")/dpa-app-attributes2blob
failures=0

fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

# expect_error STATUS WORDS COMMAND...: the command exits STATUS, its stderr has WORDS and it wrote
# no $out/o.
expect_error() {
	status=$1 words=$2
	shift 2
	rm -f "$out/o"
	set +e
	"$@" >"$out/stdout" 2>"$out/stderr"
	rc=$?
	set -e
	if [ "$rc" != "$status" ]; then
		fail "exit $rc, not $status: $*"
	elif ! grep -qF -- "$words" "$out/stderr"; then
		fail "no '$words' in the error of: $*"
		cat "$out/stderr" >&2
	elif [ -e "$out/o" ]; then
		fail "wrote its output on an error: $*"
	fi
}

# blob_is FILE HEX: FILE's bytes are HEX.
blob_is() {
	[ "$(od -An -tx1 -v "$1" | tr -d ' \n')" = "$2" ] || fail "$1 is $(od -An -tx1 -v "$1" | tr -d ' \n'), not $2"
}

# yaml NAME TEXT: a YAML file (printf format: NVIDIA's end without a newline too).
yaml() {
	printf "%b" "$2" >"$out/$1.yaml"
}

# The forms of NVIDIA's files: the key indented by one space, an empty Feature_list with only a
# comment, no newline at the end, two features.
yaml nvqual '#\n# licence\n#\n Feature_list:\n  Generating_Empty_CQE: true'
yaml none ' Feature_list:\n# This sample requires no attributes.\n'
yaml pcc 'Feature_list:\n  Congestion_Control_Flow_Context_Access: true\n  Programmable_Congestion_Control: true'
yaml devemu '---\nFeature_list:\n  Generating_Empty_CQE: yes   # a comment\n  "Device_Emulation": On\n...\n'
yaml flow 'Feature_list: {Device_Emulation: TRUE, Generating_Empty_CQE: off}\n'
yaml false 'Feature_list:\n  Generating_Empty_CQE: false\n'
"$tool" "$out/nvqual.yaml" "$out/nvqual.blob" && blob_is "$out/nvqual.blob" 0100000000000000 || fail "nvqual"
"$tool" --yaml2bin "$out/none.yaml" "$out/none.blob" && blob_is "$out/none.blob" 0000000000000000 || fail "none"
"$tool" "$out/pcc.yaml" "$out/pcc.blob" && blob_is "$out/pcc.blob" 0c00000000000000 || fail "pcc"
"$tool" "$out/devemu.yaml" "$out/devemu.blob" && blob_is "$out/devemu.blob" 0300000000000000 || fail "devemu"
"$tool" "$out/flow.yaml" "$out/flow.blob" && blob_is "$out/flow.blob" 0200000000000000 || fail "flow"
"$tool" "$out/false.yaml" "$out/false.blob" && blob_is "$out/false.blob" 0000000000000000 || fail "false"
"$tool" --blob-size 4 "$out/pcc.yaml" "$out/pcc4.blob" && blob_is "$out/pcc4.blob" 0c000000 || fail "--blob-size 4"
"$tool" --blob-size 16 "$out/nvqual.yaml" "$out/n16.blob" && blob_is "$out/n16.blob" 01000000000000000000000000000000 ||
	fail "--blob-size 16"

# Back to YAML: every feature written with its meaning, and the same blob again.
"$tool" --bin2yaml "$out/pcc.blob" "$out/pcc.out.yaml" || fail "--bin2yaml"
grep -qx "  Programmable_Congestion_Control: true" "$out/pcc.out.yaml" &&
	grep -qx "  Generating_Empty_CQE: false" "$out/pcc.out.yaml" &&
	grep -q "^  # .*DOCA PCC" "$out/pcc.out.yaml" || fail "--bin2yaml output"
"$tool" "$out/pcc.out.yaml" "$out/again.blob" && cmp -s "$out/again.blob" "$out/pcc.blob" || fail "round trip"
"$tool" --bin2yaml --restrictive "$out/n16.blob" "$out/n16.yaml" && grep -qx "  Generating_Empty_CQE: true" \
	"$out/n16.yaml" || fail "--bin2yaml of 16 bytes"

# Bits that are no feature: an error, or with --notification a warning.
printf '\001\000\000\001\000\000\000\000' >"$out/bad.blob"
expect_error 1 "bit 24 of the blob is set but is no feature" "$tool" --bin2yaml "$out/bad.blob" "$out/o"
"$tool" --bin2yaml --notification "$out/bad.blob" "$out/bad.yaml" 2>"$out/warn" || fail "--notification"
grep -q "warning: .*bit 24" "$out/warn" && grep -qx "  Generating_Empty_CQE: true" "$out/bad.yaml" ||
	fail "--notification: no warning, or the good bit lost"
printf '\001\000\000' >"$out/short.blob"
expect_error 1 "blob size 3" "$tool" --bin2yaml "$out/short.blob" "$out/o"
: >"$out/empty.blob"
expect_error 1 "blob size 0" "$tool" --bin2yaml "$out/empty.blob" "$out/o"
head -c 1024 /dev/zero >"$out/big.blob"
expect_error 1 "at most 1020" "$tool" --bin2yaml "$out/big.blob" "$out/o"

# YAML errors name the file and the line.
yaml unknown_key 'Feature_list:\n  Generating_Empty_CQE: true\nOther: 1\n'
expect_error 1 "unknown_key.yaml:3: unknown key 'Other'" "$tool" "$out/unknown_key.yaml" "$out/o"
yaml unknown_feature 'Feature_list:\n  Warp_Drive: true\n'
expect_error 1 "unknown_feature.yaml:2: unknown feature 'Warp_Drive'" "$tool" "$out/unknown_feature.yaml" "$out/o"
yaml not_bool 'Feature_list:\n  Generating_Empty_CQE: 1\n'
expect_error 1 "not_bool.yaml:2: Generating_Empty_CQE: '1' is not a boolean" "$tool" "$out/not_bool.yaml" "$out/o"
yaml twice 'Feature_list:\n  Device_Emulation: true\n  Device_Emulation: false\n'
expect_error 1 "twice.yaml:3: feature Device_Emulation given twice" "$tool" "$out/twice.yaml" "$out/o"
yaml nested 'Feature_list:\n  Device_Emulation: true\n    Generating_Empty_CQE: true\n'
expect_error 1 "nested.yaml:3: bad indentation" "$tool" "$out/nested.yaml" "$out/o"
yaml tab 'Feature_list:\n\tDevice_Emulation: true\n'
expect_error 1 "tab.yaml:2: a tab in the indentation" "$tool" "$out/tab.yaml" "$out/o"
yaml list 'Feature_list:\n  - Device_Emulation\n'
expect_error 1 "list.yaml:2: a list where a mapping was expected" "$tool" "$out/list.yaml" "$out/o"
yaml nothing '# only a comment\n'
expect_error 1 "no Feature_list" "$tool" "$out/nothing.yaml" "$out/o"
yaml scalar 'Feature_list: everything\n'
expect_error 1 "Feature_list must be a mapping" "$tool" "$out/scalar.yaml" "$out/o"
expect_error 1 "No such file or directory" "$tool" "$out/missing.yaml" "$out/o"

# The command line.
expect_error 2 "--notification applies to --bin2yaml only" "$tool" --notification "$out/pcc.yaml" "$out/o"
expect_error 2 "--blob-size applies to --yaml2bin only" "$tool" --bin2yaml --blob-size 8 "$out/pcc.blob" "$out/o"
expect_error 2 "blob size 6" "$tool" --blob-size 6 "$out/pcc.yaml" "$out/o"
expect_error 2 "blob size 1024" "$tool" --blob-size 1024 "$out/pcc.yaml" "$out/o"
expect_error 2 "not allowed with argument" "$tool" --yaml2bin --bin2yaml "$out/pcc.yaml" "$out/o"
expect_error 2 "the following arguments are required" "$tool" "$out/pcc.yaml"
"$tool" --help | grep -q -- "--bin2yaml" || fail "--help"
"$tool" --version | grep -q "dpa-app-attributes2blob" || fail "--version"

# dpacc --dpa-proc-attr: a blob is taken, a file that is none refused.
app=$here/shell/lib_dev.c # a device source with an RPC and no library to link
"$DPACC" "$app" -o "$out/app.a" --app-name=attr_app --dpa-proc-attr="$out/nvqual.blob" || fail "dpacc with a blob"
expect_error 1 "--dpa-proc-attr: $out/missing.blob: No such file or directory" \
	"$DPACC" "$app" -o "$out/o" --dpa-proc-attr="$out/missing.blob"
expect_error 1 "--dpa-proc-attr: $out/bad.blob: bit 24" "$DPACC" "$app" -o "$out/o" --dpa-proc-attr "$out/bad.blob"
expect_error 1 "--dpa-proc-attr: $out/nvqual.yaml: blob size" "$DPACC" "$app" -o "$out/o" \
	-dpa-proc-attr="$out/nvqual.yaml"

[ "$failures" -eq 0 ] || { echo "$failures failure(s)" >&2; exit 1; }
echo "dpa-app-attributes2blob: all checks passed"
