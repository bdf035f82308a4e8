#!/usr/bin/env python3
"""Prints one code block of a Markdown document, as a journey test runs it: the fenced block that
follows the line `<!-- journey: NAME -->`, with the document's placeholder paths replaced.

Usage: doc_block.py DOC NAME [PLACEHOLDER=PATH ...]

The documents write an installed prefix as /opt/openflexio and the clone as /path/to/openflexio;
a test passes its own (/opt/openflexio=$PREFIX /path/to/openflexio=$SRC).  Exit status 1, with a
message, when the document has no such block: a renamed or deleted block fails the test instead
of running nothing."""
import re
import sys
from pathlib import Path


def block(text: str, name: str) -> str:
    marker = re.search(rf"^<!-- journey: {re.escape(name)} -->\n```[\w-]*\n(.*?)^```$", text, re.M | re.S)
    if marker is None:
        raise LookupError(f"no code block marked <!-- journey: {name} --> (a fenced block on the next line)")
    return marker.group(1)


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    doc, name, *pairs = argv
    try:
        code = block(Path(doc).read_text(), name)
    except (OSError, LookupError) as e:
        print(f"doc_block.py: {doc}: {e}", file=sys.stderr)
        return 1
    for pair in pairs:
        placeholder, _, path = pair.partition("=")
        code = code.replace(placeholder, path)
    sys.stdout.write(code)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
