"""The five games as the companion serves them: each registered once in ``companion.registry``
and once in ``companion.messages``.

The camera follows every game's moves (``companion.watch.<game>``), a photo of
the end scores every game (``companion.watch.photo``), and Ark Nova's pages
get Map A with the hexes a building may cover (``companion.ark_nova_seat``) and a
quick score of a game played off the app (``companion.quick_score``). Their
refusals and words in Chinese are ``companion.reasons``'; their events, score
lines and tie-breaks in both languages are ``companion.sentences``'.
"""

from __future__ import annotations

from companion import ark_nova_seat, boards, messages, niagara_seat, quick_score, reasons
from companion.messages import Messages, Said, Sentences
from companion.registry import CompanionGame, register
from companion.sentences import animals_on_board as aob_sentences
from companion.sentences import ark_nova as ark_sentences
from companion.sentences import ark_nova_refusals as ark_refusals
from companion.sentences import hare_tortoise as hare_sentences
from companion.sentences import niagara as niagara_sentences
from companion.sentences import noah as noah_sentences
from companion.sentences import options
from companion.sentences.options import Options
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
        table_model=HareTable,
        photo_scorer=photo.score_hare_tortoise,
        board=boards.hare_seat,
        quick_score=None,
    ),
)
register(
    "niagara",
    CompanionGame(
        table_model=NiagaraTable,
        photo_scorer=photo.score_niagara,
        board=niagara_seat.seat_board,
        quick_score=None,
    ),
)
register(
    "ark_nova",
    CompanionGame(
        table_model=ArkNovaTable,
        photo_scorer=photo.score_ark_nova,
        board=ark_nova_seat.seat_board,
        quick_score=quick_score.score_text,
    ),
)


def _messages(
    game_id: str,
    words: dict[str, str],
    sentences: Sentences,
    options: Options,
    said: Said | None = None,
) -> Messages:
    return Messages(
        refusals=reasons.templates_of(game_id),
        words=words,
        name=None,
        lines={},
        events={},
        sentences=sentences,
        options=options,
        english=reasons.templates_of(game_id, reasons.ENGLISH),
        said=said,
    )


messages.register(
    "noah",
    _messages(
        "noah",
        reasons.NOAH_WORDS,
        noah_sentences.SENTENCES,
        options.NOAH,
        noah_sentences.refusal_params,
    ),
)
messages.register(
    "animals_on_board",
    _messages(
        "animals_on_board",
        reasons.ANIMALS_ON_BOARD_WORDS,
        aob_sentences.SENTENCES,
        options.ANIMALS_ON_BOARD,
        aob_sentences.refusal_params,
    ),
)
messages.register(
    "hare_tortoise",
    _messages(
        "hare_tortoise",
        reasons.HARE_TORTOISE_WORDS,
        hare_sentences.SENTENCES,
        options.HARE_TORTOISE,
    ),
)
messages.register(
    "niagara",
    _messages("niagara", reasons.NIAGARA_WORDS, niagara_sentences.SENTENCES, options.NIAGARA),
)
messages.register(
    "ark_nova",
    Messages(
        refusals=reasons.templates_of("ark_nova"),
        words=reasons.ARK_NOVA_WORDS,
        name=reasons.ark_nova_name,
        lines={},
        events={},
        sentences=ark_sentences.SENTENCES,
        options=options.ARK_NOVA,
        english=reasons.templates_of("ark_nova", reasons.ENGLISH),
        said=ark_refusals.refusal_params,
    ),
)
