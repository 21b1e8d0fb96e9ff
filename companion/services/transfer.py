"""Your data is yours: one game as JSON or CSV, a JSON export back as a new game, and the
whole database as JSON (backup and restore, exact round trip)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any, Final

from sqlalchemy import Date, DateTime, Engine, Integer, func, insert, select, text
from sqlmodel import Session, SQLModel, col

from .. import models_tournament  # noqa: F401  (a backup holds the tournament tables too)
from ..inputs import check
from ..models import Game, GameEvent, Hand, PlayAlong
from ..rules.catalogue import get_game
from ..rules.messages import N_, RuleError, msg
from . import games, keys, ratings
from .csv_file import csv_text
from .game_file import Export, ExportedEvent, ExportedHand, ExportedPlayAlong
from .games.changing import MAX_HISTORY, denormalise
from .reasons import MAX_REASON
from .seating import clean_players, clean_teams

GAME_FORMAT: Final = "companion-game"
BACKUP_FORMAT = "companion-backup"
FORMAT_VERSION = 1
KIND_LENGTH = 16  # the history's action and reverses columns hold at most this many characters
EVENT_FIELDS = ("version", "action", "number", "before", "after", "reason", "undone")


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def export_game(session: Session, game_id: str) -> Export:
    """Everything about a game except its edit key: players, rules, hands, history."""
    game = games.load_game(session, game_id)
    row = game.row
    events = sorted(games.history(session, game_id), key=lambda event: event.id or 0)
    play_along = session.scalars(select(PlayAlong).where(col(PlayAlong.game_id) == game_id)
                                 .order_by(col(PlayAlong.id))).all()
    return Export(
        format=GAME_FORMAT, format_version=FORMAT_VERSION, id=row.id, game=row.game,
        rules=row.rules, players=row.players, teams=row.teams, sides=game.sides,
        first_dealer=row.first_dealer, version=row.version, totals=game.state.totals,
        finished=game.state.finished, winners=game.state.winners,
        created_at=_when(row.created_at), updated_at=_when(row.updated_at),
        hands=[ExportedHand(number=i + 1, hand=hand, scores=score.scores,
                            counted=i < game.state.counted)
               for i, (hand, score) in enumerate(zip(game.hands, game.state.hands))],
        history=[_exported(event) for event in events],
        play_along=[ExportedPlayAlong(state=item.state, version=item.version,
                                      finished=item.finished) for item in play_along])


def export_csv(session: Session, game_id: str, hand_label: str, total_label: str,
               not_counted: str, side_name: Callable[[str], str]) -> str:
    """Hand-by-hand scores, one column per side (headed by `side_name` of it), and the totals
    as the last row; a hand played after the end says `not_counted` in a last column (the
    totals leave it out)."""
    game = games.load_game(session, game_id)
    hands = ([number, *score.scores, *([not_counted] if number > game.state.counted else [])]
             for number, score in enumerate(game.state.hands, start=1))
    return csv_text([[hand_label, *map(side_name, game.sides)], *hands,
                     [total_label, *game.state.totals]])


def import_game(session: Session, data: Any) -> tuple[games.GameView, str]:
    """A JSON export as a brand-new game (new id, new edit key); nothing existing is touched."""
    if not isinstance(data, dict) or data.get("format") != GAME_FORMAT:
        raise RuleError(msg(N_("This file is not a game exported from Companion.")), "file")
    check(data)  # a file is typed input too: no control characters, no absurd numbers
    if data.get("format_version") != FORMAT_VERSION:
        raise RuleError(msg(N_("This export comes from another version of Companion.")), "file")
    spec = get_game(data.get("game"))
    rules = spec.resolve(data.get("rules"))
    names = clean_players(spec, data.get("players"))
    seats = clean_teams(spec, names, data.get("teams"))
    first_dealer = data.get("first_dealer", 0)
    if type(first_dealer) is not int or not 0 <= first_dealer < len(names):
        raise RuleError(msg(N_("The first dealer must be one of the players.")), "first_dealer")
    hands = _listed(data, "hands")
    games.check_hand_count(len(hands), "hands")
    # Unchecked yet: games.compute has the rules read each hand, and refuse a bad one.
    entered: list[Any] = [item.get("hand") if isinstance(item, dict) else None for item in hands]
    listed = _listed(data, "history")
    if len(listed) > MAX_HISTORY:
        raise RuleError(msg(N_("An imported game's history holds at most {limit} entries; this "
                               "file's holds {count}."), limit=MAX_HISTORY, count=len(listed)),
                        "history")
    history = [_event(item, entry) for entry, item in enumerate(listed, 1)]
    # At least one version per history entry, as every change bumps it: the history-room
    # check counts a game's entries only once its version comes near the cap (changing.py).
    version = max([1, len(history), *(event["version"] for event in history)])
    key = keys.new_key()
    row = Game(id=keys.new_id(), game=spec.name, rules=rules.as_dict(), players=names, teams=seats,
               first_dealer=first_dealer, edit_key_hash=keys.hash_key(key), winners=[],
               totals=[], version=version)
    state = games.compute(spec, row, entered)  # a hand the rules refuse is a 400 here
    denormalise(row, state, len(entered))
    session.add(row)
    session.flush()
    session.add_all(Hand(game_id=row.id, position=i + 1, data=hand)
                    for i, hand in enumerate(entered))
    session.add_all(GameEvent(game_id=row.id, **event) for event in history)
    session.add_all(PlayAlong(game_id=row.id, state=item["state"], version=item["version"],
                              finished=item["finished"])
                    for item in map(_play_along, _listed(data, "play_along")))
    ratings.game_changed(session, row)  # a finished game imported counts at once
    session.commit()
    return games.load_game(session, row.id), key


def _listed(data: dict[str, Any], name: str) -> list[Any]:
    value = data.get(name, [])
    if not isinstance(value, list):
        raise RuleError(msg(N_("'{name}' must be a list."), name=name), name)
    return value


def _exported(event: GameEvent) -> ExportedEvent:
    """A history entry as exports write it: an undo's or a redo's `reason` names the kind of
    change it takes back, as exports always have."""
    undoing = event.action in (games.UNDO, games.REDO)
    return ExportedEvent(
        version=event.version, action=event.action, number=event.number, before=event.before,
        after=event.after, reason=event.reverses if undoing else event.reason,
        undone=event.undone, created_at=_when(event.created_at))


def _event(item: Any, entry: int) -> dict[str, Any]:
    """One history entry, checked field by field so a doctored file is a 400, not a 500;
    nothing is cut: a value too long refuses the whole file."""
    bad = RuleError(msg(N_("The game's history is damaged.")), "history")
    if not isinstance(item, dict) or not isinstance(item.get("action"), str):
        raise bad
    event: dict[str, Any] = {name: item.get(name) for name in EVENT_FIELDS}
    if type(event["version"]) is not int or not 1 <= event["version"] < 2**31:
        raise bad
    if event["number"] is not None and (type(event["number"]) is not int
                                        or not 0 <= event["number"] < 2**31):
        raise bad
    if not all(event[name] is None or isinstance(event[name], dict)
               for name in ("before", "after")):
        raise bad
    event["reason"] = _imported_reason(event["reason"], entry)
    event["undone"] = bool(event["undone"])
    if event["action"] in (games.UNDO, games.REDO):  # the exported reason is what it reverses
        event["reverses"], event["reason"] = event["reason"], ""
    if len(event["action"]) > KIND_LENGTH or len(event.get("reverses", "")) > KIND_LENGTH:
        raise bad
    created = item.get("created_at")
    if created is not None:
        event["created_at"] = _parse_when(created, bad)
    return event


def _imported_reason(value: Any, entry: int) -> str:
    """An exported reason as it was typed; one longer than any Companion keeps is refused."""
    reason = str(value or "")
    if len(reason) > MAX_REASON:
        raise RuleError(msg(N_("The reason in entry {entry} of the game's history is too long: "
                               "at most {limit} characters (this one has {length})."),
                            entry=entry, limit=MAX_REASON, length=len(reason)), "history")
    return reason


def _play_along(item: Any) -> dict[str, Any]:
    if (not isinstance(item, dict) or not isinstance(item.get("state"), dict)
            or type(item.get("version")) is not int or not 1 <= item["version"] < 2**31):
        raise RuleError(msg(N_("The game's play-along record is damaged.")), "play_along")
    return {"state": item["state"], "version": item["version"],
            "finished": bool(item.get("finished"))}


def _parse_when(value: Any, error: RuleError) -> datetime:
    try:
        when = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise error from None
    if when.utcoffset() is None:
        raise error
    return when


# The whole database -----------------------------------------------------------------------


def backup(engine: Engine, revision: str | None) -> dict[str, Any]:
    """Every row of every table, ordered by primary key, so two backups compare equal."""
    tables: dict[str, Any] = {}
    with engine.connect() as conn:
        for table in SQLModel.metadata.sorted_tables:
            columns = [column.name for column in table.columns]
            rows = conn.execute(select(table).order_by(*table.primary_key.columns))
            tables[table.name] = {"columns": columns,
                                  "rows": [[_plain(value) for value in row] for row in rows]}
    return {"format": BACKUP_FORMAT, "format_version": FORMAT_VERSION, "schema": revision,
            "tables": tables}


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, date | datetime) else value


class RestoreRefused(Exception):
    """The backup cannot go into this database; the message says why."""


def restore(engine: Engine, revision: str | None, data: Any) -> int:
    """Load a backup into an empty database at the same schema; returns the rows written."""
    if not isinstance(data, dict) or data.get("format") != BACKUP_FORMAT:
        raise RestoreRefused("This file is not a Companion backup.")
    if data.get("schema") != revision:
        raise RestoreRefused(f"The backup has schema {data.get('schema')}, this database "
                             f"{revision}: restore it with the Companion version that made it.")
    _refuse_unstorable(data.get("tables"))
    written = 0
    with engine.begin() as conn:
        for table in SQLModel.metadata.sorted_tables:
            if conn.execute(select(func.count()).select_from(table)).scalar():
                raise RestoreRefused(f"The database is not empty (table {table.name}): "
                                     "restore only into an empty database.")
        for table in SQLModel.metadata.sorted_tables:
            stored = data["tables"].get(table.name, {"columns": [], "rows": []})
            names = stored["columns"]
            rows = [{name: _typed(table.columns[name].type, value)
                     for name, value in zip(names, row)} for row in stored["rows"]]
            if rows:
                conn.execute(insert(table), rows)
                written += len(rows)
            _reset_sequence(conn, table)
    return written


def _refuse_unstorable(tables: Any) -> None:
    """Checked before anything is written: a NUL, say, that SQLite kept but PostgreSQL cannot."""
    if not isinstance(tables, dict):
        raise RestoreRefused("This file is not a Companion backup.")
    try:
        check(tables)
    except RuleError as error:
        raise RestoreRefused(f"The backup holds a value Companion refuses, in table "
                             f"{error.field}: {error.message}. Correct it in the file, then "
                             "restore again.") from None


def _typed(column_type: Any, value: Any) -> Any:
    if value is None:
        return None
    if isinstance(column_type, DateTime) or isinstance(getattr(column_type, "impl", None),
                                                        DateTime):
        return datetime.fromisoformat(value)
    if isinstance(column_type, Date):
        return date.fromisoformat(value)
    return value


def _reset_sequence(conn: Any, table: Any) -> None:
    """PostgreSQL: the next id after the restored ones (SQLite needs nothing)."""
    if conn.dialect.name != "postgresql":
        return
    for column in table.primary_key.columns:
        if isinstance(column.type, Integer) and column.autoincrement in (True, "auto"):
            conn.execute(text(
                f"SELECT setval(pg_get_serial_sequence('{table.name}', '{column.name}'), "
                f"COALESCE((SELECT MAX({column.name}) FROM \"{table.name}\"), 0) + 1, false)"))
