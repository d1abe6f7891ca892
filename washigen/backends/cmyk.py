"""A finished PDF turned to CMYK, for the documents not painted by the scene backend (rule sheets set by platypus,
kits joined from parts): every RGB and grey colour operator of every page and form rewritten as device CMYK by the
same rule as `pdf.rgb_to_cmyk`, and the output intent added as `pdf.add_output_intent` writes it."""

from __future__ import annotations

import io

from .pdf import ICC_REGISTRY, output_condition, rgb_to_cmyk

# RGB and grey operators and their CMYK counterparts: fill, then stroke.
_TO_CMYK = {b"rg": b"k", b"RG": b"K", b"g": b"k", b"G": b"K"}


def pdf_to_cmyk(data: bytes, profile: bytes | None = None) -> bytes:
    """`data` with every colour in CMYK and an output intent naming FOGRA39 (or embedding `profile`)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, TextStringObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    done: set[int] = set()
    for page in writer.pages:
        contents = page.get_contents()
        if contents is not None:
            page.replace_contents(_converted(contents, writer))
            page.compress_content_streams()
        _convert_forms(page.get("/Resources"), writer, done)
    identifier, info = output_condition(profile)
    intent = DictionaryObject({
        NameObject("/Type"): NameObject("/OutputIntent"), NameObject("/S"): NameObject("/GTS_PDFX"),
        NameObject("/OutputConditionIdentifier"): TextStringObject(identifier),
        NameObject("/Info"): TextStringObject(info), NameObject("/RegistryName"): TextStringObject(ICC_REGISTRY)})
    if profile is not None:
        intent[NameObject("/DestOutputProfile")] = writer._add_object(_icc_stream(profile))
    writer._root_object[NameObject("/OutputIntents")] = ArrayObject([intent])
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def _converted(stream, writer):
    """The content stream with its colour operators in CMYK."""
    from pypdf.generic import ContentStream, FloatObject

    content = ContentStream(stream, writer)
    operations = []
    for operands, operator in content.operations:
        if operator in _TO_CMYK:
            values = [float(v) for v in operands]
            rgb = values if len(values) == 3 else values * 3
            operands = [FloatObject(round(v, 4)) for v in rgb_to_cmyk(*rgb)]
            operator = _TO_CMYK[operator]
        operations.append((operands, operator))
    content.operations = operations
    return content


def _convert_forms(resources, writer, done: set[int]) -> None:
    """Every form XObject reachable from `resources`, converted once (forms are shared between pages)."""
    if resources is None:
        return
    resources = resources.get_object()
    for xobject in (resources.get("/XObject") or {}).values():
        form = xobject.get_object()
        if form.get("/Subtype") != "/Form" or id(form) in done:
            continue
        done.add(id(form))
        form.set_data(_converted(form, writer).get_data())
        _convert_forms(form.get("/Resources"), writer, done)


def _icc_stream(profile: bytes):
    from pypdf.generic import DecodedStreamObject, NameObject, NumberObject

    stream = DecodedStreamObject()
    stream.set_data(profile)
    stream[NameObject("/N")] = NumberObject(4)
    return stream
