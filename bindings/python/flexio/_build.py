"""flexio.build: device sources to a loaded App, through dpacc and the host compiler, cached.

    app = flexio.build(["kernels.c"], name="kernels")           # files
    app = flexio.build([r'''
        #include <libflexio-dev/flexio_dev.h>
        __dpa_rpc__ uint64_t twice(uint64_t x) { return 2 * x; }
    '''], name="twice")                                          # or source text

The same as the two commands of bindings/README.md ("Loading a dpacc-built application"):
dpacc builds the host archive, the host compiler links it into a shared object with libflexio,
and App.load loads it.  The shared object is kept in a cache directory under a key hashed from
everything that makes it: the sources (their text and file names), the name, the options, and
the toolchain (dpacc --version and the host compiler's --version) and the device libraries it
links (their archives' bytes).  A second build of the same inputs only loads it.
"""
from __future__ import annotations

import hashlib
import os
import re
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Iterable, Sequence, Union

from . import _library
from ._core import App, FlexioError

Source = Union[str, "os.PathLike[str]"]

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


class BuildError(FlexioError):
    """flexio.build could not compile or link the application.

    function: the step that failed ("dpacc" or the host compiler); message: the command and
    what it printed."""


def cache_dir() -> Path:
    """Where flexio.build keeps applications: FLEXIO_CACHE_DIR, else $XDG_CACHE_HOME/flexio,
    else ~/.cache/flexio.  Each application is in a folder named by its key; deleting any of
    them (or the whole directory) is safe."""
    explicit = os.environ.get("FLEXIO_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "flexio"


def find_dpacc() -> str:
    """dpacc: FLEXIO_DPACC, else `dpacc` on PATH, else the bin directory of the prefix
    pkg-config gives for `flexio` (an installed OpenFlexIO)."""
    explicit = os.environ.get("FLEXIO_DPACC")
    if explicit:
        return explicit
    on_path = shutil.which("dpacc")
    if on_path:
        return on_path
    prefix = _library.pkg_config("--variable=prefix")
    if prefix and (Path(prefix) / "bin" / "dpacc").exists():
        return str(Path(prefix) / "bin" / "dpacc")
    raise BuildError("dpacc", "dpacc not found: set FLEXIO_DPACC, put OpenFlexIO's bin directory on PATH, "
                     "or PKG_CONFIG_PATH to its lib/pkgconfig")


def _host_cc() -> str:
    return os.environ.get("FLEXIO_HOST_CC") or os.environ.get("CC") or "cc"


def _run(step: str, cmd: Sequence[str], cwd: Path | None = None) -> str:
    try:
        done = subprocess.run(list(cmd), cwd=cwd, capture_output=True, text=True)
    except OSError as e:
        raise BuildError(step, f"{step}: cannot run {cmd[0]}: {e}") from None
    if done.returncode:
        raise BuildError(step, f"{step} failed (exit {done.returncode}): {shlex.join(cmd)}\n"
                               f"{(done.stdout + done.stderr).strip()}")
    return done.stdout


def _read_sources(sources: Iterable[Source]) -> list[tuple[str, bytes]]:
    """(file name, text) of each source: a path, or a str holding code (it has a newline)."""
    out = []
    if isinstance(sources, (str, os.PathLike)):
        sources = [sources]
    for i, src in enumerate(sources):
        if isinstance(src, str) and "\n" in src:
            out.append((f"source{i}.c", src.encode()))
        else:
            path = Path(src)
            try:
                out.append((path.name, path.read_bytes()))
            except OSError as e:
                raise BuildError("dpacc", f"dpacc: cannot read source {path}: {e}") from None
    if not out:
        raise ValueError("flexio.build: no sources")
    names = [n for n, _ in out]
    if len(set(names)) != len(names):
        raise ValueError(f"flexio.build: two sources named alike ({', '.join(names)}): dpacc's objects would clash")
    return out


def _archives(device_libs: Sequence[str]) -> list[bytes]:
    """The bytes of each device library that device_libs' -l<name> finds as lib<name>.a in their -L
    directories (what dpacc links): a rebuilt library makes another key."""
    dirs = [Path(o[2:]) for o in device_libs if o.startswith("-L")]
    found = []
    for lib in (o[2:] for o in device_libs if o.startswith("-l")):
        for d in dirs:
            if (d / f"lib{lib}.a").is_file():
                found.append((d / f"lib{lib}.a").read_bytes())
                break
    return found


def _key(name: str, sources: list[tuple[str, bytes]], options: Sequence[str], toolchain: Sequence[str],
         archives: Sequence[bytes] = ()) -> str:
    h = hashlib.sha256()
    for part in [name, *options, *toolchain]:
        h.update(part.encode() + b"\0")
    for file_name, text in sources:
        h.update(file_name.encode() + b"\0" + hashlib.sha256(text).digest())
    for archive in archives:
        h.update(hashlib.sha256(archive).digest())
    return h.hexdigest()[:32]


def build(sources: Source | Iterable[Source], name: str = "app", *, options: Sequence[str] = (),
          include_dirs: Sequence[Source] = (), device_libs: Sequence[str] = ()) -> App:
    """Compiles device sources with dpacc into an application and loads it (App).

    sources: file paths, or strings of C code (a string with a newline is code), or one of them.
    name: the application's name (dpacc --app-name; a C identifier; a cell built again under its
          name is another application, which App.get(name) then finds).
    options: more device compiler options (dpacc --devicecc-options, e.g. ["-O2", "-DN=4"]).
    include_dirs: directories for the sources' #include "..." (passed as -I).
    device_libs: device libraries to link the DPA code with (dpacc --device-libs, e.g.
          ["-L/opt/openflexio/lib", "-ldoca_dpa_dev"]; opendoca.build passes DOCA DPA's).

    The result is cached (see cache_dir()) by the hash of the sources, name, options and the
    toolchain's versions; a cached application is only loaded.  dpacc is found by find_dpacc(),
    the host compiler is FLEXIO_HOST_CC, else CC, else cc.  Failures raise BuildError with the
    compiler's messages."""
    if not _IDENTIFIER.match(name):
        raise ValueError(f"flexio.build: name {name!r} is not a C identifier (dpacc --app-name)")
    texts = _read_sources(sources)
    device_options = [f"-I{Path(d).resolve()}" for d in include_dirs] + list(options)
    dpacc, cc = find_dpacc(), _host_cc()
    toolchain = [_run("dpacc", [dpacc, "--version"]).strip(), _run(cc, [cc, "--version"]).splitlines()[0]]
    library = _library.loaded_path()
    if library is None:
        raise BuildError("cc", "libflexio is not loaded into this process: nothing to link the application with")
    home = cache_dir() / _key(name, texts, [*device_options, *device_libs], toolchain, _archives(device_libs))
    shared_object = home / f"lib{name}.so"
    if not shared_object.exists():
        home.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(dir=home.parent, prefix=f".{name}-"))
        try:
            for file_name, text in texts:
                (work / file_name).write_bytes(text)
            cmd = [dpacc, *[file_name for file_name, _ in texts], "-o", f"{name}.a", f"--app-name={name}",
                   f"-hostcc={cc}", "-hostcc-options=-fPIC"]
            if device_options:
                cmd.append("--devicecc-options=" + ",".join(device_options))
            if device_libs:
                cmd.append("--device-libs=" + " ".join(device_libs))
            _run("dpacc", cmd, cwd=work)
            _run(cc, [cc, "-shared", "-o", f"lib{name}.so", "-Wl,--whole-archive", f"{name}.a",
                      "-Wl,--no-whole-archive", str(library)], cwd=work)
            try:
                os.rename(work, home)  # atomic: of two builds of one key, the second finds the first's
            except OSError:
                if not shared_object.exists():
                    raise
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return App.load(shared_object, name)
