"""Every seat enters its own: a game's seat links, each side's entry of the hand being
entered, and the hand they make saved once through the change machinery (games.add_hand).

An entry is stored in a transaction of its own (it moves the game's board, so every phone
sees who has sent); the last one then opens the change under the game's lock, where the
entries are read again: two seats completing at once save one hand, the second finds it
saved. A seat sending again replaces its entry, so it counts once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, update
from sqlmodel import Session, col, select

from ..models import Seat, utcnow
from ..rules.messages import N_, RuleError, msg
from ..rules.seats import SeatForm, SeatsRefused, read_entry
from . import acting, boards
from .games import GameNotFound, GameView, add_hand, load_game, open_change, refuse_finished
from .keys import hash_key, key_matches, new_key

SEAT_COOKIE = "seat_"  # a seat page's cookie, per game: the seat's key


@dataclass(frozen=True)
class SeatLink:
    """One seat handed out: its side, its name and its key (shown once)."""

    side: int
    name: str
    key: str


@dataclass
class Entering:
    """The hand being entered at the seats: what each side sent, who is still counting, and
    the refusal when every side has sent and together they break the pack."""

    hand: int
    names: list[str]
    entries: dict[int, dict[str, Any]] = field(default_factory=dict)
    refused: SeatsRefused | None = None
    open: bool = False  # seat links are handed out for this game

    @property
    def waiting_for(self) -> list[int]:
        return [side for side in range(len(self.names)) if side not in self.entries]


@dataclass(frozen=True)
class Saved:
    """The hand the seats entered, saved (by this request or the one before it)."""

    game: GameView


def seat_form(game: GameView) -> SeatForm:
    """The game's seat form; RuleError for a game without seats."""
    form = game.spec.hand_form.seat
    if form is None:
        raise RuleError(msg(N_("This game's hands are not entered at the seats.")), "seats")
    return form


def seat_names(game: GameView) -> list[str]:
    """A name per seat: each player's, or each side's (a partnership's one phone)."""
    return list(game.row.players) if seat_form(game).per_player else list(game.sides)


def hand_out(session: Session, game_id: str) -> list[SeatLink]:
    """A new set of seat links for the game, replacing the old (their entries go with them)."""
    game = load_game(session, game_id)
    names = seat_names(game)
    session.exec(delete(Seat).where(col(Seat.game_id) == game_id))
    links = [SeatLink(side, name, new_key()) for side, name in enumerate(names)]
    session.add_all(Seat(game_id=game_id, side=link.side, key_hash=hash_key(link.key))
                    for link in links)
    boards.moved_game(session, game_id)
    session.commit()
    return links


def _seats(session: Session, game_id: str) -> list[Seat]:
    return list(session.exec(select(Seat).where(col(Seat.game_id) == game_id)
                             .order_by(col(Seat.side))))


def side_of_key(session: Session, game_id: str, key: str | None) -> int | None:
    """The side whose seat key this is, if any."""
    return next((seat.side for seat in _seats(session, game_id)
                 if key_matches(key, seat.key_hash)), None)


def entering(session: Session, game: GameView) -> Entering:
    """The hand being entered: the entries sent for it, and the refusal once all have sent."""
    seats = _seats(session, game.row.id)
    number = len(game.hands) + 1
    state = Entering(number, seat_names(game), open=bool(seats))
    state.entries = {seat.side: dict(seat.entry) for seat in seats
                     if seat.hand == number and seat.entry is not None}
    if seats and not state.waiting_for:
        try:
            written(game, state)
        except SeatsRefused as refused:
            state.refused = refused
    return state


def written(game: GameView, state: Entering) -> dict[str, Any]:
    """The hand the entries make, read by the game's own rules; SeatsRefused naming every
    side when the rules refuse it."""
    entries = [state.entries[side] for side in range(len(state.names))]
    hand = game.spec.hand_form.assemble(game.rules, entries, state.names)
    sides = len(game.sides)
    try:
        game.spec.read_hand(game.rules, hand, sides)
    except RuleError as error:
        raise SeatsRefused(error.message, range(len(state.names))) from error
    return hand


def send(session: Session, game_id: str, side: int, hand: object,
         values: object) -> Entering | Saved:
    """One side's entry for hand `hand`: stored, and the hand saved once every side has sent
    (SeatsRefused when together they break the pack: nothing saved)."""
    game = load_game(session, game_id)
    number = _hand_number(game, hand)
    entry = read_entry(seat_form(game), values)
    if number < len(game.hands) + 1:
        return Saved(game)  # sent again after the hand was saved: it counts once
    refuse_finished(game)
    # The game's row first: one send of this game at a time, so the entries read below are
    # every other side's committed ones.
    boards.moved_game(session, game_id)
    _store(session, game_id, side, number, entry)
    state = entering(session, game)
    if state.waiting_for or state.refused is not None:
        session.commit()  # kept, as sent: the pack's disagreement names it
        if state.refused is not None:
            raise state.refused
        return state
    return _complete(session, game_id, side, number, entry)


def _store(session: Session, game_id: str, side: int, number: int,
           entry: dict[str, Any]) -> None:
    seat = session.get(Seat, (game_id, side))
    if seat is None:
        raise GameNotFound(f"seat {side}")
    seat.hand, seat.entry, seat.sent_at = number, entry, utcnow()
    session.add(seat)


def _hand_number(game: GameView, hand: object) -> int:
    """The hand a seat sends for: the one being entered, or one saved already."""
    if not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= len(
            game.hands) + 1:
        raise RuleError(msg(N_("Hand {number} is the one being entered."),
                            number=len(game.hands) + 1), "hand")
    return hand


def _complete(session: Session, game_id: str, side: int, number: int,
              entry: dict[str, Any]) -> Entering | Saved:
    """`side`'s entry completes the hand: under the game's lock, store it and save the hand
    they make, once, in one transaction (a stop between the two would leave a hand every side
    sent and nobody saved)."""
    opened = open_change(session, game_id)
    if len(opened.hands) + 1 != number:  # another seat's request saved it first
        session.rollback()
        return Saved(load_game(session, game_id))
    _store(session, game_id, side, number, entry)
    state = entering(session, opened)
    if state.waiting_for:  # a new set of links replaced the entries meanwhile
        session.rollback()
        return state
    if state.refused is not None:
        session.rollback()
        raise state.refused
    hand = written(opened, state)
    acting.current().by = acting.SEATS
    try:
        game, _ = add_hand(session, game_id, hand, opened=opened)
    except RuleError as error:
        raise SeatsRefused(error.message, range(len(state.names))) from error
    _clear(session, game_id, number)
    return Saved(game)


def _clear(session: Session, game_id: str, number: int) -> None:
    """The saved hand's entries are done with: undoing it later brings none of them back."""
    session.exec(update(Seat).where(col(Seat.game_id) == game_id, col(Seat.hand) == number)
                 .values(hand=None, entry=None))
    session.commit()


def enter_for(session: Session, game_id: str, side: object) -> int:
    """A seat's side, checked against the game's seats (404 for none)."""
    if not isinstance(side, int) or side not in {seat.side for seat in
                                                 _seats(session, game_id)}:
        raise GameNotFound(f"seat {side}")
    return side

