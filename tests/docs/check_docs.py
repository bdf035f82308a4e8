#!/usr/bin/env python3
"""Checks the documentation: the C reference that docs/ generates with doxygen, and the
Markdown documents of the tree.

  warnings   doxygen's warning logs are empty: nothing public is undocumented (WARN_IF_UNDOCUMENTED),
             no parameter lacks its @param (WARN_NO_PARAMDOC), no comment is malformed.
  api        every function of the public headers documented in doxygen's XML has a brief, an
             @param for each named parameter, a @return unless it returns void, and @since;
             every struct, union, enum and typedef has a brief.
  man        every function exported by the shared libraries (their .dynsym, in the symbol
             versions of their version maps) and every function the device headers declare
             (clang's AST, for each API release) has a section-3 man page.
  readme     README.md is the front door: it opens with the two commands (scripts/demo.sh, then
             scripts/test.sh, both executable), then has its sections in order (what it is,
             install, a first program, status, where to read next, licence), stays short, and
             names the licence file.
  links      every relative link of the tree's Markdown documents (docs/mainpage.md excepted:
             doxygen's page, whose links are into the HTML it makes) names a file that exists,
             and an anchor into a Markdown file names one of its headings.
  man-names  every man page is named after a name the public headers declare or define (none
             after a structure field, none shadowing the C library's), or after a public
             header; `man -M DIR NAME` shows NAME's own page for the functions given.

Exit status: 0 when the check passes, 1 when it fails (each problem printed), 77 (skip) when
the C reference could not be made here (doxygen not found at configure time).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "abi"))
import elf_symbols  # noqa: E402  (abi/elf_symbols.py, the tree's one ELF symbol reader)


SKIP = 77


def text_of(element):
    """All the text under an XML element, whitespace collapsed."""
    if element is None:
        return ""
    return " ".join("".join(element.itertext()).split())


# ---- warnings --------------------------------------------------------------------------------

def check_warnings(args):
    problems = []
    for log in args.logs:
        path = Path(log)
        if not path.is_file():
            problems.append(f"{path}: missing (did the docs target run?)")
            continue
        problems += [line for line in path.read_text().splitlines() if line.strip()]
    return problems


# ---- api -------------------------------------------------------------------------------------

def documented_params(memberdef):
    """Names given by @param in a member's detailed description."""
    names = set()
    for plist in memberdef.iter("parameterlist"):
        if plist.get("kind") != "param":
            continue
        for name in plist.iter("parametername"):
            names.update(n.strip() for n in text_of(name).split(","))
    return names


def has_simplesect(memberdef, kind):
    return any(s.get("kind") == kind for s in memberdef.iter("simplesect"))


def returns_void(memberdef):
    return text_of(memberdef.find("type")) in ("void", "static void", "static inline void",
                                                 "inline void", "void static inline")


def check_function(where, memberdef):
    name = text_of(memberdef.find("name"))
    problems = []
    if not text_of(memberdef.find("briefdescription")):
        problems.append("no brief")
    declared = [text_of(p.find("declname")) for p in memberdef.findall("param")]
    missing = [p for p in declared if p and p not in documented_params(memberdef)]
    if missing:
        problems.append("no @param for " + ", ".join(missing))
    if not returns_void(memberdef) and not has_simplesect(memberdef, "return"):
        problems.append("no @return")
    if not has_simplesect(memberdef, "since"):
        problems.append("no @since")
    return [f"{where}: {name}: {p}" for p in problems]


def check_api(args):
    problems = []
    for xml_dir in map(Path, args.xml_dirs):
        index = xml_dir / "index.xml"
        if not index.is_file():
            return [f"{index}: missing (did the docs target run?)"]
        for compound in ET.parse(index).getroot().iter("compound"):
            kind = compound.get("kind")
            if kind not in ("file", "struct", "union"):
                continue
            root = ET.parse(xml_dir / (compound.get("refid") + ".xml")).getroot()
            for compounddef in root.iter("compounddef"):
                where = f"{xml_dir.parent.name}/{text_of(compounddef.find('compoundname'))}"
                if kind != "file" and not text_of(compounddef.find("briefdescription")):
                    problems.append(f"{where}: {kind} without a brief")
                if kind != "file":
                    continue
                for memberdef in compounddef.iter("memberdef"):
                    member_kind = memberdef.get("kind")
                    if member_kind == "function":
                        problems += check_function(where, memberdef)
                    elif member_kind in ("enum", "typedef") and \
                            not text_of(memberdef.find("briefdescription")):
                        problems.append(f"{where}: {text_of(memberdef.find('name'))}: "
                                        f"{member_kind} without a brief")
    return sorted(set(problems))


# ---- man -------------------------------------------------------------------------------------

def exported_functions(library, version_prefix):
    """Functions a shared library defines in the symbol versions named version_prefix* (not the
    *_PRIVATE ones: the project's internal interface between its own libraries)."""
    symbols = list(elf_symbols.dynamic_symbols(library))
    if not any(s.version for s in symbols):
        sys.exit(f"{library}: no symbol versions")
    return {s.name for s in symbols
            if s.type == "FUNC" and s.version.startswith(version_prefix) and not s.version.endswith("_PRIVATE")}


RECORDED = ("FunctionDecl", "RecordDecl", "EnumDecl", "TypedefDecl", "EnumConstantDecl", "VarDecl")


def declarations(clang, include_dir, libc_include_dir, headers, target, releases):
    """(kind, name) of what the headers declare at file scope, and of their enumerators, in any of
    the releases (-D options), from clang's JSON AST of a translation unit including them all;
    target: "dpa" (RV64) or "host". Names from other files (the C library's, rdma-core's) are
    left out."""
    source = "".join(f"#include <{h}>\n" for h in headers)
    command = [clang, "-w", "-fsyntax-only", "-Xclang", "-ast-dump=json", f"-I{include_dir}", "-x", "c", "-"]
    if target == "dpa":
        command[1:1] = ["--target=riscv64-unknown-elf", "-march=rv64imac", "-mabi=lp64", "-ffreestanding",
                        f"-I{libc_include_dir}"]
    include_dir = os.path.realpath(include_dir)
    libc = os.path.realpath(libc_include_dir)
    found = set()
    current = ""

    def ours(path):
        path = os.path.realpath(path) if os.path.isabs(path) else ""
        return path.startswith(include_dir + "/") and not path.startswith(libc + "/")

    def walk(node, file_scope):
        # clang names a location's file only when it differs from the previous location's, in
        # the order the JSON lists them (an "includedFrom" is no location). Names are recorded
        # at file scope (and enumerators): not fields, parameters or an inline body's locals.
        nonlocal current
        if isinstance(node, list):
            for child in node:
                walk(child, file_scope)
            return
        if not isinstance(node, dict):
            return
        if "file" in node:
            current = node["file"]
        kind = node.get("kind", "")
        inner_scope = file_scope and kind in ("TranslationUnitDecl", "RecordDecl", "EnumDecl")
        for key, value in node.items():
            if key != "includedFrom":
                walk(value, inner_scope)
            if key == "loc" and file_scope and kind in RECORDED and node.get("name") and ours(current):
                found.add((kind, node["name"]))

    for release in releases:
        ast = json.loads(subprocess.run(command + [f"-D{d}" for d in release], input=source,
                                        capture_output=True, text=True, check=True).stdout)
        walk(ast.get("inner", []), True)
    return found


def defined_macros(clang, include_dir, libc_include_dir, headers, target, releases):
    """Names of the macros the headers define (clang -E -dD), in any of the releases."""
    source = "".join(f"#include <{h}>\n" for h in headers)
    command = [clang, "-E", "-dD", f"-I{include_dir}", "-x", "c", "-"]
    if target == "dpa":
        command[1:1] = ["--target=riscv64-unknown-elf", "-march=rv64imac", "-mabi=lp64", "-ffreestanding",
                        f"-I{libc_include_dir}"]
    include_dir = str(Path(include_dir).resolve())
    libc = str(Path(libc_include_dir).resolve())
    names = set()
    for release in releases:
        current = ""
        output = subprocess.run(command + [f"-D{d}" for d in release], input=source, capture_output=True,
                                text=True, check=True).stdout
        for line in output.splitlines():
            marker = re.match(r'# \d+ "([^"]+)"', line)
            if marker:
                current = str(Path(marker.group(1)).resolve()) if marker.group(1)[:1] != "<" else ""
                continue
            define = re.match(r"#define (\w+)", line)
            if define and current.startswith(include_dir + "/") and not current.startswith(libc):
                names.add(define.group(1))
    return names


def declared_device_functions(clang, include_dir, libc_include_dir, headers, releases):
    """Functions the device headers declare in any of the releases (FLEXIO_DEV_VER_USED values);
    __-prefixed helpers are not API."""
    releases = [[f"FLEXIO_DEV_VER_USED={r}"] if r else [] for r in releases]
    return {name for kind, name in declarations(clang, include_dir, libc_include_dir, headers, "dpa", releases)
            if kind == "FunctionDecl" and not name.startswith("__")}


def check_man(args):
    pages = set()
    for man_dir in map(Path, args.man_dir):
        found = {p.name.split(".3")[0] for p in man_dir.glob("*.3*")}
        if not found:
            return [f"{man_dir}: no man pages (did the docs target run?)"]
        pages |= found
    wanted = {}
    for spec in args.library:
        library, prefix = spec.split("=")
        for name in exported_functions(library, prefix):
            wanted[name] = Path(library).name
    for name in declared_device_functions(args.clang, args.include_dir, args.libc_include_dir,
                                          args.device_header, args.device_release):
        wanted.setdefault(name, "libflexio-dev headers")
    if len(wanted) < 10:
        return [f"only {len(wanted)} functions found to check: the inputs are wrong"]
    problems = sorted(f"{name} ({origin}): no man page in {' or '.join(args.man_dir)}"
                      for name, origin in wanted.items() if name not in pages)
    # Installed pages must not shadow the C library's (the device libc's printf, FILE, ...):
    # every page is OpenFlexIO's own name.
    shadowing = sorted(name for name in pages if name in C_LIBRARY_NAMES or name.startswith("@"))
    if shadowing:
        problems.append(f"pages that would shadow the C library's or name anonymous types: {', '.join(shadowing)}")
    return problems


def man_pages(man_dirs):
    """{name: page path} of the man3 directories' pages (NAME.3, NAME.3old)."""
    return {re.sub(r"\.3[a-z]*$", "", p.name): p for d in map(Path, man_dirs) for p in Path(d).glob("*.3*")}


def check_man_names(args):
    """Every page is named after a name the public headers declare or define, or after a public
    header; `man NAME` shows NAME's own page."""
    pages = man_pages(args.man_dir)
    if not pages:
        return [f"{' '.join(args.man_dir)}: no man pages (did the docs target run?)"]
    include_dir = Path(args.include_dir)
    libc = Path(args.libc_include_dir)
    headers = sorted(str(h.relative_to(include_dir)) for h in include_dir.rglob("*.h") if libc not in h.parents)
    device = [h for h in headers if h.startswith("libflexio-dev/") or h == "dpaintrin.h"]
    host = [h for h in headers if h not in device]
    # The API a program gets by default, and the older one (the two the reference documents).
    releases = [[], ["FLEXIO_VER_USED=FLEXIO_OLDER_EDITION_VERSION",
                     "FLEXIO_DEV_VER_USED=FLEXIO_DEV_OLDER_EDITION_VERSION"]]
    public = {Path(h).name for h in headers}
    for target, group in (("host", host), ("dpa", device)):
        public |= {name for _, name in declarations(args.clang, include_dir, libc, group, target, releases)}
        public |= defined_macros(args.clang, include_dir, libc, group, target, releases)
    if len(public) < 100:
        return [f"only {len(public)} public names found: the inputs are wrong"]
    problems = [f"{path}: {name} is not a name the public headers declare" for name, path in sorted(pages.items())
                if name not in public or name in C_LIBRARY_NAMES]

    # man finds the function's own page, not its header's: NAME and SYNOPSIS are the function's.
    manpath = ":".join(str(Path(d).parent) for d in args.man_dir)
    for name in args.shows:
        run = subprocess.run([args.man, "-M", manpath, "-P", "cat", name], capture_output=True, text=True,
                             env={**os.environ, "LC_ALL": "C", "MANWIDTH": "1000", "MAN_KEEP_FORMATTING": ""})
        text = run.stdout
        if run.returncode or not re.search(rf"^NAME\n\s+{re.escape(name)} - \S", text, re.M) or \
                not re.search(rf"^SYNOPSIS\n(.*\n)*?\s+\S.*\b{re.escape(name)}\(", text, re.M):
            problems.append(f"man -M {manpath} {name}: not {name}'s own page (status {run.returncode}):\n"
                            + "\n".join(text.splitlines()[:12]) + run.stderr)
    return problems


# Names of the C library the device libc headers (libflexio-libc) declare too.
C_LIBRARY_NAMES = {"printf", "snprintf", "sprintf", "vprintf", "vsnprintf", "puts", "putchar", "fputc",
                   "memcpy", "memset", "memmove", "memcmp", "strlen", "strcmp", "strncmp", "strcpy",
                   "FILE", "EOF", "BUFSIZ", "stdout", "stderr", "stdin", "PRId64", "PRIu64", "PRIx64",
                   "stdio.h", "string.h", "inttypes.h"}


# ---- readme ----------------------------------------------------------------------------------

README_COMMANDS = ["scripts/demo.sh", "scripts/test.sh"]
README_SECTIONS = ["What it is", "Install", "A first program", "Status", "Where to read next", "Licence"]
README_MAX_LINES = 200  # the front door: what a newcomer needs first; the rest is in docs/


def check_readme(args):
    readme = Path(args.readme)
    root = readme.parent
    lines = readme.read_text().splitlines()
    problems = []
    # The first lines after the title: a shell block whose commands are the two, in order.
    body = [line for line in lines[1:] if line.strip()]
    block = []
    if body and body[0].startswith("```"):
        for line in body[1:]:
            if line.startswith("```"):
                break
            block.append(line.split("#")[0].strip())
    if block != README_COMMANDS:
        problems.append(f"{readme}: does not open with a block of the two commands {README_COMMANDS}: {block}")
    for command in README_COMMANDS:
        if not os.access(root / command, os.X_OK):
            problems.append(f"{readme}: {command} is not an executable file")
    headings = [line[3:].strip() for line in lines if line.startswith("## ")]
    found = [h for h in headings if h in README_SECTIONS]
    if found != README_SECTIONS:
        problems.append(f"{readme}: sections {found}, expected {README_SECTIONS} in this order")
    if len(lines) > README_MAX_LINES:
        problems.append(f"{readme}: {len(lines)} lines, more than {README_MAX_LINES}: move the detail to docs/")
    if "(LICENSE)" not in readme.read_text() or not (root / "LICENSE").is_file():
        problems.append(f"{readme}: does not link the LICENSE file, or it is missing")
    return problems


# ---- links -----------------------------------------------------------------------------------

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def heading_anchor(heading):
    """GitHub's anchor of a heading: lower case, punctuation other than - and _ dropped,
    spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def markdown_files(root):
    """The tree's Markdown documents, not those of build trees (a CMakeCache.txt) or hidden
    directories, nor doxygen's main page."""
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = [d for d in subdirs if not d.startswith(".") and
                      not (Path(directory) / d / "CMakeCache.txt").exists()]
        for name in files:
            path = Path(directory) / name
            if name.endswith(".md") and path != root / "docs" / "mainpage.md":
                yield path


def check_links(args):
    root = Path(args.root)
    problems, anchors = [], {}
    files = sorted(markdown_files(root))
    for path in files:
        text = FENCE.sub("", path.read_text())
        for target in LINK.findall(text):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):
                continue  # a URL
            file_part, _, anchor = target.partition("#")
            linked = (path.parent / file_part).resolve() if file_part else path.resolve()
            where = f"{path.relative_to(root)}: link {target}"
            if not linked.exists():
                problems.append(f"{where}: no such file")
            elif anchor and linked.suffix == ".md":
                if linked not in anchors:
                    anchors[linked] = {heading_anchor(line.lstrip("#")) for line in
                                       FENCE.sub("", linked.read_text()).splitlines() if line.startswith("#")}
                if anchor not in anchors[linked]:
                    problems.append(f"{where}: no heading #{anchor}")
    if len(files) < 10:
        problems.append(f"only {len(files)} Markdown files under {root}: the root is wrong")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs-built", default="ON",
                        help="OFF when doxygen was not found at configure time (the check skips)")
    sub = parser.add_subparsers(dest="check", required=True)
    warnings = sub.add_parser("warnings")
    warnings.add_argument("logs", nargs="+", help="doxygen WARN_LOGFILEs")
    warnings.set_defaults(run=check_warnings)
    api = sub.add_parser("api")
    api.add_argument("xml_dirs", nargs="+", help="doxygen XML output directories")
    api.set_defaults(run=check_api)
    man = sub.add_parser("man")
    man.add_argument("--man-dir", action="append", required=True,
                     help="a man3 directory (repeatable: the default and the 23.x pages)")
    man.add_argument("--library", action="append", default=[],
                     help="PATH=VERSION_PREFIX: a shared library and the prefix of its API's "
                          "symbol-version nodes (FLEXIO_, DPA_STATS_)")
    man.add_argument("--clang", default="clang")
    man.add_argument("--include-dir", required=True)
    man.add_argument("--libc-include-dir", required=True)
    man.add_argument("--device-header", action="append", default=[])
    man.add_argument("--device-release", action="append", default=[],
                     help="a FLEXIO_DEV_VER_USED value; empty: the default release")
    man.set_defaults(run=check_man)
    readme = sub.add_parser("readme")
    readme.add_argument("readme", help="the tree's README.md")
    readme.set_defaults(run=check_readme, needs_doxygen=False)
    links = sub.add_parser("links")
    links.add_argument("root", help="the source tree")
    links.set_defaults(run=check_links, needs_doxygen=False)
    names = sub.add_parser("man-names")
    names.add_argument("--man-dir", action="append", required=True,
                       help="a man3 directory (repeatable: the default and the 23.x pages)")
    names.add_argument("--clang", default="clang")
    names.add_argument("--man", default="man")
    names.add_argument("--include-dir", required=True)
    names.add_argument("--libc-include-dir", required=True)
    names.add_argument("--shows", action="append", default=[],
                       help="a function whose own page `man -M ... NAME` must show")
    names.set_defaults(run=check_man_names)
    args = parser.parse_args()
    if getattr(args, "needs_doxygen", True) and args.docs_built.upper() in ("OFF", "NO", "FALSE", "0", ""):
        print("SKIP: doxygen was not found when the build was configured: no docs to check")
        return SKIP
    problems = args.run(args)
    for problem in problems:
        print(problem)
    print(f"docs {args.check}: {'FAILED, ' + str(len(problems)) + ' problems' if problems else 'OK'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
