"""What an Ark Nova seat's phone draws and offers: the player's own table and turn by touch.

:func:`seat_board` is Ark Nova's ``CompanionGame.board``: from the state, the
seat's player and the page's query (what the player tapped so far) it gives
the five action cards as tiles with their strength, the hand and the display,
Map A with the hexes a chosen building may take, and the moves the player may
make now, grouped by what they do. A move the player composed by touch (a
building on a hex, rotated; cards chosen to discard) comes back with the
engine's verdict before it is committed. Everything is data: move JSON,
refusal codes and params; the pages put it in words. Nothing here shows
another player's hidden cards: the seat sees its own view and its own legal
moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from companion.games import State
from engines.ark_nova import build, effects, map_a, steps
from engines.ark_nova.board import ACTIONS
from engines.ark_nova.build import LABELS, Placement
from engines.ark_nova.catalog import BUILDING_NAMES_ZH
from engines.ark_nova.moves import STEPPED, BreakDiscard, BuildAction, SpendX, TableEffect
from engines.ark_nova.turns import ACTION_CARDS
from engines.core import InvalidMove

GROUPS = {**ACTION_CARDS, "x_token": "x_token"}
"""Each action move's type to the tile it is chosen under: its action card (the
engine's), and the X-token action's tile of its own."""

STEP_TYPES = ("x_spend", "done")
"""The moves that begin an action with X-tokens spent and end one under way."""

BUILDINGS = {kind: (LABELS[kind], BUILDING_NAMES_ZH[kind]) for kind in LABELS}
"""Each building kind's name: (English, Traditional Chinese)."""

GAINS = ("money", "appeal", "conservation", "reputation", "x_tokens", "cards")
"""What a card effect the table enters may give, in the order an ``effect`` move lists it."""

GAIN_LIMIT = 30
"""The most an effect gives (or takes) of one thing."""

UNIQUE_HEXES = 8
"""The most hexes a unique building's effect is entered with (the largest covers 5)."""

SIZES = (1, 2, 3, 4, 5)
"""The Build strengths the map can light up without a chosen building."""


def seat_board(state: State, player: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """Everything ``player``'s seat page draws and offers, for the taps in ``args``.

    ``args`` (the page's query): ``act`` the chosen action card (or ``owed``),
    ``building``, ``at`` (``col,row``), ``rot`` (0-5), ``flip`` and ``x`` for a
    building, ``card`` for an animal, ``pick`` (repeated) for cards to discard,
    ``strength`` to light up the hexes a building of that strength may cover,
    ``g_money`` ... for what a card effect the table enters gave.
    """
    zoo = state.zoo(player)  # type: ignore[attr-defined]
    board = state.board(player)  # type: ignore[attr-defined]
    mine = player in state.movers()
    moves = (
        [m.to_json() for m in state.legal_moves() if state.mover_of(m) == player] if mine else []
    )
    actions = [m for m in moves if m.get("type") in GROUPS]
    rest = [m for m in moves if m.get("type") not in (*GROUPS, *STEP_TYPES)]
    flow = getattr(state, "flow", None)
    # Turn by turn, what is left is owed before anything else; on a recorded table it is
    # the seat's own record (its zoo, the kept cards, its last turn), beside its actions.
    owed, records = (rest, []) if flow is not None else ([], rest)
    acting = flow.acting if flow is not None and mine and not owed else None
    act = str(args.get("act", ""))
    if act not in (*ACTIONS, "x_token") or not (actions or acting):
        act = ""
    x = _number(args.get("x"), 0, zoo.x_tokens) or 0
    spend = None
    if acting is not None:
        act, x = acting.card, 0
    elif x and act in STEPPED:
        listed = SpendX(player, act, x).to_json()
        spend = listed if listed in moves else None
        actions = [m for m in actions if GROUPS[m["type"]] != act]
    out: dict[str, Any] = {
        "kind": "ark_nova_seat",
        "mine": mine,
        "act": act,
        "x": x,
        "x_tokens": zoo.x_tokens,
        "money": zoo.money,
        "appeal": zoo.appeal,
        "conservation": zoo.conservation,
        "reputation": zoo.reputation,
        "tiles": _tiles(board, acting.x if acting is not None else x),
        "acting": _acting(state, acting),
        "spend": spend,
        "done": next((m for m in moves if m.get("type") == "done"), None),
        "hand": list(board.hand),
        "display": list(state.display),  # type: ignore[attr-defined]
        "groups": {
            g: [m for m in actions if GROUPS[m["type"]] == g] for g in (*ACTIONS, "x_token")
        },
        "owed": owed,
        "records": records,
        "buildings": list(BUILDINGS),
        "discard": None,
        "effect": None,
        "build": None,
        "animal": None,
    }
    if owed and all(m["type"] == "discard" for m in owed):
        out["discard"] = _discard(state, player, owed, args)
    if owed and all(m["type"] == "effect" for m in owed):
        # An effect that places tokens lists each placement as a move of its own beside the
        # move that enters the rest (``engines.ark_nova.tokens``).
        bare = [m for m in owed if not m.get("tokens")]
        out["effect"] = _effect(state, player, bare[0] if bare else owed[0], args)
        out["effect"]["tokens"] = [m for m in owed if m.get("tokens")]
    strength = _number(args.get("strength"), 1, 5)
    if act == "build" and spend is None:
        out["build"] = _build(state, player, actions, args, acting)
        strength = None
    if act == "animals" and spend is None:
        out["animal"] = _animal(zoo, actions, args)
    if acting is not None and acting.card == "build":
        zoo = steps.built_so_far(state, player, acting.x, acting.move)[0]  # type: ignore[arg-type]
    out["map"] = _map(zoo, strength, out["build"], out["animal"], out["effect"])
    shown = [*board.hand, *state.display]  # type: ignore[attr-defined]
    if out["animal"]:
        shown += out["animal"]["cards"]
    out["pieces"] = {str(c): piece_id(c) for c in shown}
    return out


def piece_id(card: Any) -> str:
    """A zoo card's id in Ark Nova's catalog (``A401``, ``S201``, ``P101``), for its name;
    ``?`` for a card not seen."""
    if isinstance(card, bool) or not isinstance(card, int):
        return "?"
    return f"{'P' if card < 200 else 'S' if card < 400 else 'A'}{card}"


def _acting(state: State, acting: Any) -> dict[str, Any] | None:
    """The action under way, step by step: its card, X-tokens spent and steps so far."""
    if acting is None:
        return None
    taken = steps.parts(acting.move) if acting.move is not None else 0
    return {"card": acting.card, "x": acting.x, "steps": taken}


def _number(raw: Any, low: int, high: int) -> int | None:
    text = str(raw or "")
    # Only plain digits, and few of them: '²' is a digit to str.isdigit but not to int().
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(high)):
        return None
    value = int(text)
    return value if low <= value <= high else None


def _tiles(board: Any, x: int) -> list[dict[str, Any]]:
    """The action cards in their slots, with the multiplier, venom and constriction tokens
    on each (public, ``engines.ark_nova.tokens``)."""
    return [
        {
            "card": card,
            "slot": slot,
            "strength": slot + x,
            "upgraded": card in board.upgraded,
            "tokens": list(board.tokens_on(card)),
        }
        for slot, card in enumerate(board.actions, start=1)
    ]


def _hex(raw: Any) -> map_a.Hex | None:
    parts = str(raw or "").split(",")
    if len(parts) != 2 or not all(
        p.isascii() and p.lstrip("-").isdigit() and len(p) <= 3 for p in parts
    ):
        return None
    h = (int(parts[0]), int(parts[1]))
    return h if h in map_a.HEXES else None


def _build(
    state: State,
    player: str,
    actions: list[dict[str, Any]],
    args: Mapping[str, Any],
    acting: Any,
) -> dict[str, Any]:
    """The Build composer: the buildings the action may place next (the engine's listed
    steps: on the zoo with the buildings placed so far, within the strength left), the
    anchors a chosen one may take, the placement tapped (rotated, flipped) and the
    engine's verdict on it; and the animals that may move into a reptile house or aviary
    built in this action (each a listed step of its own)."""
    x, before = (acting.x, acting.move) if acting is not None else (0, None)
    strength = steps.built_so_far(state, player, x, before)[2]  # type: ignore[arg-type]
    builds = [m for m in actions if m["type"] == "build"]
    found = [Placement.from_json(m["buildings"][0]) for m in builds if m["buildings"]]
    kinds = list(dict.fromkeys(p.building for p in found))
    kind = str(args.get("building", ""))
    if kind not in kinds:
        kind = ""
    at = _hex(args.get("at"))
    rotation = _number(args.get("rot"), 0, 5) or 0
    flip = str(args.get("flip", "")) == "1"
    ofkind = [p for p in found if p.building == kind]
    anchors = sorted({p.at for p in ofkind})
    placement: Placement | None = None
    verdict: dict[str, Any] | None = None
    move: dict[str, Any] | None = None
    if kind and at is not None:
        placement = Placement(kind, at, rotation, flip)
        legal = {(p.at, p.rotation, p.mirror) for p in ofkind}
        if (at, rotation, flip) not in legal and not args.get("rot"):
            # A first tap on a lit hex: a way this building fits there, if any.
            fits = [p for p in ofkind if p.at == at]
            if fits:
                placement = fits[0]
        try:
            action = BuildAction(player, (placement,))
        except InvalidMove:
            action = None
        if action is not None:
            move = action.to_json()
            verdict = state.check(action).to_json()
    return {
        "strength": strength,
        "placed": [] if before is None else [p.to_json() for p in before.buildings],
        "kinds": kinds,
        "building": kind,
        "anchors": [list(a) for a in anchors],
        "placement": None if placement is None else placement.to_json(),
        "cells": [] if placement is None else [list(c) for c in placement.cells],
        "move": move,
        "verdict": verdict,
        "transfers": [m for m in builds if not m["buildings"]],
    }


def _animal(zoo: Any, actions: list[dict[str, Any]], args: Mapping[str, Any]) -> dict[str, Any]:
    """The Animals composer: the cards that may be played, and for a chosen card the
    enclosures it may go into (each a move, with the building it goes into)."""
    kinds = {h: b.kind for b in zoo.buildings for h in b.cells}
    plays = [m for m in actions if m["type"] == "animals"]
    cards = list(dict.fromkeys(m["plays"][0]["card"] for m in plays))
    chosen = _number(args.get("card"), 0, 10_000)
    if chosen not in cards:
        chosen = None
    return {
        "cards": cards,
        "card": chosen,
        "homes": [
            {"move": m, "building": kinds.get(tuple(m["plays"][0]["enclosure"]), "")}
            for m in plays
            if m["plays"][0]["card"] == chosen
        ],
    }


def _discard(
    state: State, player: str, owed: list[dict[str, Any]], args: Mapping[str, Any]
) -> dict[str, Any]:
    """The discard composer: the hand as cards to tick, how many to discard, the move
    once that many are ticked, and the engine's verdict on it."""
    need = len(owed[0]["cards"])
    hand = [c for c in state.board(player).hand]  # type: ignore[attr-defined]
    raw = args.getlist("pick") if hasattr(args, "getlist") else args.get("pick", [])
    picked = [c for c in hand if str(c) in {str(p) for p in raw}]
    move = None
    verdict = None
    if len(picked) == need:
        action = BreakDiscard(player, tuple(picked))
        move = action.to_json()
        verdict = state.check(action).to_json()
    return {"need": need, "hand": hand, "picked": picked, "move": move, "verdict": verdict}


def _effect(
    state: State, player: str, listed: dict[str, Any], args: Mapping[str, Any]
) -> dict[str, Any]:
    """The effect composer: what the card's effect gave, counted up and down by taps
    (``g_money=3`` ...), for a sponsor's unique building the hexes it covers (``h=4,4``,
    repeated: each tap on a free hex of the map adds it or takes it back), the move it
    makes and the engine's verdict on it."""
    flow = getattr(state, "flow", None)
    why = flow.pending[0].why if flow is not None and flow.pending else ""
    unique = listed["card"] in effects.UNIQUE_BUILDINGS and why == "sponsor"
    raw = args.getlist("h") if hasattr(args, "getlist") else args.get("h", [])
    chosen = list(dict.fromkeys(h for h in map(_hex, raw) if h is not None))
    hexes = tuple(chosen[:UNIQUE_HEXES]) if unique else ()
    gains = {}
    for key in GAINS:
        raw = str(args.get(f"g_{key}", "0"))
        sign = -1 if raw.startswith("-") else 1
        n = _number(raw.lstrip("-"), 0, GAIN_LIMIT)
        gains[key] = sign * n if n else 0
    given = tuple((k, v) for k, v in gains.items() if v)
    try:
        action = TableEffect(player, listed["card"], given, hexes)
    except InvalidMove:
        action = TableEffect(player, listed["card"])
    counts = [(f"g_{k}", v) for k, v in gains.items() if v]
    free: set[map_a.Hex] = set()
    if unique:
        covered = build.Site.of(state.zoo(player)).covered  # type: ignore[attr-defined]
        free = set(map_a.HEXES) - covered - map_a.ROCK - map_a.WATER
    toggles = {}
    for h in sorted(free):
        after = [c for c in hexes if c != h] if h in hexes else [*hexes, h]
        toggles[f"{h[0]},{h[1]}"] = urlencode([*counts, *(("h", f"{c},{r}") for c, r in after)])
    return {
        "card": listed["card"],
        "gains": gains,
        "limit": GAIN_LIMIT,
        "unique": unique,
        "hexes": [list(h) for h in hexes],
        "toggles": toggles,
        "kept": urlencode([("h", f"{c},{r}") for c, r in hexes]),
        "move": action.to_json(),
        "verdict": state.check(action).to_json(),
    }


def _map(
    zoo: Any,
    strength: int | None,
    building: dict[str, Any] | None,
    animal: dict[str, Any] | None,
    effect: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Map A for the zoo: terrain, buildings, the hexes lit for a strength or a chosen
    building's anchors, the footprint tapped, the enclosures a chosen animal may take, the
    free hexes a unique building may cover and those tapped for it."""
    covered = build.Site.of(zoo).covered
    legal: set[map_a.Hex] = set()
    placements = 0
    if strength is not None:
        found = build.legal_placements(zoo, strength=strength)
        placements = len(found)
        for p in found:
            legal.update(p.cells)
    anchors = {tuple(a) for a in building["anchors"]} if building else set()
    footprint = {tuple(c) for c in building["cells"]} if building else set()
    if effect and effect["unique"]:
        anchors |= {tuple(int(v) for v in k.split(",")) for k in effect["toggles"]}
        footprint |= {tuple(h) for h in effect["hexes"]}
    homes = (
        {tuple(h["move"]["plays"][0]["enclosure"]) for h in animal["homes"]} if animal else set()
    )
    hexes = []
    for h in map_a.HEXES:
        cx, cy = map_a.hex_center_mm(h)
        hexes.append(
            {
                "hex": list(h),
                "x": cx,
                "y": cy,
                "points": " ".join(f"{x},{y}" for x, y in map_a.hex_corners_mm(h)),
                "terrain": "rock" if h in map_a.ROCK else "water" if h in map_a.WATER else "plain",
                "bonus": map_a.BONUSES.get(h),
                "covered": h in covered,
                "legal": (h in legal or h in anchors) and h not in covered,
                "footprint": h in footprint,
                "home": h in homes,
            }
        )
    width, height = map_a.grid_size_mm()
    return {
        "width": width,
        "height": height,
        "hexes": hexes,
        "strength": strength,
        "strengths": list(SIZES),
        "placements": placements,
    }
