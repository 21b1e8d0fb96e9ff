"""The change machinery: every change to a game's hands, names or target goes through `mutate`.

Every change runs in one transaction whose first statement bumps the game's version. That
statement takes the write lock (SQLite) or the row lock (PostgreSQL), so two phones saving at
once are serialised and neither hand is lost. A change sent again with the same
Idempotency-Key answers the first result and changes nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, update
from sqlmodel import Session, col, select

from ...models import Game, GameEvent, Hand, IdempotentRequest, utcnow
from ...rules.messages import N_, Msg, RuleError, each_problem, msg, naming
from ...rules.scores import GameState
from .. import acting, boards
from .reading import GameNotFound, GameView, compute, load_game, view_of

TRIM = "delete_after_end"  # one change deleting every hand played after the game ended
SETTINGS = "settings"  # players renamed or the target changed: no hand moves
UNDOABLE = ("add", "edit", "delete", TRIM, SETTINGS)  # changes made afresh
UNDO, REDO = "undo", "redo"  # both store the kind of change they reverse in `reverses`
# No real game comes near it (a long Basra game has 40 hands); a game at the cap still opens
# in a blink, and one import or script cannot make a game too big to open (docs/security.md).
MAX_HANDS = 500
# A game's history entries: four for each hand of a game at the cap (added, and then corrected,
# deleted, undone or redone three times over); a real game has about one per hand. Every
# change stops there, so each game Companion exports can be imported again.
MAX_HISTORY = 4 * MAX_HANDS


class StaleGame(Exception):
    """The change was based on an older version; carries the fresh game."""

    def __init__(self, game: GameView, message: Msg):
        self.game, self.message = game, message
        super().__init__(str(message))


@dataclass
class Change:
    """What one change does to the list of hands, and how history records it."""

    hands: list[dict[str, Any]]
    action: str
    number: int | None
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    reason: str = ""
    reverses: str = ""  # an undo or redo: the kind of change it takes back


def kind(change: Change | GameEvent) -> str:
    """What a change does: its action, or for an undo or a redo the action it reverses."""
    return change.reverses if change.action in (UNDO, REDO) else change.action


@dataclass(frozen=True)
class Idempotency:
    """A change's Idempotency-Key and what was sent with it: sent again with the same key, the
    same request answers the first result and changes nothing; another request is refused."""

    key: str | None = None
    sent: Any = None

    @property
    def stored(self) -> str:
        """The key as stored (a hash); empty when the change came without one."""
        return _idempotency_key(self.key)


def _idempotency_key(raw: str | None) -> str:
    """What is stored for a key: a hash of all of it, so two keys never share a row however
    long they are (cutting them short did), and any character fits the column."""
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest() if raw else ""


def answered_before(session: Session, game_id: str, idempotency_key: str | None) -> bool:
    """Whether a change with this Idempotency-Key was made already (its resend gets the
    stored answer, whatever else it lacks)."""
    key = _idempotency_key(idempotency_key)
    return bool(key) and session.get(IdempotentRequest, (game_id, key)) is not None


def mutate(session: Session, game_id: str, expected_version: int | None,
           make_change: Callable[[GameView], Change],
           retry: Idempotency = Idempotency(),
           on_success: Callable[[], Any] | None = None,
           opened: GameView | None = None) -> tuple[GameView, int]:
    """Apply one change under the game's lock, once for each Idempotency-Key (`retry`).

    `opened` is the game as `open_change` returned it (the caller checked the key on it), so
    a save reads the game once; without it the game is opened here."""
    key, sent = retry.stored, retry.sent
    game = opened if opened is not None else open_change(session, game_id)
    try:
        if key:
            seen = session.get(IdempotentRequest, (game_id, key))
            if seen is not None:
                session.rollback()
                if seen.body.get("sent", sent) != sent:
                    raise RuleError(msg(N_("This Idempotency-Key was already used for another "
                                           "hand: send a new key with a new hand.")),
                                    "Idempotency-Key")
                return load_game(session, game_id), seen.body.get("number", 0)
        if expected_version is not None and game.row.version - 1 != expected_version:
            session.rollback()
            raise StaleGame(load_game(session, game_id), msg(N_(
                "Someone else changed this game first: here it is as it is now. "
                "Check it, then make your change again.")))
        change = make_change(game)
        check_hand_count(len(change.hands))
        check_history_room(session, game_id, version=game.row.version - 1)
        state = _checked_state(game, change)
        _store(session, game.row, change, len(game.hands))
        denormalise(game.row, state, len(change.hands))
        session.add(GameEvent(game_id=game_id, version=game.row.version, action=change.action,
                              number=change.number, before=change.before, after=change.after,
                              reason=change.reason or "", reverses=change.reverses,
                              by=_by()))
        if key:
            session.add(IdempotentRequest(game_id=game_id, key=key, status=201,
                                          body={"number": change.number, "sent": sent}))
        if on_success:
            on_success()
        changed(session, game.row)
        session.commit()
    except BaseException:
        session.rollback()
        raise
    return GameView(game.row, game.spec, change.hands, state), change.number or 0


def _by() -> str:
    """Who made the change, when it is not the game's own scorer: a tournament's director,
    or the seats (each side entered its own part of the hand)."""
    by = acting.current().by
    return by if by in (acting.DIRECTOR, acting.SEATS) else ""


def check_hand_count(count: int, field: str = "hand") -> None:
    """Refuse a game that would hold more than MAX_HANDS hands."""
    if count > MAX_HANDS:
        raise RuleError(msg(N_("A game holds at most {limit} hands: start a new game to go on "
                               "(a rematch keeps the players and rules)."), limit=MAX_HANDS),
                        field)


def check_history_room(session: Session, game_id: str, room: int = 1,
                       version: int | None = None) -> None:
    """Refuse a change that would leave the game's history fewer than `room` entries before
    MAX_HISTORY.

    Every history entry comes with a bump of the game's version (an import starts at its
    count at least), so the game's `version` before this change bounds the entries it holds:
    they are counted only when that bound comes near the cap, not on every save."""
    if version is not None and version + room <= MAX_HISTORY:
        return
    held = session.exec(select(func.count()).select_from(GameEvent)
                        .where(GameEvent.game_id == game_id)).one()
    if held + room > MAX_HISTORY:
        raise RuleError(msg(N_("A game's history holds at most {limit} changes, and this "
                               "game's is full: start a new game to go on."),
                            limit=MAX_HISTORY), "history")


def lock(session: Session, game_id: str) -> Game:
    """Start a transaction by bumping the game's version: SQLite's write lock or PostgreSQL's
    row lock is then held until commit, so changes to one game run one at a time. The one
    statement also reads the game's row (RETURNING): the row as bumped, locked."""
    session.rollback()  # the bump must be the transaction's first statement
    # The boards' revisions and the version in one go: the tournament's row first, then the
    # games' (the game's own row returned, as bumped).
    row = boards.moved_game(session, game_id, locking=True)
    if row is None or row.deleted_at is not None:
        session.rollback()
        raise GameNotFound(game_id)
    return row


def open_change(session: Session, game_id: str) -> GameView:
    """The game, locked for a change (`lock`) and read once, for the caller to check the
    key on and hand to `mutate`; any refusal before `mutate` rolls the bump back."""
    return view_of(session, lock(session, game_id))


def _checked_state(game: GameView, change: Change) -> GameState:
    """Score the game with the change; a bad hand is refused naming that hand."""
    try:
        return compute(game.spec, game.row, change.hands)
    except RuleError as error:
        prefix = f"hands[{(change.number or 1) - 1}]"

        def named(problem: RuleError) -> RuleError:
            field = problem.field or ""
            if field.startswith(prefix):
                field = "hand" + field[len(prefix):]
            # the game knows its players: "Amal has 3 cards", not "Side 1 has 3 cards"
            return RuleError(naming(problem.message, game.sides), field or "hand")
        raise each_problem(error, named) from None


def _store(session: Session, row: Game, change: Change, held: int) -> None:
    """Write the one hand row the change touches (`held` hands before it); later hands are
    renumbered only when one is inserted or deleted before them, never on an append."""
    if change.number is None:  # a change of names or target touches no hand
        return
    n = change.number
    if kind(change) == TRIM:
        _store_tail(session, row.id, n, change.hands[n - 1:])
    elif change.before is None:  # a hand appears at n: an add, or undoing a deletion
        assert change.after is not None  # a change keeps the hand on at least one side
        if n <= held:
            _shift(session, row.id, n, +1)
        session.add(Hand(game_id=row.id, position=n, data=change.after))
    elif change.after is None:  # a hand goes: a deletion, or undoing an add
        session.exec(delete(Hand).where(*_at(row.id, n)))
        if n < held:
            _shift(session, row.id, n + 1, -1)
    else:
        session.exec(update(Hand).where(*_at(row.id, n)).values(data=change.after)
                     .execution_options(synchronize_session=False))


def _at(game_id: str, position: int) -> tuple[Any, Any]:
    """Where the hand at `position` of the game is."""
    return col(Hand.game_id) == game_id, col(Hand.position) == position


def _store_tail(session: Session, game_id: str, start: int, hands: list[Any]) -> None:
    """Replace the hands from position `start` on with `hands`."""
    session.exec(delete(Hand).where(col(Hand.game_id) == game_id, col(Hand.position) >= start))
    session.add_all(Hand(game_id=game_id, position=start + i, data=hand)
                    for i, hand in enumerate(hands))
    session.flush()


def _shift(session: Session, game_id: str, start: int, delta: int) -> None:
    """Move hands at `start` and after by `delta` without tripping the unique position."""
    later = (col(Hand.game_id) == game_id) & (col(Hand.position) >= start)
    session.exec(update(Hand).where(later).values(position=-Hand.position))
    flipped = (col(Hand.game_id) == game_id) & (col(Hand.position) <= -start)
    session.exec(update(Hand).where(flipped).values(position=-Hand.position + delta))
    session.flush()


def denormalise(row: Game, state: GameState, hand_count: int) -> None:
    """Copy what lists and standings need onto the game row."""
    row.totals = list(state.totals)
    row.winners = list(state.winners)
    row.finished = state.finished
    row.hand_count = hand_count
    row.updated_at = utcnow()


# --- What the rest of the app does when a game changes -----------------------------------

GameHook = Callable[[Session, Game], None]
_FOLLOWERS: tuple[GameHook, ...] = ()


def follow_changes(*hooks: GameHook) -> None:
    """Run each `hook(session, row)` in the transaction of every change to a game (a hand
    saved, corrected, deleted or undone, the game deleted or restored), after it is rescored
    and before the commit. Tournaments start a match's next game there, so no read has to.

    Given by `create_app`, in one place: tournaments build on games, never the reverse.
    """
    global _FOLLOWERS
    _FOLLOWERS = hooks


def changed(session: Session, row: Game) -> None:
    """Run the hooks given to `follow_changes` for this changed game."""
    session.flush()  # hooks query the stored games, this one as changed included
    for hook in _FOLLOWERS:
        hook(session, row)
