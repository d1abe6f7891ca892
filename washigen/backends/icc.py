"""ICC profiles, read as far as a PDF output intent needs: the header says what a profile is for, the 'desc' tag
what it is called. A print shop's CMYK output profile is checked here before it is embedded, so a display (RGB)
profile or a stray file is refused by name instead of making a PDF that a preflight rejects."""

from __future__ import annotations

import struct

from ..errors import InputError
from ..words import N_, Says

HEADER_BYTES = 128
TAG_BYTES = 12
MAX_TAGS = 1000


def check_output_profile(data: bytes, source: str) -> bytes:
    """`data` if it is a CMYK output (printer) profile; an InputError naming `source` and what is wrong if not."""
    if len(data) < HEADER_BYTES + 4 or data[36:40] != b"acsp":
        raise InputError(Says(N_("{source}: not an {kind} profile (no {signature} signature in its header)"),
                              source=source, kind="ICC", signature="'acsp'"))
    declared = struct.unpack(">I", data[0:4])[0]
    if declared != len(data):
        raise InputError(Says(N_("{source}: the {kind} header says {declared} bytes, the file has {size}: cut short or "
                                 "padded"), source=source, kind="ICC", declared=declared, size=len(data)))
    device_class, colour_space = data[12:16].decode("latin-1"), data[16:20].decode("latin-1").strip()
    if colour_space != "CMYK":
        if not colour_space:
            raise InputError(Says(N_("{source}: an {kind} profile for no colour; the output intent of a {model} PDF "
                                     "needs a {model} profile"), source=source, kind="ICC", model="CMYK"))
        raise InputError(Says(N_("{source}: an {kind} profile for {space} colour; the output intent of a {model} PDF "
                                 "needs a {model} profile"), source=source, kind="ICC", space=colour_space,
                              model="CMYK"))
    if device_class != "prtr":
        raise InputError(Says(N_("{source}: an {kind} profile of class {device!r}; the output intent needs an output "
                                 "(printer, {signature}) profile, the kind a print shop gives"), source=source,
                              kind="ICC", device=device_class, signature="'prtr'"))
    return data


def description(data: bytes) -> str:
    """The profile's name from its 'desc' tag (ICC v2 textDescription or v4 multiLocalizedUnicode), '' if none."""
    for signature, offset, size in _tags(data):
        if signature == b"desc":
            return _text(data[offset:offset + size]).strip("\x00 ").strip()
    return ""


def _tags(data: bytes):
    if len(data) < HEADER_BYTES + 4:
        return
    count = min(struct.unpack(">I", data[HEADER_BYTES:HEADER_BYTES + 4])[0], MAX_TAGS)
    for index in range(count):
        start = HEADER_BYTES + 4 + index * TAG_BYTES
        if start + TAG_BYTES > len(data):
            return
        signature, offset, size = struct.unpack(">4sII", data[start:start + TAG_BYTES])
        if offset + size <= len(data):
            yield signature, offset, size


def _text(tag: bytes) -> str:
    kind = tag[:4]
    if kind == b"desc" and len(tag) >= 12:                       # v2: a count, then ASCII
        count = struct.unpack(">I", tag[8:12])[0]
        return tag[12:12 + count].decode("latin-1", "replace")
    if kind == b"mluc" and len(tag) >= 28:                       # v4: records of UTF-16 strings; take the first
        length, offset = struct.unpack(">II", tag[20:28])
        return tag[offset:offset + length].decode("utf-16-be", "replace")
    return ""
