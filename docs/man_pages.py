#!/usr/bin/env python3
"""Makes the section-3 man pages of the C reference from doxygen's output: one page per public
name, under that name.

Usage: man_pages.py --xml XML_DIR --man-dir MAN3_DIR --extension EXT --version VERSION

XML_DIR is doxygen's XML output, MAN3_DIR its man output (made with MAN_LINKS = NO: a page per
header file and per structure or union), EXT the pages' extension (3, or 3old for the older API).

Doxygen's man output documents a function, a macro, an enum or a typedef only inside the page of
its header: with MAN_LINKS, `man flexio_process_create` showed flexio.h, and every structure
field got a page of its own name (access.3, addr.3, ...) linking to its structure. So this keeps
doxygen's pages of the headers (`man flexio.h`) and of the named structures and unions, and
writes, from the XML, a page per function, function-like macro, named enum and typedef, each
under the name a program uses: NAME, SYNOPSIS, DESCRIPTION, PARAMETERS, RETURN VALUE, HISTORY
(@since), SEE ALSO. Every other page doxygen wrote is removed: the device libc's (stdio.h,
string.h, inttypes.h and their types: the C library's names, whose system pages an installed copy
would shadow; the HTML reference documents them), anonymous types ("@N"), related pages.

Exits 1, naming them, when two declarations would get a page of the same name.
"""
import argparse
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

# Headers whose names are the C library's: documented in HTML only.
LIBC_DIR = "libflexio-libc/"


def words(element):
    """All the text under an XML element, whitespace collapsed."""
    if element is None:
        return ""
    return " ".join("".join(element.itertext()).split())


def escape(text):
    """Text as roff reads it literally (no line may start with a control character)."""
    return text.replace("\\", "\\e").replace("-", "\\-")


def line_safe(text):
    """A roff input line: a leading '.' or "'" would be a request."""
    return "\\&" + text if text[:1] in (".", "'") else text


# ---- descriptions: doxygen's XML markup as roff ------------------------------------------------

INLINE_FONTS = {"computeroutput": "B", "bold": "B", "emphasis": "I"}
ENTITIES = {"ndash": "\\(en", "mdash": "\\(em", "lsquo": "\\(oq", "rsquo": "\\(cq", "ldquo": "\\(lq",
            "rdquo": "\\(rq", "nonbreakablespace": "\\ ", "linebreak": "\n\0br\n"}

BLOCKS = ("parameterlist", "simplesect", "xrefsect", "itemizedlist", "orderedlist", "variablelist", "table",
          "verbatim", "programlisting")


class Roff:
    """Renders the block content of a doxygen description; collects what goes to other sections
    (parameters, return values, @since, references) instead of the running text."""

    def __init__(self, page_names, self_name):
        self.page_names = page_names
        self.self_name = self_name
        self.params = []   # (names, roff)
        self.retvals = []  # (value, roff)
        self.returns = []  # roff paragraphs
        self.since = []    # roff lines of each @since
        self.refs = []     # names of other pages the text refers to

    def inline(self, element):
        out = escape(element.text or "")
        for child in element:
            out += self.inline_element(child)
            out += escape(child.tail or "")
        return out

    def inline_element(self, child):
        tag = child.tag
        if tag in INLINE_FONTS:
            return f"\\f{INLINE_FONTS[tag]}{self.inline(child)}\\fP"
        if tag == "ref":
            name = re.sub(r"\(\)$", "", words(child))
            if name in self.page_names and name != self.self_name and name not in self.refs:
                self.refs.append(name)
            return f"\\fB{self.inline(child)}\\fP"
        if tag in ENTITIES:
            return ENTITIES[tag]
        if tag == "ulink":
            text = self.inline(child)
            url = child.get("url", "")
            return text if words(child) == url else f"{text} <{escape(url)}>"
        if tag == "anchor" or tag in BLOCKS:
            return ""  # blocks: paragraph() renders them
        return self.inline(child)

    def paragraph(self, para):
        """A <para>: its inline text, then the blocks it contains, in order, as roff lines."""
        lines, text = [], escape(para.text or "")

        def flush():
            nonlocal text
            for line in text.strip().split("\n"):
                if line.strip():
                    # "\0br": a line break (ENTITIES), the one request the running text makes
                    lines.append(".br" if line.strip() == "\0br" else line_safe(line.strip()))
            text = ""

        for child in para:
            if child.tag in BLOCKS:
                flush()
                lines += self.block(child)
            else:
                text += self.inline_element(child)
            text += escape(child.tail or "")
        flush()
        return lines

    def paragraphs(self, element):
        lines = []
        for para in element.findall("para") if element is not None else []:
            body = self.paragraph(para)
            if body:
                lines += ([".PP"] if lines else []) + body
        return lines

    def block(self, element):
        tag = element.tag
        if tag == "parameterlist":
            target = self.params if element.get("kind") == "param" else self.retvals
            for item in element.findall("parameteritem"):
                names = ", ".join(words(n) for n in item.iter("parametername"))
                target.append((names, self.paragraphs(item.find("parameterdescription"))))
            return []
        if tag == "simplesect":
            kind = element.get("kind")
            if kind == "return":
                self.returns += ([".PP"] if self.returns else []) + self.paragraphs(element)
                return []
            if kind == "since":
                self.since.append(self.paragraphs(element))
                return []
            if kind == "see":
                for ref in element.iter("ref"):
                    name = re.sub(r"\(\)$", "", words(ref))
                    if name in self.page_names and name != self.self_name and name not in self.refs:
                        self.refs.append(name)
                return []
            title = {"note": "Note", "warning": "Warning", "attention": "Attention", "pre": "Precondition",
                     "post": "Postcondition", "remark": "Remark", "par": "", "deprecated": "Deprecated"}
            label = title.get(kind, kind.capitalize())
            body = self.paragraphs(element)
            return [".PP"] + ([f"\\fI{label}:\\fP " + body[0]] + body[1:] if label and body else body)
        if tag == "xrefsect":
            body = self.paragraphs(element.find("xrefdescription"))
            label = words(element.find("xreftitle"))
            return [".PP"] + ([f"\\fI{label}:\\fP " + body[0]] + body[1:] if body else [])
        if tag in ("itemizedlist", "orderedlist"):
            lines = []
            for number, item in enumerate(element.findall("listitem"), 1):
                bullet = "\\(bu" if tag == "itemizedlist" else f"{number}."
                lines += [f".IP {bullet} 4"] + self.paragraphs(item)
            return lines + [".PP"]
        if tag == "variablelist":
            lines, entries = [], list(element)
            for term, item in zip(entries[::2], entries[1::2]):
                lines += [".TP", line_safe(self.inline(term.find("term")))] + self.paragraphs(item)
            return lines + [".PP"]
        if tag == "table":
            lines = []
            for row in element.findall("row"):
                cells = [" ".join(self.paragraphs(entry)).replace(".PP ", "") for entry in row.findall("entry")]
                lines += [".TP", line_safe(cells[0])] + [line_safe(" \\(em ".join(cells[1:]))]
            return lines + [".PP"]
        if tag in ("verbatim", "programlisting"):
            text = words(element) if tag == "programlisting" else (element.text or "")
            return [".PP", ".nf"] + [line_safe(escape(line)) for line in text.strip("\n").split("\n")] + [".fi"]
        return []


# ---- pages ---------------------------------------------------------------------------------------

def signature(prefix, name, params, suffix=";"):
    """A declaration laid out as man pages do: on one line when it fits, else one parameter per
    line after the first, aligned under it; the name in bold, parameter names in italics."""
    if not params:
        return [line_safe(f"{escape(prefix)}\\fB{escape(name)}\\fP(){suffix}")]

    def param(ptype, pname):
        space = "" if not ptype or ptype.endswith("*") or not pname else " "
        return (f"{escape(ptype)}{space}\\fI{escape(pname)}\\fP" if pname else escape(ptype),
                len(ptype) + len(space) + len(pname))

    rendered = [param(ptype, pname) for ptype, pname in params]
    lead = f"{escape(prefix)}\\fB{escape(name)}\\fP("
    width = len(prefix) + len(name) + 1
    if width + sum(n + 2 for _, n in rendered) + len(suffix) <= 78:
        return [line_safe(lead + ", ".join(text for text, _ in rendered) + ")" + suffix)]
    last = len(rendered) - 1
    return [line_safe((lead if i == 0 else " " * width) + text + (")" + suffix if i == last else ","))
            for i, (text, _) in enumerate(rendered)]


class Page:
    def __init__(self, name, header, brief, synopsis, roff, description, origin):
        self.name, self.header, self.brief = name, header, brief
        self.synopsis, self.roff, self.description, self.origin = synopsis, roff, description, origin

    def merge(self, enum):
        """Adds an enum of the same name (enum_page) to this page."""
        self.synopsis += [".PP"] + enum.synopsis
        self.description += [".SS enum " + escape(enum.name)] + enum.description
        self.roff.refs += [ref for ref in enum.roff.refs if ref not in self.roff.refs]
        self.roff.since += [[f"enum {escape(enum.name)}:"] + since for since in enum.roff.since]

    def text(self, extension, version):
        r = self.roff
        out = [f'.TH "{self.name}" {extension} "" "OpenFlexIO {version}" "OpenFlexIO C API"',
               ".ad l", ".nh",  # identifiers are neither stretched nor hyphenated
               ".SH NAME", line_safe(f"{escape(self.name)} \\- {self.brief}"),
               ".SH SYNOPSIS", ".nf", f".B #include <{self.header}>", ".PP"] + self.synopsis + [".fi"]
        if self.description:
            out += [".SH DESCRIPTION"] + self.description
        if r.params:
            out.append(".SH PARAMETERS")
            for names, body in r.params:
                out += [".TP", f"\\fI{escape(names)}\\fP"] + [line for line in body if line != ".PP"]
        if r.returns or r.retvals:
            out += [".SH RETURN VALUE"] + r.returns
            for value, body in r.retvals:
                out += [".TP", f"\\fB{escape(value)}\\fP"] + [line for line in body if line != ".PP"]
        for i, since in enumerate(r.since):
            out += ([".SH HISTORY"] if i == 0 else [".PP"]) + ["Since"] + since
        see = [f".BR {Path(self.header).name} ({extension})"] + [f".BR {ref} ({extension})" for ref in r.refs]
        out += [".SH SEE ALSO"] + [line + ("," if i < len(see) - 1 else "") for i, line in enumerate(see)]
        return "\n".join(out) + "\n"


def brief_and_description(roff, memberdef):
    """The NAME line's text, and the DESCRIPTION: the brief, then the detailed description."""
    brief = escape(words(memberdef.find("briefdescription")).rstrip(".")) or "(undocumented)"
    description = roff.paragraphs(memberdef.find("briefdescription"))
    detailed = roff.paragraphs(memberdef.find("detaileddescription"))
    if detailed:
        description += ([".PP"] if description else []) + detailed
    return brief, description


def function_page(memberdef, header, page_names):
    name = words(memberdef.find("name"))
    roff = Roff(page_names, name)
    brief, description = brief_and_description(roff, memberdef)
    params = [(words(p.find("type")), words(p.find("declname"))) for p in memberdef.findall("param")]
    ftype = words(memberdef.find("type"))
    prefix = ftype + ("" if ftype.endswith("*") else " ")
    synopsis = signature(prefix, name, params)
    return Page(name, header, brief, synopsis, roff, description, "function")


def macro_page(memberdef, header, page_names):
    name = words(memberdef.find("name"))
    roff = Roff(page_names, name)
    brief, description = brief_and_description(roff, memberdef)
    params = [("", words(p.find("defname"))) for p in memberdef.findall("param")]
    synopsis = signature("#define ", name, [(t, n) if n != "..." else ("...", "") for t, n in params], suffix="")
    return Page(name, header, brief, synopsis, roff, description, "function-like macro")


def enum_page(memberdef, header, page_names, typedef=None):
    name = words(memberdef.find("name"))
    roff = Roff(page_names, name)
    brief, description = brief_and_description(roff, memberdef)
    synopsis = [f"enum \\fB{escape(name)}\\fP {{"]
    values = []
    for value in memberdef.findall("enumvalue"):
        vname = words(value.find("name"))
        init = words(value.find("initializer"))
        synopsis.append(line_safe(f"        {escape(vname)}{' ' + escape(init) if init else ''},"))
        vroff = Roff(page_names, name)
        body = vroff.paragraphs(value.find("briefdescription")) + vroff.paragraphs(value.find("detaileddescription"))
        roff.refs += [ref for ref in vroff.refs if ref not in roff.refs]
        values.append((vname, body))
    synopsis.append("};")
    if typedef is not None:
        synopsis.append(escape(words(typedef.find("definition"))) + ";")
    if any(body for _, body in values):
        description = description + [".SS Values"]
        for vname, body in values:
            description += [".TP", f"\\fB{escape(vname)}\\fP"] + [line for line in body if line != ".PP"]
    return Page(name, header, brief, synopsis, roff, description, "enum")


def typedef_page(memberdef, header, page_names):
    name = words(memberdef.find("name"))
    roff = Roff(page_names, name)
    brief, description = brief_and_description(roff, memberdef)
    ftype = words(memberdef.find("type"))
    args = words(memberdef.find("argsstring"))
    if args.startswith("("):
        # A function type: doxygen writes its return type as "void()".
        synopsis = [line_safe(escape("typedef " + re.sub(r"\(\)$", "", ftype) + " ") +
                              f"\\fB{escape(name)}\\fP" + escape(args) + ";")]
    else:  # a function pointer's type ends with "(*", its argsstring is ")(...)"
        space = "" if ftype.endswith("*") else " "
        synopsis = [line_safe(escape(f"typedef {ftype}{space}") + f"\\fB{escape(name)}\\fP" + escape(args) + ";")]
    return Page(name, header, brief, synopsis, roff, description, "typedef")


# ---- the run -------------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--xml", required=True, type=Path)
    parser.add_argument("--man-dir", required=True, type=Path)
    parser.add_argument("--extension", required=True)
    parser.add_argument("--version", required=True)
    args = parser.parse_args()

    files, records = [], []
    for compound in ET.parse(args.xml / "index.xml").getroot().iter("compound"):
        kind = compound.get("kind")
        if kind not in ("file", "struct", "union"):
            continue
        compounddef = ET.parse(args.xml / (compound.get("refid") + ".xml")).getroot().find("compounddef")
        header = compounddef.find("location").get("file")
        if not header.endswith(".h") or header.startswith(LIBC_DIR):
            continue
        if kind == "file":
            files.append((header, compounddef))
        elif "@" not in words(compounddef.find("compoundname")):
            records.append(words(compounddef.find("compoundname")))

    # The names that get a page: doxygen's of the headers and records, then the members'.
    kept = {Path(header).name: "header" for header, _ in files}
    kept.update((name, "struct or union") for name in records)
    members = []
    for header, compounddef in files:
        for memberdef in compounddef.iter("memberdef"):
            kind, name = memberdef.get("kind"), words(memberdef.find("name"))
            if kind == "define" and memberdef.find("param") is None:
                continue  # object-like macros: on their header's page
            if kind in ("function", "define", "enum", "typedef") and not name.startswith("@"):
                members.append((kind, name, header, memberdef))
    page_names = set(kept) | {name for _, name, _, _ in members}

    pages, problems = {}, []
    enums = {name: memberdef for kind, name, _, memberdef in members if kind == "enum"}
    for kind, name, header, memberdef in members:
        if kind == "typedef" and (name in enums or name in kept):
            continue  # `typedef enum x x;` is on the enum's page; a struct's on the struct's
        make = {"function": function_page, "define": macro_page, "typedef": typedef_page}.get(kind)
        if kind == "enum":
            typedef = next((m for k, n, _, m in members if k == "typedef" and n == name), None)
            page = enum_page(memberdef, header, page_names, typedef)
        else:
            page = make(memberdef, header, page_names)
        other = pages.get(name)
        if other and "enum" in (page.origin, other.origin) and page.origin != other.origin:
            # An enum's tag is in C's tag namespace: a function may have its name
            # (flexio_err_status). Both are on one page, the enum after the other.
            first, second = (other, page) if page.origin == "enum" else (page, other)
            first.merge(second)
            pages[name] = first
            continue
        if other or name in kept:
            what = f"a {other.origin} of {other.header}" if other else f"doxygen's {kept[name]} page"
            problems.append(f"{name}: a {page.origin} of {header} and {what}")
            continue
        pages[name] = page

    suffix = "." + args.extension
    for path in args.man_dir.glob("*" + suffix):
        if path.name[: -len(suffix)] not in kept:
            path.unlink()
    for name, page in pages.items():
        (args.man_dir / (name + suffix)).write_text(page.text(args.extension, args.version))
    for problem in problems:
        print(f"man_pages: two pages named {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
