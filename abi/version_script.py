"""GNU ld version scripts (capi/libflexio.map, capi/dpa_stats.map, core/providers/sim/verbs/libflexio_verbs.map)
read into nodes: the one parser the ABI checks (abi/check_symbols.py) and the binding generators
(bindings/gen/capi_model.py) share, so they cannot disagree on what a map says.

The grammar is ld's (ld/ldgram.y, "VERSION Command" in the ld manual):

    script  := node+ | '{' body '}' ';'            (one anonymous node, alone)
    node    := NAME '{' body '}' NAME* ';'         (the trailing names: the nodes it depends on)
    body    := ( 'global' ':' | 'local' ':' | pattern ';' )*
    pattern := a symbol name, a glob (* ? [...]) or a "quoted" name (never a glob)

Patterns before any 'global:'/'local:' are global.  Comments are /* ... */ and # to the end of
the line.  extern "C++" / "Java" blocks (demangled patterns) are rejected: no map of this
project uses them and matching them needs a demangler.

Usage:
    script = version_script.read(path)
    script.node("FLEXIO_1.1").global_names        # literal names of the node's global: list
    script.node_of("flexio_version_get")          # (node, "global"), ld's precedence
"""
from __future__ import annotations

import dataclasses
import fnmatch
import re
from pathlib import Path

GLOBAL = "global"
LOCAL = "local"
_GLOB_CHARS = set("*?[")
# A token: a quoted string, one of the punctuation characters, or a run of anything else.
_TOKEN = re.compile(r'"[^"]*"|[{};:]|[^\s{};:"]+')
_COMMENT = re.compile(r"/\*.*?\*/|#[^\n]*", re.S)


class VersionScriptError(Exception):
    """The text is not a version script this parser accepts (message names file and line)."""


@dataclasses.dataclass(frozen=True)
class Pattern:
    """One entry of a global:/local: list. glob is False for plain and quoted names."""
    text: str
    glob: bool

    def matches(self, symbol: str) -> bool:
        return fnmatch.fnmatchcase(symbol, self.text) if self.glob else symbol == self.text


@dataclasses.dataclass(frozen=True)
class Node:
    """A version node. name is None for an anonymous script; parents are the nodes it names after
    its closing brace (ld allows several; the maps here name at most one), in order."""
    name: str | None
    parents: tuple[str, ...]
    globals: tuple[Pattern, ...]
    locals: tuple[Pattern, ...]
    line: int  # where the node starts, for messages

    @property
    def parent(self) -> str | None:
        """The node this one extends, or None; raises when ld's several-parents form is used."""
        if len(self.parents) > 1:
            raise VersionScriptError(f"node {self.name} depends on several nodes: {', '.join(self.parents)}")
        return self.parents[0] if self.parents else None

    @property
    def global_names(self) -> list[str]:
        """The literal (non-glob) global symbols, in the script's order."""
        return [p.text for p in self.globals if not p.glob]

    @property
    def global_globs(self) -> list[str]:
        return [p.text for p in self.globals if p.glob]


@dataclasses.dataclass(frozen=True)
class VersionScript:
    path: str
    nodes: tuple[Node, ...]

    @property
    def names(self) -> list[str]:
        return [n.name for n in self.nodes if n.name is not None]

    def node(self, name: str) -> Node:
        for n in self.nodes:
            if n.name == name:
                return n
        raise KeyError(f"{self.path}: no version node {name}")

    def __contains__(self, name: object) -> bool:
        return any(n.name == name for n in self.nodes)

    def node_of(self, symbol: str) -> tuple[Node, str] | None:
        """The node and scope ('global'/'local') ld gives symbol: an exact name wins over a glob,
        a glob other than a lone '*' over '*'; within a rank the first node in the script wins
        (ld reports the conflicts; check_symbols-style callers look for them with matches()).
        None when nothing matches (ld then leaves the symbol unversioned and global)."""
        ranks = ((lambda p: not p.glob and p.text == symbol),
                 (lambda p: p.glob and p.text != "*" and p.matches(symbol)),
                 (lambda p: p.glob and p.text == "*"))
        for rank in ranks:
            for n in self.nodes:
                for scope, patterns in ((GLOBAL, n.globals), (LOCAL, n.locals)):
                    if any(rank(p) for p in patterns):
                        return n, scope
        return None

    def matches(self, symbol: str) -> list[tuple[Node, str]]:
        """Every (node, scope) with a pattern matching symbol, in script order."""
        return [(n, scope) for n in self.nodes
                for scope, patterns in ((GLOBAL, n.globals), (LOCAL, n.locals))
                if any(p.matches(symbol) for p in patterns)]


def _tokens(text: str):
    """Yields (token, line) with comments removed (line numbers kept)."""
    text = _COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    for m in _TOKEN.finditer(text):
        yield m.group(0), text.count("\n", 0, m.start()) + 1


def parse(text: str, path: str = "<version script>") -> VersionScript:
    tokens = list(_tokens(text))
    pos = 0

    def fail(message: str, at: int | None = None) -> VersionScriptError:
        line = tokens[min(at if at is not None else pos, len(tokens) - 1)][1] if tokens else 1
        return VersionScriptError(f"{path}:{line}: {message}")

    def take(expected: str | None = None) -> str:
        nonlocal pos
        if pos >= len(tokens):
            raise fail(f"unexpected end of script{', expected ' + repr(expected) if expected else ''}")
        tok = tokens[pos][0]
        if expected is not None and tok != expected:
            raise fail(f"expected {expected!r}, found {tok!r}")
        pos += 1
        return tok

    def peek(offset: int = 0) -> str | None:
        return tokens[pos + offset][0] if pos + offset < len(tokens) else None

    nodes: list[Node] = []
    while pos < len(tokens):
        start_line = tokens[pos][1]
        name = None if peek() == "{" else take()
        if name is not None and not re.fullmatch(r"[A-Za-z0-9_.]+", name):
            raise fail(f"bad version node name {name!r}", pos - 1)
        take("{")
        scope = GLOBAL
        lists: dict[str, list[Pattern]] = {GLOBAL: [], LOCAL: []}
        while peek() != "}":
            tok = take()
            if tok in (GLOBAL, LOCAL) and peek() == ":":
                take(":")
                scope = tok
                continue
            if tok == "extern":
                raise fail('extern "C++"/"Java" blocks are not supported', pos - 1)
            if tok in ("{", ";", ":"):
                raise fail(f"unexpected {tok!r}", pos - 1)
            if tok.startswith('"'):
                pattern = Pattern(tok[1:-1], glob=False)
            else:
                pattern = Pattern(tok, glob=bool(_GLOB_CHARS & set(tok)))
            take(";")
            lists[scope].append(pattern)
        take("}")
        parents = []
        while peek() not in (";", None):
            parents.append(take())
        take(";")
        for parent in parents:
            # ld looks dependencies up among the nodes defined so far.
            if not any(n.name == parent for n in nodes):
                raise VersionScriptError(f"{path}:{start_line}: node {name} depends on {parent}, "
                                         f"which no earlier node defines")
        if name is None and (nodes or pos < len(tokens)):
            raise VersionScriptError(f"{path}:{start_line}: an anonymous version node must be the only node")
        if name is not None and any(n.name == name for n in nodes):
            raise VersionScriptError(f"{path}:{start_line}: node {name} defined twice")
        nodes.append(Node(name, tuple(parents), tuple(lists[GLOBAL]), tuple(lists[LOCAL]), start_line))
    if not nodes:
        raise VersionScriptError(f"{path}: no version node")
    return VersionScript(path, tuple(nodes))


def read(path: str | Path) -> VersionScript:
    return parse(Path(path).read_text(), str(path))
