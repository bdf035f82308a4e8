#!/usr/bin/env python3
"""doca-symbols-check --plan: what the facts plan for a library is a version script its writers can
take as it is. The plan of libdoca_dma (whose every function is exported) is its version script's
nodes and symbols; libdoca_dpa's holds the three forms of doca_dpa_create (2.2, 2.5, 2.6 and later)
in DOCA_EXPERIMENTAL, as NVIDIA marks every DOCA DPA function; the device library's plan names 2.2's
doca_dpa_dev_memcpy_nb by its older form's link name.

Usage: test_dpa_headers_plan.py DOCA_TOOLS_DIR DMA_MAP
"""
import subprocess
import sys
import tempfile
from pathlib import Path


def plan(tools, library):
    r = subprocess.run([sys.executable, f"{tools}/doca-symbols-check", "--plan", library], capture_output=True,
                       text=True)
    if r.returncode:
        raise SystemExit(f"test_dpa_headers_plan: --plan {library} failed:\n{r.stderr}")
    return r.stdout


def nodes(version_script, text):
    with tempfile.TemporaryDirectory() as work:
        (Path(work) / "plan.map").write_text(text)
        script = version_script.read(str(Path(work) / "plan.map"))
    return {(node.name, name) for node in script.nodes for name in node.global_names}


def main():
    tools, dma_map = sys.argv[1:3]
    sys.path.insert(0, str(Path(tools).resolve().parents[1] / "abi"))
    import version_script  # noqa: E402  (abi/version_script.py: the tree's version-script parser)

    failed = []
    want = nodes(version_script, Path(dma_map).read_text())
    have = nodes(version_script, plan(tools, "doca_dma"))
    if have != want:
        failed.append(f"libdoca_dma: the plan differs from its map: {sorted(have ^ want)}")
    dpa = nodes(version_script, plan(tools, "doca_dpa"))
    for link in ("doca_dpa_create", "doca_dpa_create_v2_5", "doca_dpa_create_v2_2"):
        if ("DOCA_EXPERIMENTAL", link) not in dpa:
            failed.append(f"libdoca_dpa: {link} not planned in DOCA_EXPERIMENTAL")
    if {node for node, _ in dpa} != {"DOCA_EXPERIMENTAL"}:
        failed.append(f"libdoca_dpa: nodes other than DOCA_EXPERIMENTAL: {sorted({n for n, _ in dpa})}")
    device = dict(line.split("\t") for line in plan(tools, "doca_dpa_dev").splitlines())
    if device.get("doca_dpa_dev_memcpy_nb_v2_2") != "2.2" or "doca_dpa_dev_buf_get_mmap" in device:
        failed.append("libdoca_dpa_dev: 2.2's memcpy_nb not planned as doca_dpa_dev_memcpy_nb_v2_2, or an inline "
                      "function planned")
    for f in failed:
        print(f"test_dpa_headers_plan: {f}")
    if not failed:
        print(f"test_dpa_headers_plan: libdoca_dma's plan is its map; libdoca_dpa {len(dpa)} symbols, "
              f"libdoca_dpa_dev {len(device)} link names")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
