"""What a game is: id, names, player range and rule options; the reserved player ids."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.core.errors import InvalidSetup
from engines.core.setup import Setup, check_seed

CHANCE = "@chance"
"""``state.to_move`` when the table (or the seeded generator) supplies an outcome."""

UNKNOWN = "?"
"""A piece whose identity the state does not know (a face-down card, another hand)."""

LANGUAGES = ("en", "zh-Hant")


@dataclass(frozen=True)
class RuleOption:
    """One named rule option of a game's spec ("Rule options" table).

    Attributes:
        name: the option's key, e.g. ``extra_turn``.
        default: the default choice (the seed text's reading where explicit).
        choices: every allowed value, the default among them.
        text: what the option decides, in English.
        choice_text: a short English explanation per choice.
    """

    name: str
    default: str
    choices: tuple[str, ...]
    text: str
    choice_text: Mapping[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices),
            "text": self.text,
            "choice_text": dict(self.choice_text),
        }


@dataclass(frozen=True)
class GameInfo:
    """What a game is: id, names, player range and rule options.

    ``turn_engine`` is False for a game whose engine does not (yet) play whole
    turns; contract tests then skip random playouts for it.
    """

    id: str
    names: Mapping[str, str]
    min_players: int
    max_players: int
    options: tuple[RuleOption, ...] = ()
    turn_engine: bool = True

    def option(self, name: str) -> RuleOption:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise KeyError(name)

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, str]:
        """Defaults overlaid with ``given``; every key and value checked.

        Raises:
            InvalidSetup: an unknown option or a value outside its choices.
        """
        if given is not None and not isinstance(given, Mapping):
            raise InvalidSetup(
                f"rule options are a mapping of names to choices, not {given!r}",
                code="setup.options_mapping",
            )
        resolved = {opt.name: opt.default for opt in self.options}
        for key, value in (given or {}).items():
            if key not in resolved:
                known = ", ".join(resolved) or "none"
                raise InvalidSetup(
                    f"{self.id} has no rule option {key!r} (its options: {known})",
                    code="setup.no_option",
                    params={"game": self.id, "option": str(key)},
                )
            text = str(value)
            choices = self.option(key).choices
            if text not in choices:
                raise InvalidSetup(
                    f"rule option {key!r} cannot be {text!r}; choose one of {', '.join(choices)}",
                    code="setup.bad_choice",
                    params={"option": key, "value": text},
                )
            resolved[key] = text
        return resolved

    def check_players(self, players: Sequence[str]) -> tuple[str, ...]:
        """Validated, stripped player names.

        Raises:
            InvalidSetup: not a list of names; a wrong count; empty, long,
                duplicate or reserved names.
        """
        if isinstance(players, str | bytes) or not isinstance(players, Iterable):
            raise InvalidSetup(
                f"the players are a list of names, not {players!r}", code="setup.players_list"
            )
        names = tuple(str(p).strip() for p in players)
        n = len(names)
        if not self.min_players <= n <= self.max_players:
            raise InvalidSetup(
                f"{self.names['en']} is played by {self.min_players} to {self.max_players} "
                f"players, not {n}",
                code="setup.player_count",
                params={
                    "game": self.id,
                    "low": self.min_players,
                    "high": self.max_players,
                    "count": n,
                },
            )
        for name in names:
            if not name or len(name) > 24:
                raise InvalidSetup(
                    f"player name {name!r} must be 1 to 24 characters",
                    code="setup.name_length",
                    params={"name": name},
                )
            if name.startswith("@") or name == UNKNOWN:
                raise InvalidSetup(
                    f"player name {name!r} is reserved; choose another",
                    code="setup.name_reserved",
                    params={"name": name},
                )
        if len(set(names)) != n:
            raise InvalidSetup(
                "player names must differ from each other", code="setup.names_differ"
            )
        return names

    def setup(
        self,
        players: Sequence[str],
        *,
        options: Mapping[str, Any] | None = None,
        seed: object = None,
    ) -> Setup:
        """The checked start of a new game: the setup scaffold every ``new_game`` uses.

        Args:
            players: names in clockwise seating order.
            options: rule options by name (see ``options``); the rest take defaults.
            seed: a whole number ``0 <= seed < 2**63`` to simulate chance, or None
                when the table supplies it.

        Raises:
            InvalidSetup: a wrong player count or names, an unknown option or
                choice, or a seed that is not a valid whole number.
        """
        return Setup(self.check_players(players), self.resolve_options(options), check_seed(seed))

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "names": dict(self.names),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.to_json() for o in self.options],
            "turn_engine": self.turn_engine,
        }
