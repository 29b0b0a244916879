"""Ark Nova's table as the camera sees it: each player's Map A with its buildings and cards.

Follows ``docs/rules/ark_nova.md`` §3 (Animals action, animal placement),
§8 (Map A, building shapes, Build action) and the catalog's mats and tiles
(``engines.ark_nova.catalog``): seat 1's zoo lies on mat ``mapa1``, seat 2's on
``mapa2``, and so on. Each building tile carries a tag on each side over its
shape cell (0, 0); from the hex under the tag, the tag's turn (60 degrees a
rotation step, clockwise) and the side showing, the reading knows which hexes
the tile covers: the back of a tile covers the mirrored shape, and the back of
a standard enclosure is its occupied side. The kiosk and size-3 enclosure
printed on Map A get a tile laid over them at setup, so the size-3 enclosure can
be flipped when an animal moves in.

A view names each building by kind and covered hexes (``enclosure_3@0,4+0,5+1,5``,
``enclosure_3*@...`` when occupied), so the several (anchor, rotation, side)
choices that cover the same hexes read alike, as the rules treat them. Beside
the map lie the played cards, each laid so its sticker shows: animals in the
``animals`` zone, sponsors in ``sponsors`` and, at the end, the kept
final-scoring cards in ``final_scoring``. Money, X-tokens, hands, the display,
partner zoos and universities do not show: the phones tell them. Below the map
a tracker shows appeal, conservation and reputation as marker tokens on a tens
and a ones cell each; the view leaves it out while the game is followed (the
phones tell the tracks), and the score from a photo reads it.

A change is one action (``max_depth`` 1): a building laid (the engine's
``BuildAction``), an animal card laid and its enclosure flipped (``AnimalsAction``),
a sponsor card laid (the engine's ``SponsorsAction`` in a game played turn by turn;
on a recorded table the engine's ``zoo`` move, ``SetZoo``, what the card gives coming
from the phones), the kept
final-scoring cards laid out at the end (``KeepFinalScoring``).
Buildings and animal plays the rules refuse are found from what is seen
(:meth:`ArkNovaTable.refusable`) and checked by the engine. An animal played
from a hand the companion has not seen (``?`` cards) is not among the listed
legal moves; found the same way and allowed by the engine, it is applied
(``applies_unlisted``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace

from companion.watch.model import ZH, TableModel, View, drop_empty
from engines.ark_nova import CATALOG, map_a
from engines.ark_nova.animals import SPECIAL_SPACES, AnimalPlay
from engines.ark_nova.build import LABELS, Placement, footprints, hexes_text
from engines.ark_nova.cards import ANIMALS, FINAL_SCORING
from engines.ark_nova.catalog import BUILDING_NAMES_ZH, TRACKS
from engines.ark_nova.map_a import Hex
from engines.ark_nova.moves import AnimalsAction, BuildAction, SponsorsAction
from engines.ark_nova.state import ArkNovaState, KeepFinalScoring, SetZoo
from engines.ark_nova.zoo import Building, Zoo
from engines.core import Move, State
from vision.reading import TableReading

MAP, CARD_ZONES = "map", ("animals", "sponsors", "final_scoring")
"""The view's zone of a mat's buildings (``mapa1.map``), and its played-card zones."""
UNREAD = "?"
"""A symbol seen on a hex and not read, in a view's buildings: ``?@3,4``."""
_CARD_ZONES_ZH = {"animals": "動物卡", "sponsors": "贊助卡", "final_scoring": "終局計分卡"}
"""The card zones beside a Map A, in Traditional Chinese."""
STEP_DEGREES = 60.0
_SPECIAL_HOMES = ("reptile_house", "aviary", "petting_zoo")
TRACK_TOPS = dict(TRACKS)


def mat_key(seat: int) -> str:
    """The mat of the player in ``seat`` (0-based): ``mapa1`` for the first."""
    return f"mapa{seat + 1}"


def _seat(zone: str) -> int | None:
    """The 0-based seat of a zone id's mat (``mapa2.animals`` -> 1), or None."""
    mat = zone.partition(".")[0]
    return int(mat[4:]) - 1 if mat.startswith("mapa") and mat[4:].isdigit() else None


def building_name(kind: str, cells: Iterable[Hex], occupied: bool = False) -> str:
    """A building as a view names it: kind, ``*`` when occupied, the covered hexes sorted."""
    where = "+".join(f"{c},{r}" for c, r in sorted(cells))
    return f"{kind}{'*' if occupied else ''}@{where}"


def parse_building(name: str) -> tuple[str, tuple[Hex, ...], bool]:
    """Kind, covered hexes and occupied of a building name (see :func:`building_name`)."""
    kind, _, where = name.partition("@")
    cells = tuple((int(c), int(r)) for c, r in (p.split(",") for p in where.split("+")))
    return kind.rstrip("*"), cells, kind.endswith("*")


def _named(b: Building) -> str:
    if b.kind == "unique":
        return f"unique {b.sponsor}"
    return building_name(b.kind, b.cells, b.occupied)


def _track_cell(zone: str) -> tuple[str, str, int] | None:
    """Track, ``tens`` or ``ones``, and digit of a tracker cell (``appeal_tens_7``), or None."""
    parts = zone.rsplit("_", 2)
    if len(parts) == 3 and parts[0] in TRACK_TOPS and parts[1] in ("tens", "ones"):
        return parts[0], parts[1], int(parts[2])
    return None


def read_tracks(reading: TableReading, seat: int) -> dict[str, int]:
    """The tracks one seat's tracker shows: per track with a marker on its tens row and on
    its ones row, the value (a track without markers is left out).

    Raises:
        ValueError: a track shows one marker, or two on a row.
    """
    rows: dict[tuple[str, str], list[int]] = {}
    for zone, pieces in reading.zones.items():
        cell = _track_cell(zone.partition(".")[2]) if _seat(zone) == seat else None
        if cell is not None:
            markers = [p for p in pieces if p in CATALOG and CATALOG[p].data.get("tracker")]
            rows.setdefault(cell[:2], []).extend([cell[2]] * len(markers))
    out: dict[str, int] = {}
    for track in TRACK_TOPS:
        tens, ones = rows.get((track, "tens"), []), rows.get((track, "ones"), [])
        if not tens and not ones:
            continue
        if len(tens) != 1 or len(ones) != 1:
            raise ValueError(
                f"the {track} track of {mat_key(seat)} needs one marker on its tens row and one "
                f"on its ones row, not {len(tens)} and {len(ones)}"
            )
        out[track] = 10 * tens[0] + ones[0]
    return out


def zoo_view(seat: int, zoo: Zoo) -> dict[str, tuple[str, ...]]:
    """What the camera sees of one zoo: its buildings and its played cards."""
    mat = mat_key(seat)
    return {
        f"{mat}.{MAP}": tuple(sorted(_named(b) for b in zoo.buildings)),
        f"{mat}.animals": tuple(sorted(f"A{n}" for n in zoo.animals)),
        f"{mat}.sponsors": tuple(sorted(f"S{n}" for n in zoo.sponsors)),
        f"{mat}.final_scoring": tuple(sorted(f"F{c}" for c in zoo.final_scoring)),
    }


def tile_footprint(piece: str, hex_zone: str, angle: float) -> tuple[str, tuple[Hex, ...], bool]:
    """A tile tag read on a hex: the building kind, the hexes it covers, and occupied.

    Args:
        piece: The tag's catalog id (one side of one tile).
        hex_zone: The hex zone under the tag (``hex_3_2``).
        angle: The tag's turn on the mat, degrees clockwise.
    """
    data = CATALOG[piece].data
    _, col, row = hex_zone.split("_")
    rotation = round((angle % 360.0) / STEP_DEGREES) % 6
    shape = map_a.SHAPES[str(data["building"])]
    cells = shape.footprint((int(col), int(row)), rotation, bool(data["mirror"]))
    return str(data["building"]), cells, bool(data["occupied"])


def placement_for(kind: str, cells: Iterable[Hex], mirror: bool | None = None) -> Placement | None:
    """A placement of ``kind`` covering exactly ``cells`` (unmirrored first), or None."""
    want = frozenset(cells)
    shape = map_a.SHAPES[kind]
    for flip in (False, True) if mirror is None else (mirror,):
        for anchor in sorted(want):
            for rotation in range(6):
                if frozenset(shape.footprint(anchor, rotation, flip)) == want:
                    return Placement(kind, anchor, rotation, flip)
    return None


class ArkNovaTable(TableModel):
    """Every player's Map A and played cards as a :class:`TableModel`."""

    game = "ark_nova"
    max_depth = 1
    applies_unlisted = True

    def view(self, state: State) -> dict[str, tuple[str, ...]]:
        assert isinstance(state, ArkNovaState)
        out: dict[str, tuple[str, ...]] = {}
        for seat, zoo in enumerate(state.zoos):
            out.update(zoo_view(seat, zoo))
        return drop_empty(out)

    def read(self, reading: TableReading) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for u in reading.unread:
            mat, _, zone = (u.zone or "").partition(".")
            if zone.startswith("hex_"):
                _, col, row = zone.split("_")
                out.setdefault(f"{mat}.{MAP}", []).append(f"{UNREAD}@{col},{row}")
            elif zone in CARD_ZONES:
                out.setdefault(f"{mat}.{zone}", []).append(UNREAD)
        for p in reading.placements:
            if p.back or p.zone is None:
                continue
            mat, _, zone = p.zone.partition(".")
            comp = CATALOG[p.piece]
            if comp.data.get("tracker") and _track_cell(zone) is not None:
                continue  # the tracks come from the phones while the game goes on
            if comp.kind == "tile" and zone.startswith("hex_") and "cells" in comp.data:
                kind, cells, occupied = tile_footprint(p.piece, zone, p.angle)
                out.setdefault(f"{mat}.{MAP}", []).append(building_name(kind, cells, occupied))
            elif comp.kind == "tile" and comp.data.get("building") == "unique":
                out.setdefault(f"{mat}.{MAP}", []).append(f"unique {comp.data['sponsor']}")
            else:
                out.setdefault(p.zone, []).append(p.piece)
        return drop_empty({z: sorted(ps) for z, ps in out.items()})

    def lacks(self, whole: str, seen: str | None) -> int | None:
        """A symbol not read on a hex (``?@3,4``) is a building covering that hex whose tag was
        not read (the tag lies on one of its hexes); one among the played cards (``?``), a
        card."""
        if seen == UNREAD and whole[:1] in "ASF" and whole[1:].isdigit():
            return 1
        if seen is None or not seen.startswith(f"{UNREAD}@") or "@" not in whole:
            return super().lacks(whole, seen)
        _, cells, _ = parse_building(whole)
        col, row = seen.partition("@")[2].split(",")
        return 1 if (int(col), int(row)) in cells else None

    def unread_symbols(self, item: str) -> int:
        return int(item == UNREAD or item.startswith(f"{UNREAD}@"))

    def view_zone(self, zone: str) -> str:
        """A hex of a Map A is part of the view's buildings of that map (``mapa1.map``)."""
        mat, _, key = zone.partition(".")
        return f"{mat}.{MAP}" if key.startswith("hex_") else zone

    def physical_moves(self, state: State) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """Every building tile laid on a player's map (each footprint once), and every animal
        card of a known hand laid into any building (its enclosure flipped when a standard
        one)."""
        assert isinstance(state, ArkNovaState)
        view = self.view(state)
        for seat, player in enumerate(state.players):
            zoo = state.zoos[seat]
            for kind in map_a.SHAPES:
                for f in footprints(kind):
                    move = BuildAction(player, (f.placement,))
                    yield move, _built(view, seat, f.placement.cells, kind)
            for card in (c for c in state.boards[seat].hand if isinstance(c, int)):
                if card in ANIMALS:
                    for b in zoo.buildings:
                        yield from self._plays(state, seat, card, b)

    def refusable(
        self, state: State, seen: View
    ) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """The one building or animal card that arrived on a mat, as the move that laid it."""
        assert isinstance(state, ArkNovaState)
        before = self.view(state)
        changed = {z for z in set(before) | set(seen) if before.get(z, ()) != seen.get(z, ())}
        seats = {_seat(z) for z in changed}
        if len(seats) != 1 or None in seats:
            return
        (seat,) = seats
        assert seat is not None
        if seat >= len(state.players):
            return
        mat = mat_key(seat)
        player, zoo = state.players[seat], state.zoos[seat]
        if changed == {f"{mat}.final_scoring"}:
            yield from _kept(state, seat, seen)
            return
        if changed == {f"{mat}.sponsors"}:
            shown = seen.get(f"{mat}.sponsors", ())
            if all(c.startswith("S") and c[1:].isdigit() for c in shown):
                played = sorted(int(c[1:]) for c in shown)
                if state.flow is None:
                    yield SetZoo(player, {**zoo.to_json(), "sponsors": played}), dict(seen)
                else:
                    new = tuple(c for c in played if c not in zoo.sponsors)
                    yield SponsorsAction(player, new, (0,) * len(new)), dict(seen)
            return
        was, now = Counter(before.get(f"{mat}.{MAP}", ())), Counter(seen.get(f"{mat}.{MAP}", ()))
        left = list((was - now).elements())
        came = [b for b in (now - was).elements() if not self.unread_symbols(b)]
        cards = Counter(seen.get(f"{mat}.animals", ())) - Counter(before.get(f"{mat}.animals", ()))
        cards.pop(UNREAD, None)
        if len(came) == 1 and not left and not cards and not came[0].startswith("unique"):
            kind, cells, _ = parse_building(came[0])
            placement = placement_for(kind, cells)
            if placement is not None:
                move = BuildAction(player, (placement,))
                yield move, _built(before, seat, cells, kind)
        if len(cards) == 1:
            (piece,) = cards
            card = int(piece[1:])
            flipped = [b for b in zoo.buildings if _named(b) in left]
            homes = flipped or [b for b in zoo.buildings if b.kind in _SPECIAL_HOMES or b.occupied]
            for b in homes:
                yield from self._plays(state, seat, card, b)

    def _plays(
        self, state: ArkNovaState, seat: int, card: int, home: Building
    ) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
        """``card`` laid into ``home`` from the hand, with the table it leaves."""
        view = dict(self.view(state))
        mat = mat_key(seat)
        view[f"{mat}.animals"] = tuple(sorted((*view.get(f"{mat}.animals", ()), f"A{card}")))
        if home.kind in map_a.STANDARD_ENCLOSURES and not home.occupied:
            key = f"{mat}.{MAP}"
            names = [n for n in view.get(key, ()) if n != _named(home)]
            names.append(building_name(home.kind, home.cells, True))
            view[key] = tuple(sorted(names))
        spaces = None
        if home.kind in ("reptile_house", "aviary") and card not in SPECIAL_SPACES:
            spaces = 1
        yield (
            AnimalsAction(state.players[seat], (AnimalPlay(card, home.cells[0], 0, spaces),)),
            view,
        )

    def zone_name(self, zone: str, lang: str = "en") -> str:
        zh = lang == ZH
        seat = _seat(zone)
        where = zone.partition(".")[2]
        if seat is None:
            mat = zone.partition(".")[0]
        else:
            mat = f"第 {seat + 1} 位玩家的 A 地圖" if zh else f"Map A of seat {seat + 1}"
        if where == MAP:
            return mat
        if zh:
            return f"{mat}旁的{_CARD_ZONES_ZH.get(where, where)}"
        return f"the {where.replace('_', ' ')} beside {mat}"

    def piece_name(self, piece: str, lang: str = "en") -> str:
        zh = lang == ZH
        if piece.startswith(f"{UNREAD}@"):
            col, row = piece.partition("@")[2].split(",")
            where = hexes_text([(int(col), int(row))])
            if zh:
                return f"{where} 上一塊讀不到的板塊"
            return f"a tile that could not be read on {where}"
        if "@" in piece:
            kind, cells, occupied = parse_building(piece)
            if zh:
                held = "已有動物的" if occupied else "的"
                return f"{hexes_text(cells)} 上{held}{BUILDING_NAMES_ZH[kind]}"
            return f"{'an occupied ' if occupied else 'a '}{LABELS[kind]} on {hexes_text(cells)}"
        if piece.startswith("unique "):
            sponsor = f"S{piece.split()[1]}"
            named = (
                str(CATALOG[sponsor].names[ZH if zh else "en"]) if sponsor in CATALOG else sponsor
            )
            return f"贊助卡「{named}」的建築" if zh else f"the building of sponsor {named}"
        if piece not in CATALOG:
            return piece
        comp = CATALOG[piece]
        return f"「{comp.names[ZH]}」" if zh else str(comp.names["en"])


def _kept(
    state: ArkNovaState, seat: int, seen: View
) -> Iterable[tuple[Move, dict[str, tuple[str, ...]]]]:
    """The final-scoring cards ``seat`` keeps as ``seen`` shows them; one seen and not read
    (``?``) is each card no player keeps."""
    zone = f"{mat_key(seat)}.final_scoring"
    shown = seen.get(zone, ())
    known = tuple(c[1:] for c in shown if c != UNREAD)
    player = state.players[seat]
    if len(known) == len(shown):
        yield KeepFinalScoring(player, known), dict(seen)
        return
    if len(shown) - len(known) > 1:
        return
    taken = {c for zoo in state.zoos for c in zoo.final_scoring}
    for card in sorted(set(FINAL_SCORING) - taken - set(known)):
        cards = (*known, card)
        yield KeepFinalScoring(player, cards), {**seen, zone: tuple(sorted(f"F{c}" for c in cards))}


def _built(view: View, seat: int, cells: Sequence[Hex], kind: str) -> dict[str, tuple[str, ...]]:
    """``view`` with a new building of ``kind`` on ``cells`` in ``seat``'s zoo."""
    out = dict(view)
    key = f"{mat_key(seat)}.{MAP}"
    out[key] = tuple(sorted((*out.get(key, ()), building_name(kind, cells))))
    return out


def photo_zoos(
    reading: TableReading, players: Sequence[str], state: ArkNovaState | None = None
) -> dict[str, Zoo]:
    """Each player's zoo as an end-of-game photo shows it.

    The buildings on each Map A and the cards beside it (animals, sponsors, kept
    final-scoring cards) come from the photo, and so do the tracks (appeal,
    conservation, reputation) a seat's tracker shows. What no photo shows (a track
    without markers, X-tokens, partner zoos, universities, supported projects, the
    hexes of sponsors' unique buildings) comes from ``state``, the game as followed;
    without one, from a zoo at the start of the game.

    Raises:
        ValueError: a building lies where no tile fits, a tracker is half set, or the
            zoo read cannot be on a table (a sentence says what).
    """
    t = ArkNovaTable()
    view = t.read(reading)
    zoos: dict[str, Zoo] = {}
    for seat, player in enumerate(players):
        mat = mat_key(seat)
        kept = Zoo() if state is None else state.zoos[seat]
        buildings = [b for b in kept.buildings if b.kind == "unique"]
        for name in view.get(f"{mat}.{MAP}", ()):
            if name.startswith("unique ") or t.unread_symbols(name):
                continue
            kind, cells, occupied = parse_building(name)
            p = placement_for(kind, cells)
            if p is None:
                raise ValueError(f"a {LABELS[kind]} tile on {mat} covers no shape it has")
            buildings.append(Building.standard(kind, p.at, p.rotation, p.mirror, occupied))

        def numbers(zone: str, view: View = view, mat: str = mat) -> tuple[str, ...]:
            return tuple(c[1:] for c in view.get(f"{mat}.{zone}", ()) if c != UNREAD)

        tracks = read_tracks(reading, seat)
        zoos[player] = replace(
            kept,
            appeal=tracks.get("appeal", kept.appeal),
            conservation=tracks.get("conservation", kept.conservation),
            reputation=tracks.get("reputation", kept.reputation),
            buildings=tuple(buildings),
            animals=tuple(int(n) for n in numbers("animals")),
            sponsors=tuple(int(n) for n in numbers("sponsors")),
            final_scoring=numbers("final_scoring"),
        )
    return zoos
