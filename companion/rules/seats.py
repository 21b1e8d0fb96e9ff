"""Every seat enters its own: what one side enters at its seat, and the written hand the
sides' entries make together, refused in one sentence naming each side's figure (pure).

A game declares its seat form on its `HandForm` (`seat`); the entries are assembled into
exactly the hand the game's quick form writes, which the game's own `read_hand` then reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any

from .messages import N_, Msg, RuleError, msg


class SeatForm(Enum):
    """What one side enters at its seat."""

    POINTS = "points"  # a fishing game: each player's counted points (a seat per player)
    BASRA = "basra"    # a side's cards, jacks, aces, basras, and whether it took 2♣ and 10♦
    SHELEM = "shelem"  # a team's points, and the bid from the bidding team

    @property
    def per_player(self) -> bool:
        """A seat per player (each counts their own pile), else a seat per side."""
        return self is SeatForm.POINTS


# The fields each form reads, and whether each is a count (else true or false).
FIELDS: Mapping[SeatForm, Mapping[str, str]] = {
    SeatForm.POINTS: {"points": "count"},
    SeatForm.BASRA: {"cards": "count", "jacks": "count", "aces": "count", "basras": "count",
                     "two_of_clubs": "flag", "ten_of_diamonds": "flag"},
    SeatForm.SHELEM: {"points": "count", "bid": "bid", "cheating": "caught"},
}
# left out: no basra, not the bidding side, nobody caught cheating
OPTIONAL = {"basras", "bid", "cheating"}
# Shelem: the team a seat says was caught cheating, its own ("us") or the other ("them").
CAUGHT = ("us", "them")
# Each field as a sentence names it (the API's field names, in the reader's language).
SAID = {"points": N_("points"), "cards": N_("cards"), "jacks": N_("jacks"),
        "aces": N_("aces"), "basras": N_("basras"), "two_of_clubs": N_("the 2♣"),
        "ten_of_diamonds": N_("the 10♦"), "bid": N_("the bid")}
SHELEM_DOUBLE = "shelem_double"


class SeatsRefused(RuleError):
    """The entries together break the pack: the sentence, and the sides asked to recount."""

    def __init__(self, message: Msg, sides: Sequence[int]):
        super().__init__(message, "values")
        self.sides = list(sides)


def read_entry(form: SeatForm, values: object) -> dict[str, Any]:
    """One side's entry, each field of its form checked (a whole number of 0 or more, true or
    false, a bid); RuleError naming the field."""
    if not isinstance(values, dict):
        raise RuleError(msg(N_("values must be an object.")), "values")
    fields = FIELDS[form]
    for name in values:
        if name not in fields:
            raise RuleError(msg(N_("There is no field '{name}' at this game's seats."),
                                name=str(name)), f"values.{name}")
    entry = {}
    for name, kind in fields.items():
        if values.get(name) is None:
            if name not in OPTIONAL:
                raise RuleError(msg(N_("Enter {name}."), name=msg(SAID[name])),
                                f"values.{name}")
            continue
        entry[name] = _checked(kind, name, values[name])
    return entry


def _checked(kind: str, name: str, value: object) -> object:
    if kind == "flag" and isinstance(value, bool):
        return value
    if kind == "bid" and value == SHELEM_DOUBLE:
        return value
    if kind == "caught":
        if value in CAUGHT:
            return value
        raise RuleError(msg(N_("cheating is \"us\" (our team was caught cheating) or \"them\" "
                               "(the other team was).")), f"values.{name}")
    if kind != "flag" and isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    sentence = (N_("{name} must be true or false.") if kind == "flag"
                else N_("{name} must be a whole number of 0 or more."))
    raise RuleError(msg(sentence, name=msg(SAID[name])), f"values.{name}")


def figures(names: Sequence[str], numbers: Sequence[int]) -> list[Msg]:
    """"Ali 60", "Bahar 71": each side's figure after its name."""
    return [msg(N_("{name} {figure}"), name=name, figure=number)
            for name, number in zip(names, numbers, strict=True)]


def recount(template: str, names: Sequence[str], numbers: Sequence[int], total: int) -> Msg:
    """The one sentence a broken pack is told in: each side's figure, their sum, the pack's."""
    return msg(template, figures=figures(names, numbers), count=sum(numbers), total=total)


PACK = N_("{figures}: {count} of {total} — recount.")
AT_MOST = N_("{figures}: {count}, more than the pack's {total} — recount.")


def assemble_points(entries: Sequence[Mapping[str, Any]], names: Sequence[str], total: int,
                    exact: bool) -> dict[str, Any]:
    """A fishing game's hand in points form, each player's points in playing order."""
    points = [entry["points"] for entry in entries]
    if exact and sum(points) != total:
        raise SeatsRefused(recount(PACK, names, points, total), range(len(names)))
    if sum(points) > total:
        raise SeatsRefused(recount(AT_MOST, names, points, total), range(len(names)))
    return {"points": points}


BASRA_COUNTS = (
    ("cards", 52, N_("{figures}: {count} of {total} cards — recount.")),
    ("jacks", 4, N_("{figures}: {count} of {total} jacks — recount.")),
    ("aces", 4, N_("{figures}: {count} of {total} aces — recount.")),
)
HOLDERS = {
    "two_of_clubs": (N_("{names} each say they took the 2♣ — recount."),
                     N_("Nobody says they took the 2♣ — recount.")),
    "ten_of_diamonds": (N_("{names} each say they took the 10♦ — recount."),
                        N_("Nobody says they took the 10♦ — recount.")),
}


def assemble_basra(entries: Sequence[Mapping[str, Any]], names: Sequence[str]) -> dict[str, Any]:
    """A Basra hand in count form: every side's counts, and which side took the 2♣ and 10♦."""
    every = range(len(names))
    hand: dict[str, Any] = {}
    for key, total, template in BASRA_COUNTS:
        column = [entry[key] for entry in entries]
        if sum(column) != total:
            raise SeatsRefused(recount(template, names, column, total), every)
        hand[key] = column
    for key, (twice, nobody) in HOLDERS.items():
        holders = [side for side, entry in enumerate(entries) if entry[key]]
        if len(holders) > 1:
            raise SeatsRefused(msg(twice, names=[names[side] for side in holders]), holders)
        if not holders:
            raise SeatsRefused(msg(nobody), every)
        hand[key] = holders[0]
    hand["basras"] = [entry.get("basras", 0) for entry in entries]
    return hand


def assemble_shelem(entries: Sequence[Mapping[str, Any]], names: Sequence[str],
                    total: int) -> dict[str, Any]:
    """A Shelem hand: the team that sent a bid, its bid and its points; the other team's
    points are the rest of the pack."""
    every = range(len(names))
    bidders = [side for side, entry in enumerate(entries) if "bid" in entry]
    if len(bidders) > 1:
        raise SeatsRefused(msg(N_("{names} each sent a bid: only the bidding team sends "
                                  "one."), names=list(names)), bidders)
    if not bidders:
        raise SeatsRefused(msg(N_("Nobody sent the bid: the bidding team sends it with its "
                                  "points.")), every)
    points = [entry["points"] for entry in entries]
    if sum(points) != total:
        raise SeatsRefused(recount(PACK, names, points, total), every)
    bidder = bidders[0]
    hand = {"bidder": bidder, "bid": entries[bidder]["bid"], "bidder_points": points[bidder]}
    caught = caught_cheating(entries, names)
    return hand if caught is None else {**hand, "cheating": caught}


def _caught_by(side: int, entry: Mapping[str, Any]) -> int | None:
    """The team a side says was caught cheating: itself ("us"), the other ("them"), or none."""
    said = entry.get("cheating")
    return None if said is None else side if said == "us" else 1 - side


def caught_cheating(entries: Sequence[Mapping[str, Any]], names: Sequence[str]) -> int | None:
    """The team both sides say was caught cheating (None: both say nobody); SeatsRefused
    naming what each side said when they do not agree — a penalty needs the whole table."""
    said = [_caught_by(side, entry) for side, entry in enumerate(entries)]
    if len(set(said)) == 1:
        return said[0]
    claims = [msg(N_("{name} say nobody was caught cheating"), name=name) if team is None
              else msg(N_("{name} say {team} were caught cheating"), name=name,
                       team=names[team]) for name, team in zip(names, said, strict=True)]
    raise SeatsRefused(msg(N_("{claims}: agree on who was caught cheating, then send "
                              "again."), claims=claims), range(len(names)))


Assembler = Callable[[Sequence[Mapping[str, Any]], Sequence[str], int, bool], dict[str, Any]]
ASSEMBLE: Mapping[SeatForm, Assembler] = {
    SeatForm.POINTS: assemble_points,
    SeatForm.BASRA: lambda entries, names, _total, _exact: assemble_basra(entries, names),
    SeatForm.SHELEM: lambda entries, names, total, _exact: assemble_shelem(entries, names,
                                                                           total),
}
