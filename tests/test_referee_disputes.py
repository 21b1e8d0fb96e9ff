"""Disputes that are not lost: a referee situation survives a change of language or digits
and a look at the rule, its rules label never hides a changed house rule, nothing is called
"Not legal" before anything is claimed, and every page can start over or be shared."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.rules.catalogue import get_game
from companion.services.setup import rules_title

from .helpers import all_text as text

pytestmark = pytest.mark.store_blind  # no database can change what this checks

HX = {"HX-Request": "true"}
# Basra: the 7♣ played on 2♠ 5♥ 7♦ may take the 7♦, or 2♠ + 5♥ = 7, or all three.
SEVEN = "floor=2S,5H,7D&played=7C"


def links(response, pattern: str) -> list[str]:
    body = response.get_data(as_text=True)
    return [html.unescape(found) for found in re.findall(pattern, body)]


def situation(address: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(address).query)


# --- Switching language or digits -----------------------------------------------------------

@pytest.mark.parametrize("switch", ["language/ar", "language/fa", "digits/arab"])
def test_a_switch_after_taps_comes_back_to_the_whole_situation(client, switch):
    # The page opened empty; the floor and the card were tapped in (htmx fragments).
    tapped = client.get(f"/referee/basra?{SEVEN}&claimed=2S,5H,7D", headers=HX)
    switches = links(tapped, rf'href="(/{switch}\?next=[^"]*)"')
    assert switches, "the fragment brings the switcher up to date"
    back = client.get(switches[0])
    assert back.status_code == 303
    assert situation(back.headers["Location"]) == {
        "floor": ["2S,5H,7D"], "played": ["7C"], "claimed": ["2S,5H,7D"]}


# --- Show the rule, and back ---------------------------------------------------------------------

def test_show_the_rule_and_back_keeps_the_situation(client):
    page = client.get(f"/referee/basra?preset=yemeni&{SEVEN}&claimed=2S,5H")
    rule = links(page, r'href="(/referee/basra/rules\?[^"]*)"')[0]
    rules_page = client.get(rule)
    assert "The rules of Basra" in text(rules_page)
    back = links(rules_page, r'href="(/referee/basra\?[^"]*)"')[0]
    assert situation(back) == {"preset": ["yemeni"], "floor": ["2S,5H,7D"], "played": ["7C"],
                               "claimed": ["2S,5H"]}


# --- The rules label --------------------------------------------------------------------------

def test_the_rules_label_names_every_house_rule_that_differs_from_the_preset():
    basra = get_game("basra")
    plain = basra.resolve({"preset": "egyptian"})
    assert str(rules_title(basra, plain)) == "Egyptian"
    changed = basra.resolve({"preset": "egyptian", "seven_of_diamonds": "lobashev"})
    assert str(rules_title(basra, changed)) == "Egyptian, with Seven of diamonds: Lobashev"
    # The Yemeni preset itself plays the 7♦ of Lobashev: nothing to add.
    assert str(rules_title(basra, basra.resolve({"preset": "yemeni"}))) == "Yemeni"


def test_a_shared_link_with_a_changed_rule_says_so_above_the_ruling(client):
    page = text(client.get("/referee/basra?preset=egyptian&seven_of_diamonds=lobashev"
                           "&floor=AS,2H,7C,8D&played=7D&claimed=AS,2H,7C,8D"))
    assert "Rules: Egyptian, with Seven of diamonds: Lobashev" in page


# --- Nothing claimed yet: a question, not a red "Not legal" -------------------------------------

def test_basra_with_nothing_claimed_asks_what_the_card_took_and_lists_the_captures(client):
    response = client.get(f"/referee/basra?{SEVEN}")
    page = text(response)
    assert "Not legal" not in page and 'class="ruling illegal"' not in response.get_data(
        as_text=True)
    assert "What did the 7♣ take?" in page
    # A card that captures must take all it can: one capture, all three.
    assert "It may take: best: most cards, then most points 2♠, 5♥, 7♦" in page
    assert "It took nothing" in page


def test_basra_it_took_nothing_gives_the_ruling(client):
    response = client.get(f"/referee/basra?{SEVEN}")
    nothing = links(response, r'href="(\?[^"]*took=nothing[^"]*)"[^>]*>It took nothing<')
    ruled = client.get("/referee/basra" + nothing[0])
    assert "The 7♣ can capture here, so it must capture" in text(ruled)
    assert "What did" not in text(ruled)
    # The rule and back keeps the answer; the next tap (a claim here) leaves it behind.
    rule = links(ruled, r'href="(/referee/basra/rules\?[^"]*)"')[0]
    assert situation(rule)["took"] == ["nothing"]
    claim = links(ruled, r'href="(\?[^"]*claimed=2S[^"]*)"')[0]
    assert situation(claim)["claimed"] == ["2S"] and "took" not in situation(claim)


def test_basra_a_card_that_can_take_nothing_is_legal_with_nothing_claimed(client):
    page = text(client.get("/referee/basra?floor=2S,5H&played=9C"))
    assert "Legal" in page and "What did" not in page


def test_basra_a_wrong_claim_is_still_not_legal(client):
    page = text(client.get(f"/referee/basra?{SEVEN}&claimed=2S"))
    assert "Not legal" in page


def test_shllaat_with_nothing_claimed_asks_and_lists_what_the_card_may_take(client):
    # Player 1 plays the 5♠ on a pool holding the 5♥ and 9♦: it may take the 5♥.
    page = text(client.get("/referee/shllaat?pool=5H,9D&played=5S&player=0"))
    assert "Not legal" not in page
    assert "What did the 5♠ take?" in page and "5♥" in page


def test_gharat_with_nothing_claimed_asks_and_lists_the_piles_it_may_take(client):
    # Player 1 plays a 7 on a play pile topped by a 7, Player 2's pile topped by a 7 too.
    page = text(client.get("/referee/gharat?top=7S&pile1=7D&played=7H&player=0"))
    assert "Not legal" not in page
    assert "What did the 7 take?" in page  # suits do not matter in Ghârat
    # capture is compulsory: taking one of the two alone would be ruled illegal, so only
    # both at once is offered; with capture optional each is offered too
    assert "All of these It took nothing" in page
    optional = text(client.get("/referee/gharat?top=7S&pile1=7D&played=7H&player=0"
                               "&capture=optional"))
    assert "All of these the play pile the pile of Player 2" in optional


# --- Start over and Share -------------------------------------------------------------------

@pytest.mark.parametrize("game, situation_args", [
    ("basra", SEVEN), ("shllaat", "pool=5H,9D&played=5S"), ("gharat", "top=7S&played=7H"),
    ("shelem", "trump=S&trick=AS,2S,3S,4S")])
def test_every_referee_page_can_start_over_and_share_the_situation(client, game,
                                                                   situation_args):
    response = client.get(f"/referee/{game}?preset={get_game(game).default_preset}&"
                          f"{situation_args}")
    page = text(response)
    assert "Start over" in page and "Share" in page
    start_over = links(response, r'id="start-over"[^>]*href="([^"]*)"') or links(
        response, r'href="([^"]*)"[^>]*id="start-over"')
    assert situation(start_over[0]) == {"preset": [get_game(game).default_preset]}
    shared = links(response, r'class="secondary" data-copy="([^"]*)"')[0]  # not the outbox's
    assert shared.startswith("http://localhost/referee/" + game + "?")
    assert situation(shared) == situation(f"?preset={get_game(game).default_preset}&"
                                          f"{situation_args}")


def test_the_share_link_follows_the_taps(client):
    tapped = client.get(f"/referee/basra?{SEVEN}&claimed=7D", headers=HX)
    shared = links(tapped, r'class="secondary" data-copy="([^"]*)"')[0]
    assert situation(shared)["claimed"] == ["7D"]


# --- The picker ---------------------------------------------------------------------------------

def test_a_card_just_tapped_in_can_be_tapped_again_to_take_it_out(client):
    # Rank 7 chosen, then the 7♦ added to the floor: the suits stay open, the 7♦ pressed.
    added = client.get("/referee/basra?floor=2S,7D&rank=7")
    seven = links(added, r'aria-pressed="true"\s+href="(\?[^"]*)"[^>]*>7♦')
    assert seven, "the 7♦ key is shown pressed"
    removed = client.get("/referee/basra" + seven[0])
    assert situation("?" + urlsplit(seven[0]).query)["floor"] == ["2S"]
    assert removed.status_code == 200


def test_gharat_picker_asks_for_ranks_only(client):
    response = client.get("/referee/gharat?pick=played")
    body = response.get_data(as_text=True)
    assert 'class="suits"' not in body
    king = links(response, r'href="(\?[^"]*)"[^>]*>K<')
    assert king, "a rank key adds a card at once"
    played = situation(king[0])["played"][0]
    assert played.startswith("K")
