"""A small site with something on every page family, and the pages a reader can visit.

Shared by the digits-and-words crawl (test client) and the accessibility crawl (browser).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

NAMES = ["Ali", "Bahar", "Cyrus", "Dara", "Omar"]
# Ali 30 + 3 + 1 + 2 = 36, Bahar 1 + 3 + 3 = 7: two of them leave the game running.
BASRA_HAND = {"cards": [27, 25], "jacks": [3, 1], "aces": [1, 3], "two_of_clubs": 0,
              "ten_of_diamonds": 1, "basras": [0, 0]}
SHELEM_HAND = {"bidder": 0, "bid": 120, "bidder_points": 130}
SHLLAAT_QUICK = {"mode": "quick", "jokers_0": "1", "aces_0": "3", "jacks_0": "2",
                 "others_0": "20", "jokers_1": "1", "aces_1": "1", "jacks_1": "2"}
GHARAT_QUICK = {"mode": "quick", "numbers_0": "10", "courts_0": "3", "aces_0": "1",
                "numbers_1": "5", "courts_1": "2", "aces_1": "0"}
# A verdict on each referee page, and both Shelem modes.
REFEREE_PAGES = {
    "referee basra": "/referee/basra?floor=AS,2H,6D&played=9C&claimed=AS,2H,6D",
    "referee basra not legal": "/referee/basra?floor=4S,6H,10D,3C&played=10C&claimed=10D",
    "referee shllaat": "/referee/shllaat?pool=7S,7H,AC&pile1=7C&played=7D&cpool=7S",
    "referee shllaat joker": "/referee/shllaat?pool=AC,JK&played=JK&cpool=AC",
    "referee gharat": "/referee/gharat?top=9S&pile0=9H&pile2=KD&player=1&played=9C&ctop=1",
    "referee shelem trick": "/referee/shelem?trump=H&trick=KS,AS,3H,10S&hand2=3H,7S,2D",
    "referee shelem bids": "/referee/shelem?mode=bids&bids=100,pass,105,pass,pass",
    "referee rules": "/referee/basra/rules?preset=yemeni",
    "referee index": "/referee/",
}


@dataclass
class Site:
    """Pages to visit (family → path) and the cookies an editor and a director hold."""

    pages: dict[str, str] = field(default_factory=dict)
    cookies: dict[str, str] = field(default_factory=dict)


def build(client) -> Site:
    """Games of the four kinds with hands, a play-along under way, a Swiss tournament."""
    site = Site()
    site.pages.update({"home": "/", "new game": "/games/new", "players": "/players",
                       "player": "/players/Ali", "new tournament": "/tournaments/new",
                       "import": "/games/import", "offline": "/offline",
                       "ratings": "/ratings/basra"})
    for game in ("basra", "shllaat", "gharat", "shelem"):
        site.pages[f"new {game}"] = f"/games/new?game={game}"
    basra = _game(client, site, "basra", NAMES[:2])
    for _ in range(2):
        _post_hand(client, basra, BASRA_HAND)
    shelem = _game(client, site, "shelem", NAMES[:4])
    _post_hand(client, shelem, SHELEM_HAND)
    for game, fields in (("shllaat", SHLLAAT_QUICK), ("gharat", GHARAT_QUICK)):
        made = _game(client, site, game, NAMES[:2])
        client.post(f"/games/{made['id']}/hands/new", data={"version": 1, **fields})
        site.pages[f"{game} game"] = f"/games/{made['id']}"
        site.pages[f"{game} cards form"] = f"/games/{made['id']}/hands/new?mode=cards"
        site.pages[f"{game} quick form"] = f"/games/{made['id']}/hands/new?mode=quick"
    base = f"/games/{basra['id']}"
    site.pages.update({
        "basra game": base, "basra quick form": f"{base}/hands/new?mode=quick",
        "basra cards form": f"{base}/hands/new?mode=cards", "basra history": f"{base}/history",
        "basra rules card": f"{base}/rules", "basra hand edit": f"{base}/hands/1/edit",
        "basra hand delete": f"{base}/hands/2/delete", "basra delete": f"{base}/delete",
        "basra settings": f"{base}/settings",
        "shelem game": f"/games/{shelem['id']}",
        "shelem quick form": f"/games/{shelem['id']}/hands/new?mode=quick",
        "shelem history": f"/games/{shelem['id']}/history",
    })
    site.pages.update(REFEREE_PAGES)
    site.pages["play-along"] = _play_along(client, site)
    site.pages.update(_tournament(client, site))
    return site


def _game(client, site: Site, game: str, players: list[str]) -> dict:
    made = client.post("/api/v1/games", json={"game": game, "players": players}).get_json()
    client.set_cookie(f"edit_{made['id']}", made["edit_key"])
    site.cookies[f"edit_{made['id']}"] = made["edit_key"]
    return made


def _post_hand(client, game: dict, hand: dict) -> None:
    response = client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": hand},
                           headers={"Authorization": f"Bearer {game['edit_key']}"})
    assert response.status_code == 201, response.get_json()


def _play_along(client, site: Site) -> str:
    """A Basra hand with the floor dealt and one capture made."""
    game = _game(client, site, "basra", NAMES[:2])
    for version, card in enumerate(("4S", "6H", "10D", "3C", "10C"), start=1):
        client.post(f"/games/{game['id']}/play-along/card",
                    data={"version": version, "card": card}, headers={"HX-Request": "true"})
    return f"/games/{game['id']}/play-along"


def _tournament(client, site: Site) -> dict[str, str]:
    """A Swiss tournament of five (so a bye) with round one decided by hand."""
    body = {"name": "Friday", "game": "basra", "format": "swiss", "entrants": NAMES,
            "settings": {"rounds": 3}}
    made = client.post("/api/v1/tournaments", json=body).get_json()
    director = {"Authorization": f"Bearer {made['director_key']}"}
    tid = made["id"]
    round_one = client.post(f"/api/v1/tournaments/{tid}/rounds", headers=director).get_json()
    for match in round_one["matches"]:
        if len(match["names"]) == 2:
            client.put(f"/api/v1/tournaments/{tid}/matches/{match['id']}/result",
                       json={"winner": 0, "points": [101, 62], "reason": "agreed"},
                       headers=director)
    client.set_cookie(f"director_{tid}", made["director_key"])
    site.cookies[f"director_{tid}"] = made["director_key"]
    knockout = client.post("/api/v1/tournaments", json={
        **body, "name": "Cup", "format": "knockout", "entrants": NAMES[:4], "settings": {}})
    cup = knockout.get_json()
    client.post(f"/api/v1/tournaments/{cup['id']}/rounds",
                headers={"Authorization": f"Bearer {cup['director_key']}"})
    return {"tournament desk": f"/tournaments/{tid}",
            "tournament sheet": f"/tournaments/{tid}/sheet",
            "tournament bracket": f"/tournaments/{cup['id']}/bracket",
            "tournament standings": f"/tournaments/{tid}/standings",
            "tournament big screen": f"/tournaments/{tid}/screen",
            "tournament players": f"/tournaments/{tid}/players",
            "tournament results": f"/tournaments/{tid}/results",
            "tournament cross-table": f"/tournaments/{tid}/crosstable",
            "tournament knockout standings": f"/tournaments/{cup['id']}/standings"}


class _VisibleText(HTMLParser):
    """Text a reader sees or hears, cut in pieces: text nodes, aria-labels, placeholders."""

    SKIPPED = {"script", "style", "template"}
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
            "source", "track", "wbr"}
    # The language and digits switcher shows each choice in its own script on purpose.
    OWN_SCRIPT = "prefs"

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipped: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        if tag in self.VOID:
            self._attributes(tag, attributes)
            return
        if (self._skipped or tag in self.SKIPPED or "hidden" in attributes
                or self.OWN_SCRIPT in attributes.get("class", "").split()):
            self._skipped.append(tag)
            return
        self._attributes(tag, attributes)

    def handle_endtag(self, tag):
        if tag not in self.VOID and self._skipped:
            self._skipped.pop()

    def handle_data(self, data):
        if not self._skipped:
            self.parts.append(data)

    def _attributes(self, tag: str, attributes: dict[str, str]) -> None:
        if self._skipped or attributes.get("type") == "hidden":
            return
        for name in ("aria-label", "placeholder", "title", "alt"):
            if attributes.get(name):
                self.parts.append(attributes[name])
        if tag == "input" and attributes.get("type") in ("submit", "button"):
            self.parts.append(attributes.get("value", ""))


def visible_pieces(html: str) -> list[str]:
    """The page's visible and spoken text, one piece per text node or attribute."""
    parser = _VisibleText()
    parser.feed(html)
    return [" ".join(piece.split()) for piece in parser.parts if piece.strip()]


def visible_text(html: str) -> str:
    """The page's visible and spoken text, whitespace squeezed."""
    return " ".join(visible_pieces(html))


# A card index as printed on a card: rank and suit.
CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
# Direction marks and isolates: invisible, they keep card indices in order in RTL text.
INVISIBLE = re.compile("[\u2066-\u2069\u200e\u200f\u061c]")
