"""The studio offers a bot game, a balance estimate and its chart exactly where its endpoints then play them (DESIGN
10: actions are offered only where they apply). For every game and component GET /api/games lists, as the page's
generate makes it, and for designs edited by hand (a Cat Tree layout with and without its seed or cards, a Trail
Route setup with two tiles swapped, Cats and Cops designs that break a rule, any design without its seed), the
check's `playable` says what POST /api/play, /api/balance and /api/balance/chart accept, and what it does not offer
they refuse (409) with the reason the offer was worked out from, in the page's language."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest

import washigen
from washigen.design import dumps, loads
from washigen.i18n import translator

from .test_languages import catalog  # noqa: F401
from .test_refusal_languages import english_words  # noqa: F401
from .test_studio_api import broken_map, client, workdir  # noqa: F401
from .test_studio_refusals_de import assert_wholly_german

ENGLISH = {"Accept-Language": "en"}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
ACTIONS = ("play", "balance", "chart")            # the chart is offered with the balance it draws
OFFER = {"play": "play", "balance": "balance", "chart": "balance"}


def json_of(design) -> dict:
    return json.loads(dumps(design))


def broken_setup() -> dict:
    """A Cats set-up with two cats on one cell (cats.setup.spacing)."""
    setup = washigen.generate("cats", "setup", players=2, seed=2)
    first, second, *rest = setup.cats
    return json_of(dataclasses.replace(setup, cats=(first, dataclasses.replace(second, row=first.row, col=first.col),
                                                    *rest)))


def broken_cops_map() -> dict:
    """A Cops map with two locations in one place (cops.location.overlap)."""
    design = washigen.generate("cops", "map", players=2, seed=1)
    segment = design.segments[1]
    zone = segment.zones[0]
    first, second, *rest = zone.locations
    zone = dataclasses.replace(zone, locations=(first, dataclasses.replace(second, x=first.x, y=first.y), *rest))
    segment = dataclasses.replace(segment, zones=(zone, *segment.zones[1:]))
    return json_of(dataclasses.replace(design, segments=(design.segments[0], segment, *design.segments[2:])))


def errors_of(client, design: dict) -> list[str]:  # noqa: F811
    answer = client.post("/api/validate?name=edited.json&svg=0", content=json.dumps(design).encode())
    assert answer.status_code == 200, answer.text
    return [v["rule"] for v in answer.json()["report"]["violations"] if v["severity"] == "error"]


def swapped_tiles(client, setup: dict, breaking: bool) -> dict:  # noqa: F811
    """The Trail Route setup with the first two neighbouring road tiles swapped (as the page's swap tool swaps them)
    that leave it sound, or that break a rule."""
    for r, row in enumerate(setup["road"]):
        for c in range(len(row) - 1):
            edited = copy.deepcopy(setup)
            edited["road"][r][c], edited["road"][r][c + 1] = row[c + 1], row[c]
            if edited != setup and bool(errors_of(client, edited)) == breaking:
                return edited
    raise AssertionError("no swap of two tiles that " + ("breaks" if breaking else "keeps") + " the setup's rules")


@pytest.fixture(scope="module")
def designs(client) -> dict[str, tuple[dict, dict | None]]:  # noqa: F811
    """name -> (design as the page holds it, the offer /api/design answered with it: None for one edited by hand,
    which the page checks through /api/validate)."""
    found: dict[str, tuple[dict, dict | None]] = {}
    for game in client.get("/api/games").json()["games"]:
        for part in game["components"]:
            if not part["design"]:
                continue                                    # a part that only prints: nothing to play on
            made = client.post("/api/design", json={"game": game["name"], "component": part["name"],
                                                    **({"seed": 3} if part["seeded"] else {})})
            assert made.status_code == 200, made.text
            found[f"{game['name']} {part['name']}"] = (made.json()["design"], made.json()["playable"])
            if made.json()["design"]["seed"] is not None:
                found[f"{game['name']} {part['name']}, without its seed"] = ({**made.json()["design"], "seed": None},
                                                                             None)
    tree = found["cat-tree play"][0]
    setup = found["trail-route setup"][0]
    found.update({
        "cat-tree layout, seed, no cards": ({**tree, "cards": []}, None),
        "cat-tree layout, no seed, no cards": ({**tree, "seed": None, "cards": []}, None),
        "cat-tree layout, no seed, one card": ({**tree, "seed": None, "cards": tree["cards"][:1]}, None),
        "cat-tree layout, seed, one card": ({**tree, "cards": tree["cards"][:1]}, None),
        "trail-route setup, two tiles swapped": (swapped_tiles(client, setup, breaking=False), None),
        "trail-route setup, two tiles swapped breaking a rule": (swapped_tiles(client, setup, breaking=True), None),
        "cats map breaking a rule": (json_of(broken_map()), None),
        "cats setup breaking a rule": (broken_setup(), None),
        "cops map breaking a rule": (broken_cops_map(), None),
    })
    return found


def offered(client, design: dict) -> dict[str, bool]:  # noqa: F811
    """What the page offers on a design it holds: the check's answer, as after an edit or an upload."""
    answer = client.post("/api/validate?name=edited.json&svg=0", content=json.dumps(design).encode())
    assert answer.status_code == 200, answer.text
    return answer.json()["playable"]


def asked(client, design: dict, action: str, headers: dict = ENGLISH):  # noqa: F811
    run = {"design": design, "games": 1, "seed": 1}
    if action == "play":
        return client.post("/api/play", json={"design": design, "seed": 1}, headers=headers)
    if action == "balance":
        return client.post("/api/balance", json=run, headers=headers)
    return client.post("/api/balance/chart?format=svg", json=run, headers=headers)


@pytest.fixture(scope="module")
def answers(client, designs) -> dict[str, tuple[dict[str, bool], dict]]:  # noqa: F811
    """name -> (the offer, {action: the endpoint's answer}), each design asked once."""
    return {name: (offered(client, design), {action: asked(client, design, action) for action in ACTIONS})
            for name, (design, _) in designs.items()}


def test_every_design_is_offered_exactly_what_the_endpoints_accept(client, designs, answers):  # noqa: F811
    listed = {f"{g['name']} {p['name']}" for g in client.get("/api/games").json()["games"] for p in g["components"]
              if p["design"]}
    assert listed <= set(designs)                      # every part the studio lists that makes a design
    mismatches = []
    for name, (offer, said) in answers.items():
        made_offer = designs[name][1]
        if made_offer is not None:
            assert made_offer == offer, name           # the design as made and as checked: one offer
        for action, answer in said.items():
            if offer[OFFER[action]] != (answer.status_code == 200):
                mismatches.append(f"{name}: {action} offered {offer[OFFER[action]]}, answered {answer.status_code} "
                                  f"{answer.text[:160]}")
            elif answer.status_code != 200:
                assert answer.status_code == 409, (name, action, answer.text)   # the request is sound; the design
    assert not mismatches, "\n".join(mismatches)


def test_the_board_shows_the_bot_game_played_and_refuses_where_none_is(client, designs, answers):  # noqa: F811
    for name, (offer, said) in answers.items():
        design = designs[name][0]
        board = client.post("/api/board", json={"design": design, "seed": 1, "step": 1})
        drawn = client.post("/api/game?format=svg", json={"design": design, "seed": 1})
        on_board = said["play"].status_code == 200 and said["play"].json()["board"] is not None
        assert (board.status_code, drawn.status_code) == ((200, 200) if on_board else (409, 409)), (name, board.text)


# What the studio offers, where the designs of the cases above hold it: a table bots play on (an empty Cat Tree
# layout: its grid, with or without a seed), or the tree Cat Tree's bots built (its balance is its deals'); nothing
# on a part nothing plays, a tree no bot game built (one edited since its seed's game built it among them), a design
# that breaks a rule.
BOTH = {"play": True, "balance": True}
NEITHER = {"play": False, "balance": False}
EXPECTED = {
    "cat-tree play": BOTH, "cat-tree layout, seed, no cards": BOTH, "cat-tree layout, seed, one card": NEITHER,
    "cat-tree play, without its seed": NEITHER, "cat-tree layout, no seed, one card": NEITHER,
    "cat-tree layout, no seed, no cards": BOTH, "cat-tree deck": NEITHER,
    "cats map": BOTH, "cats map, without its seed": BOTH, "cats setup": BOTH, "cats setup, without its seed": BOTH,
    "cats tape": NEITHER, "cats tape, without its seed": NEITHER, "cats map breaking a rule": NEITHER,
    "cats setup breaking a rule": NEITHER,
    "cops map": BOTH, "cops map, without its seed": BOTH, "cops tape": NEITHER, "cops tape, without its seed": NEITHER,
    "cops sheet": NEITHER, "cops map breaking a rule": NEITHER,
    "trail-route setup": BOTH, "trail-route setup, without its seed": BOTH,
    "trail-route setup, two tiles swapped": BOTH, "trail-route setup, two tiles swapped breaking a rule": NEITHER,
}


def test_the_offers_are_those_of_the_design(answers):
    assert {name: offer for name, (offer, _) in answers.items() if name in EXPECTED} == EXPECTED


def test_a_cat_tree_tree_without_its_seed_is_offered_no_balance_and_is_told_why(client, designs):  # noqa: F811
    """The case found open: the page offered "Estimate balance" on a tree with cards and no seed, which the server
    then refused. The tree is no game of Cat Tree's bots (its balance is played from their deals), so it is offered
    neither, and the refusal says why."""
    tree = designs["cat-tree play, without its seed"][0]
    assert offered(client, tree) == NEITHER
    for action in ACTIONS:
        answer = asked(client, tree, action)
        assert answer.status_code == 409, answer.text
        assert "has no seed" in answer.json()["error"] and "washigen cat-tree play --seed" in answer.json()["error"]


def test_a_cat_tree_tree_edited_since_its_game_is_offered_neither_and_is_told_why(client, designs):  # noqa: F811
    """The case found open: a tree edited on the page kept its seed, so the page offered its bot game, which replayed
    the seed's game to another tree (83 points shown, the game ending on 93). It is refused, saying so."""
    tree = designs["cat-tree play"][0]
    for edited in (designs["cat-tree layout, seed, one card"][0], {**tree, "width": tree["width"] + 1}):
        assert offered(client, edited) == NEITHER
        for action in ACTIONS:
            answer = asked(client, edited, action)
            assert answer.status_code == 409, answer.text
            said = answer.json()["error"]
            assert "changed since" in said and f"washigen cat-tree play --seed {tree['seed']}" in said, said


def test_what_is_not_offered_is_refused_with_the_offers_reason_in_the_pages_language(
        client, designs, answers, english_words):  # noqa: F811
    from washigen.games import get_game
    from washigen.studio.api import design_of, refusal

    checked = 0
    for name, (offer, said) in answers.items():
        design = design_of({"design": designs[name][0]})
        for action in ACTIONS:
            if offer[OFFER[action]]:
                continue
            reason = refusal(get_game(design.GAME), design, OFFER[action])
            english, german = said[action].json(), asked(client, designs[name][0], action, GERMAN).json()
            assert english["error"] == translator("en").says(reason), (name, action)
            assert german["error"] == translator("de").says(reason), (name, action)
            if german["error"] != english["error"]:    # every reason the catalog has in German (test_languages)
                assert_wholly_german(english["error"], german["error"], english_words, design.KIND, "design")
                checked += 1
    assert checked > 20


def test_a_balance_hook_that_does_not_say_what_it_takes_is_offered_what_it_is_handed(client, monkeypatch):  # noqa: F811
    """A hook without an annotation (a plugin's, written loosely) is handed the design and refuses what it cannot
    play: the endpoint played it, and the page was offered no estimate to start it with."""
    from washigen.arena import GameRecord, balance
    from washigen.games import get_game, registry

    def hook(design, games, seed, jobs):
        records = [GameRecord(seed=seed + k, winners=(k % 2,), turns=10, end="win", specials_used=(0, 0))
                   for k in range(games)]
        return balance(records, players=2)

    monkeypatch.setitem(registry._GAMES, "cats", dataclasses.replace(get_game("cats"), balance=hook))
    design = json_of(washigen.generate("cats", "map", seed=4))
    assert offered(client, design)["balance"] is True
    assert asked(client, design, "balance").status_code == 200


@pytest.mark.parametrize("game, component, params", [("trail-route", "setup", {"players": 4}),
                                                     ("cats", "map", {"players": 6, "long": 2, "segment_rows": 12}),
                                                     ("cats", "map", {"players": 6}), ("cops", "map", {})])
def test_the_balance_field_starts_at_as_many_games_as_the_estimate_accepts(client, game, component, params):
    """The page's games field started at 200 for every design, and on a big map the estimate refused 200 (a
    6-player Cats map of two long segments of 12 rows: "at most 177 games fit"): it starts at the check's
    balance_games, 200 or, where fewer fit, the most that fit in whole tens, which the estimate accepts and ten
    more it refuses."""
    made = client.post("/api/design", json={"game": game, "component": component, "seed": 1, "params": params})
    assert made.status_code == 200, made.text
    answer = made.json()
    assert answer["playable"]["balance"] is True
    games = answer["balance_games"]
    assert 10 <= games <= 200 and games % 10 == 0
    design = loads(json.dumps(answer["design"]))
    washigen.check_run(game, design, games=games)             # accepted, as the estimate accepts it
    if games < 200:
        with pytest.raises(washigen.WashigenError, match="games fit"):
            washigen.check_run(game, design, games=games + 10)


def test_a_design_offered_no_balance_has_no_balance_games(client):
    made = client.post("/api/design", json={"game": "cats", "component": "tape", "params": {}}).json()
    assert made["playable"]["balance"] is False and made["balance_games"] is None
