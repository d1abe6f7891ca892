"""The options commands share, declared as data (Params, as a component declares its own): the print options a
component takes (Component.prints), its -o (Component.writes). cli/options.py builds the click options from
these; `washigen games` lists them from here, so listing needs neither click options nor the module that makes
them. Each Param reads as reading.param_of reads its click option back (tests/test_specs.py holds the two
together)."""

from __future__ import annotations

from ..games.params import Param
from ..games.registry import FOLDER
from ..units import DEFAULT_BLEED, MAX_BLEED, MAX_GUTTER, PAPER_SIZES

PROFILE = Param("profile", "NAME", help="Printer profile for the print options' defaults (washigen profile set); "
                                        "without it the profile named default, if saved.")
PAPER = Param("paper", "choice", choices=tuple(sorted(PAPER_SIZES)),
              help="Lay the parts out on sheets of this paper (default: each at its own size, or A4 where the parts "
                   "need sheets).")
TEMPLATE = Param("template_file", "file", flag="--template",
                 help="Your own sheet template (TOML), e.g. a label or sticker sheet.")
BLEED = Param("bleed", "length", f"{DEFAULT_BLEED:g}mm", min=0, max=MAX_BLEED, help="Artwork beyond the trim.")
CROP_MARKS = Param("crop_marks", "bool", True, flag="--crop-marks/--no-crop-marks",
                   help="Crop marks 5 mm long, 2 mm outside the trim (or outside the bleed).")
CUT_LINES = Param("cut_lines", "bool", False, help="Full-length cut lines instead of crop marks.")
COLOUR = Param("colour", "choice", "rgb", choices=("rgb", "cmyk"), flag="--color",
               help="Colour space of PDF output: cmyk writes every colour as CMYK (for print shops and tape makers), "
                    "with an output intent naming the printing condition (FOGRA39).")
ICC_PROFILE = Param("output_profile", "file", flag="--icc-profile",
                    help="With --color cmyk: your print shop's CMYK output profile (.icc), embedded as the PDF's "
                         "output intent.")
GUTTER = Param("gutter", "length", min=0, max=MAX_GUTTER,
               help="Space between cards or tiles on a sheet, so neighbours never meet on a cut (default: the "
                    "template's; up to 30mm).")
DUPLEX = Param("duplex", "choice", "none", choices=("long", "short", "none"),
               help="Print backs: long-edge flip mirrors columns, short-edge flip mirrors rows.")
BACK_OFFSET = Param("back_offset", "X,Y", help="Shift the backs by X,Y mm to correct a printer's duplex drift.")
DPI = Param("dpi", "int", 300, min=30, max=2400, help="Resolution of PNG output.")
LANG = Param("lang", "en|de", "en", help="Language of the printed words (and of the rules): en or de.")

_SHEETS = (PROFILE, PAPER, TEMPLATE, BLEED, CROP_MARKS, CUT_LINES, COLOUR, ICC_PROFILE, GUTTER)
# The print options by what a component prints (Component.prints), in the order its command offers them.
PRINT_PARAMS: dict[str, tuple[Param, ...]] = {
    "": (),
    "sheets": (*_SHEETS, DPI, LANG),
    "sheets+backs": (*_SHEETS, DUPLEX, BACK_OFFSET, DPI, LANG),
    # Tape strips in the lanes of a sheet (a map with --paper): no --gutter, the lanes space them.
    "strips": (PROFILE, PAPER, TEMPLATE, BLEED, CROP_MARKS, CUT_LINES, COLOUR, ICC_PROFILE, DPI, LANG),
    # One whole sheet of paper (a score sheet, a tree or a setup fitted to the paper): nothing cut, so no bleed,
    # marks, template or gutter.
    "paper": (PROFILE, PAPER, COLOUR, ICC_PROFILE, DPI, LANG),
    "page": (BLEED, DPI, COLOUR, ICC_PROFILE, LANG),      # one page at its real size: no sheets, no --paper
    "tape": (COLOUR, ICC_PROFILE, LANG, PROFILE),         # a tape maker's strip: its own bleed and dpi
    "lang": (LANG,),
}
# The print options `washigen games` names once per command rather than under each (a sheet's, backs and all).
PRINT_OPTION_NAMES = frozenset({"paper", "template_file", "bleed", "crop_marks", "cut_lines", "duplex", "back_offset",
                                "dpi", "lang"})

FOLDER_OUTPUT = Param("folder", "folder", flag="-o/--output", help="Folder for the maps (made if missing).")
STDOUT_FORMS = (("-", ".json"), ("-.txt", ".txt"), ("-.svg", ".svg"))


def output_param(formats: tuple[str, ...], required: bool = True) -> Param:
    """-o for a file in one of `formats`, chosen by its extension (and stdout where a format allows it)."""
    to_stdout = [name for name, suffix in STDOUT_FORMS if suffix in formats]
    return Param("output", "OUT", flag="-o/--output", required=required,
                 help=f"Output file; its extension sets the format ({' '.join(formats)})"
                      + (f"; {' or '.join(to_stdout)} writes to stdout." if to_stdout else "."))


def output_params(writes: tuple[str, ...] | None, required: bool) -> tuple[Param, ...]:
    """-o as a component `writes` (Component.writes): a file of those forms, a folder, or none."""
    if not writes:
        return ()
    if writes == (FOLDER,):
        return (FOLDER_OUTPUT._replace(required=required),)
    return (output_param(writes, required),)
