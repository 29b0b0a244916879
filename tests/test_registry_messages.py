"""The messages registry (``companion.messages``), checked for every game the engines know:
one ``Messages`` each, holding only its own game's codes; every refusal met in a seeded
game has a template whose placeholders its params fill, and says the refusal in Chinese."""

from __future__ import annotations

import dataclasses

import pytest

import engines
from companion.messages import MESSAGES, fields, register
from companion.reasons import (
    UNCOVERED,
    placeholders,
    reason_text,
    said_params,
    template,
    template_key,
)
from tests.registry_support import check_registered, finished, refusals, states

GAMES = list(engines.GAMES)
TURN = [g for g in GAMES if engines.GAMES[g].info.turn_engine]


def test_every_game_has_messages_and_nothing_else_does() -> None:
    check_registered(MESSAGES)


@pytest.mark.parametrize("game", GAMES)
def test_templates_belong_to_the_games_own_codes(game: str) -> None:
    messages = MESSAGES[game]
    assert messages.refusals, "a game refuses something: at least game_over"
    assert f"{game}.game_over" in messages.refusals
    for key, text in (
        *messages.refusals.items(),
        *messages.lines.items(),
        *messages.english.items(),
    ):
        assert key.startswith(f"{game}."), key
        assert text and "{}" not in text, key
    assert all(isinstance(k, str) and v for k, v in messages.words.items())


def test_templates_of_another_games_codes_are_refused() -> None:
    noah = MESSAGES["noah"]
    with pytest.raises(ValueError, match="templates of other codes"):
        register("chess", noah)
    with pytest.raises(ValueError, match="has a messages already"):
        register("noah", dataclasses.replace(noah, refusals={}))
    assert "chess" not in MESSAGES


@pytest.mark.parametrize("game", TURN)
def test_every_refusal_met_in_a_game_says_itself_in_chinese(game: str) -> None:
    met = refusals(game)
    assert met, "a seeded game meets refusals"
    for verdict in met:
        assert verdict.code is not None and verdict.code.startswith(f"{game}.")
        if verdict.code in UNCOVERED:
            continue
        assert template_key(verdict.code, verdict.params) is not None, verdict.code
        assert placeholders(verdict) <= verdict.params.keys(), verdict.code
        zh = reason_text(verdict, "zh-Hant")
        assert zh != verdict.reason and "{" not in zh, verdict.code
        assert reason_text(verdict.to_json(), "zh-Hant") == zh
        english = reason_text(verdict, "en")
        key = template_key(verdict.code, verdict.params, "en")
        if key is None:
            assert english == verdict.reason
        else:  # an English template: the engine's sentence counts or names its own way
            said = said_params(verdict.code, verdict.params, "en")
            assert fields(template(key, "en")) <= said.keys(), verdict.code
            assert "{" not in english and english == reason_text(verdict.to_json(), "en")


@pytest.mark.parametrize("game", TURN)
def test_event_templates_are_filled_by_the_events_of_a_game(game: str) -> None:
    """A template for an event kind the game gives, naming only fields of its data."""
    data: dict[str, set[str]] = {}
    for state in states(game):
        for event in state.events:
            data.setdefault(event.kind, set()).update(event.data)
    for kind, text in MESSAGES[game].events.items():
        assert kind in data, f"{game} gives no {kind!r} event"
        assert fields(text) <= data[kind], (kind, fields(text) - data[kind])


@pytest.mark.parametrize("game", GAMES)
def test_score_line_templates_are_filled_by_the_lines_of_a_game(game: str) -> None:
    """A template for a score line code the game gives, naming only its params."""
    params: dict[str, set[str]] = {}
    for end in finished(game):
        outcome = end.outcome()
        assert outcome is not None
        for lines in outcome.breakdown.values():
            for line in lines:
                params.setdefault(str(line.code), set()).update(line.params)
    for code, text in MESSAGES[game].lines.items():
        assert code in params, f"{game} gives no {code!r} line"
        assert fields(text) <= params[code], (code, fields(text) - params[code])
