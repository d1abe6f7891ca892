"""`washigen profile`: printer profiles, print-option defaults saved once for every printing command."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import InputError
from ..units import PAPER_SIZES
from .options import BLEED, existing_file, offset_option


@click.group("profile")
def profile_group():
    """Printer profiles: print-option defaults saved once (duplex drift, paper, bleed...) that every printing
    command uses. An option given on the command line wins over its profile; a run changed by the profile named
    default says so on stderr."""


def _given_offset(ctx, param, value: str | None) -> tuple[float, float] | None:
    """--back-offset checked when given at all: an empty one is refused by its option, not saved as no pair."""
    return None if value is None else offset_option(ctx, param, value)


@profile_group.command("set")
@click.option("--name", default="default", show_default=True,
              help="The profile to set; the one named default applies when no --profile is given.")
@click.option("--paper", type=click.Choice(sorted(PAPER_SIZES), case_sensitive=False), default=None)
@click.option("--template", type=click.Path(dir_okay=False, path_type=Path), default=None, callback=existing_file,
              help="A sheet template file (TOML).")
@click.option("--bleed", type=BLEED, default=None, help="Artwork beyond the trim.")
@click.option("--crop-marks/--no-crop-marks", default=None)
@click.option("--cut-lines/--no-cut-lines", default=None)
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), default=None)
@click.option("--back-offset", callback=_given_offset,
              default=None, metavar="X,Y", help="Shift the backs by X,Y mm (read it off washigen calibrate).")
@click.option("--dpi", type=click.IntRange(30, 2400), default=None)
def profile_set_command(name: str, **options):
    """Save print-option defaults in a printer profile (merged into what it already holds)."""
    from ..profiles import FIELDS, check_name, save

    check_name(name)
    given = {key: value for key, value in options.items() if value is not None}
    if "back_offset" in given:
        given["back_offset"] = list(given["back_offset"])
    if "template" in given:
        from ..press.templates import load_template

        load_template(given["template"])        # read now: a bad one saved would fail every printing command after
        given["template"] = str(given["template"].resolve())
    if not given:
        raise InputError("profile set: give at least one option to save, such as --back-offset 0.5,-1")
    values = {key: FIELDS[key](value) for key, value in given.items()}
    path, profile = save(name, values)
    click.echo(f"saved profile {profile.name} in {path}")
    _echo_profile(profile)


@profile_group.command("show")
@click.option("--name", default=None, help="Only this profile.")
def profile_show_command(name: str | None):
    """List the saved printer profiles and where they are kept."""
    from ..profiles import DEFAULT_PROFILE, find, load_all, profiles_path

    found = find(name) if name else None          # a name not saved is an InputError, never None
    profiles = [found] if found is not None else [] if name else list(load_all().values())
    click.echo(f"printer profiles in {profiles_path()}" + ("" if profiles else ": none saved yet"))
    for profile in profiles:
        used = " (used when no --profile is given)" if profile.name == DEFAULT_PROFILE else ""
        _echo_profile(profile, used)


@profile_group.command("remove")
@click.argument("name")
def profile_remove_command(name: str):
    """Remove a saved printer profile; the others, and the comments written around them, stay as they are."""
    from ..profiles import remove

    path = remove(name)
    click.echo(f"removed profile {name} from {path}")


def _echo_profile(profile, note: str = "") -> None:
    click.echo(f"{profile.name}{note}")
    for key, value in profile.options.items():
        option = key.replace("_", "-")
        click.echo(f"  --{option if value else 'no-' + option}" if isinstance(value, bool) else f"  --{option} {value}")
