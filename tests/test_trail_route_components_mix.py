"""`trail-route components` holds a mix to the exchange deck `setup` deals (DESIGN: 10 tiles, an error otherwise):
the same refusal in the same words, exit 2, nothing written; and both read the mix a name gives alike."""

import pytest
from click.testing import CliRunner

import washigen
from washigen.cli import main
from washigen.errors import InputError
from washigen.games.trail_route.model import DEFAULT_MIX_PATH

REFUSAL = "mix mix.toml: [exchange] holds {count} tiles; the game's exchange deck is 10"


def _mix_with_exchange(tmp_path, count: int):
    """The default mix with `count` plain road tiles in its exchange deck in place of its own 10."""
    text = DEFAULT_MIX_PATH.read_text(encoding="utf-8")
    head, _, tail = text.partition("[exchange]\n")
    rest = tail[tail.index("\n["):]                  # the tables after [exchange]
    path = tmp_path / "mix.toml"
    path.write_text(f"{head}[exchange]\nroad = {count}\n{rest}", encoding="utf-8")
    return path


@pytest.mark.parametrize("count", [9, 11])
def test_components_refuses_an_exchange_deck_setup_refuses(tmp_path, count):
    mix = _mix_with_exchange(tmp_path, count)
    said = {}
    for command in ("setup", "components"):
        out = tmp_path / f"{command}.{'json' if command == 'setup' else 'pdf'}"
        result = CliRunner().invoke(main, ["trail-route", command, "--mix", str(mix), "-o", str(out)])
        assert result.exit_code == 2, (command, result.output)
        assert not out.exists() and "Traceback" not in result.output
        said[command] = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert said["components"] == said["setup"] == [f"error: {REFUSAL.format(count=count)}"]


def test_components_prints_an_exchange_deck_of_ten(tmp_path):
    out = tmp_path / "c.pdf"
    result = CliRunner().invoke(main, ["trail-route", "components", "--mix", str(_mix_with_exchange(tmp_path, 10)),
                                       "--tile-size", "25", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")


def test_the_python_components_refuses_it_too(tmp_path):
    """washigen.draw_component (what the studio's download draws with) goes the same way."""
    with pytest.raises(InputError, match=r"\[exchange\] holds 11 tiles; the game's exchange deck is 10"):
        washigen.draw_component("trail-route", "components", mix=str(_mix_with_exchange(tmp_path, 11)))


def test_components_reads_default_as_setup_does():
    """mix="default" names the shipped mix to `setup`; `components` read it as a file of that name."""
    assert washigen.generate("trail-route", "setup", mix="default", seed=3).mix.source == "default"
    assert washigen.draw_component("trail-route", "components", mix="default", tile_size=25.0).pages
