"""The facts of NVIDIA's DOCA releases as the DOCA headers serve them, and the symbols they make.

Shared by doca-api-check (headers against facts), doca-symbols-check (library against facts and
version scripts) and the API coverage report, so that they cannot disagree.

Release lines: the headers serve seven API lines, each selected by DOCA_VER_USED (doca_release.h)
and each made of NVIDIA facts files, a later file replacing the rows of an earlier one (DOCA Core,
facts/doca-<release>-core.tsv):

    line  selects      facts
    1.4   1.x          2.2 + 1.4 (the DOCA Core programming guide's API over 2.2)
    2.2   2.0 - 2.4    2.2
    2.5   2.5          2.5
    2.6   2.6          2.6
    2.7   2.7 - 2.10   2.6 + 2.7 (what the 2.9 and 2.10 samples use beyond 2.6)
    3.0   3.0          3.0
    3.1   3.1 - 3.3    3.0 + 3.1 (what the 3.1 - 3.3 samples use beyond 3.0), the newest

DOCA DPA (facts/doca-<release>-dpa.tsv: host doca_dpa and doca_rdma, and the device headers' dev-*
rows) starts with 2.2: the 1.4 line has none of it, the other lines the same files as DOCA Core.
A dev-* row describes device code (riscv64); its functions are the device library's
(libdoca_dpa_dev.a, no symbol versions): the same rule names their forms, without version nodes.

Symbols (docs/doca-releases.md): each form of a function — its parameter and return types, names
and qualifiers aside — is one exported symbol. The newest form carries NVIDIA's name; an older
one carries <name>_v<major>_<minor> of the release that introduced it, and the headers of the
releases using it bind their declarations to it with an asm label. A symbol's version node is
DOCA_EXPERIMENTAL when the newest release declaring its form marks it experimental, else
DOCA_<major>.<minor> of the release that introduced the form.
"""
import collections
import re
from pathlib import Path

LINES = [14, 22, 25, 26, 27, 30, 31]
LINE_NAME = {14: "1.4", 22: "2.2", 25: "2.5", 26: "2.6", 27: "2.7", 30: "3.0", 31: "3.1"}
LINE_FILES = {14: ["2.2", "1.4"], 22: ["2.2"], 25: ["2.5"], 26: ["2.6"], 27: ["2.6", "2.7"], 30: ["3.0"],
              31: ["3.0", "3.1"]}
# The DOCA DPA files of each line (DOCA DPA came with 2.2).
DPA_LINE_FILES = {22: ["2.2"], 25: ["2.5"], 26: ["2.6"], 27: ["3.0", "2.7"], 30: ["3.0"], 31: ["3.0", "3.1"]}
FILE_LINE = {"1.4": 14, "2.2": 22, "2.5": 25, "2.6": 26, "2.7": 27, "3.0": 30, "3.1": 31}
NEWEST = 31
# Facts files of one line alone, beside its -core ones (not inherited by a line built on that line's):
# 2.2's Comm Channel, graphs (on work queues) and SHA, which the DOCA Core programming guide of 1.x does not have.
LINE_OWN_FILES = {22: ["2.2-comm-channel", "2.2-graph", "2.2-sha"]}
HEADER_KINDS = {"func", "typedef", "enum", "struct-size", "struct-align", "field", "macro"}
# The same kinds of device code (the DPA's riscv64 layouts).
DEV_KINDS = {f"dev-{kind}" for kind in HEADER_KINDS}
# The functions the DOCA Core programming guide (1.4) documents: a 2.2 row of one of these, the
# same form in 1.4, dates from 1.4.
GUIDE_NAMES = set("""doca_devinfo_list_create doca_devinfo_list_destroy doca_devinfo_property_get doca_dev_open
doca_dev_close doca_dev_as_devinfo doca_devinfo_remote_list_create doca_devinfo_remote_list_destroy
doca_devinfo_remote_property_get doca_dev_remote_open doca_dev_remote_close doca_dev_remote_as_devinfo
doca_buf_head_get doca_buf_len_get doca_buf_refcount_rm doca_buf_refcount_get doca_buf_inventory_create
doca_buf_inventory_destroy doca_buf_inventory_property_set doca_buf_inventory_property_get doca_buf_inventory_start
doca_buf_inventory_stop doca_buf_inventory_buf_by_addr doca_buf_inventory_buf_dup doca_mmap_create doca_mmap_destroy
doca_mmap_property_set doca_mmap_property_get doca_mmap_start doca_mmap_stop doca_mmap_dev_add doca_mmap_dev_rm
doca_mmap_populate doca_mmap_export doca_mmap_create_from_export doca_ctx_dev_add doca_ctx_dev_rm doca_ctx_start
doca_ctx_stop doca_ctx_workq_add doca_ctx_workq_rm doca_workq_create doca_workq_destroy doca_workq_property_set
doca_workq_property_get doca_workq_submit doca_workq_progress_retrieve doca_dma_create doca_dma_as_ctx
doca_dma_destroy doca_dma_devinfo_caps_get""".split())
# The library of each header's functions (the rest are libdoca_common's).
LIBRARY_OF_HEADER = {"doca_argp.h": "doca_argp", "doca_comch.h": "doca_comch", "doca_dma.h": "doca_dma",
                     "doca_dpa.h": "doca_dpa", "doca_rdma.h": "doca_rdma",
                     "doca_comm_channel.h": "doca_comm_channel", "doca_sha.h": "doca_sha"}
# The library of the device headers' functions (dev-func rows): a static RV64 library.
DEVICE_LIBRARY = "doca_dpa_dev"
# Typedefs that name the same function-pointer type (the argp callbacks were renamed in 2.5).
SAME_TYPE = {
    "callback_func": "doca_error_t (*)(void *, void *)", "doca_argp_param_cb_t": "doca_error_t (*)(void *, void *)",
    "validation_callback": "doca_error_t (*)(void *)", "doca_argp_validation_cb_t": "doca_error_t (*)(void *)",
    "dpdk_callback": "doca_error_t (*)(int, char **)", "doca_argp_dpdk_cb_t": "doca_error_t (*)(int, char **)",
    # 2.2's DOCA DPA handle typedefs, spelled as the pointers later releases write
    "doca_dpa_t": "struct doca_dpa *", "doca_dpa_app_t": "struct doca_dpa_app *",
}
SIGNATURE = re.compile(r"^(?P<ret>.*?)\b(?P<name>\w+)\((?P<params>.*)\) \[(?P<marks>[^\]]*)\]$")


def header_of(source):
    """The header a facts row comes from: the last path component of its source column."""
    return re.split(r"[/:)]", source)[-1]


def origin(line, facts_file, name):
    """The line whose own facts give a row: a 1.4 row inherited from 2.2 is 1.4's when the guide
    documents the name, else 2.2's."""
    own = FILE_LINE[facts_file]
    if line == 14 and own == 22 and name in GUIDE_NAMES:
        return 14
    return own


def line_files(line):
    """The facts files of a line, in the order they apply: DOCA Core's, the line's own (2.2's Comm
    Channel), then DOCA DPA's."""
    return ([(f, f"doca-{f}-core.tsv") for f in LINE_FILES[line]]
            + [(f.split("-")[0], f"doca-{f}.tsv") for f in LINE_OWN_FILES.get(line, [])]
            + [(f, f"doca-{f}-dpa.tsv") for f in DPA_LINE_FILES.get(line, [])])


def load_line(facts_dir, line, kinds=HEADER_KINDS):
    """{(kind, name): (value, header, origin line)} of a line."""
    rows = {}
    for f, path in line_files(line):
        for text in (Path(facts_dir) / path).read_text().splitlines():
            if not text or text.startswith("#"):
                continue
            kind, name, _release, value, source = text.split("\t")[:5]
            if kind in kinds:
                rows[(kind, name)] = (value, header_of(source), origin(line, f, name))
    return rows


def split_params(text):
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def parse_function(value):
    m = SIGNATURE.match(value)
    if not m:
        raise ValueError(f"not a function fact: {value}")
    params = []
    for p in split_params(m.group("params")):
        pm = re.match(r"^(.*?)(\w+)$", p)
        params.append((p, "") if p in ("void", "...") else (pm.group(1).strip(), pm.group(2)))
    marks = m.group("marks").split()
    return {"ret": m.group("ret").strip(), "name": m.group("name"), "params": params, "marker": marks[0],
            "inline": "inline" in marks}


def abi_type(t):
    t = re.sub(r"\bconst\b", "", t)
    for name, same in SAME_TYPE.items():
        t = re.sub(r"\b%s\b" % name, same, t)
    return re.sub(r"\s+", "", t)


def form_of(function):
    """A function's form: its return and parameter types, without names and qualifiers."""
    return abi_type(function["ret"]) + "(" + ",".join(abi_type(t) for t, _ in function["params"]) + ")"


def functions(facts_dir, kind="func"):
    """{name: {line: parsed function with its header and origin}} of the host functions (kind "func")
    or of the device ones ("dev-func")."""
    out = collections.defaultdict(dict)
    for line in LINES:
        for (_kind, name), (value, header, orig) in load_line(facts_dir, line, {kind}).items():
            f = parse_function(value)
            f.update(header=header, origin=orig)
            out[name][line] = f
    return out


def symbols(facts_dir, kind="func"):
    """{link name: symbol} of every exported form: name, link, node, lines, library, marker. kind
    "dev-func": the device library's forms (their node is meaningless: a static library)."""
    out = {}
    for name, per in functions(facts_dir, kind).items():
        exported = {ln: f for ln, f in per.items() if not f["inline"]}
        if not exported:
            continue
        forms = collections.OrderedDict()
        for ln in sorted(exported):
            forms.setdefault(form_of(exported[ln]), []).append(ln)
        newest = form_of(exported[max(exported)])
        for form, lines in forms.items():
            first = min(exported[ln]["origin"] for ln in lines)
            marker = exported[max(lines)]["marker"]
            link = name if form == newest else f"{name}_v{LINE_NAME[first].replace('.', '_')}"
            node = "DOCA_EXPERIMENTAL" if marker == "experimental" else f"DOCA_{LINE_NAME[first]}"
            out[link] = {"name": name, "link": link, "node": node, "lines": lines, "marker": marker,
                         "library": DEVICE_LIBRARY if kind == "dev-func" else
                         LIBRARY_OF_HEADER.get(exported[lines[0]]["header"], "doca_common"),
                         "newest_line": max(lines)}
    return out


def link_of(facts_dir, kind="func"):
    """{(name, line): link name} of every exported function of every line."""
    out = {}
    for sym in symbols(facts_dir, kind).values():
        for ln in sym["lines"]:
            out[(sym["name"], ln)] = sym["link"]
    return out
