"""Print settings with units: paper, resolution, piece and tag sizes per kind.

Sizes follow the printables issue (poker cards 63 x 88 mm by default) and
``docs/design.md`` "Components and tags": a decoder needs about 3 pixels per
module at the far edge of the table under a lens blur of 1.5 px, so each
piece's tag (a Micro QR M2 number tag, 13 modules) is as large as the piece
holds, and a game's own layout may set its sizes (``Settings.for_game``,
``PrintedGame.tag_mm``; ``docs/printing.md`` has the measured table;
``companion calibrate`` says the size for a camera and a view).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from engines.core import PIECE_KINDS
from printables.registry import PRINTED


@dataclass(frozen=True)
class Paper:
    """A sheet of paper in millimetres, with the margin printers leave blank."""

    name: str
    width_mm: float
    height_mm: float
    margin_mm: float


PAPERS: Mapping[str, Paper] = MappingProxyType(
    {
        # ISO 216 A4. Office lasers leave about 4-5 mm unprinted; 6 mm is safe.
        "a4": Paper("a4", 210.0, 297.0, 6.0),
        # US Letter, 8.5 x 11 in. 6 mm keeps three 88 mm card rows on the sheet.
        "letter": Paper("letter", 215.9, 279.4, 6.0),
    }
)


@dataclass(frozen=True)
class LabelSheet:
    """A sheet of sticker labels: a grid at a fixed pitch from a fixed origin (mm).

    Attributes:
        name: how the CLI and docs call it.
        paper: the paper it comes on (``PAPERS`` key), or "" for any paper.
        columns, rows: labels across and down.
        width_mm, height_mm: one label.
        left_mm, top_mm: the first label's top-left corner on the sheet.
        pitch_x_mm, pitch_y_mm: distance between label origins.
    """

    name: str
    paper: str
    columns: int
    rows: int
    width_mm: float
    height_mm: float
    left_mm: float
    top_mm: float
    pitch_x_mm: float
    pitch_y_mm: float


LABEL_SHEETS: Mapping[str, LabelSheet] = MappingProxyType(
    {
        # Avery L7160 / J8160 (A4, 21 labels 63.5 x 38.1 mm), from Avery's template.
        "l7160": LabelSheet("l7160", "a4", 3, 7, 63.5, 38.1, 7.25, 15.15, 66.0, 38.1),
        # Avery 5160 / 8160 (Letter, 30 labels 1 x 2 5/8 in), from Avery's template.
        "5160": LabelSheet("5160", "letter", 3, 10, 66.7, 25.4, 4.8, 12.7, 69.85, 25.4),
    }
)
"""Commercial label sheets. ``full`` (not listed) cuts labels from full-sheet sticker paper."""


_PIECE_MM: Mapping[str, tuple[float, float]] = MappingProxyType(
    {
        "card": (63.0, 88.0),  # poker size, the default
        "tile": (50.0, 50.0),  # square tiles: room for a 28 mm tag and two name lines
        "token": (32.0, 32.0),  # pawns, gems, crates: a 22 mm tag with a name line
        "marker": (32.0, 32.0),  # weather marker, life ring, score markers
        "back": (63.0, 88.0),  # a back printed alone takes a card's size
        "board": (63.5, 38.1),  # a label for a board the player owns
        "mat": (63.5, 38.1),  # a label for a mat without printed geometry
    }
)

_TAG_MM: Mapping[str, float] = MappingProxyType(
    {
        # Pieces print Micro QR M2 tags (13 modules, 17 with the quiet zone) as large as
        # the piece holds: a tag shrinks to fit its piece (``pieces.fit_tag_mm``).
        "card": 44.0,  # 63 mm wide less 2.5 mm margins: a 58 mm footprint
        "tile": 31.0,  # a 50 mm tile: a 40.5 mm footprint and a line of its name
        "token": 22.0,  # a 32 mm token: a 28.8 mm footprint
        "marker": 22.0,
        "back": 44.0,
        "board": 28.0,  # labels of boards and the mats' own tags: QR version 1
        "mat": 40.0,  # mats lie flat and central; a larger tag costs nothing there
    }
)


@dataclass(frozen=True)
class Settings:
    """Everything that decides how a game prints.

    Attributes:
        paper: a ``PAPERS`` key.
        dpi: raster resolution of the pages (300 is what printers resolve).
        piece_mm: (width, height) per piece kind.
        tag_mm: QR edge length (without quiet zone) per piece kind.
        labels: ``LABEL_SHEETS`` key, or ``full`` for cut-it-yourself sticker paper.
        cut_mark_mm: length of the cut marks in the margins.
        english_only: leave out Chinese text even when a CJK font exists.
    """

    paper: str = "a4"
    dpi: int = 300
    piece_mm: Mapping[str, tuple[float, float]] = field(default_factory=lambda: dict(_PIECE_MM))
    tag_mm: Mapping[str, float] = field(default_factory=lambda: dict(_TAG_MM))
    labels: str = "full"
    cut_mark_mm: float = 4.0
    english_only: bool = False

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise ValueError(f"paper {self.paper!r} is not one of {', '.join(PAPERS)}")
        if self.labels != "full" and self.labels not in LABEL_SHEETS:
            raise ValueError(
                f"labels {self.labels!r} is not full or one of {', '.join(LABEL_SHEETS)}"
            )
        sheet = LABEL_SHEETS.get(self.labels)
        if sheet is not None and sheet.paper != self.paper:
            raise ValueError(f"{sheet.name} labels come on {sheet.paper} paper, not {self.paper}")
        for kind in PIECE_KINDS:
            if kind not in self.piece_mm or kind not in self.tag_mm:
                raise ValueError(f"settings need a piece size and a tag size for {kind!r}")

    @classmethod
    def for_game(
        cls, game: str, tag_mm: Mapping[str, float] | None = None, **options: object
    ) -> Settings:
        """The settings ``game`` prints with: the defaults, then its own tag and piece
        sizes (``PrintedGame.tag_mm``, ``piece_mm``), then ``tag_mm`` (``--tag-mm``)."""
        printed = PRINTED.get(game)
        own_tags = dict(printed.tag_mm) if printed is not None else {}
        own_pieces = dict(printed.piece_mm) if printed is not None else {}
        return cls(
            tag_mm={**_TAG_MM, **own_tags, **(tag_mm or {})},
            piece_mm={**_PIECE_MM, **own_pieces},
            **options,  # type: ignore[arg-type]
        )

    @property
    def sheet(self) -> Paper:
        return PAPERS[self.paper]

    def px(self, mm: float) -> int:
        """Millimetres to whole pixels at ``dpi``."""
        return round(mm / 25.4 * self.dpi)
