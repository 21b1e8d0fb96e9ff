"""Games: create, load, add/correct/delete hands, undo, with history and stale-edit checks.

Every change runs in one transaction whose first statement bumps the game's version. That
statement takes the write lock (SQLite) or the row lock (PostgreSQL), so two phones saving at
once are serialised and neither hand is lost.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, update
from sqlmodel import Session, col, select

from ..models import Game, GameEvent, Hand, IdempotentRequest, KnownPlayer, utcnow
from ..models_tournament import MatchGame
from ..rules.catalogue import get_game
from ..rules.messages import N_, Msg, RuleError, each_problem, msg, naming
from ..rules.options import Rules
from ..rules.scores import GameState
from ..rules.spec import GameSpec
from ..tournament.matches import MatchProgress, head_to_head
from . import acting, keys
from .reasons import checked_reason
from .seating import clean_players, clean_teams, side_names

UNDELETE_WINDOW = timedelta(days=7)
TRIM = "delete_after_end"  # one change deleting every hand played after the game ended
SETTINGS = "settings"  # players renamed or the target changed: no hand moves
UNDOABLE = ("add", "edit", "delete", TRIM, SETTINGS)  # changes made afresh
UNDO, REDO = "undo", "redo"  # both store the kind of change they reverse in `reverses`
NOTHING_TO = {UNDO: N_("There is no change left to undo."),
              REDO: N_("There is no undone change to redo.")}
# No real game comes near it (a long Basra game has 40 hands); a game at the cap still opens
# in a blink, and one import or script cannot make a game too big to open (README, "Limits").
MAX_HANDS = 500


class GameNotFound(LookupError):
    pass


class StaleGame(Exception):
    """The change was based on an older version; carries the fresh game."""

    def __init__(self, game: GameView, message: Msg):
        self.game, self.message = game, message
        super().__init__(str(message))


@dataclass
class GameView:
    """A game as people see it: stored row, its hands as entered, and where it stands."""

    row: Game
    spec: GameSpec[Any]
    hands: list[dict[str, Any]]
    _state: GameState | None = None

    @property
    def state(self) -> GameState:
        # Scored on first use: a change scores the game once, with the change applied.
        if self._state is None:
            self._state = compute(self.spec, self.row, self.hands)
        return self._state

    @property
    def rules(self) -> Rules:
        """The game's rules as stored, frozen and typed."""
        return rules_of(self.row)

    @property
    def sides(self) -> list[str]:
        return side_names(self.row.players, self.row.teams)


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


def rules_of(row: Game) -> Rules:
    """A stored game's rules, typed: the JSON column is read through its spec only."""
    rules: Rules = get_game(row.game).resolve(row.rules)
    return rules


def compute(spec: GameSpec[Any], row: Game, hands: list[dict[str, Any]]) -> GameState:
    sides = len(row.teams) if row.teams else len(row.players)
    return spec.play(spec.resolve(row.rules), hands, sides, len(row.players), row.first_dealer)


def create_game(session: Session, game: Any, rules: Any, players: Any, teams: Any = None,
                target: Any = None, first_dealer: Any = 0, *,
                match: tuple[str, int] | None = None, commit: bool = True) -> tuple[GameView, str]:
    """A new game with frozen rules; returns it with its edit key (shown once).

    `match` is (match id, game number) for the next game of a Basra match. With
    `commit=False` the caller commits, so a tournament round's games go in one transaction.
    """
    spec = get_game(game)
    resolved = spec.resolve(rules)
    if target is not None:
        resolved = spec.resolve({**resolved.as_dict(), "target": target})
    names = clean_players(spec, players)
    seats = clean_teams(spec, names, teams)
    if type(first_dealer) is not int or not 0 <= first_dealer < len(names):
        raise RuleError(msg(N_("The first dealer must be one of the players.")), "first_dealer")
    key = keys.new_key()
    row = Game(id=keys.new_id(), game=spec.name, rules=resolved.as_dict(), players=names,
               teams=seats,
               first_dealer=first_dealer, edit_key_hash=keys.hash_key(key), winners=[],
               totals=[], match_id=match and match[0], match_number=match and match[1])
    state = compute(spec, row, [])
    _denormalise(row, state, 0)
    session.add(row)
    session.add(GameEvent(game_id=row.id, version=1, action="create"))
    _remember_players(session, names)
    if commit:
        session.commit()
    else:
        session.flush()
    return GameView(row, spec, [], state), key


def _remember_players(session: Session, names: list[str]) -> None:
    for name in names:
        known = session.get(KnownPlayer, name)
        if known is None:
            session.add(KnownPlayer(name=name))
        else:
            known.uses += 1
            known.last_used = utcnow()


def known_players(session: Session, limit: int = 30) -> list[str]:
    rows = session.exec(select(KnownPlayer).order_by(col(KnownPlayer.last_used).desc())
                        .limit(limit))
    return [row.name for row in rows]


def load_game(session: Session, game_id: str) -> GameView:
    row = session.get(Game, game_id, populate_existing=True)
    if row is None or row.deleted_at is not None:
        raise GameNotFound(game_id)
    spec = get_game(row.game)
    hands = _hands(session, game_id)
    return GameView(row, spec, hands)


def _hands(session: Session, game_id: str) -> list[dict[str, Any]]:
    rows = session.exec(select(Hand).where(Hand.game_id == game_id).order_by(col(Hand.position)))
    return [row.data for row in rows]


def list_games(session: Session, game_ids: list[str], limit: int = 50) -> list[Game]:
    """Those of these games still stored: in progress first, most recently changed first."""
    if not game_ids:
        return []
    query = (select(Game).where(col(Game.id).in_(game_ids), col(Game.deleted_at).is_(None))
             .order_by(col(Game.finished), col(Game.updated_at).desc()).limit(limit))
    return list(session.exec(query))


def history(session: Session, game_id: str) -> list[GameEvent]:
    query = (select(GameEvent).where(GameEvent.game_id == game_id)
             .order_by(col(GameEvent.id).desc()))
    return list(session.exec(query))


def refuse_finished(game: GameView) -> None:
    """RuleError for a game that takes no new hand: it is over."""
    if game.row.finished:
        raise RuleError(msg(N_("This game is over. Correct a hand to reopen it.")), "hand")


def add_hand(session: Session, game_id: str, hand: Any, expected_version: int | None = None,
             idempotency_key: str | None = None) -> tuple[GameView, int]:
    """Append a hand; a retry with the same idempotency key adds nothing. Returns (game, number)."""

    def change(game: GameView) -> Change:
        refuse_finished(game)
        number = len(game.hands) + 1
        return Change(game.hands + [hand], "add", number, None, hand)

    return _mutate(session, game_id, expected_version, change, Idempotency(idempotency_key, hand))


def edit_hand(session: Session, game_id: str, number: int, hand: Any,
              expected_version: int | None = None, reason: str = "",
              idempotency_key: str | None = None) -> tuple[GameView, int]:
    """Correct a hand; a resend with the same key (its answer was lost) changes nothing."""
    reason = checked_reason(reason)

    def change(game: GameView) -> Change:
        before = _hand_at(game, number)
        hands = list(game.hands)
        hands[number - 1] = hand
        return Change(hands, "edit", number, before, hand, reason)

    return _mutate(session, game_id, expected_version, change,
                   Idempotency(idempotency_key, {"edit": number, "hand": hand}))


def delete_hand(session: Session, game_id: str, number: int,
                expected_version: int | None = None, reason: str = "",
                idempotency_key: str | None = None) -> tuple[GameView, int]:
    """Delete a hand; a resend with the same key deletes nothing more."""
    reason = checked_reason(reason)

    def change(game: GameView) -> Change:
        before = _hand_at(game, number)
        hands = game.hands[: number - 1] + game.hands[number:]
        return Change(hands, "delete", number, before, None, reason)

    return _mutate(session, game_id, expected_version, change,
                   Idempotency(idempotency_key, {"delete": number}))


def undo_last(session: Session, game_id: str, expected_version: int | None = None,
              idempotency_key: str | None = None) -> tuple[GameView, int]:
    """Reverse the latest change not yet undone (hands, names, target, or a redo)."""
    return _reverse_latest(session, game_id, expected_version, UNDO, idempotency_key)


def redo_last(session: Session, game_id: str, expected_version: int | None = None,
              idempotency_key: str | None = None) -> tuple[GameView, int]:
    """Make again the change undone last, unless a fresh change came after that undo."""
    return _reverse_latest(session, game_id, expected_version, REDO, idempotency_key)


def _reverse_latest(session: Session, game_id: str, expected_version: int | None,
                    action: str, idempotency_key: str | None) -> tuple[GameView, int]:
    reversed_events: list[GameEvent] = []

    def change(game: GameView) -> Change:
        event = (last_change if action == UNDO else last_undo)(session, game_id)
        if event is None:
            raise RuleError(msg(NOTHING_TO[action]))
        reversed_events.append(event)
        return _reverse(game, event, action)

    def mark_reversed() -> None:
        for event in reversed_events:
            event.undone = True

    return _mutate(session, game_id, expected_version, change, Idempotency(idempotency_key, action),
                   on_success=mark_reversed)


def kind(change: Change | GameEvent) -> str:
    """What a change does: its action, or for an undo or a redo the action it reverses."""
    return change.reverses if change.action in (UNDO, REDO) else change.action


def _reverse(game: GameView, event: GameEvent, action: str) -> Change:
    """The change taking `event` back: what it made (`after`) becomes what it replaced."""
    what, n = kind(event), event.number or 0
    old, new = event.after, event.before
    hands = list(game.hands)
    if what != SETTINGS and not 1 <= n <= len(hands) + 1:
        raise RuleError(msg(N_("The game's history is damaged.")), "history")
    if what == SETTINGS:
        _settle(game, new or {})
    elif what == TRIM:
        hands[n - 1:] = _trimmed(new) if new is not None else []
    elif old is None:  # the hand comes back
        hands.insert(n - 1, new or {})
    elif new is None:  # the hand goes
        hands.pop(n - 1)
    else:
        hands[n - 1] = new
    return Change(hands, action, event.number, old, new, reverses=what)


def delete_after_end(session: Session, game_id: str,
                     expected_version: int | None = None) -> tuple[GameView, int]:
    """Delete, in one change, the hands on the record after the hand that ended the game."""

    def change(game: GameView) -> Change:
        first = game.state.counted + 1
        if not game.state.finished or first > len(game.hands):
            raise RuleError(msg(N_("No hand was played after the end of this game.")))
        removed = game.hands[first - 1:]
        return Change(game.hands[:first - 1], TRIM, first, {"hands": removed}, None)

    return _mutate(session, game_id, expected_version, change)


def change_settings(session: Session, game_id: str, values: Any,
                    expected_version: int | None = None) -> tuple[GameView, int]:
    """Rename the players or change the target (or both) of a game already started.

    `values` holds "players" (a name per seat, in the same order) and/or "target". The hands
    stay as entered; totals and the winner are recomputed, so the game may end or reopen.
    """
    wanted = _settings_asked(values)

    def change(game: GameView) -> Change:
        refusal = settings_refusal(session, game.row)
        if refusal is not None:
            raise RuleError(refusal)
        was = settings_of(game.row)
        _settle(game, wanted)
        now = settings_of(game.row)
        changed = [name for name in wanted if now[name] != was[name]]
        if not changed:
            raise RuleError(msg(N_("Nothing to change: the names and the target are already "
                                   "as given.")))
        _remember_players(session, [p for p in game.row.players if p not in was["players"]])
        return Change(game.hands, SETTINGS, None, {name: was[name] for name in changed},
                      {name: now[name] for name in changed})

    return _mutate(session, game_id, expected_version, change)


def settings_of(row: Game) -> dict[str, Any]:
    """What a settings change can change: the players' names and the target."""
    return {"players": list(row.players), "target": rules_of(row).target}


def _settings_asked(values: Any) -> dict[str, Any]:
    if not isinstance(values, dict) or not values or set(values) - {"players", "target"}:
        raise RuleError(msg(N_("Send the new \"players\" (a name per seat), the new "
                               "\"target\", or both.")))
    return dict(values)


def _settle(game: GameView, values: dict[str, Any]) -> None:
    """Give the game these names and this target, checked as when it was set up (an imported
    history may be doctored)."""
    row = game.row
    if "players" in values:
        names = values["players"]
        if isinstance(names, list) and len(names) != len(row.players):
            raise RuleError(msg(N_("Give a new name for each of the {n} players; players "
                                   "cannot join or leave a game."), n=len(row.players)),
                            "players")
        row.players = clean_players(game.spec, names)
    if "target" in values:
        row.rules = game.spec.resolve({**game.rules.as_dict(),
                                       "target": values["target"]}).as_dict()


def settings_refusal(session: Session, row: Game) -> Msg | None:
    """Why this game's names and target cannot change; None when they can."""
    if _in_tournament(session, row.id):
        return msg(N_("This game belongs to a tournament: its players and target are the "
                      "tournament's, so they cannot change here."))
    if row.match_id is not None:
        return msg(N_("This game is part of a match: its players and target are the match's, "
                      "so they cannot change here."))
    return None


def _in_tournament(session: Session, game_id: str) -> bool:
    return session.exec(select(MatchGame.game_id).where(MatchGame.game_id == game_id)
                        ).first() is not None


def last_change(session: Session, game_id: str) -> GameEvent | None:
    """The latest change that undo would reverse, if any."""
    return session.exec(
        select(GameEvent).where(GameEvent.game_id == game_id, ~col(GameEvent.undone),
                                col(GameEvent.action).in_((*UNDOABLE, REDO)))
        .order_by(col(GameEvent.id).desc()).limit(1)).first()


def last_undo(session: Session, game_id: str) -> GameEvent | None:
    """The undo that redo would reverse: the latest one not yet redone, if no fresh change
    came after it (a fresh change starts a new line of history)."""
    latest = session.exec(
        select(GameEvent).where(GameEvent.game_id == game_id,
                                col(GameEvent.action).in_((*UNDOABLE, UNDO)),
                                ~(col(GameEvent.undone) & (col(GameEvent.action) == UNDO)))
        .order_by(col(GameEvent.id).desc()).limit(1)).first()
    return latest if latest is not None and latest.action == UNDO else None


def _trimmed(stored: dict[str, Any]) -> list[Any]:
    """The hands a deletion after the end removed (an imported history may be doctored)."""
    removed = stored.get("hands")
    if not isinstance(removed, list):
        raise RuleError(msg(N_("The game's history is damaged.")), "history")
    return removed


def _hand_at(game: GameView, number: Any) -> dict[str, Any]:
    if type(number) is not int or not 1 <= number <= len(game.hands):
        raise GameNotFound(f"hand {number}")
    return game.hands[number - 1]


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


def _mutate(session: Session, game_id: str, expected_version: int | None,
            make_change: Callable[[GameView], Change],
            retry: Idempotency = Idempotency(),
            on_success: Callable[[], Any] | None = None) -> tuple[GameView, int]:
    """Apply one change under the game's lock, once for each Idempotency-Key (`retry`)."""
    key, sent = retry.stored, retry.sent
    _lock(session, game_id)
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
        game = load_game(session, game_id)
        if expected_version is not None and game.row.version - 1 != expected_version:
            session.rollback()
            raise StaleGame(load_game(session, game_id), msg(N_(
                "Someone else changed this game first: here it is as it is now. "
                "Check it, then make your change again.")))
        change = make_change(game)
        check_hand_count(len(change.hands))
        state = _checked_state(game, change)
        _store(session, game.row, change)
        _denormalise(game.row, state, len(change.hands))
        session.add(GameEvent(game_id=game_id, version=game.row.version, action=change.action,
                              number=change.number, before=change.before, after=change.after,
                              reason=change.reason or "", reverses=change.reverses,
                              by=_by()))
        if key:
            session.add(IdempotentRequest(game_id=game_id, key=key, status=201,
                                          body={"number": change.number, "sent": sent}))
        if on_success:
            on_success()
        _changed(session, game.row)
        session.commit()
    except BaseException:
        session.rollback()
        raise
    return GameView(game.row, game.spec, change.hands, state), change.number or 0


def _by() -> str:
    """Who made the change, when it is not the game's own scorer: a tournament's director."""
    return acting.DIRECTOR if acting.current().by == acting.DIRECTOR else ""


# --- What the rest of the app does when a game changes -----------------------------------

GameHook = Callable[[Session, Game], None]
_AFTER_CHANGE: list[GameHook] = []


def after_change(hook: GameHook) -> GameHook:
    """Run `hook(session, row)` in the transaction of every change to a game (a hand saved,
    corrected, deleted or undone, the game deleted or restored), after it is rescored and
    before the commit. Tournaments start a match's next game there, so no read has to.

    A registry rather than an import: tournaments build on games, never the reverse.
    """
    _AFTER_CHANGE.append(hook)
    return hook


def _changed(session: Session, row: Game) -> None:
    session.flush()  # hooks query the stored games, this one as changed included
    for hook in _AFTER_CHANGE:
        hook(session, row)


def check_hand_count(count: int, field: str = "hand") -> None:
    """Refuse a game that would hold more than MAX_HANDS hands."""
    if count > MAX_HANDS:
        raise RuleError(msg(N_("A game holds at most {limit} hands: start a new game to go on "
                               "(a rematch keeps the players and rules)."), limit=MAX_HANDS),
                        field)


def _lock(session: Session, game_id: str) -> None:
    """Start a transaction by bumping the game's version: SQLite's write lock or PostgreSQL's
    row lock is then held until commit, so changes to one game run one at a time."""
    session.rollback()  # the bump must be the transaction's first statement
    bumped = session.exec(update(Game).where(col(Game.id) == game_id,
                                             col(Game.deleted_at).is_(None))
                          .values(version=Game.version + 1))
    if bumped.rowcount == 0:
        session.rollback()
        raise GameNotFound(game_id)


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


def _store(session: Session, row: Game, change: Change) -> None:
    """Write the one hand row the change touches, renumbering the later ones."""
    if change.number is None:  # a change of names or target touches no hand
        return
    n = change.number
    if kind(change) == TRIM:
        _store_tail(session, row.id, n, change.hands[n - 1:])
    elif change.before is None:  # a hand appears at n: an add, or undoing a deletion
        assert change.after is not None  # a change keeps the hand on at least one side
        _shift(session, row.id, n, +1)
        session.add(Hand(game_id=row.id, position=n, data=change.after))
    elif change.after is None:  # a hand goes: a deletion, or undoing an add
        session.delete(_hand_row(session, row.id, n))
        session.flush()
        _shift(session, row.id, n + 1, -1)
    else:
        hand = _hand_row(session, row.id, n)
        hand.data = change.after
        session.add(hand)


def _store_tail(session: Session, game_id: str, start: int, hands: list[Any]) -> None:
    """Replace the hands from position `start` on with `hands`."""
    session.exec(delete(Hand).where(col(Hand.game_id) == game_id, col(Hand.position) >= start))
    session.add_all(Hand(game_id=game_id, position=start + i, data=hand)
                    for i, hand in enumerate(hands))
    session.flush()


def _hand_row(session: Session, game_id: str, position: int) -> Hand:
    return session.exec(select(Hand).where(Hand.game_id == game_id,
                                           Hand.position == position)).one()


def _shift(session: Session, game_id: str, start: int, delta: int) -> None:
    """Move hands at `start` and after by `delta` without tripping the unique position."""
    later = (col(Hand.game_id) == game_id) & (col(Hand.position) >= start)
    session.exec(update(Hand).where(later).values(position=-Hand.position))
    flipped = (col(Hand.game_id) == game_id) & (col(Hand.position) <= -start)
    session.exec(update(Hand).where(flipped).values(position=-Hand.position + delta))
    session.flush()


def _denormalise(row: Game, state: GameState, hand_count: int) -> None:
    """Copy what lists and standings need onto the game row."""
    row.totals = list(state.totals)
    row.winners = list(state.winners)
    row.finished = state.finished
    row.hand_count = hand_count
    row.updated_at = utcnow()


def delete_game(session: Session, game_id: str) -> None:
    """Hide a game; `restore_game` brings it back within UNDELETE_WINDOW."""
    row = session.get(Game, game_id)
    if row is None or row.deleted_at is not None:
        raise GameNotFound(game_id)
    row.deleted_at = utcnow()
    row.version += 1
    session.add(GameEvent(game_id=game_id, version=row.version, action="delete_game"))
    _changed(session, row)
    session.commit()


def restore_game(session: Session, game_id: str) -> GameView:
    row = session.get(Game, game_id)
    if row is None or row.deleted_at is None or utcnow() - row.deleted_at > UNDELETE_WINDOW:
        raise GameNotFound(game_id)
    row.deleted_at = None
    row.version += 1
    session.add(GameEvent(game_id=game_id, version=row.version, action="restore_game"))
    _changed(session, row)
    session.commit()
    return load_game(session, game_id)


def current_version(session: Session, game_id: str) -> int:
    """The game's version alone: one cheap query for pollers asking "anything new?"."""
    version = session.exec(select(Game.version).where(
        Game.id == game_id, col(Game.deleted_at).is_(None))).first()
    if version is None:
        raise GameNotFound(game_id)
    return version


def rotate_key(session: Session, game_id: str) -> str:
    """A new edit key for the game; every older link and cookie stops working at once."""
    key = keys.new_key()
    session.rollback()
    changed = session.exec(update(Game).where(col(Game.id) == game_id,
                                              col(Game.deleted_at).is_(None))
                           .values(edit_key_hash=keys.hash_key(key)))
    if changed.rowcount == 0:
        session.rollback()
        raise GameNotFound(game_id)
    session.commit()
    return key


def restorable_games(session: Session, game_ids: list[str]) -> list[Game]:
    """Which of these games were deleted recently enough to be brought back, newest first."""
    if not game_ids:
        return []
    since = utcnow() - UNDELETE_WINDOW
    query = (select(Game).where(col(Game.id).in_(game_ids), col(Game.deleted_at) > since)
             .order_by(col(Game.deleted_at).desc()))
    return list(session.exec(query))


# --- Basra matches outside tournaments ---------------------------------------------------

class MatchGameExists(Exception):
    """The game after this one (in its match, or its rematch) was already started (a second
    tap, say)."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        super().__init__(game_id)


@dataclass(frozen=True)
class MatchSummaryGame:
    """One game of a match as the match line lists it; `winner` is a side, once finished."""

    id: str
    number: int
    target: int
    winner: int | None


@dataclass(frozen=True)
class MatchSummary:
    """A match as stored: its games in order, games won per side, and what comes next."""

    sides: tuple[str, ...]
    games: tuple[MatchSummaryGame, ...]
    best_of: int                # the last game, if it comes to that, is the decider
    wins: tuple[int, ...]
    decided: bool
    winner: int | None
    next_target: int | None

    @property
    def next_from(self) -> str | None:
        """The game the next one follows: the last, once it is over and the match is not."""
        last = self.games[-1]
        return last.id if last.winner is not None and not self.decided else None

    @property
    def next_is_decider(self) -> bool:
        return self.next_from is not None and len(self.games) + 1 == self.best_of

    def deciding(self, game_id: str) -> MatchSummaryGame | None:
        """This game, if it is the match's deciding game."""
        return next((played for played in self.games
                     if played.id == game_id and played.number == self.best_of), None)

    def of_game(self, game_id: str) -> GameMatch:
        return GameMatch.after(game_id, [played.id for played in self.games], self.wins,
                               self.decided)


@dataclass(frozen=True)
class GameMatch:
    """Where a game stands in its match (a Basra match or a tournament table's): games won
    per side, whether the match is decided, and the match's game after this one, if any."""

    wins: tuple[int, ...]
    decided: bool
    next_game: str | None
    places: tuple[int, ...] = ()  # each side's place once decided (tables of 3 to 5 show it)

    @classmethod
    def after(cls, game_id: str, game_ids: list[str], wins: Any, decided: bool,
              places: Any = ()) -> GameMatch:
        """The match as seen from `game_id`, one of its games listed in order."""
        later = game_ids[game_ids.index(game_id) + 1:] if game_id in game_ids else []
        return cls(tuple(wins), decided, later[0] if later else None, tuple(places))


def standalone_match(session: Session, row: Game) -> GameMatch | None:
    """The match (not a tournament's) this game is part of, once the match has a second game."""
    summary = match_summary(session, row) if row.match_id else None
    return summary.of_game(row.id) if summary else None


def _match_refusal(session: Session, row: Game) -> Msg | None:
    """Why this game cannot be part of a match of its own; None when it can."""
    if not get_game(row.game).plays_matches:
        return msg(N_("Only Basra is played as a match of five games."))
    if len(side_names(row.players, row.teams)) != 2:
        return msg(N_("A Basra match is played between two sides: two players or two "
                      "partnerships."))
    if _in_tournament(session, row.id):
        return msg(N_("This game belongs to a tournament: the tournament runs its matches."))
    return None


def match_summary(session: Session, game: Game) -> MatchSummary | None:
    """The match this game is part of, from the stored games; None when there is none.

    A finished game that has no match yet is the first game of one that may follow.
    """
    if game.match_id is None and not game.finished:
        return None
    if _match_refusal(session, game) is not None:
        return None
    rows = [game] if game.match_id is None else list(session.exec(
        select(Game).where(Game.match_id == game.match_id, col(Game.deleted_at).is_(None))
        .order_by(col(Game.match_number), col(Game.created_at))))
    listed = [MatchSummaryGame(row.id, row.match_number or 1, rules_of(row).target,
                        row.winners[0] if row.finished and len(row.winners) == 1 else None)
              for row in rows]
    spec, first_target = get_game(game.game), rules_of(rows[0]).target
    winners: list[list[int]] = []

    def progress() -> MatchProgress:
        return head_to_head(winners, spec.match_games, first_target, spec.decider_target)

    state = progress()
    for played in listed:
        # A correction can reopen an earlier game; games after a decided match do not count.
        if played.winner is not None and not state.finished:
            winners.append([played.winner])
            state = progress()
    winner = state.places.index(1) if state.finished else None
    return MatchSummary(tuple(side_names(game.players, game.teams)), tuple(listed),
                        spec.match_games, tuple(state.wins), state.finished, winner,
                        state.next_target)


def next_match_game(session: Session, game_id: str) -> tuple[GameView, str]:
    """Start the next game of this finished game's Basra match: same players, teams, rules.

    Its target comes from the match (150 for the decider), its first dealer is the one who
    would have dealt next, and it gets an edit key of its own.
    """
    _lock(session, game_id)  # so a double tap starts one game
    try:
        game = load_game(session, game_id)
        row = game.row
        refusal = _match_refusal(session, row)
        if refusal is not None:
            raise RuleError(refusal)
        if not row.finished:
            raise RuleError(msg(N_("This game is not over yet: finish it before starting the "
                                   "next game of the match.")))
        view = match_summary(session, row)
        assert view is not None  # a finished Basra game between two sides always has one
        number = row.match_number or 1
        later = [played for played in view.games if played.number > number]
        if later:
            raise MatchGameExists(later[0].id)
        if view.decided or view.next_target is None:
            raise RuleError(msg(N_("{name} has already won this match."),
                                name=view.sides[view.winner or 0]))
        row.match_id, row.match_number = row.match_id or row.id, number
        return create_game(session, row.game, row.rules, row.players, row.teams,
                           target=view.next_target, first_dealer=game.state.dealer,
                           match=(row.match_id, number + 1))
    except BaseException:
        session.rollback()
        raise


# --- Rematch -----------------------------------------------------------------------------

REMATCH = "rematch"  # history of the finished game: `after` names its rematch


def rematch(session: Session, game_id: str) -> tuple[GameView, str]:
    """A new game after this finished one: same players, partnerships and rules (target
    included); whoever would have dealt next deals first. Asked again, the answer is
    MatchGameExists with the rematch already started, so a double tap starts one game."""
    _lock(session, game_id)
    try:
        game = load_game(session, game_id)
        if not game.row.finished:
            raise RuleError(msg(N_("This game is not over yet: finish it before a rematch.")))
        started = rematch_of(session, game_id)
        if started is not None:
            raise MatchGameExists(started)
        row = game.row
        new, key = create_game(session, row.game, row.rules, row.players, row.teams,
                               first_dealer=game.state.dealer, commit=False)
        session.add(GameEvent(game_id=game_id, version=row.version, action=REMATCH,
                              after={"game": new.row.id}))
        session.commit()
        return new, key
    except BaseException:
        session.rollback()
        raise


def rematch_of(session: Session, game_id: str) -> str | None:
    """The rematch already started after this game, unless it was deleted since."""
    events = session.exec(select(GameEvent).where(GameEvent.game_id == game_id,
                                                  GameEvent.action == REMATCH)
                          .order_by(col(GameEvent.id).desc()))
    for event in events:
        started_id = (event.after or {}).get("game")
        started = session.get(Game, started_id) if isinstance(started_id, str) else None
        if started is not None and started.deleted_at is None:
            return started.id
    return None
