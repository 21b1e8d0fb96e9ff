"""A referee situation kept in the page's URL query, and the links each tap follows.

Cards are comma-separated canonical text (`floor=AS,2H,6D`); every link is the current query
with one change, so a verdict is a shareable link that reopens identically.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any
from urllib.parse import quote

from ..rules.cards import JOKER_RANK, RANKS, SUIT_SYMBOLS, SUITS, Card, Deck
from ..rules.catalogue import get_game
from ..rules.messages import Msg

SITUATION_KEYS = ("floor", "played", "claimed", "previous", "pool", "player", "players",
                  "cpool", "cpiles", "top", "ctop", "drawn", "trump", "trick", "first", "bids",
                  "mode", "pick", "rank", "from", "took") + tuple(
                      f"pile{i}" for i in range(5)) + tuple(f"hand{i}" for i in range(4))


_PLAIN = re.compile(r"[A-Za-z0-9_,.-]*")


def href(args: Mapping[str, str]) -> str:
    """A link to the same page with this query: relative, so it is short and quick to build.

    A page holds about a hundred links and most values are plain card text, so only the
    others go through percent-encoding.
    """
    return "?" + "&".join(
        f"{key}={value if _PLAIN.fullmatch(value) else quote(value, safe=',')}"
        for key, value in args.items())


@dataclass(frozen=True)
class Query:
    """The situation as query values; empty values are dropped so links stay short."""

    game: str
    args: Mapping[str, str]

    @classmethod
    def read(cls, game: str, args: Mapping[str, str]) -> Query:
        known = SITUATION_KEYS + ("preset",) + tuple(o.name for o in get_game(game).options)
        return cls(game, {key: args[key] for key in known if args.get(key)})

    def get(self, key: str, default: str = "") -> str:
        return self.args.get(key, default)

    def texts(self, key: str) -> list[str]:
        """The card texts under `key`, each still to be read."""
        return [text for text in self.get(key).split(",") if text.strip()]

    def changed(self, **changes: str | None) -> dict[str, str]:
        """The query with some values replaced (None or "" removes them). The open `rank`
        is dropped, and so is `took` (the answer to the question the last situation asked)."""
        args = {key: value for key, value in self.args.items() if key not in ("rank", "took")}
        for key, value in changes.items():
            if value:
                args[key] = value
            else:
                args.pop(key, None)
        return args

    def toggled(self, key: str, card: Card | str, single: bool = False,
                limit: int | None = None, **also: str | None) -> dict[str, str]:
        """The query with `card` added to or taken from `key` (replacing it when `single`)."""
        items = [text for text in self.get(key).split(",") if text]
        text = str(card)
        if text in items:
            items.remove(text)
        elif single:
            items = [text]
        elif limit is None or len(items) < limit:
            items.append(text)
        return self.changed(**{key: ",".join(items)}, **also)

    href = staticmethod(href)

    def situation(self) -> dict[str, str]:
        """The whole situation as it stands, for a link that must reopen it (share, rules)."""
        return {key: value for key, value in self.args.items() if key != "rank"}

    def fresh(self) -> dict[str, str]:
        """The same rules (preset, options, game) and table, nothing laid out: start over."""
        return {key: value for key, value in self.args.items()
                if key not in SITUATION_KEYS or key in ("from", "players")}

    def rules(self) -> dict[str, Any]:
        """The raw rules a request names: preset plus options typed as the game defines them."""
        raw: dict[str, Any] = {}
        if "preset" in self.args:
            raw["preset"] = self.args["preset"]
        for option in get_game(self.game).options:
            if option.name in self.args:
                raw[option.name] = option.parse(self.args[option.name])
        return raw


# --- The card picker ----------------------------------------------------------------------

@dataclass(frozen=True)
class Key:
    """One picker button: its label, the query it leads to (None: disabled), pressed or not."""

    label: str | Msg
    args: dict[str, str] | None
    pressed: bool = False
    css: str = ""

    @cached_property
    def href(self) -> str | None:
        return None if self.args is None else href(self.args)


def picker(query: Query, deck: Deck, used: list[Card], slot: list[Card],
           add: Callable[[Card], dict[str, str]], *, keep_rank: bool = False,
           ranks_only: bool = False) -> tuple[list[Key], list[Key]]:
    """Rank keys, then suit keys for the chosen rank: cards already used elsewhere are off.

    `add(card)` gives the query that adds or removes `card` in the active slot. With
    `keep_rank` the suits stay open after a card goes in, so a wrong one is tapped out again
    at once; with `ranks_only` (suits do not matter) a rank key adds a card of that rank.
    """
    copies = deck.copies
    seen = Counter(used)
    chosen = query.get("rank")

    def free(card: Card) -> bool:
        return card in slot or seen[card] < copies.get(card, 0)

    ranks = []
    for rank in RANKS + ((JOKER_RANK,) if Card(JOKER_RANK) in copies else ()):
        if rank == JOKER_RANK:
            card = Card(JOKER_RANK)
            ranks.append(Key("JK", add(card) if free(card) else None, card in slot, "joker"))
            continue
        if ranks_only:
            ranks.append(_rank_key(rank, slot, free, add))
            continue
        open_ = any(free(Card(rank, suit)) for suit in SUITS)
        target = query.changed()
        if chosen != rank:
            target["rank"] = rank
        ranks.append(Key(rank, target if open_ else None, chosen == rank))
    suits = []
    if chosen in RANKS and not ranks_only:
        for suit in SUITS:
            card = Card(chosen, suit)
            tap = add(card) if free(card) else None
            if tap is not None and keep_rank:
                tap["rank"] = chosen
            suits.append(Key(chosen + SUIT_SYMBOLS[suit], tap, card in slot,
                             "red" if suit in "HD" else "black"))
    return ranks, suits


def _rank_key(rank: str, slot: list[Card], free: Callable[[Card], bool],
              add: Callable[[Card], dict[str, str]]) -> Key:
    """A rank that goes in at one tap (any free suit), and comes out at the next."""
    held = next((card for card in slot if card.rank == rank), None)
    if held is not None:
        return Key(rank, add(held), True)
    card = next((Card(rank, suit) for suit in SUITS if free(Card(rank, suit))), None)
    return Key(rank, add(card) if card is not None else None)
