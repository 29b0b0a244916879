"""The Association action: reputation, partner zoos, universities, conservation projects,
donations, with the association workers.

Rules text: ``docs/rules/ark_nova.md`` §3 (Association: one task of value <=
strength on side I, several different tasks on side II with one donation; a
task holding one of your workers costs 2, three block it until the break), §3
"Universities", §6.5 items 1 and 3 (projects and their rewards, donations),
§8.3 (partner-zoo and university slots, the left edge's tokens). Seed text:
"5.协会行动".

Readings: the token that supports a project leaves the left edge top down
(space 1 first; the spec allows any order); a release project takes an animal
from a standard enclosure whose size fits the level (4+ / 3 / 2-), and that
enclosure (the smallest occupied one that fits) is emptied.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engines.ark_nova import actions, icons
from engines.ark_nova.board import reputation_range
from engines.ark_nova.cards import ANIMALS, BREEDING, CONTINENTS, PROJECTS
from engines.ark_nova.effects import Gains
from engines.ark_nova.flow import DONATIONS, PROJECT_LIMIT, Flow, Pending, gain, hire
from engines.ark_nova.info import Ask
from engines.ark_nova.moves import TASK_VALUE, AssociationAction
from engines.ark_nova.transfer import smallest_home
from engines.ark_nova.zoo import UNIVERSITIES, Zoo
from engines.core import Verdict

if TYPE_CHECKING:
    from engines.ark_nova.state import ArkNovaState

TASK_INDEX = {"reputation": 0, "partner": 1, "university": 2, "project": 3}
WORKERS_PER_TASK = 3


def _continent(code: str) -> str:
    """A continent as a sentence says it ("Asia", "the Americas")."""
    return "the Americas" if code == "americas" else code.title()


PARTNER_LIMIT = {1: 2, 2: 4}
UNIVERSITY_REPUTATION = {"research_reputation": 2, "reputation_hand": 2, "research2": 0}
BLOCKED = "@blocked"
MIGRATION_RECORDING = 224

LEFT_BONUS = {
    1: Gains(cards=1),
    3: Gains(money=5),
    4: Gains(conservation=1),
    5: Gains(reputation=2),
    6: Gains(money=12),
    7: Gains(x_tokens=3),
}
"""What freeing a left-edge space gives at once (space 2, a free size-2 enclosure, is
entered by the table)."""


@dataclass(frozen=True)
class Task:
    """One parsed task: its kind and arguments."""

    kind: str
    what: str = ""
    project: int = 0
    level: int = 0
    folder: int = 0
    animal: int = 0

    @classmethod
    def parse(cls, text: str) -> Task:
        kind, _, rest = text.partition(":")
        if kind != "project":
            return cls(kind, rest)
        parts = rest.split(":")
        folder = 0
        if parts[0].startswith("f"):
            folder = int(parts[0][1:])
            parts = parts[1:]
        animal = int(parts[2]) if len(parts) > 2 else 0
        return cls("project", "", int(parts[0]), int(parts[1]), folder, animal)


def _problem(code: str, reason: str, **params: object) -> Verdict:
    return Verdict.illegal(f"ark_nova.association.{code}", reason, **params)


def run(state: ArkNovaState, move: AssociationAction) -> tuple[Verdict, ArkNovaState | None]:
    """Check and carry out an Association action in one pass."""
    player = move.player
    i = state.players.index(player)
    zoo, board = state.zoo(player), state.board(player)
    strength, verdict = actions.action_strength(zoo, board, "association", move.x)
    if not verdict:
        return verdict, None
    side = board.side("association")
    tasks = [Task.parse(t) for t in move.tasks]
    kinds = [t.kind for t in tasks]
    if side == 1 and (len(tasks) > 1 or move.donate):
        return _problem(
            "side",
            "the Association card on side I does exactly one task and no donation",
            count=len(tasks),
        ), None
    if len(set(kinds)) != len(kinds):
        return _problem("repeat", "the tasks of one Association action must differ"), None
    total = sum(TASK_VALUE[k] for k in kinds)
    if total > strength:
        return _problem(
            "strength",
            f"the tasks are worth {total}, over the strength {strength}",
            value=total,
            strength=strength,
        ), None
    state = state.with_player(player, replace(zoo, x_tokens=zoo.x_tokens - move.x), board)
    for task in tasks:
        verdict, after = _task(state, i, player, task, side)
        if after is None:
            return verdict, None
        state = after
    if move.donate:
        flow = state.flow_
        cost = DONATIONS[min(flow.donations, len(DONATIONS) - 1)]
        zoo = state.zoo(player)
        if zoo.money < cost:
            return _problem(
                "money",
                f"the donation costs {cost} money; {player} has {zoo.money}",
                cost=cost,
                have=zoo.money,
            ), None
        state = state.with_player(player, replace(zoo, money=zoo.money - cost), state.board(player))
        state = gain(state, player, Gains(conservation=1), "donation")
        state = state.evolve(flow=replace(state.flow_, donations=flow.donations + 1))
    board = state.board(player).after_use("association")
    return Verdict(True), state.with_player(player, state.zoo(player), board)


def _task(
    state: ArkNovaState, i: int, player: str, task: Task, side: int
) -> tuple[Verdict, ArkNovaState | None]:
    flow = state.flow_
    k = TASK_INDEX[task.kind]
    placed = flow.placed[i][k]
    need = 1 if placed == 0 else 2
    if placed + need > WORKERS_PER_TASK:
        return _problem(
            "task_full",
            f"{player}'s workers fill the {task.kind} task until the break",
            task=task.kind,
        ), None
    if flow.workers[i] < need:
        return _problem(
            "workers",
            f"the {task.kind} task needs {need} association worker{'s' * (need > 1)}; "
            f"{player} has {flow.workers[i]} at hand",
            task=task.kind,
            need=need,
            have=flow.workers[i],
        ), None
    counts = list(flow.placed[i])
    counts[k] += need
    flow = replace(
        flow,
        workers=Flow.set_at(flow.workers, i, flow.workers[i] - need),
        placed=Flow.set_at(flow.placed, i, tuple(counts)),
    )
    state = state.evolve(flow=flow)
    if task.kind == "reputation":
        return Verdict(True), gain(state, player, Gains(reputation=2), "association")
    if task.kind == "partner":
        return _partner(state, player, task.what, side)
    if task.kind == "university":
        return _university(state, player, task.what)
    return _project(state, i, player, task, side)


def _partner(
    state: ArkNovaState, player: str, continent: str, side: int
) -> tuple[Verdict, ArkNovaState | None]:
    zoo = state.zoo(player)
    if continent not in CONTINENTS:
        return _problem(
            "partner_unknown", f"{continent!r} is not a continent", continent=continent
        ), None
    if continent in zoo.partner_zoos:
        return _problem(
            "partner_held",
            f"{player} already has a partner zoo in {_continent(continent)}",
            continent=continent,
        ), None
    if continent in state.flow_.taken:
        return _problem(
            "partner_taken",
            f"the partner zoo in {_continent(continent)} was taken this round; it comes back at "
            "the break",
            continent=continent,
        ), None
    limit = PARTNER_LIMIT[side]
    if len(zoo.partner_zoos) >= limit:
        return _problem(
            "partner_limit",
            f"{player} has {len(zoo.partner_zoos)} partner zoos, the most on side {'I' * side}",
            have=len(zoo.partner_zoos),
            limit=limit,
        ), None
    zoo = replace(zoo, partner_zoos=(*zoo.partner_zoos, continent))
    state = state.with_player(player, zoo, state.board(player))
    state = state.evolve(flow=replace(state.flow_, taken=(*state.flow_.taken, continent)))
    slot = len(zoo.partner_zoos)
    if slot == 2:
        state = _upgrade_owed(state, player, "partner")
    elif slot == 3:
        state = hire(state, player)
    elif slot == 4:
        state = gain(state, player, Gains(conservation=2), "partner")
    return Verdict(True), state


def _upgrade_owed(state: ArkNovaState, player: str, why: str) -> ArkNovaState:
    if len(state.board(player).upgraded) >= 4:
        return state
    return state.evolve(flow=state.flow_.queue(Pending(Ask.REWARD, player, n=0, why=why)))


def _university(state: ArkNovaState, player: str, kind: str) -> tuple[Verdict, ArkNovaState | None]:
    zoo = state.zoo(player)
    if kind not in UNIVERSITIES:
        return _problem("university_unknown", f"{kind!r} is not a university", kind=kind), None
    if kind in zoo.universities:
        return _problem("university_held", f"{player} already has that university", kind=kind), None
    if kind in state.flow_.taken:
        return _problem(
            "university_taken",
            "that university was taken this round; it comes back at the break",
            kind=kind,
        ), None
    zoo = replace(zoo, universities=(*zoo.universities, kind))
    state = state.with_player(player, zoo, state.board(player))
    state = state.evolve(flow=replace(state.flow_, taken=(*state.flow_.taken, kind)))
    state = gain(state, player, Gains(reputation=UNIVERSITY_REPUTATION[kind]), "university")
    slot = len(zoo.universities)
    if slot == 2:
        state = _upgrade_owed(state, player, "university")
    elif slot == 3:
        state = gain(state, player, Gains(conservation=2), "university")
    return Verdict(True), state


# --------------------------------------------------------------------------- projects


def project_count(zoo: Zoo, number: int) -> int:
    """What a collecting project counts in ``zoo`` (icons, categories, animals)."""
    counts = PROJECTS[number].counts
    if counts == "different category icons":
        return len(icons.different_categories(zoo))
    if counts == "different continent icons":
        return len(icons.different_continents(zoo))
    if counts == "small animals":
        return len(icons.small_animals(zoo))
    if counts == "large animals":
        return len(icons.large_animals(zoo))
    icon = counts.removesuffix(" icons")
    return icons.icon_count(zoo, icon).total


def release_level(size: int) -> int | None:
    """The release level an animal of standard-enclosure size ``size`` supports."""
    if size >= 4:
        return 0
    if size == 3:
        return 1
    if size >= 1:
        return 2
    return None


def _project(
    state: ArkNovaState, i: int, player: str, task: Task, side: int
) -> tuple[Verdict, ArkNovaState | None]:
    number, level = task.project, task.level
    flow = state.flow_
    zoo, board = state.zoo(player), state.board(player)
    if number not in PROJECTS:
        return _problem(
            "project_unknown", f"there is no conservation project {number}", project=number
        ), None
    project = PROJECTS[number]
    placed_card = False
    if task.folder:
        if side == 1:
            return _problem(
                "project_display", "projects come from the display on side II only"
            ), None
        if task.folder > reputation_range(zoo.reputation) or task.folder > len(state.display):
            return _problem(
                "project_range",
                f"folder {task.folder} is out of reputation range",
                folder=task.folder,
            ), None
        if state.display[task.folder - 1] != number:
            return _problem(
                "project_source",
                f"project {number} is not in folder {task.folder}",
                project=number,
            ), None
        if zoo.money < task.folder:
            return _problem(
                "money",
                f"folder {task.folder} costs {task.folder} money; {player} has {zoo.money}",
                cost=task.folder,
                have=zoo.money,
            ), None
        display = state.display[: task.folder - 1] + state.display[task.folder :]
        zoo = replace(zoo, money=zoo.money - task.folder)
        state = replace(state.with_player(player, zoo, board), display=display)
        placed_card = True
    elif number not in flow.base_projects and number not in flow.projects:
        if number <= 112 or not board.holds(number):
            return _problem(
                "project_source",
                f"project {number} is neither beside the board nor in {player}'s hand",
                project=number,
            ), None
        board = board.without(number)
        state = state.with_player(player, zoo, board)
        placed_card = True
    if any(p == number and lv == level for p, lv, _ in flow.supports):
        return _problem(
            "level_taken",
            f"that level of {project.name} is covered already",
            project=number,
            level=level + 1,
        ), None
    mine = [p for p, _, who in flow.supports if p == number and who == player]
    release = project.counts.startswith("release:")
    if mine and not (release and MIGRATION_RECORDING in zoo.sponsors):
        return _problem(
            "supported",
            f"{player} supports {project.name} already",
            project=number,
        ), None
    verdict, checked, cp, rep = _project_condition(state, player, task, project.counts)
    if checked is None:
        return verdict, None
    state = checked
    if release and MIGRATION_RECORDING in state.zoo(player).sponsors:
        cp += 1
    state = gain(state, player, Gains(conservation=cp, reputation=rep), "project")
    zoo = state.zoo(player)
    state = state.with_player(
        player, replace(zoo, projects=(*zoo.projects, number)), state.board(player)
    )
    flow = state.flow_
    flow = replace(flow, supports=(*flow.supports, (number, level, player)))
    if placed_card:
        flow = _above_board(flow, number, len(state.players))
    state = state.evolve(flow=flow)
    return Verdict(True), _free_token(state, i, player)


def _project_condition(
    state: ArkNovaState, player: str, task: Task, counts: str
) -> tuple[Verdict, ArkNovaState | None, int, int]:
    zoo = state.zoo(player)
    project = PROJECTS[task.project]
    threshold, cp = project.levels[task.level]
    if counts.startswith("release:"):
        what = counts.removeprefix("release: ")
        animal = ANIMALS.get(task.animal)
        if animal is None or task.animal not in zoo.animals:
            return (
                _problem(
                    "release_animal",
                    f"{project.name} releases an animal of {player}'s zoo; name it",
                    project=task.project,
                ),
                None,
                0,
                0,
            )
        if not animal.icons.get(what):
            return (
                _problem(
                    "release_kind",
                    f"{animal.name} shows no {what} icon",
                    animal_id=task.animal,
                    what=what,
                ),
                None,
                0,
                0,
            )
        if release_level(animal.size) != task.level:
            return (
                _problem(
                    "release_size",
                    f"{animal.name} (size {animal.size}) fits level "
                    f"{(release_level(animal.size) or 0) + 1}, not {task.level + 1}",
                    animal_id=task.animal,
                    size=animal.size,
                    level=task.level + 1,
                ),
                None,
                0,
                0,
            )
        home = smallest_home(zoo, animal)
        if home is None:
            return (
                _problem(
                    "release_home",
                    f"{animal.name} lives in no standard enclosure",
                    animal_id=task.animal,
                ),
                None,
                0,
                0,
            )
        buildings = tuple(replace(b, occupied=False) if b is home else b for b in zoo.buildings)
        animals = tuple(a for a in zoo.animals if a != task.animal)
        zoo = replace(
            zoo, animals=animals, buildings=buildings, appeal=max(0, zoo.appeal - animal.appeal)
        )
        return Verdict(True), state.with_player(player, zoo, state.board(player)), cp, 1
    if counts.startswith("breeding:"):
        what = counts.removeprefix("breeding: ")
        ok = any(
            ANIMALS[a].icons.get(what) and any(ANIMALS[a].icons.get(c) for c in zoo.partner_zoos)
            for a in zoo.animals
        )
        if not ok:
            return (
                _problem(
                    "condition",
                    f"{project.name} needs a {what} animal and a partner zoo of its continent",
                    project=task.project,
                    need=1,
                    have=0,
                ),
                None,
                0,
                0,
            )
        cp, rep = BREEDING[task.level]
        return Verdict(True), state, cp, rep
    have = project_count(zoo, task.project)
    if have < threshold:
        return (
            _problem(
                "condition",
                f"level {task.level + 1} of {project.name} needs {threshold} ({project.counts}); "
                f"the zoo shows {have}",
                project=task.project,
                need=threshold,
                have=have,
            ),
            None,
            0,
            0,
        )
    return Verdict(True), state, cp, 0


def _above_board(flow: Flow, number: int, players: int) -> Flow:
    """A project card laid above the board; beyond the limit the oldest leaves with its
    tokens (their owners keep the support)."""
    projects = (*flow.projects, number)
    supports = flow.supports
    discard = flow.discard
    while len(projects) > PROJECT_LIMIT[players]:
        old, projects = projects[0], projects[1:]
        supports = tuple(s for s in supports if s[0] != old)
        discard = (*discard, old)
    return replace(flow, projects=projects, supports=supports, discard=discard)


def _free_token(state: ArkNovaState, i: int, player: str) -> ArkNovaState:
    """The supporting token leaves the left edge (top down): its space's bonus, at once."""
    flow = state.flow_
    left = flow.left[i]
    if not left:
        return state
    space, rest = left[0], left[1:]
    state = state.evolve(flow=replace(flow, left=Flow.set_at(flow.left, i, rest)))
    if space == 2:
        return replace(
            state, flow=state.flow_.queue(Pending(Ask.EFFECT, player, n=2, why="left edge"))
        )
    return gain(state, player, LEFT_BONUS[space], "left edge")


# --------------------------------------------------------------------------- listing


def candidates(
    state: ArkNovaState,
    player: str,
    x: int = 0,
    prior: AssociationAction | None = None,
    one: bool = False,
) -> list[AssociationAction]:
    """Every one-task step of an Association action with ``x`` X-tokens spent, after the
    tasks of ``prior`` (each with a donation too on side II, while none was made); each
    step carries no X-tokens (they are the action's) and is checked with the whole action;
    only the first found when ``one``."""
    zoo, board = state.zoo(player), state.board(player)
    flow = state.flow_
    done = {Task.parse(t).kind for t in prior.tasks} if prior is not None else set()
    tasks = ["reputation"]
    tasks += [f"partner:{c}" for c in CONTINENTS if c not in zoo.partner_zoos]
    tasks += [f"university:{k}" for k in UNIVERSITIES if k not in zoo.universities]
    sources: list[tuple[int, int]] = [(p, 0) for p in (*flow.base_projects, *flow.projects)]
    sources += actions.card_sources(
        board.hand, state.display, PROJECTS, from_display=board.side("association") == 2
    )
    for number, folder in sources:
        prefix = f"project:f{folder}:" if folder else "project:"
        project = PROJECTS[number]
        for level in range(3):
            if project.counts.startswith("release:"):
                for a in zoo.animals:
                    if release_level(ANIMALS[a].size) == level:
                        tasks.append(f"{prefix}{number}:{level}:{a}")
            else:
                tasks.append(f"{prefix}{number}:{level}")
    tasks = [t for t in tasks if Task.parse(t).kind not in done]
    out = [AssociationAction(player, (t,)) for t in tasks]
    if board.side("association") == 2 and not (prior is not None and prior.donate):
        out += [AssociationAction(player, (t,), donate=True) for t in tasks]
    found = (m for m in out if run(state, _whole(m, x, prior))[0])
    if one:
        return list(itertools.islice(found, 1))
    return list(found)


def _whole(step: AssociationAction, x: int, prior: AssociationAction | None) -> AssociationAction:
    if prior is None:
        return replace(step, x=x)
    return replace(prior, tasks=(*prior.tasks, *step.tasks), donate=prior.donate or step.donate)
