"""Every rule number a Shlla'at verdict cites is a numbered rule on the rules page, saying it."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.store_blind  # no database can change what this checks

SHLLAAT = "/api/v1/referee/shllaat/capture"

# The seed text's summary of capture, by number, as the rules page words it.
RULES = {
    1: "A normal card takes a card or a set of its own rank, whether or not the set holds "
       "special cards.",
    2: "A Joker takes a normal card or a set, whether or not the set holds special cards.",
    3: "An Ace never takes a set that holds a Joker; it takes a set of normal cards or a set "
       "that holds Aces.",
    4: "A special card (Ace or Joker) lying in the pool falls only to a normal card.",
}

# (pool, piles, played, claimed pool, claimed piles) -> legal, the rule the text applies
CASES = [
    (["7S"], [[], []], "7D", ["7S"], [], True, 1),          # own rank from the pool
    (["8S"], [[], []], "7D", ["8S"], [], False, 1),         # another rank from the pool
    ([], [[], ["8C"]], "7D", [], [1], False, 1),            # another rank's set
    (["8S"], [[], []], "JK", ["8S"], [], True, 2),          # a Joker takes a normal card
    ([], [[], ["8C", "AH"]], "JK", [], [1], True, 2),       # ... and a set holding an Ace
    ([], [[], ["8C", "JK"]], "AS", [], [1], False, 3),      # an Ace, a set with a Joker
    (["8S"], [[], []], "AS", ["8S"], [], True, 3),          # an Ace, a normal card
    (["AC"], [[], []], "7D", ["AC"], [], True, 4),          # a normal card, a pool Ace
    (["AC"], [[], []], "JK", ["AC"], [], False, 4),         # a Joker, a pool Ace
]


def _numbered(client) -> list[str]:
    page = client.get("/referee/shllaat/rules").get_data(as_text=True)
    listing = re.search(r'<ol class="numbered-rules">(.*?)</ol>', page, re.S)
    assert listing, "the rules page numbers the capture rules"
    return [re.sub(r"\s+", " ", item).strip()
            for item in re.findall(r"<li[^>]*>(.*?)</li>", listing.group(1), re.S)]


@pytest.mark.parametrize(("pool", "piles", "played", "from_pool", "from_piles", "legal", "rule"),
                         CASES)
def test_the_cited_rule_is_shown_under_its_number(client, pool, piles, played, from_pool,
                                                  from_piles, legal, rule):
    body = client.post(SHLLAAT, json={"pool": pool, "piles": piles, "player": 0,
                                      "played": played,
                                      "claimed": {"pool": from_pool, "piles": from_piles}})
    answer = body.get_json()
    assert answer["legal"] is legal, answer
    assert re.findall(r"Shlla'at rule (\d)", answer["reason"]) == [str(rule)]
    assert _numbered(client)[rule - 1] == RULES[rule].replace("'", "&#39;")


def test_the_rules_page_numbers_the_four_rules_in_the_texts_order(client):
    assert _numbered(client) == [RULES[n].replace("'", "&#39;") for n in (1, 2, 3, 4)]
