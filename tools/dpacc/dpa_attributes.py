"""DPA application attributes: the features a DPA application declares it needs, as DOCA 3.2 and
later build them in (an attributes YAML file, made into a blob by dpa-app-attributes2blob, given to
dpacc with --dpa-proc-attr).

The YAML (NVIDIA's documented form):

    Feature_list:
      Generating_Empty_CQE: true

a top-level mapping whose only key is Feature_list, a mapping of feature names to booleans
(true/false, yes/no, on/off, any case); Feature_list may be empty (no features), and a feature not
written is false. Nothing else of YAML is needed by such files, and this module reads no more:
block mappings, comments, quoted keys, `{}`/flow mappings of booleans, `---`/`...` markers.

The blob: BLOB_SIZE (default 8) bytes, little-endian 32-bit words, feature N = bit N % 32 of word
N / 32 (FEATURES gives N). NVIDIA publishes the YAML and the tool's command line but not the bit
of each feature: this layout is OpenFlexIO's, so blobs of NVIDIA's tool and of this one are not
interchangeable (the YAML is).
"""
import re
import struct

# name -> (bit, what declaring it means); the order is the blob's: never renumber.
FEATURES = {
    "Generating_Empty_CQE": (0, "DPA threads are activated by completions that carry no data: thread "
                                "notifications (doca_dpa_dev_thread_notify) and notification "
                                "completions"),
    "Device_Emulation": (1, "the application serves emulated PCI devices (DOCA DevEmu)"),
    "Programmable_Congestion_Control": (2, "the application is a programmable congestion-control algorithm "
                                           "(DOCA PCC)"),
    "Congestion_Control_Flow_Context_Access": (3, "the application reads and writes congestion-control flow "
                                                  "contexts (DOCA PCC)"),
}
TOP_KEY = "Feature_list"
DEFAULT_BLOB_SIZE = 8
MAX_BLOB_SIZE = 1020  # "a multiple of 4 and less than 1024"
_TRUE = {"true", "yes", "on"}
_FALSE = {"false", "no", "off"}


class AttributesError(Exception):
    """A file that is not DPA application attributes; the message says where and why."""


def check_blob_size(size):
    """Refuses a blob size the format has no room for (a multiple of 4, 4 to 1020 bytes)."""
    if size <= 0 or size % 4 or size > MAX_BLOB_SIZE:
        raise AttributesError(f"blob size {size}: must be a multiple of 4 from 4 to {MAX_BLOB_SIZE}")


def _strip_comment(line):
    """The line without its comment: a '#' at its start or after a blank, outside quotes."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"" and (i == 0 or line[i - 1] in " \t:{,"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i]
    return line


def _scalar(text, where):
    """A plain or quoted scalar."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    if text[:1] in ("'", '"'):
        raise AttributesError(f"{where}: unterminated quoted scalar {text}")
    return text


def _boolean(name, text, where):
    value = _scalar(text, where)
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise AttributesError(f"{where}: {name}: {value!r} is not a boolean (true/false, yes/no, on/off)")


def _feature(name, where, seen):
    if name not in FEATURES:
        raise AttributesError(f"{where}: unknown feature {name!r} (known: {', '.join(FEATURES)})")
    if name in seen:
        raise AttributesError(f"{where}: feature {name} given twice")
    return name


def _flow_mapping(text, where, features):
    """`{}` or `{Name: bool, ...}` as Feature_list's value."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        raise AttributesError(f"{where}: {TOP_KEY} must be a mapping of features, not {body!r}")
    for item in filter(None, (part.strip() for part in body[1:-1].split(","))):
        name, sep, value = item.partition(":")
        if not sep:
            raise AttributesError(f"{where}: {item!r} is not 'feature: boolean'")
        name = _feature(_scalar(name, where), where, features)
        features[name] = _boolean(name, value, where)


def parse_yaml(text, source="<attributes>"):
    """The features (name -> bool, every known feature present) an attributes YAML text declares."""
    features = {}
    top_indent = None
    top_seen = False
    feature_indent = None
    lines = text.splitlines()
    for number, raw in enumerate(lines, 1):
        where = f"{source}:{number}"
        line = _strip_comment(raw).rstrip()
        if not line.strip():
            continue
        if line in ("---", "...") or line.startswith("--- "):
            if line.startswith("--- ") and _strip_comment(line[4:]).strip():
                raise AttributesError(f"{where}: only {TOP_KEY} may be given")
            continue
        indent = len(line) - len(line.lstrip(" "))
        if line[indent:indent + 1] == "\t":
            raise AttributesError(f"{where}: a tab in the indentation (YAML indents with spaces)")
        content = line[indent:]
        if content.startswith("- "):
            raise AttributesError(f"{where}: a list where a mapping was expected")
        match = re.match(r"""^("[^"]*"|'[^']*'|[^:'"]+)\s*:(\s+(.*))?$""", content)
        if not match:
            raise AttributesError(f"{where}: {content!r} is not 'key: value'")
        key = _scalar(match.group(1), where)
        value = (match.group(3) or "").strip()
        if top_indent is None or indent <= top_indent:
            if top_indent is not None and indent < top_indent:
                raise AttributesError(f"{where}: bad indentation")
            top_indent = indent
            if key != TOP_KEY:
                raise AttributesError(f"{where}: unknown key {key!r}: the attributes have {TOP_KEY} only")
            if top_seen:
                raise AttributesError(f"{where}: {TOP_KEY} given twice")
            top_seen = True
            if value and value not in ("~", "null", "Null", "NULL"):
                _flow_mapping(value, where, features)
                feature_indent = -1  # no block entries may follow a flow mapping
            continue
        if feature_indent == -1:
            raise AttributesError(f"{where}: {TOP_KEY} was given as a flow mapping already")
        if feature_indent is None:
            feature_indent = indent
        elif indent != feature_indent:
            raise AttributesError(f"{where}: bad indentation (features are booleans, not nested mappings)")
        if not value:
            raise AttributesError(f"{where}: {key}: a feature's value is a boolean")
        name = _feature(key, where, features)
        features[name] = _boolean(name, value, where)
    if not top_seen:
        raise AttributesError(f"{source}: no {TOP_KEY}")
    return {name: features.get(name, False) for name in FEATURES}


def to_blob(features, size=DEFAULT_BLOB_SIZE):
    """The blob of a feature set (parse_yaml's result)."""
    check_blob_size(size)
    words = [0] * (size // 4)  # the smallest blob holds every feature's bit (FEATURES < 32)
    for name, on in features.items():
        bit = FEATURES[name][0]
        if on:
            words[bit // 32] |= 1 << (bit % 32)
    return struct.pack(f"<{len(words)}I", *words)


def from_blob(blob, warn=None):
    """The features of a blob; a set bit that is no feature raises AttributesError, or, when warn
    is given, is reported through warn(message) and ignored."""
    check_blob_size(len(blob))
    words = struct.unpack(f"<{len(blob) // 4}I", blob)
    by_bit = {bit: name for name, (bit, _) in FEATURES.items()}
    features = {name: False for name in FEATURES}
    for index, word in enumerate(words):
        for shift in range(32):
            if not word >> shift & 1:
                continue
            bit = index * 32 + shift
            if bit in by_bit:
                features[by_bit[bit]] = True
            elif warn is None:
                raise AttributesError(f"bit {bit} of the blob is set but is no feature")
            else:
                warn(f"bit {bit} of the blob is set but is no feature: ignored")
    return features


def to_yaml(features):
    """An attributes YAML text of a feature set, each feature with what it means."""
    out = ["# DPA application attributes (dpa-app-attributes2blob --bin2yaml)", f"{TOP_KEY}:"]
    for name, (_, meaning) in FEATURES.items():
        out.append(f"  # {meaning}")
        out.append(f"  {name}: {'true' if features.get(name) else 'false'}")
    return "\n".join(out) + "\n"


def read_blob_file(path):
    """The features of a blob file (dpacc --dpa-proc-attr): refuses a file that is none."""
    try:
        with open(path, "rb") as blob:
            data = blob.read(MAX_BLOB_SIZE + 1)
    except OSError as err:
        raise AttributesError(f"{path}: {err.strerror}") from err
    try:
        return from_blob(data)
    except AttributesError as err:
        raise AttributesError(f"{path}: {err}") from err
