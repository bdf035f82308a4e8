"""clang's JSON AST of a C translation unit, as capi_model.py reads it: top-level declarations
with the file each came from, source text by location, and Doxygen comments.

    clang -Xclang -ast-dump=json -fsyntax-only ...

clang attaches to a declaration the Doxygen comment Doxygen would (/** */, /*! */, ///, //!
before it; /**< */ and ///< after a member or enum constant on its line).  Not with
-fparse-all-comments: that makes every ordinary comment a candidate, so a section banner
("/* ---- Opaque handles ---- */") became the comment of the typedef under it and an
implementation note between a Doxygen comment and its function was merged into the function's
documentation; the headers' plain comments are not documentation.

The JSON dump writes a location's "file" only when it differs from the location written just
before it (in document order, spelling before expansion location), so files are tracked by one
walk over the whole dump (annotate_files) before anything is read from it.
"""
from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import tempfile
from pathlib import Path


class AstError(Exception):
    pass


def clang() -> str:
    return os.environ.get("CLANG", "clang")


def dump(source: str, flags: list[str]) -> dict:
    """The JSON AST of source (C text), every location annotated with its file (key "_file")."""
    with tempfile.NamedTemporaryFile("w", suffix=".c", delete=False) as f:
        f.write(source)
        name = f.name
    try:
        r = subprocess.run([clang(), "-Xclang", "-ast-dump=json", "-fsyntax-only", *flags, name],
                           capture_output=True, text=True)
    finally:
        os.unlink(name)
    if r.returncode:
        raise AstError(f"clang failed on the headers:\n{r.stderr}")
    ast = json.loads(r.stdout)
    annotate_files(ast)
    return ast


def annotate_files(ast: dict):
    current = None

    def location(loc: dict):
        nonlocal current
        if "spellingLoc" in loc:
            location(loc["spellingLoc"])
            location(loc["expansionLoc"])
            loc["_file"] = loc["expansionLoc"].get("_file")
            return
        if "file" in loc:
            current = loc["file"]
        loc["_file"] = current

    def walk(node):
        if isinstance(node, list):
            for item in node:
                walk(item)
            return
        if not isinstance(node, dict):
            return
        for key, value in node.items():
            if key == "loc" and isinstance(value, dict):
                location(value)
            elif key == "range" and isinstance(value, dict):
                location(value["begin"])
                location(value["end"])
            elif key not in ("includedFrom",):
                walk(value)
    walk(ast)


def spelling(loc: dict) -> dict:
    """Where the text of a location is (inside a macro's definition for a macro's expansion)."""
    return loc.get("spellingLoc", loc)


def expansion(loc: dict) -> dict:
    return loc.get("expansionLoc", loc)


class Sources:
    """The text of the files the AST's locations point into (offsets are bytes)."""

    def __init__(self):
        self._files: dict[str, bytes] = {}

    def text(self, begin: dict, end: dict) -> str:
        """The source from begin to the end of end's token (both located in the same file)."""
        if begin.get("_file") != end.get("_file") or begin.get("_file") is None:
            raise AstError(f"a range across files: {begin.get('_file')} .. {end.get('_file')}")
        return self.text_at(begin["_file"], begin["offset"], end["offset"] + end["tokLen"])

    def _file(self, path: str) -> bytes:
        if path not in self._files:
            self._files[path] = Path(path).read_bytes()
        return self._files[path]

    def text_at(self, path: str, begin: int, end: int) -> str:
        return self._file(path)[begin:end].decode()

    def line_end(self, path: str, offset: int) -> int:
        """The offset of the end of the line holding offset; a comment running on to other
        lines ends there too, so up to its "*/" if it opens on this line."""
        data = self._file(path)
        newline = data.find(b"\n", offset)
        newline = len(data) if newline < 0 else newline
        opening = data.find(b"/*", offset, newline)
        if opening >= 0:
            closing = data.find(b"*/", opening)
            return len(data) if closing < 0 else max(newline, closing + 2)
        return newline

    def range_text(self, node: dict) -> str:
        return self.text(expansion(node["range"]["begin"]), expansion(node["range"]["end"]))


_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def c_text(source: str) -> str:
    """Source text as one line of C: comments dropped, white space collapsed."""
    return re.sub(r"\s+", " ", _COMMENT.sub(" ", source)).strip()


# ----------------------------------------------------------------------------------------------
# Doxygen comments


@dataclasses.dataclass
class Doc:
    """A declaration's comment, as Doxygen reads it. Paragraphs are single lines of plain text
    (inline commands such as @p name or @c word keep their word)."""
    brief: str = ""                       # @brief, else the first paragraph
    details: list[str] = dataclasses.field(default_factory=list)   # the other paragraphs
    params: dict[str, str] = dataclasses.field(default_factory=dict)  # @param name -> text
    returns: str = ""                     # @return / @returns / @result
    sections: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # other commands:
    # ("retval", "FLEXIO_STATUS_FAILED when ..."), ("since", "24.01"), ("note", ...), in order

    def section(self, command: str) -> list[str]:
        return [text for name, text in self.sections if name == command]

    @property
    def since(self) -> str:
        found = self.section("since")
        return found[0] if found else ""

    def __bool__(self) -> bool:
        return bool(self.brief or self.details or self.params or self.returns or self.sections)


_RETURN_COMMANDS = {"return", "returns", "result"}


def _inline_text(node: dict) -> str:
    kind = node.get("kind")
    if kind == "TextComment":
        return node.get("text", "")
    if kind == "InlineCommandComment":
        return " ".join(node.get("args", []))
    if kind in ("VerbatimBlockLineComment", "VerbatimLineComment"):
        return node.get("text", "")
    return " ".join(_inline_text(child) for child in node.get("inner", []))


def _paragraph(node: dict) -> str:
    return re.sub(r"\s+", " ", _inline_text(node)).strip()


_TRAILING = re.compile(r"\s*;?[ \t]*(?:/\*\*<(.*?)\*/|///<([^\n]*))", re.S)


def trailing_doc(sources: Sources, decl: dict) -> Doc:
    """A /**< */ or ///< comment after a declaration on its line ("typedef struct x x; /**< ... */"):
    Doxygen reads it for any declaration, clang attaches it to members and enum constants only.
    Its text as the brief (no commands inside are read)."""
    end = expansion(decl["range"]["end"])
    path = end.get("_file")
    if path is None:
        return Doc()
    line_end = sources.line_end(path, end["offset"] + end["tokLen"])
    m = _TRAILING.match(sources.text_at(path, end["offset"] + end["tokLen"], line_end))
    if not m:
        return Doc()
    return Doc(brief=re.sub(r"\s+", " ", m.group(1) if m.group(1) is not None else m.group(2)).strip())


def doc_of(decl: dict) -> Doc:
    """The Doc of a declaration node (empty when it has no comment)."""
    doc = Doc()
    full = next((n for n in decl.get("inner", []) if n.get("kind") == "FullComment"), None)
    if full is None:
        return doc
    paragraphs = []
    for part in full.get("inner", []):
        kind = part.get("kind")
        text = _paragraph(part)
        if kind == "ParagraphComment":
            if text:
                paragraphs.append(text)
        elif kind == "ParamCommandComment":
            doc.params[part.get("param", "")] = text
        elif kind == "BlockCommandComment":
            name = part.get("name", "")
            if name in ("brief", "short"):
                doc.brief = text
            elif name in _RETURN_COMMANDS:
                doc.returns = text
            else:
                doc.sections.append((name, text))
        elif kind == "VerbatimBlockComment":
            lines = [line.get("text", "") for line in part.get("inner", [])]
            paragraphs.append("\n".join(lines).strip("\n"))
        elif kind == "VerbatimLineComment":
            doc.sections.append((part.get("name", ""), part.get("text", "").strip()))
    if not doc.brief and paragraphs:
        doc.brief = paragraphs.pop(0)
    doc.details = paragraphs
    return doc
