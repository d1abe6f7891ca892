"""`washigen cats ...`: maps, tape artwork, player strips, cut-up variants, set-ups."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ...cli_options import (LENGTH, LENGTH_OR_ZERO, echo_report, emit, lang_option, output_option, print_options,
                            progress, report_written, resolve_seed, seed_option)
from ...design import load
from ...errors import InputError, OutputError
from ...press import PrintOptions
from ...units import DEFAULT_BLEED, TAPE_WIDTHS, format_mm
from .generate import MapSpec, check_spec, generate_map, generate_roll, generate_setup
from .variants import variants
from .model import (DEFAULT_SEGMENT_COLS, DEFAULT_SEGMENT_ROWS, DEFAULT_TAPE_WIDTH, FORESTS_MAX, LONG_MAX,
                    SEGMENT_COLS_RANGE, SEGMENT_ROWS_RANGE, TAPE_WIDTH_RANGE, CatsMap)
from .rules import validate

EXIT_RULE_BROKEN = 1


def _game():
    from ...games import get_game
    return get_game("cats")


@click.group("cats")
def commands():
    """Tokyo Washi Game Cats: maps at real size, tape artwork, player strips, cut-up variants.

    Rows and columns count from 1. A cell is the tape width over the segment's rows plus one (the grey band is
    one cell tall): 50 mm tape with 9 rows gives 5 mm cells."""


def tape_options(func):
    """--tape-width --segment-rows --segment-cols, shared by every command that makes tape."""
    widths = ", ".join(format_mm(w) for w in TAPE_WIDTHS)
    options = [
        click.option("--tape-width", type=LENGTH, default=f"{format_mm(DEFAULT_TAPE_WIDTH)}mm", show_default=True,
                     help=f"Width of the tape ({format_mm(TAPE_WIDTH_RANGE[0])}-{format_mm(TAPE_WIDTH_RANGE[1])} "
                          f"mm; standard tapes: {widths} mm). Narrower tape makes smaller cells; under 4 mm a "
                          "cell is reported as too small to draw in."),
        click.option("--segment-rows", type=click.IntRange(*SEGMENT_ROWS_RANGE), default=DEFAULT_SEGMENT_ROWS,
                     show_default=True, help="Cell rows of a segment (fewer rows: bigger cells on narrow tape)."),
        click.option("--segment-cols", type=click.IntRange(*SEGMENT_COLS_RANGE), default=DEFAULT_SEGMENT_COLS,
                     show_default=True, help="Columns of a segment."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def map_options(func):
    options = [
        click.option("--players", type=click.IntRange(2, 6), default=2, show_default=True,
                     help="2 or 3: one segment a side; 4 or 5: two; 6: three."),
        click.option("--coop", is_flag=True, help="Team play: 2 v 2 (4 players) or 2 v 2 v 2 (6 players) on the "
                                                  "2-player map."),
        click.option("--long", "long_", type=click.IntRange(0, LONG_MAX), default=0, show_default=True,
                     help="Extra layers of tape between the two outer ones (long game)."),
        click.option("--forests", type=click.IntRange(0, FORESTS_MAX), default=0, show_default=True,
                     help="Forest and shrub pieces stuck on the map."),
        click.option("--jinja", is_flag=True, help="Mark the map for jinja mode."),
    ]
    for option in reversed(options):
        func = option(func)
    return tape_options(func)


def _rules_url(func):
    return click.option("--rules-url", metavar="URL", default=None,
                        help="Print a QR code that leads to the rules.")(func)


@commands.command("map")
@map_options
@click.option("--cut-up", is_flag=True, help="Cut the tape on vertical grid lines and lay the pieces anew; the most "
                                             "balanced of the first good cut-ups.")
@click.option("--variant", type=click.IntRange(1, 100_000), default=None,
              help="With --cut-up: exactly this cut-up of the seed's map (as `cats variants` lists them).")
@_rules_url
@seed_option
@output_option()
@print_options
def map_command(players, coop, long_, forests, jinja, tape_width, segment_rows, segment_cols, cut_up, variant,
                rules_url, seed, output, print_options):
    """A map for PLAYERS at real size (one page, its trim the map), or with --paper its tape strips on sheets,
    numbered in the order they go together."""
    design = generate_map(players=players, coop=coop, long=long_, forests=forests, cut_up=cut_up, jinja=jinja,
                          tape_width=tape_width, segment_rows=segment_rows, segment_cols=segment_cols,
                          seed=resolve_seed(seed), variant=variant, rules_url=rules_url)
    _warn(design)
    emit(_game(), design, output, print_options)


def _warn(design) -> None:
    for violation in validate(design).warnings:
        click.echo(f"warning: {violation.message}", err=True)


@commands.command("tape")
@tape_options
@click.option("--length", type=LENGTH, default="10m", show_default=True, help="Length of the roll.")
@click.option("--bleed", type=LENGTH_OR_ZERO, default=f"{format_mm(DEFAULT_BLEED)}mm", show_default=True,
              help="Artwork beyond each edge of the tape.")
@click.option("--segments", type=click.IntRange(1, 1000), default=4, show_default=True,
              help="Distinct segments in the repeat (each followed by a forest section).")
@click.option("--dpi", type=click.IntRange(30, 2400), default=300, show_default=True, help="Resolution of PNG output.")
@_rules_url
@seed_option
@output_option()
@lang_option
def tape_command(tape_width, segment_rows, segment_cols, length, bleed, segments, dpi, rules_url, seed, output, lang):
    """Artwork for a tape maker: one continuous strip, tape width x length, with bleed; the segments and forest
    sections repeat along it. A PNG too large for one image is written as tiles along the tape (OUT-tile-01.png,
    ...)."""
    design = generate_roll(segments=segments, tape_width=tape_width, length=length, segment_rows=segment_rows,
                           segment_cols=segment_cols, seed=resolve_seed(seed), rules_url=rules_url)
    _warn(design)
    from .draw import repeat_length
    click.echo(f"repeat: {format_mm(repeat_length(design))} mm ({segments} segments, each followed by a forest "
               f"section), printed {format_mm(design.length)} mm long", err=True)
    emit(_game(), design, output, PrintOptions(bleed=bleed, dpi=dpi, lang=lang))


@commands.command("sheet")
@click.option("--players", type=click.IntRange(2, 6), default=2, show_default=True)
@click.option("--coop", is_flag=True, help="One strip a team (team play shares the special moves).")
@output_option((".pdf", ".svg", ".png"))
@print_options
def sheet_command(players, coop, output, print_options):
    """Player strips to cut out, for a map printed without bands or for the players beyond the bands."""
    from ...output import write_document
    from .draw import sheet_document
    from .model import table

    table(players, coop)
    report_written(write_document(sheet_document(players, coop, print_options), output, print_options.dpi,
                                  print_options.colour))


@commands.command("variants")
@click.option("--count", type=click.IntRange(1, 200), default=5, show_default=True, help="How many maps to keep.")
@click.option("--tries", type=click.IntRange(1, 100_000), default=None,
              help="Cut-ups to try (default: 20 a kept map, at least 100).")
@click.option("--format", "formats", default="json", show_default=True, metavar="LIST",
              help="What to write for each map, comma-separated: json, txt, pdf, svg, png.")
@map_options
@seed_option
@click.option("-o", "--output", "folder", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Folder for the maps (made if missing).")
@print_options
def variants_command(count, tries, formats, players, coop, long_, forests, jinja, tape_width, segment_rows,
                     segment_cols, seed, folder, print_options):
    """Cut-ups of the seed's map, every one checked, the COUNT most balanced written best first. The balance
    score is the gap, in steps, between the two sides' average routes from a home row to a fish on the far side
    and back; 0 is perfectly fair. A table of the kept maps goes to stdout."""
    kinds = [f.strip().lower().lstrip(".") for f in formats.split(",") if f.strip()]
    unknown = [k for k in kinds if k not in ("json", "txt", "pdf", "svg", "png")]
    if unknown or not kinds:
        raise InputError(f"--format: {', '.join(unknown) or formats!r} unknown; use json, txt, pdf, svg or png")
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder}: is a file, not a folder")
    if not folder.parent.exists():
        raise OutputError(f"{folder}: the folder {folder.parent} does not exist")
    spec = MapSpec(players, coop, long_, forests, True, jinja, float(tape_width), segment_rows, segment_cols)
    check_spec(spec)
    seed = resolve_seed(seed)
    tries = tries or max(100, 20 * count)
    with progress(range(tries), "cutting up", length=tries) as bar:
        steps = iter(bar)
        found = variants(spec, seed, tries, on_step=lambda _: next(steps, None))
    ranked = sorted(found, key=lambda d: (d.balance if d.balance is not None else 1e9, d.variant))[:count]
    if not ranked:
        raise InputError(f"none of {tries} cut-ups of seed {seed} passes every rule; try more --tries or another seed")
    folder.mkdir(exist_ok=True)
    rows = []
    for rank, design in enumerate(ranked, start=1):
        stem = folder / f"cats-variant-{rank:02d}"
        written = []
        for kind in kinds:
            written += emit(_game(), design, stem.with_suffix(f".{kind}"), print_options)
        rows.append((rank, design.variant, design.balance, len(design.pieces), written[0].name))
    click.echo(f"{len(found)} of {tries} cut-ups of seed {seed} pass every rule; the {len(ranked)} most balanced:")
    click.echo(f"{'rank':>4}  {'variant':>7}  {'balance':>7}  {'pieces':>6}  file")
    for rank, variant, balance, pieces, name in rows:
        click.echo(f"{rank:>4}  {variant:>7}  {balance:>7.2f}  {pieces:>6}  {name}")
    click.echo(f"make one again: washigen cats map --cut-up --seed {seed} --variant {ranked[0].variant}"
               f"{' --players ' + str(players) if players != 2 else ''} -o map.pdf")


@commands.command("setup")
@map_options
@click.option("--map", "map_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Draw on this map (.json or .txt) instead of a new one.")
@seed_option
@output_option()
@print_options
def setup_command(players, coop, long_, forests, jinja, tape_width, segment_rows, segment_cols, map_file, seed,
                  output, print_options):
    """Fish and cats drawn on a map, as the players would: a planned game to print or check."""
    seed = resolve_seed(seed)
    if map_file is not None:
        game_map = load(map_file)
        if game_map.GAME != "cats":
            raise InputError(f"{map_file}: holds a {game_map.GAME} design, not a cats map")
        if not isinstance(game_map, CatsMap):
            raise InputError(f"{map_file}: holds a cats {game_map.KIND}, not a map")
    else:
        game_map = generate_map(players=players, coop=coop, long=long_, forests=forests, jinja=jinja,
                                tape_width=tape_width, segment_rows=segment_rows, segment_cols=segment_cols,
                                seed=seed)
    design = generate_setup(game_map, seed)
    report = validate(design)
    emit(_game(), design, output, print_options)
    if not report.ok:
        echo_report(report)
        sys.exit(EXIT_RULE_BROKEN)


__all__ = ["commands"]
