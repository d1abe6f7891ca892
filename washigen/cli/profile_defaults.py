"""What --profile does when a command runs (cli/options.py profile_option): a saved printer profile's values
become the command's option defaults, and the run says when the default profile changed one. Apart from the
options, which every start builds, as it runs only with a command."""

from __future__ import annotations

from typing import Any

import click

# A profile's keys -> the parameter names of the print options.
PROFILE_PARAMS = {"template": "template_file"}


def apply_profile(ctx: click.Context, name: str | None, keep: set[str] | None) -> None:
    """--profile NAME's callback: the profile's values (those in `keep`, if given) become the command's option
    defaults; without a name the profile `default`, if saved, noting the options it changes."""
    from ..profiles import find

    profile = find(name)
    if profile is None:
        return
    wanted = {PROFILE_PARAMS.get(k, k): v for k, v in profile.options.items() if keep is None or k in keep}
    if "template_file" in wanted and any(p.name == "template_file" for p in ctx.command.params):
        _check_template(profile.name, wanted["template_file"])
    values = _applicable(ctx, wanted)
    if name is None:
        ctx.meta[DEFAULT_CHANGES] = _changing(ctx, values)
    ctx.default_map = {**(ctx.default_map or {}), **values}
    ctx.meta["washigen.profile"] = profile.name


# ctx.meta keys: the options the default profile would change (before the command line is read), and whether the
# run has said so.
DEFAULT_CHANGES = "washigen.profile.default_changes"
ANNOUNCED = "washigen.profile.announced"


def _changing(ctx: click.Context, values: dict[str, Any]) -> list[str]:
    """The options whose profile value differs from the one the command takes without a profile (a default
    profile's `duplex = "none"` changes nothing)."""
    params = {p.name: p for p in ctx.command.params}
    changing = []
    for name, value in values.items():
        try:
            same = _taken(ctx, params[name], value) == _taken(ctx, params[name], params[name].get_default(ctx))
        except click.BadParameter:         # refused where the option is read, if the command line leaves it to us
            same = False
        if not same:
            changing.append(name)
    return changing


def _taken(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """`value` as the command receives it: converted, then through the option's callback (--back-offset's X,Y)."""
    value = None if value is None else param.type_cast_value(ctx, value)
    return param.callback(ctx, param, value) if param.callback is not None else value


def announce_default_profile() -> None:
    """One line on stderr, once a run, when the default profile gave an option a value the command line did not."""
    from click.core import ParameterSource

    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return
    changed = [name for name in ctx.meta.get(DEFAULT_CHANGES, ())
               if ctx.get_parameter_source(name) is ParameterSource.DEFAULT_MAP]
    if changed and not ctx.meta.get(ANNOUNCED):
        ctx.meta[ANNOUNCED] = True
        click.echo(f'using profile "{ctx.meta["washigen.profile"]}" (washigen profile show)', err=True)


def _applicable(ctx: click.Context, values: dict[str, Any]) -> dict[str, Any]:
    """The values this command's options take (a profile's "a3" does not reach a command offering a4 and letter)."""
    params = {p.name: p for p in ctx.command.params}
    kept = {}
    for name, value in values.items():
        param = params.get(name)
        if param is None:
            continue
        try:
            param.type.convert(value, param, ctx)
        except click.BadParameter:
            continue
        kept[name] = value
    return kept


def _check_template(profile: str, value: str) -> None:
    """A profile's template must be a file: a folder there (or a file since removed) was passed over in silence, or
    blamed on a --template the user never gave."""
    from pathlib import Path

    from ..errors import InputError
    from ..words import N_, Says

    path = Path(value).expanduser()
    if path.is_dir():
        raise InputError(Says(N_("profile {name}: template {path} is a folder, not a template file; set the file "
                                 "with {command}"), name=profile, path=str(path),
                              command=f"washigen profile set --name {profile} --template FILE"))
    if not path.is_file():
        raise InputError(Says(N_("profile {name}: template {path}: no such file; set the file with {command}"),
                              name=profile, path=str(path),
                              command=f"washigen profile set --name {profile} --template FILE"))


def used_profile() -> str | None:
    """The name of the printer profile the running command applied, if any."""
    ctx = click.get_current_context(silent=True)
    return None if ctx is None else ctx.meta.get("washigen.profile")
