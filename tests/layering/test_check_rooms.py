#!/usr/bin/env python3
"""The layering check can fail: on a copy of the tree's rooms and of docs/architecture.md, each
case below breaks one rule and expects check_rooms.py to exit 1 naming the file and the edge;
the copy as it is, and an edge the table is then given, pass.

Usage: test_check_rooms.py SOURCE_DIR
"""
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import check_rooms  # noqa: E402


def run(root):
    r = subprocess.run([sys.executable, str(HERE / "check_rooms.py"), "--root", str(root)],
                       capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def append(path, text):
    original = path.read_text()
    path.write_text(original + text)
    return original


def main(source):
    source = Path(source).resolve()
    failures = []
    with tempfile.TemporaryDirectory(prefix="layering-") as tmp:
        root = Path(tmp)
        rooms = check_rooms.read_table(source / "docs" / "architecture.md")
        (root / "docs").mkdir()
        shutil.copy(source / "docs" / "architecture.md", root / "docs" / "architecture.md")
        for top in sorted({r.folder.split("/")[0] for r in rooms}):
            ignore = shutil.ignore_patterns("build*", ".git", "__pycache__", "target")
            if (source / top).is_dir():
                shutil.copytree(source / top, root / top, ignore=ignore)

        def case(name, path, text, expect_rc, expect_in=()):
            target = root / path
            original = append(target, text) if text is not None else None
            try:
                rc, out = run(root)
            finally:
                if original is not None:
                    target.write_text(original)
            missing = [e for e in expect_in if e not in out]
            if rc != expect_rc or missing:
                failures.append(f"{name}: exit {rc} (expected {expect_rc}), missing {missing}\n{out}")
            else:
                print(f"ok: {name}")

        case("the rooms as they are", "docs/architecture.md", None, 0)
        # An engine including the provider above it: going up.
        case("an include going up", "core/nic/frame.c", '\n#include "sim.h"\n', 1,
             ["core/nic/frame.c:", "nic -> sim"])
        # A relative include into a room beside it: sideways.
        case("a relative include sideways", "core/dpa/pause.c", '\n#include "../nic/nic.h"\n', 1,
             ["core/dpa/pause.c:", "dpa -> nic"])
        # The host library including the simulator's private API: the one door is the provider table.
        case("the host reaching a provider", "core/host/process.c", '\n#include <flexio_verbs.h>\n', 1,
             ["core/host/process.c:", "host -> verbs"])
        # A header name two other rooms hold, the includer's not among them.
        case("an ambiguous include", "core/host/app.c", '\n#include "internal.h"\n', 1,
             ["core/host/app.c:", "ambiguous"])
        # A link sideways between the engines.
        case("a link sideways", "core/nic/CMakeLists.txt", "\ntarget_link_libraries(flexio_nic PRIVATE flexio_dpa)\n",
             1, ["core/nic/CMakeLists.txt:", "nic -> dpa", "flexio_dpa"])
        # A room compiling another's source instead of linking its library.
        case("a source outside its folder", "core/stats/CMakeLists.txt",
             "\ntarget_sources(dpa_stats_objects PRIVATE ${PROJECT_SOURCE_DIR}/core/common/device_names.c)\n", 1,
             ["core/stats/CMakeLists.txt:", "outside its folder"])
        # The same include passes once the table allows the edge.
        table = root / "docs" / "architecture.md"
        original = table.read_text()
        allowed = original.replace("flow steering | capi, common |", "flow steering | capi, common, sim |")
        if allowed == original:
            failures.append("the nic row of the table was not found: update this test with the table")
        else:
            table.write_text(allowed)
            case("an allowed edge", "core/nic/frame.c", '\n#include "sim.h"\n', 0)
            table.write_text(original)
        # A table naming a room that does not exist cannot be read.
        broken = original.replace("| capi, common, provider |", "| capi, common, provider, nowhere |", 1)
        table.write_text(broken)
        rc, out = run(root)
        table.write_text(original)
        if rc != 2 or "nowhere" not in out:
            failures.append(f"a table naming an unknown room: exit {rc} (expected 2)\n{out}")
        else:
            print("ok: a table naming an unknown room")
    for f in failures:
        print(f"FAIL: {f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else HERE.parents[1]))
