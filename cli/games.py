"""The rules commands: games, new, moves, score, check, apply, quick-score."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import engines
from cli.command import (
    EXIT_ILLEGAL,
    EXIT_OK,
    BadInput,
    Commands,
    emit,
    game_ids,
    parse_options,
    read_state,
    seed,
)
from companion import games


def cmd_games(args: argparse.Namespace) -> int:
    emit([m.info.to_json() for m in engines.GAMES.values()])
    return EXIT_OK


def cmd_new(args: argparse.Namespace) -> int:
    names = [p for p in args.players.split(",")]
    state = games.new_state(args.game, names, options=parse_options(args.option), seed=args.seed)
    emit(state.to_json())
    return EXIT_OK


def cmd_moves(args: argparse.Namespace) -> int:
    state = read_state(args.game, args.state)
    emit(
        {
            "to_move": state.to_move,
            "moves": [{"notation": m.notation(), "move": m.to_json()} for m in state.legal_moves()],
        }
    )
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    state = read_state(args.game, args.state)
    move = games.game(args.game).parse_move(args.move)
    verdict = state.check(move)
    emit({"move": move.notation(), **verdict.to_json()})
    return EXIT_OK if verdict else EXIT_ILLEGAL


def cmd_apply(args: argparse.Namespace) -> int:
    state = read_state(args.game, args.state)
    after = games.apply(state, args.move)
    emit(after.to_json())
    return EXIT_OK


def cmd_score(args: argparse.Namespace) -> int:
    state = read_state(args.game, args.state)
    emit(games.score(state))
    return EXIT_OK


def cmd_quick_score(args: argparse.Namespace) -> int:
    from companion.registry import quick_scored, quick_scorer

    score_text = quick_scorer(args.game)
    if score_text is None:
        scored = ", ".join(quick_scored())
        raise BadInput(f"the quick score is for {scored}; {args.game} is scored with 'score'")
    try:
        data = sys.stdin.buffer.read() if args.entries == "-" else Path(args.entries).read_bytes()
        text = data.decode("utf-8")
    except OSError as exc:
        raise BadInput(f"cannot read {args.entries}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise BadInput(f"{args.entries} is not UTF-8 text") from exc
    try:
        emit(score_text(text))
    except ValueError as exc:  # what to fix in the document (a QuickScorer's refusal)
        raise BadInput(str(exc)) from exc
    return EXIT_OK


def add_commands(sub: Commands) -> None:
    """Add games, new, moves, score, check, apply and quick-score."""
    p = sub.add_parser("games", help="list the games and their rule options")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("new", help="start a game and print its state")
    p.add_argument("game", choices=game_ids())
    p.add_argument("--players", required=True, help="comma-separated names, clockwise")
    p.add_argument("--seed", type=seed, help="simulate chance with this seed")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.set_defaults(func=cmd_new)

    for name, func, text in [
        ("moves", cmd_moves, "list the legal moves"),
        ("score", cmd_score, "print the final scores with their breakdown"),
    ]:
        p = sub.add_parser(name, help=text)
        p.add_argument("game", choices=game_ids())
        p.add_argument("state", help="state JSON file, or - for stdin")
        p.set_defaults(func=func)

    for name, func, text in [
        ("check", cmd_check, "say whether a move is legal, and why not"),
        ("apply", cmd_apply, "apply a move and print the new state"),
    ]:
        p = sub.add_parser(name, help=text)
        p.add_argument("game", choices=game_ids())
        p.add_argument("state", help="state JSON file, or - for stdin")
        p.add_argument("move", help="move as notation or JSON")
        p.set_defaults(func=func)

    p = sub.add_parser(
        "quick-score",
        help="score a game played off the app from what the score calculators take",
    )
    p.add_argument("game", choices=game_ids())
    p.add_argument("entries", help="quick-score JSON file, or - for stdin")
    p.set_defaults(func=cmd_quick_score)
