#!/usr/bin/env bash
# Formats the tree's C sources with clang-format (.clang-format), or with --check reports
# the files that differ from it and fails. Generated files ("DO NOT EDIT") are left alone:
# their generators own their layout; so are the public headers (capi/include/.clang-format
# turns formatting off: they keep NVIDIA's layout) and isa_test.h, assembler macros. Run from anywhere; the tree's clang-format is Debian 12's
# (installed by scripts/install-deps.sh), as another version may lay code out differently.
set -euo pipefail
cd "$(dirname "$0")/.."
CLANG_FORMAT=${CLANG_FORMAT:-clang-format}
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1 || ! command -v "$CLANG_FORMAT" >/dev/null; then
  echo "format: needs a git checkout and $CLANG_FORMAT (scripts/install-deps.sh)"
  exit 77
fi

files=()
while IFS= read -r f; do
  head -n 3 "$f" | grep -q "DO NOT EDIT" || files+=("$f")
done < <(git ls-files '*.c' '*.h' '*.inc' ':!tests/dpa-isa/runtime/isa_test.h')

if [ "${1:-}" = "--check" ]; then
  "$CLANG_FORMAT" --dry-run --Werror "${files[@]}"
  echo "format: ${#files[@]} files as .clang-format lays them out"
else
  "$CLANG_FORMAT" -i "${files[@]}"
fi
