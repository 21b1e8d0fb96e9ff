"""JSON Schemas of the API's request and response bodies, for the OpenAPI description.

Requests are described as loosely as the services read them (they refuse what the rules
refuse, with a sentence); responses as the serialisers write them. `ref("Game")` points at
one of SCHEMAS, which openapi.py publishes under components/schemas.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..inputs import MAX_NUMBER
from ..rules import basra, gharat, shelem, shllaat
from ..rules.catalogue import GAMES
from ..rules.spec import Judge

Schema = dict[str, Any]


def ref(name: str) -> Schema:
    """A reference to one of SCHEMAS."""
    assert name in SCHEMAS, name
    return {"$ref": f"#/components/schemas/{name}"}


def obj(required: tuple[str, ...] = (), /, **properties: Schema) -> Schema:
    """An object with these properties (more may come: fields may be added)."""
    schema: Schema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    return schema


def array(items: Schema, **bounds: Any) -> Schema:
    return {"type": "array", "items": items, **bounds}


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


# Numbers and text as the boundary accepts them (companion/inputs.py).
INT: Schema = {"type": "integer", "minimum": -(MAX_NUMBER - 1), "maximum": MAX_NUMBER - 1}
NUMBER: Schema = {"type": "number"}
TEXT: Schema = {"type": "string", "pattern": "^[^\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f]*$"}
BOOL: Schema = {"type": "boolean"}
ANY_OBJECT: Schema = {"type": "object"}
INTS = array(INT)
CARD = TEXT  # "10D", "AS", "♠Q", "jk": read by the rules, which name a bad card
CARDS = array(CARD)
URL: Schema = {"type": "string", "format": "uri"}
SIDE: Schema = {"type": "integer", "minimum": 0}
ID: Schema = {"type": "string"}
# A hand a side disputes: a game of the match, and the hand's number in it.
HAND_IN_QUESTION = obj(("game", "number"), game=ID, number=INT)

SENTENCES = array({"type": "string"})
# Sentences a change leaves for its reader (a Swiss round paired on the old standings...).
WARNINGS = SENTENCES | {"description": "Sentences about what the change did not change"}

SCHEMAS: dict[str, Schema] = {
    "Error": obj(("error",), error={"type": "string"}, field={"type": "string"}),
    "Conflict": obj(("error",), error={"type": "string"}, field={"type": "string"},
                    changes=SENTENCES | {"description": "What the change would do to later "
                                                        "matches, confirmed with cascade"}),
    "Rules": obj(preset=TEXT) | {
        "description": "A preset and any option of it overridden (GET /rules lists them)."},
    "Hand": ANY_OBJECT | {"description": "One hand as the game writes it down (API.md); "
                                         "a Shelem hand is a ShelemHand."},
    "ShelemHand": obj(
        bidder=SIDE | {"maximum": 1, "description": "The bidding team: 0 (seats 0 and 2) or "
                                                    "1 (seats 1 and 3)."},
        bid={"anyOf": [INT, {"const": shelem.SHELEM_DOUBLE}],
             "description": "100 up to the pack total in steps of 5, or \"shelem_double\"."},
        bidder_points=INT | {"description": "The points the bidding team ended with, widow "
                                            "included: 5 to the pack total in steps of 5."},
        all_passed=BOOL | {"description": "true for a hand redealt after three passes (then "
                                          "nothing else)."},
        cheating=SIDE | {"maximum": 1, "description": (
            "Optional: the team caught cheating (shelem.txt, Cheating). The bid (700 for a "
            "Shelem Double) is deducted from that team's total: on top of its score for the "
            "hand, or instead of it with the house rule cheating: instead "
            "(docs/rulings-cheating.md).")},
    ) | {"description": "A Shelem hand (API.md); `cheating` is Companion's addition."},
    "Breakdown": array(array(obj(("label", "points"), label={"type": "string"}, points=INT))),
    "HandScore": obj(("scores", "details", "breakdown"), scores=INTS,
                     details=array(ANY_OBJECT), breakdown={"$ref": "#/components/schemas/"
                                                                   "Breakdown"}),
    "Match": nullable(obj(("wins", "next_game", "decided"), wins=INTS,
                          next_game=nullable(ID), decided=BOOL)),
    "Game": obj(
        ("id", "game", "rules", "players", "sides", "hands", "totals", "finished", "winner",
         "winners", "dealer", "version", "view_url", "match"),
        id=ID, game={"type": "string"}, rules=ANY_OBJECT, players=array({"type": "string"}),
        teams=nullable(array(INTS)), sides=array({"type": "string"}),
        hands=array(obj(("number", "scores", "hand", "counted", "totals"), number=INT,
                        scores=INTS, hand=ANY_OBJECT, details=array(ANY_OBJECT), counted=BOOL,
                        totals=INTS)),
        totals=INTS, carry=INT, target=nullable(INT), finished=BOOL, winner=nullable(SIDE),
        winners=array(SIDE), status={"type": "string"}, dealer=nullable(SIDE),
        leader=nullable(SIDE), version=INT, view_url=URL,
        match={"$ref": "#/components/schemas/Match"}, warnings=WARNINGS),
    "GameWithKey": {"allOf": [{"$ref": "#/components/schemas/Game"},
                              obj(("edit_key", "edit_url"), edit_key=ID, edit_url=URL)]},
    "Stale": obj(("error", "game"), error={"type": "string"},
                 game={"$ref": "#/components/schemas/Game"}),
    "GameList": obj(("games",), games=array(obj(
        ("id", "game", "players", "totals", "finished", "winners", "hands", "updated_at"),
        id=ID, game={"type": "string"}, players=array({"type": "string"}), totals=INTS,
        finished=BOOL, winners=array(SIDE), hands=INT,
        updated_at={"type": "string", "format": "date-time"}))),
    "Export": obj(("format", "format_version", "game", "rules", "players", "hands", "history"),
                  format={"const": "companion-game"}, format_version=INT,
                  game={"type": "string"}, rules=ANY_OBJECT, players=array({"type": "string"}),
                  hands=array(ANY_OBJECT), history=array(ANY_OBJECT),
                  play_along=array(ANY_OBJECT)),
    "NewKey": obj(("edit_key", "edit_url"), edit_key=ID, edit_url=URL),
    "Deleted": obj(("deleted", "restore_url"), deleted=ID, restore_url=URL),
    "Catalogue": obj(("games",), games=array(obj(("game", "presets", "options"),
                                                 game={"type": "string"}, presets=ANY_OBJECT,
                                                 options=ANY_OBJECT))),
    "Tournament": obj(
        ("id", "name", "game", "rules", "format", "settings", "entrants", "rounds", "finished",
         "version", "view_url", "standings_url"),
        id=ID, name={"type": "string"}, game={"type": "string"}, rules=ANY_OBJECT,
        format={"type": "string"}, settings=ANY_OBJECT,
        entrants=array(obj(("id", "seed", "name", "players"), id=INT, seed=INT,
                           name={"type": "string"}, players=array({"type": "string"}),
                           withdrawn=nullable(obj(("after_round", "reason"), after_round=INT,
                                                  reason={"type": "string"})))),
        rounds=array({"$ref": "#/components/schemas/Round"}), finished=BOOL, version=INT,
        champion=nullable(INT), podium=nullable(array(INT, minItems=3, maxItems=3)),
        view_url=URL, standings_url=URL, warnings=WARNINGS),
    "TournamentWithKey": {"allOf": [
        {"$ref": "#/components/schemas/Tournament"},
        obj(("director_key", "director_url"), director_key=ID, director_url=URL)]},
    "Round": obj(("number", "matches"), number=INT,
                 matches=array({"$ref": "#/components/schemas/TournamentMatch"}),
                 warnings=WARNINGS),
    "TournamentMatch": obj(
        ("id", "table", "sides", "names", "bye", "decided", "games", "current_game"),
        id=INT, table=INT, sides=INTS, names=array({"type": "string"}), bye=BOOL,
        decided=BOOL, games=array(ANY_OBJECT), current_game=nullable(ID), provisional=BOOL,
        dispute=nullable(obj(("side", "reason", "hands"), side=INT,
                             reason={"type": "string"}, hands=array(HAND_IN_QUESTION))),
        side_keys=array(ID), side_urls=array(URL), third_place=BOOL,
        walkover=BOOL | {"description": "won because the other side withdrew: no game "
                                        "points, like a bye"}),
    "History": obj(("events",), events=array(obj(
        ("at", "kind", "by", "round", "table", "match", "names", "reason", "before", "after"),
        at={"type": "string", "format": "date-time"}, kind={"type": "string"},
        by={"enum": ["director", "scorer", "side", "system"]}, round=nullable(INT),
        table=nullable(INT), match=nullable(INT), names=array({"type": "string"}),
        reason={"type": "string"}, before=nullable(ANY_OBJECT), after=nullable(ANY_OBJECT)))),
    "Standings": obj(("id", "version", "tiebreaks", "standings"), id=ID, version=INT,
                     tiebreaks=array({"type": "string"}), standings=array(obj(
                         ("rank", "entrant", "name", "played", "won", "drawn", "lost",
                          "points"), rank=INT, entrant=INT, name={"type": "string"},
                         played=INT, won=INT, drawn=INT, lost=INT, points=NUMBER,
                         provisional=BOOL))),
    "Players": obj(("players",), players=array(obj(("name", "played", "won", "hands"),
                                                   name={"type": "string"}, played=INT,
                                                   won=INT, hands=INT))),
    "Verdict": obj(("legal", "reason"), legal=BOOL, reason={"type": "string"}),
}

RULES = nullable(ref("Rules"))  # null or left out: the game's default preset
GAME_NAMES: Schema = {"type": "string", "enum": sorted(GAMES)}

# Request bodies ---------------------------------------------------------------------------

CREATE_GAME = obj(("game", "players"), game=GAME_NAMES, rules=RULES,
                  players=array(TEXT, minItems=1), teams=nullable(array(array(INT))),
                  target=nullable(INT), first_dealer=INT)
SCORE_HAND = obj(("hand",), rules=RULES, hand=ref("Hand"))
ADD_HAND = obj(("hand",), hand=ref("Hand"), version=INT)
CASCADE = {"description": "true, with the director's key: a correction that changes a result "
                          "later knockout matches build on reopens and re-seats those "
                          "already started (their games kept, counted for nobody)"}
EDIT_HAND = obj(("hand",), hand=ref("Hand"), version=INT, reason=TEXT, cascade=CASCADE)
DELETE_HAND = obj(version=INT, reason=TEXT, cascade=CASCADE)
UNDO = obj(version=INT)
CHANGE_GAME = obj(players=array(TEXT, minItems=1), target=INT, version=INT)
IMPORT_GAME = ref("Export")
BASRA_CAPTURE = obj(("floor", "played", "claimed"), rules=RULES, floor=CARDS, played=CARD,
                    claimed=CARDS, previous_floor=nullable(CARDS))
SHLLAAT_CAPTURE = obj(("pool", "piles", "player", "played", "claimed"), rules=RULES,
                      pool=CARDS, piles=array(CARDS), player=INT, played=CARD,
                      claimed=obj(pool=CARDS, piles=INTS), draw_pile_empty=BOOL)
GHARAT_CAPTURE = obj(("piles", "player", "played", "claimed"), rules=RULES,
                     play_pile_top=nullable(CARD), piles=array(nullable(CARD)), player=INT,
                     played=CARD, claimed=obj(play_pile=BOOL, piles=INTS))
SHELEM_TRICK = obj(("trump", "cards"), rules=RULES, trump=TEXT, cards=CARDS,
                   hands=nullable(array(nullable(CARDS))), first_trick=BOOL)
SHELEM_BIDS = obj(("bids",), rules=RULES, bids=array({"anyOf": [INT, TEXT]}))
ENTRANT: Schema = {"anyOf": [TEXT, array(TEXT)]}
CREATE_TOURNAMENT = obj(("name", "game", "format", "entrants"), name=TEXT, game=GAME_NAMES,
                        rules=RULES, format=TEXT, entrants=array(ENTRANT, minItems=2),
                        settings=nullable(ANY_OBJECT))
WITHDRAW = obj(("reason",), reason=TEXT)
ADD_ENTRANTS = obj(("entrants",), entrants=array(ENTRANT))
CONFIRM = obj(dispute=TEXT, hands=array(HAND_IN_QUESTION))
MATCH_RESULT = obj(("reason",), winner={"description": "0 or 1 (null: a draw); read only when "
                                                     "`places` is left out"},
                   places=nullable(INTS), points=nullable(INTS), reason=TEXT,
                   clear={"description": "true: the games decide again (anything else: no)"},
                   cascade=CASCADE)

# Response bodies --------------------------------------------------------------------------

GAME, GAME_WITH_KEY, STALE = ref("Game"), ref("GameWithKey"), ref("Stale")
TOURNAMENT, TOURNAMENT_WITH_KEY = ref("Tournament"), ref("TournamentWithKey")
BASRA_VERDICT = {"allOf": [ref("Verdict"), obj(
    ("options", "options_truncated", "best", "basra", "basra_points"), options=array(CARDS),
    options_truncated=BOOL, best=CARDS, basra=BOOL, basra_points=INT)]}
SHLLAAT_VERDICT = {"allOf": [ref("Verdict"), obj(
    ("burnt", "plays_again"), burnt=obj(("pool", "piles"), pool=CARDS, piles=INTS),
    plays_again=BOOL)]}
GHARAT_VERDICT = {"allOf": [ref("Verdict"), obj(
    ("required",), required=obj(("play_pile", "piles"), play_pile=BOOL, piles=INTS))]}
TRICK_VERDICT = {"allOf": [ref("Verdict"), obj(("winner", "points"), winner=nullable(INT),
                                               points=INT)]}
BIDS_VERDICT = {"allOf": [ref("Verdict"), obj(
    ("hakem", "contract", "redeal"), hakem=nullable(INT),
    contract=nullable({"anyOf": [INT, {"type": "string"}]}), redeal=BOOL)]}


@dataclass(frozen=True)
class RefereeShapes:
    """What a referee situation takes and answers, described once for every game judging it."""

    summary: str
    body: Schema
    verdict: Schema
    example: dict[str, Any] | None = None


# By judge, so a game whose spec reuses another's judge (Basra's capture) is described too.
REFEREE: dict[Judge[Any], RefereeShapes] = {
    basra.referee_capture: RefereeShapes(
        "judge a capture: legality, options, best, basra", BASRA_CAPTURE, BASRA_VERDICT,
        {"floor": ["5S", "3H", "KD"], "played": "8D", "claimed": ["5S", "3H"]}),
    shllaat.referee_capture: RefereeShapes(
        "judge a capture: legality, burnt, plays again", SHLLAAT_CAPTURE, SHLLAAT_VERDICT,
        {"pool": ["5S", "9H"], "piles": [[], ["5H"]], "player": 0, "played": "5D",
         "claimed": {"pool": ["5S"], "piles": [1]}}),
    gharat.referee_capture: RefereeShapes(
        "judge a capture: legality, what must be taken", GHARAT_CAPTURE, GHARAT_VERDICT,
        {"play_pile_top": "7S", "piles": [None, "7H"], "player": 0, "played": "7D",
         "claimed": {"play_pile": True, "piles": [1]}}),
    shelem.referee_trick: RefereeShapes(
        "a trick: winner, points, revoke check", SHELEM_TRICK, TRICK_VERDICT,
        {"trump": "S", "cards": ["AH", "KH", "2S", "QH"]}),
    shelem.referee_bids: RefereeShapes(
        "the auction: Hâkem, contract, redeal", SHELEM_BIDS, BIDS_VERDICT,
        {"bids": [100, "pass", 105, "pass", "pass"]}),
}
