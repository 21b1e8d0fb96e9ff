"""Setting a tournament up: its name, game, format and settings, and its entrants."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

from sqlmodel import Session

from ...inputs import event_name
from ...models_tournament import Entrant, Tournament
from ...rules.catalogue import get_game
from ...rules.messages import N_, PARTNERS_JOINED, Msg, Problems, RuleError, msg
from ...rules.spec import GameSpec
from ...tournament.records import player_key
from ...tournament.standings import (
    BUCHHOLZ,
    BYE_SCORES,
    HEAD_TO_HEAD,
    SONNEBORN_BERGER,
    TIEBREAKS,
    WINS,
)
from .. import acting, keys, ratings
from ..seating import MAX_NAME
from . import audit
from .reading import (
    DOUBLE_ELIMINATION,
    FORMATS,
    GROUPS_KNOCKOUT,
    KNOCKOUT,
    ROUND_ROBIN,
    SWISS,
    TournamentView,
    load,
)

MAX_ENTRANTS = 256
MAX_GROUPS = 26  # labelled A to Z
SEEDINGS = ("entry", "random", "rating")
# A Swiss at tables of 3 to 5 breaks ties on what does not grow with a table's size.
SWISS_TABLE_TIEBREAKS = (BUCHHOLZ, HEAD_TO_HEAD, SONNEBORN_BERGER, WINS)


def create_tournament(session: Session, name: Any, game: Any, rules: Any, format: Any,
                      entrants: Any = None, settings: Any = None,
                      rated: Sequence[str] | None = ()) -> tuple[TournamentView, str]:
    """A new tournament with frozen rules; returns it with the director key (shown once).
    Every problem of the set-up is said at once (RuleErrors), not the first alone.

    Seeding by rating reads the ratings of the games `rated` names (None: every stored
    game's, on a club server with public records): those its director may see."""
    spec = get_game(game)
    resolved = spec.resolve(rules)
    title, checked = _set_up(spec, name, format, entrants, settings)
    key = keys.new_key()
    row = Tournament(id=keys.new_id(), name=title, game=spec.name, rules=resolved.as_dict(),
                     format=format, settings=checked, director_key_hash=keys.hash_key(key))
    session.add(row)
    audit.record(session, row, "create", by=acting.DIRECTOR)
    session.flush()
    add_names(session, row, spec, entrants, [], rated=rated)
    session.commit()
    return load(session, row.id), key


def set_up_problems(game: Any, name: Any, format: Any, entrants: Any,
                    settings: Any) -> list[RuleError]:
    """What a set-up would be refused for, every problem (none: it would be made)."""
    try:
        _set_up(get_game(game), name, format, entrants, settings)
    except RuleError as error:
        return error.problems
    return []


def _set_up(spec: GameSpec[Any, Any], name: Any, format: Any, entrants: Any,
            settings: Any) -> tuple[str, dict[str, Any]]:
    """The tournament's name and settings, checked; every problem refused at once."""
    problems = Problems()
    title = problems.read("", event_name, name, msg(N_("The tournament needs a name.")))
    if format not in FORMATS:
        problems.found.append(RuleError(msg(N_("The format must be one of: {choices}."),
                                      choices=", ".join(FORMATS)), "format"))
    checked = _settings(problems, spec, format, settings if settings is not None else {})
    if not isinstance(entrants, list) or len(entrants) < 2:
        problems.found.append(RuleError(msg(N_("A tournament needs at least two entrants: "
                                               "give their names, one per line.")), "entrants"))
    elif format == GROUPS_KNOCKOUT and isinstance(settings, dict):
        groups: dict[str, int] = problems.read({}, groups_settings, settings, len(entrants))
        checked.update(groups)
    problems.check()
    return title, checked


def _settings(problems: Problems, spec: GameSpec[Any, Any], format: str,
              raw: Any) -> dict[str, Any]:
    """Best of N, rounds, table size, points and tie-breakers, with each game's defaults;
    what is refused goes to `problems`."""
    if not isinstance(raw, dict):
        problems.found.append(RuleError(msg(N_("settings must be an object.")), "settings"))
        return {}
    size = problems.read(None, _number, raw, "table_size", 2, 2, 5) or 2
    partnerships = spec.partnerships == "always" or raw.get("partnerships") is True
    problems.read(None, _check_table, spec, format, size, partnerships)
    # Two sides of a game played as matches play a whole match (Basra: best of 5).
    best_of = problems.read(None, _best_of, raw, spec.match_games if size == 2 else 1, size)
    # basra.txt plays the fifth game of a best of five at two games all to 150: the spec's
    # decider is for its own match length only; any other length has one only if asked.
    decider = spec.decider_target if best_of == spec.match_games else None
    points = raw.get("points") or {}
    reset = problems.read(None, _grand_final_reset, format, raw)
    return {
        "table_size": size, "partnerships": partnerships, "best_of": best_of,
        "decider_target": problems.read(None, _number, raw, "decider_target", decider, 1, 100000)
        if size == 2 and best_of and best_of > 1 else None,
        "third_place": problems.read(None, _third_place, format, raw.get("third_place", False)),
        "rounds": problems.read(None, _number, raw, "rounds", 0, 0, 50),
        "points": {kind: problems.read(None, _number, points, kind, default, -100, 100)
                   for kind, default in (("win", 2), ("draw", 1), ("loss", 0))},
        "tiebreaks": problems.read(None, _tiebreaks, format, raw, size),
        "confirm_results": problems.read(None, _confirm, raw),
        "check_in": problems.read(None, _check_in, raw),
        "bye": problems.read(None, _bye, raw),
        "seeding": problems.read(None, _seeding, raw),
    } | ({"grand_final_reset": reset} if format == DOUBLE_ELIMINATION else {})


def _grand_final_reset(format: str, raw: dict[str, Any]) -> bool:
    """A double elimination plays a second final when the losers' bracket's winner wins the
    first (true unless set false); no other format has a grand final."""
    value = raw.get("grand_final_reset", True)
    if type(value) is not bool:
        raise RuleError(msg(N_("grand_final_reset is true or false.")), "grand_final_reset")
    if "grand_final_reset" in raw and format != DOUBLE_ELIMINATION:
        raise RuleError(msg(N_("Only a double elimination has a grand final to reset.")),
                        "grand_final_reset")
    return value


def groups_settings(raw: dict[str, Any], entrants: int) -> dict[str, int]:
    """A groups then knockout's number of groups and how many of each go through, for this
    many entrants: every group of two or more, `advance` no more than the smallest group."""
    groups = _number(raw, "groups", 2, 1, MAX_GROUPS)
    advance = _number(raw, "advance", 2, 1, MAX_ENTRANTS)
    return {"groups": groups, "advance": checked_groups(groups, advance, entrants)}


def checked_groups(groups: int, advance: int, entrants: int) -> int:
    """`advance`, refused with a sentence when these groups cannot be made of `entrants`."""
    if entrants < 2 * groups:
        raise RuleError(msg(N_("{n} entrants cannot make {groups} groups of at least two: "
                               "choose fewer groups."), n=entrants, groups=groups), "groups")
    smallest = entrants // groups
    if advance > smallest:
        raise RuleError(msg(N_("{advance} cannot go through from a group of {size}: at most "
                               "{size} per group."), advance=advance, size=smallest), "advance")
    if advance * groups < 2:
        raise RuleError(msg(N_("A knockout needs at least two entrants: let two go through "
                               "from the group, or make more groups.")), "advance")
    return advance


def _best_of(raw: dict[str, Any], default: int, size: int) -> int:
    best_of: int = _number(raw, "best_of", default, 1, 9)
    if size == 2 and best_of % 2 == 0:
        raise RuleError(msg(N_("A match is best of an odd number of games: 1, 3, 5...")),
                        "best_of")
    return best_of


def _tiebreaks(format: str, raw: dict[str, Any], size: int = 2) -> list[str]:
    default = [BUCHHOLZ, *TIEBREAKS[:3]] if format == SWISS else list(TIEBREAKS[:3])
    if format == SWISS and size > 2:  # game points differ with a table's size: not them
        default = list(SWISS_TABLE_TIEBREAKS)
    tiebreaks = raw.get("tiebreaks", default)
    if not isinstance(tiebreaks, list) or any(t not in TIEBREAKS for t in tiebreaks):
        raise RuleError(msg(N_("Tie-breakers are a list of: {choices}."),
                            choices=", ".join(TIEBREAKS)), "tiebreaks")
    return list(dict.fromkeys(tiebreaks))


def _bye(raw: dict[str, Any]) -> str:
    bye = raw.get("bye", "win")
    if bye not in BYE_SCORES:
        raise RuleError(msg(N_("A bye scores as one of: {choices}."),
                            choices=", ".join(BYE_SCORES)), "bye")
    return str(bye)


def _seeding(raw: dict[str, Any]) -> str:
    seeding = raw.get("seeding", "entry")
    if seeding not in SEEDINGS:
        raise RuleError(msg(N_("Seeding is one of: {choices}."), choices=", ".join(SEEDINGS)),
                        "seeding")
    return str(seeding)


def _confirm(raw: dict[str, Any]) -> bool:
    confirm = raw.get("confirm_results", False)
    if type(confirm) is not bool:
        raise RuleError(msg(N_("confirm_results is true or false.")), "confirm_results")
    return confirm


def _check_in(raw: dict[str, Any]) -> bool:
    check_in = raw.get("check_in", False)
    if type(check_in) is not bool:
        raise RuleError(msg(N_("check_in is true or false.")), "check_in")
    return check_in


def _third_place(format: str, value: Any) -> bool:
    if type(value) is not bool:
        raise RuleError(msg(N_("third_place is true or false.")), "third_place")
    if value and format not in (KNOCKOUT, GROUPS_KNOCKOUT):
        raise RuleError(msg(N_("Only a knockout plays a third-place match.")), "third_place")
    return value


def _check_table(spec: GameSpec[Any, Any], format: str, size: int, partnerships: bool) -> None:
    if size > 2 and (format not in (ROUND_ROBIN, SWISS) or partnerships
                     or size not in spec.player_counts):
        raise RuleError(msg(N_("Tables of {size} are for a round robin or a Swiss of single "
                               "players in a game that seats {size}."), size=size),
                        "table_size")
    if partnerships and spec.partnerships == "never":
        raise RuleError(msg(N_("{game} has no partnerships."), game=spec.title), "partnerships")


# How the set-up form names each number, for a sentence a person reads (never "rounds").
_LABELS = {"table_size": N_("Players per table"), "best_of": N_("Games per match (best of)"),
           "decider_target": N_("Target of the deciding game"), "rounds": N_("Rounds"),
           "win": N_("Win"), "draw": N_("Draw"), "loss": N_("Loss"),
           "groups": N_("Groups"), "advance": N_("Go through per group")}


def _number(raw: dict[str, Any], name: str, default: Any, low: int, high: int) -> Any:
    value = raw.get(name, default)
    if value is None or value == default:
        return default
    if type(value) is not int or not low <= value <= high:
        raise RuleError(msg(N_("{field} must be a whole number from {low} to {high}."),
                            field=Msg(_LABELS.get(name, name)), low=low, high=high), name)
    return value


# --- Entrants ----------------------------------------------------------------------------

def add_names(session: Session, row: Tournament, spec: GameSpec[Any, Any], raw: Any,
              existing: list[Entrant], started: bool = False,
              rated: Sequence[str] | None = ()) -> None:
    """Store the entrants, seeded after those already in."""
    if not isinstance(raw, list) or not raw:
        raise RuleError(msg(N_("entrants must be a list of names.")), "entrants")
    team = 2 if row.settings["partnerships"] else 1
    taken = {p.casefold() for e in existing for p in e.players}
    added = []
    for item in raw:
        players = _players(item, team)
        clash = next((p for p in players if p.casefold() in taken), None)
        if clash:
            raise RuleError(msg(N_("{name} is entered twice."), name=clash), "entrants")
        taken.update(p.casefold() for p in players)
        added.append(players)
    if len(existing) + len(added) > MAX_ENTRANTS:
        raise RuleError(msg(N_("A tournament has at most {n} entrants."), n=MAX_ENTRANTS),
                        "entrants")
    # With check-in, those entered before round 1 wait for the director to check them in.
    present = started or not row.settings.get("check_in")
    seeds = _seeds(row, len(existing), added, lambda: _ratings(session, row.game, rated))
    for seed, players in zip(seeds, added, strict=True):
        session.add(Entrant(tournament_id=row.id, seed=seed, name=PARTNERS_JOINED.join(players),
                            players=players, checked_in=present))
    audit.record(session, row, "late_entry" if started else "entrants",
                 by=acting.DIRECTOR, after={"entrants": [PARTNERS_JOINED.join(p) for p in added]})


def _seeds(row: Tournament, before: int, added: list[list[str]],
           rated: Callable[[], dict[str, int]]) -> list[int]:
    """Seeds for the `added` entrants after `before`: in entry order, or, for the field a
    tournament is created with, drawn at random or by rating once here and kept."""
    seeds = list(range(before + 1, before + len(added) + 1))
    seeding = row.settings.get("seeding") if before == 0 else "entry"
    if seeding == "random":
        secrets.SystemRandom().shuffle(seeds)
    if seeding == "rating":
        order = by_rating(added, rated())
        seeds = [before + 1 + order.index(i) for i in range(len(added))]
    return seeds


def by_rating(entrants: list[list[str]], rated: dict[str, int]) -> list[int]:
    """The entrants' indexes, best rated first (a partnership: the mean of its rated
    players); those with no rated player after the rest; equals in entry order."""
    def key(index: int) -> tuple[bool, float]:
        known = [rated[player_key(p)] for p in entrants[index] if player_key(p) in rated]
        return (not known, -sum(known) / len(known) if known else 0.0)
    return sorted(range(len(entrants)), key=key)


def _ratings(session: Session, game: str, rated: Sequence[str] | None) -> dict[str, int]:
    """Each rated player's rating in `game` (player_key -> rating), from the games `rated`."""
    return {player_key(s.name): s.rating for s in ratings.standings(session, game, rated)}


def _players(item: Any, team: int) -> list[str]:
    """One entrant: a name, or a partnership as "A & B" or ["A", "B"]."""
    parts = item.split("&") if isinstance(item, str) else item
    if not isinstance(parts, list) or not all(isinstance(p, str) for p in parts):
        raise RuleError(msg(N_("entrants must be a list of names.")), "entrants")
    names = [" ".join(p.split()) for p in parts]
    if len(names) != team or not all(names):
        raise RuleError(msg(N_("Each entrant is a partnership of two players, like "
                               "\"Ali & Bahar\".")) if team == 2 else
                        msg(N_("Each entrant is one player with a name.")), "entrants")
    if any(len(n) > MAX_NAME for n in names):
        raise RuleError(msg(N_("A name can be at most {n} characters."), n=MAX_NAME),
                        "entrants")
    if len({n.casefold() for n in names}) != len(names):
        raise RuleError(msg(N_("{name} is entered twice."), name=names[0]), "entrants")
    return names
