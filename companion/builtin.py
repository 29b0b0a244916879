"""The five games as the companion serves them: each registered once in ``companion.registry``
and once in ``companion.messages``.

The camera follows every game's moves (``companion.watch.<game>``), a photo of
the end scores every game (``companion.watch.photo``), and Ark Nova's pages
get Map A with the hexes a building may cover (``companion.boards``) and a
quick score of a game played off the app (``companion.quick_score``). Their
refusals and words in Chinese are ``companion.reasons``'; none says its score
lines or events in Chinese yet.
"""

from __future__ import annotations

from companion import boards, messages, quick_score, reasons
from companion.messages import Messages
from companion.registry import CompanionGame, register
from companion.watch import photo
from companion.watch.animals_on_board import AnimalsOnBoardTable
from companion.watch.ark_nova import ArkNovaTable
from companion.watch.hare_tortoise import HareTable
from companion.watch.niagara import NiagaraTable
from companion.watch.noah import NoahTable

register(
    "noah",
    CompanionGame(
        table_model=NoahTable, photo_scorer=photo.score_noah, board=None, quick_score=None
    ),
)
register(
    "animals_on_board",
    CompanionGame(
        table_model=AnimalsOnBoardTable,
        photo_scorer=photo.score_animals_on_board,
        board=None,
        quick_score=None,
    ),
)
register(
    "hare_tortoise",
    CompanionGame(
        table_model=HareTable, photo_scorer=photo.score_hare_tortoise, board=None, quick_score=None
    ),
)
register(
    "niagara",
    CompanionGame(
        table_model=NiagaraTable, photo_scorer=photo.score_niagara, board=None, quick_score=None
    ),
)
register(
    "ark_nova",
    CompanionGame(
        table_model=ArkNovaTable,
        photo_scorer=photo.score_ark_nova,
        board=boards.ark_nova_board,
        quick_score=quick_score.score_text,
    ),
)


def _messages(game_id: str, words: dict[str, str]) -> Messages:
    return Messages(
        refusals=reasons.templates_of(game_id), words=words, name=None, lines={}, events={}
    )


messages.register("noah", _messages("noah", reasons.NOAH_WORDS))
messages.register("animals_on_board", _messages("animals_on_board", reasons.ANIMALS_ON_BOARD_WORDS))
messages.register("hare_tortoise", _messages("hare_tortoise", reasons.HARE_TORTOISE_WORDS))
messages.register("niagara", _messages("niagara", reasons.NIAGARA_WORDS))
messages.register(
    "ark_nova",
    Messages(
        refusals=reasons.templates_of("ark_nova"),
        words=reasons.ARK_NOVA_WORDS,
        name=reasons.ark_nova_name,
        lines={},
        events={},
    ),
)
