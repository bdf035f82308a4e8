#!/usr/bin/env python3
"""dpa-app-attributes2blob: DPA application attributes, from YAML to the blob dpacc takes
(--dpa-proc-attr) and back, as NVIDIA's tool of the same name (DOCA 3.2 and later) on its command
line; the blob's bit layout is OpenFlexIO's (dpa_attributes.py, docs/guide/dpa-attributes.md).

  dpa-app-attributes2blob [--help] [--version] [--yaml2bin | --bin2yaml]
                          [--restrictive | --notification] [--blob-size SIZE] INPUT OUTPUT

Exit status 0 when OUTPUT was written, 1 when INPUT is not what the mode reads (one line on stderr
says where and why: nothing is written), 2 for a wrong command line.
"""
import argparse
import sys
from pathlib import Path

# The module lives next to the script (source and build trees) or in ${datadir}/flexio/dpacc.
_HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(_HERE), str(_HERE.parent / "share" / "flexio" / "dpacc")]
from dpa_attributes import (DEFAULT_BLOB_SIZE, FEATURES, MAX_BLOB_SIZE, AttributesError,  # noqa: E402
                            check_blob_size, from_blob, parse_yaml, to_blob, to_yaml)

PROG = "dpa-app-attributes2blob"
# The blob layout's version: what --version names (a layout change would be a new number).
LAYOUT = 1


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Convert DPA application attributes between a YAML file (Feature_list: a mapping of "
                    "feature names to booleans) and the binary blob dpacc embeds (--dpa-proc-attr).",
        epilog="features (bit of the blob): " + ", ".join(f"{name} ({bit})" for name, (bit, _) in FEATURES.items())
               + ". Unlisted features are false. Exit status: 0 written, 1 bad input, 2 bad command line.")
    p.add_argument("--version", action="version",
                   version=f"{PROG} (OpenFlexIO), blob layout {LAYOUT}")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--yaml2bin", dest="mode", action="store_const", const="yaml2bin",
                      help="convert an attributes YAML file to a blob (the default)")
    mode.add_argument("--bin2yaml", dest="mode", action="store_const", const="bin2yaml",
                      help="convert a blob to an attributes YAML file, each feature with what it means")
    errors = p.add_mutually_exclusive_group()
    errors.add_argument("--restrictive", dest="error_mode", action="store_const", const="restrictive",
                        help="--bin2yaml: a set bit that is no feature is an error (the default)")
    errors.add_argument("--notification", dest="error_mode", action="store_const", const="notification",
                        help="--bin2yaml: a set bit that is no feature is a warning, and ignored")
    p.add_argument("--blob-size", type=int, metavar="SIZE",
                   help=f"--yaml2bin: the blob's size in bytes, a multiple of 4 below 1024 "
                        f"(default {DEFAULT_BLOB_SIZE})")
    p.add_argument("input", metavar="INPUT")
    p.add_argument("output", metavar="OUTPUT")
    args = p.parse_args(argv)
    args.mode = args.mode or "yaml2bin"
    if args.mode == "yaml2bin" and args.error_mode:
        p.error(f"--{args.error_mode} applies to --bin2yaml only")
    if args.mode == "bin2yaml" and args.blob_size is not None:
        p.error("--blob-size applies to --yaml2bin only")
    if args.blob_size is not None:
        try:
            check_blob_size(args.blob_size)
        except AttributesError as err:
            p.error(str(err))
    return args


def main(argv):
    args = parse_args(argv)
    source = Path(args.input)
    try:
        if args.mode == "yaml2bin":
            try:
                text = source.read_text()
            except (OSError, UnicodeDecodeError) as err:
                raise AttributesError(f"{source}: {getattr(err, 'strerror', None) or err}") from err
            output = to_blob(parse_yaml(text, str(source)), args.blob_size or DEFAULT_BLOB_SIZE)
            Path(args.output).write_bytes(output)
        else:
            try:
                blob = source.read_bytes()
            except OSError as err:
                raise AttributesError(f"{source}: {err.strerror}") from err
            if len(blob) > MAX_BLOB_SIZE:
                raise AttributesError(f"{source}: {len(blob)} bytes: a blob has at most {MAX_BLOB_SIZE}")

            def warn(message):
                print(f"{PROG}: warning: {source}: {message}", file=sys.stderr)
            try:
                features = from_blob(blob, warn if args.error_mode == "notification" else None)
            except AttributesError as err:
                raise AttributesError(f"{source}: {err}") from err
            Path(args.output).write_text(to_yaml(features))
    except AttributesError as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"{PROG}: error: {args.output}: {err.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
