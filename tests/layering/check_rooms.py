#!/usr/bin/env python3
"""The rooms' layering check: every include and every CMake link between rooms is an edge that
docs/architecture.md allows.

The rooms and the edges allowed between them are the table of docs/architecture.md headed
"| room | folder | job | may use |" (this script reads it; change the table, not this script). A
file belongs to the room whose folder is the longest prefix of its path (core/providers/sim/verbs
is a room inside core/providers/sim); files in no room (tests/, bench/, examples/, the top-level
build glue) are not checked: they may use anything.

What is an edge from a room A to another room B:
  - a C file of A (.c, .h, .inc, .S) includes a header of B. An include is resolved as the
    compiler would: "x" first beside the file, then x under every include directory some
    CMakeLists.txt names (and every room's folder); a name that none of them holds is a system
    header. A name that resolves to several rooms none of which is A's is refused as ambiguous;
  - a CMakeLists.txt of A names a target that B defines (target_link_libraries, $<TARGET_OBJECTS>,
    flexio_builtin_provider, ...), or a path inside B (include directories, -I flags).
Besides the edges, a CMakeLists.txt compiles only sources of its own room (add_library,
add_executable and target_sources name no file outside its folder): a room shares code by
building an object or static library that others link.

Usage: check_rooms.py [--root DIR] [--table FILE]   (exit 0: all allowed; 1: violations; 2: the
table or the tree cannot be read)
"""
import argparse
import os
import re
import sys
from pathlib import Path

SOURCE_SUFFIXES = (".c", ".h", ".inc", ".S", ".s")
SKIP_DIRS = {".git", "__pycache__", "node_modules", "target"}
TABLE_HEADER = ["room", "folder", "job", "may use"]
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
COMMAND = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*\(")
DEFINES = re.compile(r"^(add_library|add_executable|\w+_add_library)$")
SOURCES = re.compile(r"^(add_library|add_executable|target_sources)$")
GENEX_TARGET = re.compile(r"\$<(?:TARGET_OBJECTS|TARGET_FILE|TARGET_FILE_DIR|TARGET_PROPERTY|LINK_ONLY):([A-Za-z0-9_:]+)")
PATH_VARS = ("${PROJECT_SOURCE_DIR}", "${CMAKE_SOURCE_DIR}", "${CMAKE_CURRENT_SOURCE_DIR}",
             "${CMAKE_CURRENT_LIST_DIR}")


class TableError(Exception):
    pass


class Room:
    def __init__(self, name, folder, uses):
        self.name = name
        self.folder = folder.rstrip("/")
        self.is_file = not folder.endswith("/")
        self.uses = uses

    def holds(self, rel):
        return rel == self.folder or (not self.is_file and rel.startswith(self.folder + "/"))


def cell_words(cell):
    return [w.strip().strip("`").strip() for w in cell.split(",") if w.strip().strip("`").strip()]


def read_table(path):
    """The rooms of the architecture table, in its order."""
    try:
        lines = Path(path).read_text().splitlines()
    except OSError as e:
        raise TableError(f"{path}: {e.strerror}")
    for i, line in enumerate(lines):
        cells = [c.strip().lower() for c in line.strip().strip("|").split("|")]
        if cells == TABLE_HEADER:
            break
    else:
        raise TableError(f"{path}: no table headed | {' | '.join(TABLE_HEADER)} |")
    rooms = []
    for line in lines[i + 2:]:
        if not line.strip().startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != len(TABLE_HEADER):
            raise TableError(f"{path}: row of {len(cells)} cells, not {len(TABLE_HEADER)}: {line.strip()}")
        name, folder, _job, uses = cells
        name = name.strip("`* ")
        folders = cell_words(folder)
        if len(folders) != 1:
            raise TableError(f"{path}: room {name}: one folder (or file) in backquotes, not {folder!r}")
        uses = [] if uses.strip() in ("", "—", "-", "nothing") else cell_words(uses)
        rooms.append(Room(name, folders[0], uses))
    names = {r.name for r in rooms}
    for r in rooms:
        for u in r.uses:
            if u not in names:
                raise TableError(f"{path}: room {r.name} may use {u!r}, which is no room of the table")
    if not rooms:
        raise TableError(f"{path}: the rooms table has no row")
    return rooms


def room_of(rooms, rel):
    """The room holding the path rel (relative to the root, '/'-separated), the deepest one."""
    best = None
    for r in rooms:
        if r.holds(rel) and (best is None or len(r.folder) > len(best.folder)):
            best = r
    return best


def walk(root, top):
    for dirpath, dirnames, filenames in os.walk(root / top):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("build"))
        for f in sorted(filenames):
            yield Path(dirpath) / f


def strip_cmake_comments(text):
    out = []
    for line in text.splitlines():
        quoted = False
        for i, ch in enumerate(line):
            if ch == '"' and (i == 0 or line[i - 1] != "\\"):
                quoted = not quoted
            elif ch == "#" and not quoted:
                line = line[:i]
                break
        out.append(line)
    return "\n".join(out)


def cmake_commands(text):
    """(command, [arguments], line) of a CMakeLists.txt, comments stripped."""
    text = strip_cmake_comments(text)
    pos = 0
    while True:
        m = COMMAND.search(text, pos)
        if not m:
            return
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        body = text[m.end():i - 1]
        args = re.findall(r'"[^"]*"|[^\s"]+', body)
        yield m.group(1), [a.strip('"') for a in args], text.count("\n", 0, m.start()) + 1
        pos = i


def resolve_cmake_path(arg, cmake_dir, root):
    """The path an argument names inside the tree (relative to root), or None."""
    for var in PATH_VARS:
        if var in arg:
            base = root if var in ("${PROJECT_SOURCE_DIR}", "${CMAKE_SOURCE_DIR}") else cmake_dir
            tail = arg.split(var, 1)[1].lstrip("/")
            tail = re.split(r"[>;$]", tail, 1)[0]
            path = os.path.normpath(base / tail)
            try:
                return Path(path).relative_to(root).as_posix()
            except ValueError:
                return None
    return None


class Checker:
    def __init__(self, root, rooms):
        self.root = root
        self.rooms = rooms
        self.by_name = {r.name: r for r in rooms}
        self.violations = []
        self.edges = set()
        self.files = 0
        self.cmake_files = []
        for r in rooms:
            if not r.is_file:
                self.cmake_files += [p for p in walk(root, r.folder) if p.name == "CMakeLists.txt"]
        self.targets = {}
        self.include_dirs = []
        self.read_cmake()

    def fail(self, where, message):
        self.violations.append(f"{where}: {message}")

    def edge(self, room, other, where, what):
        if other is None or other is room:
            return
        self.edges.add((room.name, other.name))
        if other.name not in room.uses:
            self.fail(where, f"{room.name} -> {other.name} ({what}): docs/architecture.md does not let "
                      f"{room.name} use {other.name}")

    def read_cmake(self):
        """The targets each room defines, and the include directories every CMakeLists.txt names."""
        seen_dirs = set()
        all_cmake = [p for p in walk(self.root, ".") if p.name == "CMakeLists.txt" or p.suffix == ".cmake"]
        for path in all_cmake:
            rel = path.relative_to(self.root).as_posix()
            room = room_of(self.rooms, rel)
            for command, args, _ in cmake_commands(path.read_text(errors="replace")):
                if room and DEFINES.match(command) and args:
                    names = [args[0]] + ([args[0] + "_objects"] if command.endswith("_add_library") and
                                         command != "add_library" else [])
                    for name in names:
                        self.targets.setdefault(name, room)
                    if command == "add_library" and "ALIAS" in args[1:2] and len(args) > 2:
                        self.targets.setdefault(args[0], self.targets.get(args[2], room))
                if command in ("target_include_directories", "include_directories"):
                    candidates = args
                else:
                    candidates = [a[2:] for a in args if a.startswith("-I")]
                for a in candidates:
                    d = resolve_cmake_path(a, path.parent, self.root)
                    if d and (self.root / d).is_dir() and d not in seen_dirs:
                        seen_dirs.add(d)
                        self.include_dirs.append(d)
        for r in self.rooms:
            if not r.is_file and r.folder not in seen_dirs:
                self.include_dirs.append(r.folder)

    def check_cmake(self, path):
        rel = path.relative_to(self.root).as_posix()
        room = room_of(self.rooms, rel)
        for command, args, line in cmake_commands(path.read_text(errors="replace")):
            where = f"{rel}:{line}"
            own = args[:1] if DEFINES.match(command) else []
            for a in args:
                names = GENEX_TARGET.findall(a) or ([a] if a not in own else [])
                for name in names:
                    other = self.targets.get(name)
                    self.edge(room, other, where, f"{command} names target {name}")
                target = resolve_cmake_path(a, path.parent, self.root)
                if target:
                    self.edge(room, room_of(self.rooms, target), where, f"{command} names {target}")
            if SOURCES.match(command):
                for a in args[1:]:
                    if a.startswith("$<") or not a.endswith(SOURCE_SUFFIXES):
                        continue
                    target = resolve_cmake_path(a, path.parent, self.root)
                    if target is None and "$" not in a:
                        target = Path(os.path.normpath(path.parent / a)).relative_to(self.root).as_posix()
                    if target and room_of(self.rooms, target) is not room:
                        self.fail(where, f"{room.name} compiles {target}, a source outside its folder "
                                  f"({room.folder}/): link the library of the room that holds it")

    def resolve_include(self, path, kind, name):
        """The rooms an include may reach: the file found beside the includer, or every candidate."""
        if kind == '"':
            beside = os.path.normpath(path.parent / name)
            if os.path.isfile(beside):
                return [Path(beside).relative_to(self.root).as_posix()]
        found = []
        for d in self.include_dirs:
            candidate = os.path.normpath(self.root / d / name)
            if os.path.isfile(candidate):
                rel = Path(candidate).relative_to(self.root).as_posix()
                if rel not in found:
                    found.append(rel)
        return found

    def check_source(self, path):
        rel = path.relative_to(self.root).as_posix()
        room = room_of(self.rooms, rel)
        text = path.read_text(errors="replace")
        self.files += 1
        for m in INCLUDE.finditer(text):
            kind, name = m.group(1), m.group(2)
            where = f"{rel}:{text.count(chr(10), 0, m.start()) + 1}"
            found = self.resolve_include(path, kind, name)
            rooms = []
            for f in found:
                r = room_of(self.rooms, f)
                if r is not None and r not in rooms:
                    rooms.append(r)
            if not rooms:
                continue  # a system header, or a file of no room (generated, tests')
            if room in rooms:
                continue
            if len(rooms) > 1:
                self.fail(where, f"#include {name} is ambiguous: {', '.join(found)} (rooms "
                          f"{', '.join(r.name for r in rooms)}); name it so that one room holds it")
                continue
            self.edge(room, rooms[0], where, f"#include {kind}{name}{'>' if kind == '<' else kind}")

    def run(self):
        for r in self.rooms:
            if not (self.root / r.folder).exists():
                self.fail("docs/architecture.md", f"room {r.name}: {r.folder} does not exist")
                continue
            paths = [self.root / r.folder] if r.is_file else walk(self.root, r.folder)
            for p in paths:
                rel = p.relative_to(self.root).as_posix()
                if room_of(self.rooms, rel) is not r:
                    continue  # a room inside this one checks its own files
                if p.name == "CMakeLists.txt":
                    self.check_cmake(p)
                elif p.suffix in SOURCE_SUFFIXES:
                    self.check_source(p)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2],
                        help="the source tree (default: this script's)")
    parser.add_argument("--table", type=Path, help="the architecture page (default: ROOT/docs/architecture.md)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    try:
        rooms = read_table(args.table or root / "docs" / "architecture.md")
    except TableError as e:
        print(f"layering: {e}", file=sys.stderr)
        return 2
    checker = Checker(root, rooms)
    checker.run()
    unused = sorted((r.name, u) for r in rooms for u in r.uses if (r.name, u) not in checker.edges)
    if checker.violations:
        for v in checker.violations:
            print(f"layering: {v}")
        print(f"layering: {len(checker.violations)} violation(s) in {checker.files} files of "
              f"{len(rooms)} rooms")
        return 1
    print(f"layering: {checker.files} files of {len(rooms)} rooms, {len(checker.edges)} edges between "
          f"rooms, every one allowed")
    for a, b in unused:
        print(f"layering: note: {a} may use {b} and does not")
    return 0


if __name__ == "__main__":
    sys.exit(main())
