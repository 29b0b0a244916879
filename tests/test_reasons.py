"""Refusals in Traditional Chinese: every engine code has a template, filled from real params."""

from __future__ import annotations

import re
from pathlib import Path

import engines
from companion.reasons import ENGLISH, TEMPLATES, UNCOVERED, placeholders, reason_text
from engines.animals_on_board import Take
from engines.core import Verdict
from engines.hare_tortoise.moves import Play
from tests.animals_on_board.tables import position as aob_position
from tests.hare_tortoise.test_rules import playing
from tests.niagara.positions import position as niagara_position
from tests.noah.helpers import position as noah_position
from tests.test_ark_nova_animals import PREDATORS
from tests.test_ark_nova_animals import table as ark_table

ENGINES = Path(engines.__file__).parent

_GAME_IDS = "|".join(engines.GAMES)
_PREFIXED = re.compile(rf"""f?["']((?:{_GAME_IDS})\.[a-z_.{{}}]+)["']""")
_LOCAL = re.compile(r"""(?:\b_?illegal|\bRefusal|_P \+)\(?\s*["']([a-z_]+)["']""")


_WRAPPED = re.compile(r"""\b_problem\(\s*["']([a-z_]+)["']""")
WRAPPERS = {
    "ark_nova/animals.py": "ark_nova.animals.",
    "ark_nova/transfer.py": "ark_nova.build.",
    "ark_nova/association.py": "ark_nova.association.",
    "ark_nova/sponsoring.py": "ark_nova.sponsors.",
}
"""Modules whose ``_problem(code, ...)`` helper prefixes the code."""
COMPUTED = {
    f"ark_nova.{part}.{terrain}" for part in ("animals", "build") for terrain in ("rock", "water")
}
"""Codes built in a loop over Ark Nova's terrains (``ark_nova.build.{terrain}``)."""


SCORING = frozenset({"scoring.py", "quick.py"})
"""Modules that name score line codes (``noah.round``, Ark Nova's quick score's
``ark_nova.not_entered``), which are not refusals."""


def engine_codes() -> set[str]:
    """Every refusal code written in the source of the games under ``engines/`` (``{x}``
    marks a computed part; a game from elsewhere, such as the tests' sixth, is checked by
    ``tests/test_registry_messages.py`` on the refusals it gives)."""
    codes = set(COMPUTED)
    for module, prefix in WRAPPERS.items():
        codes.update(prefix + local for local in _WRAPPED.findall((ENGINES / module).read_text()))
    for game in (g for g in engines.GAMES if (ENGINES / g).is_dir()):
        codes.add(f"{game}.game_over")  # engines.core refuses every move after the end
        for path in (p for p in (ENGINES / game).glob("*.py") if p.name not in SCORING):
            text = path.read_text()
            codes.update(_PREFIXED.findall(text))
            codes.update(f"{game}.{local}" for local in _LOCAL.findall(text))
    return {c for c in codes if "{" not in c}  # a wrapper such as noah.{rule}


def test_every_code_has_a_template_or_is_a_listed_gap() -> None:
    codes = engine_codes()
    assert "noah.overweight" in codes and "niagara.points" in codes
    covered = {key.split("/")[0] for key in TEMPLATES}
    assert codes - covered == UNCOVERED
    assert not (UNCOVERED & covered)
    assert covered <= codes, "a template for a code no engine gives"


def noah_overweight() -> Verdict:
    """The ``companion check noah`` example: a mule on a ferry of 18 weighs 22, over 21."""
    state = noah_position(["BEAF1", "PANF1", "LIOF1"], [["MULF1", "PANF2"], ["PARF1"]])
    return state.check(engines.noah.parse_move("MULF1"))


def real_refusals() -> list[Verdict]:
    """Refusals the engines give in real positions (one per game covered)."""
    return [
        noah_overweight(),
        playing(["T", "T", "T", "W", "W", "W", "L"], {"H": 4}).check(Play(("H", "H"))),
        playing(["H", "H", "H"], {"H": 4}).check(Play(("H", "H"))),
        aob_position(4, groups=["S1V1", "S2V2", "S3V3"], food=[0, 1, 1, 1]).check(Take(0)),
        aob_position(4, groups=["S1V1", "S2V2", "S3V3"], food=[2, 1, 1, 1]).check(
            engines.animals_on_board.Pass()
        ),
        niagara_position(chosen="611").check(engines.niagara.parse_move("6 1:H>M3+V")),
        ark_table(animals=PREDATORS).check(engines.ark_nova.parse_move("animals ann 402@0,4")),
        ark_table(x_tokens=4).check(engines.ark_nova.parse_move("snap ann f3")),
        ark_table().check(engines.ark_nova.parse_move("discard ann 402,408,519,469,403,444")),
    ]


def test_real_refusals_fill_their_templates_with_the_engine_params() -> None:
    for verdict in real_refusals():
        assert not verdict and verdict.code in TEMPLATES, verdict
        assert placeholders(verdict) <= verdict.params.keys(), verdict.code
        zh = reason_text(verdict.to_json(), "zh-Hant")
        assert zh != verdict.reason and "{" not in zh
        english = reason_text(verdict, "en")
        if verdict.code in ENGLISH:  # the engine's sentence counts from 0: said as players do
            assert english != verdict.reason and "{" not in english
        else:
            assert english == verdict.reason


def test_the_chinese_refusals_carry_the_numbers() -> None:
    over, table_full, animal_full, food, must_take, points, small, snap, hand = real_refusals()
    assert over.params == {"card_id": "MULF1", "weight": 22, "limit": 21}
    assert reason_text(over, "zh-Hant") == "駁船會重達 22，超過上限 21"
    assert reason_text(table_full, "zh-Hant") == "桌上已有 7 張牌，再打 2 張會超過上限 8 張"
    assert "3 張兔子" in reason_text(animal_full, "zh-Hant")
    assert reason_text(food, "zh-Hant") == "第 1 組有 1 塊板塊，要付 1 個食物；ann 只有 0 個"
    assert reason_text(food, "en") == "group 1 holds 1 tile, which costs 1 food; ann has 0"
    assert "2 個食物" in reason_text(must_take, "zh-Hant")
    assert reason_text(points, "zh-Hant") == (
        "獨木舟 1 從岸邊到河道第 3 格要 3 點，但它要移動 4 點；移動 4 點會到河道第 4 格"
    )
    assert reason_text(small, "zh-Hant") == (  # hexes as players count them, not [0,5]
        "獅子需要 4 格的圍欄；第 1 欄第 6 格、第 1 欄第 5 格和第 2 欄第 6 格的圍欄只有 3 格"
    )
    assert reason_text(small, "en") == (
        "Lion needs an enclosure of size 4; the enclosure at column 1, row 6; column 1, row 5 "
        "and column 2, row 6 has 3"
    )
    assert "需要強度 5" in reason_text(snap, "zh-Hant")
    assert reason_text(hand, "zh-Hant") == "手牌會留下 4 張，超過手牌上限 3 張"


def test_piece_ids_become_their_chinese_names() -> None:
    state = noah_position(["BEAF1", "PANF1", "LIOF1"], [["MULF1", "PANF2"], ["PARF1"]])
    placed = state.check(engines.noah.parse_move("BEAF1"))
    assert placed.code in ("noah.card_placed", "noah.not_in_hand")
    assert "BEAF1" not in reason_text(placed, "zh-Hant")


def test_a_code_without_a_template_or_params_stays_english() -> None:
    other = Verdict.illegal("noah.someday", "a rule no template knows")
    assert reason_text(other, "zh-Hant") == "a rule no template knows"
    bare = {"legal": False, "code": "noah.overweight", "reason": "too heavy"}
    assert reason_text(bare, "zh-Hant") == "too heavy"
