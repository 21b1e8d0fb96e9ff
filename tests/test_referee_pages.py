"""Referee pages: verdicts a user reads, links that reopen the same verdict, fragments."""

from __future__ import annotations

import html
import re

import pytest

from companion.services.referee_query import Query

from .helpers import all_text as text

pytestmark = pytest.mark.store_blind  # no database can change what this checks


def test_basra_nine_takes_the_floor_a_basra(client):
    page = text(client.get("/referee/basra?floor=AS,2H,6D&played=9C&claimed=AS,2H,6D"))
    assert "Legal" in page
    assert ("The 9♣ takes 6♦ + 2♥ + A♠ = 9 and leaves nothing it could take (Basra: a "
            "card that captures must take all it can). It clears the floor: a basra worth "
            "10") in page
    assert "Basra! 10 points." in page


def test_basra_ten_taking_only_the_ten_is_not_legal_and_lists_the_capture(client):
    response = client.get("/referee/basra?floor=4S,6H,10D,3C&played=10C&claimed=10D")
    page = text(response)
    assert "Not legal" in page
    assert "The 10♣ could also take 6♥ + 4♠ = 10, which was left behind" in page
    assert "Legal captures with this card best: most cards, then most points 4♠, 6♥, 10♦" in page
    body = response.get_data(as_text=True)
    # the option is a link that claims it: following it gives the legal verdict
    link = "/referee/basra" + re.search(r'href="(\?[^"]*claimed=4S,6H,10D[^"]*)"', body).group(1)
    assert "The 10♣ takes" in text(client.get(html.unescape(link)))


def test_basra_seven_of_diamonds_depends_on_the_preset(client):
    url = "/referee/basra?floor=AS,2H,7C,8D&played=7D&claimed=AS,2H,7C,8D"
    assert "Basra! 10 points." in text(client.get(url + "&preset=yemeni"))
    assert "The floor adds up to 18, more than 10: the 7♦ makes no basra" in text(client.get(url))
    assert "Basra! 10 points." in text(client.get(url + "&seven_of_diamonds=lobashev"))


def test_basra_page_lists_and_highlights_a_capture_per_card_of_a_rank(client):
    response = client.get("/referee/basra?floor=2C,2H,5S&played=7S")
    body = html.unescape(response.get_data(as_text=True))
    # both 2s can go with the 5♠: the 2♣ capture is best (2 points), the 2♥ one is listed too
    assert re.search(r'class="key option best"[^>]*claimed=2C,5S"[^>]*>2♣, 5♠</a>', body)
    assert re.search(r'class="key option "[^>]*claimed=2H,5S"[^>]*>2♥, 5♠</a>', body)
    floor = {label: css for css, label in re.findall(
        r'class="key floor-card ([a-z]*)"[^>]*>\s*([^<]+)</a>', body, re.S)}
    assert floor == {"2♣": "best", "2♥": "capturable", "5♠": "best"}
    page = text(client.get("/referee/basra?floor=2C,2H,5S&played=7S&claimed=2H,5S"))
    assert "The 7♠ takes 5♠ + 2♥ = 7 and leaves nothing it could take" in page


def test_lebanese_page_asks_for_the_floor_before_the_previous_play(client):
    url = "/referee/basra?preset=lebanese&floor=3S,4H&played=7C&claimed=3S,4H"
    assert "Floor before the previous play" in text(client.get(url))
    assert "depends on the floor before the previous play" in text(client.get(url))
    assert "Basra! 10 points." in text(client.get(url + "&previous=3S"))


def test_same_url_gives_the_fragment_to_htmx_and_the_whole_page_otherwise(client):
    url = "/referee/basra?floor=AS,2H,6D&played=9C&claimed=AS"
    full = client.get(url).get_data(as_text=True)
    part = client.get(url, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<html" in full and "<html" not in part
    assert part.lstrip().startswith("<section id=\"verdict\"")
    assert 'hx-swap-oob="true"' in part
    assert "Not legal" in part


def test_a_tap_link_keeps_the_situation_and_toggles_one_card(client):
    query = Query.read("basra", {"floor": "AS,2H", "played": "9C", "pick": "floor",
                                 "preset": "yemeni"})
    assert query.toggled("claimed", "AS") == {"floor": "AS,2H", "played": "9C",
                                              "pick": "floor", "preset": "yemeni",
                                              "claimed": "AS"}
    assert query.toggled("floor", "2H")["floor"] == "AS"
    assert query.toggled("played", "8C", single=True)["played"] == "8C"


def test_picker_greys_out_cards_used_elsewhere(client):
    body = client.get("/referee/basra?floor=AS,2H&played=AC&pick=floor&rank=A").get_data(
        as_text=True)
    assert '<span class="key black" aria-disabled="true">A♣</span>' in body
    assert re.search(r'aria-pressed="true"\s+href="[^"]*"[^>]*>A♠</a>', body)


def test_bad_card_in_a_link_is_said_in_place(client):
    response = client.get("/referee/basra?floor=ZZ&played=9C")
    assert response.status_code == 200
    # Basra is played without Jokers: the spellings offered are a rank and a suit only
    assert alerts(response) == ["'ZZ' is not a card: write a rank (A, 2-10, J, Q, K) and a "
                                "suit (S, H, D, C)."]


@pytest.mark.parametrize("deck, joker", [("standard", True), ("two-decks", False)])
def test_a_bad_card_offers_the_joker_only_where_the_pack_has_jokers(client, deck, joker):
    # Shlla'at's pack has two Jokers, unless it is played with two packs of 52
    response = client.get(f"/referee/shllaat?deck={deck}&pool=7S,ZZ&played=7D")
    assert alerts(response) == ["'ZZ' is not a card: write a rank (A, 2-10, J, Q, K) and a "
                                "suit (S, H, D, C)" + (", or JOKER for a Joker." if joker else ".")]


def test_shllaat_verdict_names_what_is_burnt_and_the_extra_turn(client):
    page = text(client.get("/referee/shllaat?pool=7S,7H,AC&pile1=7C&played=7D&cpool=7S"))
    assert "7♦ takes 7♠ from the pool (Shlla'at rule 1)." in page
    assert "Burnt: 7♥ A♣ top set of Player 2" in page
    assert "The player draws and plays again." in page
    illegal = text(client.get("/referee/shllaat?pool=AC&played=JK&cpool=AC"))
    assert "Not legal" in illegal and "(Shlla'at rule 4)" in illegal


def test_shllaat_claiming_a_pile_and_the_empty_draw_pile(client):
    page = text(client.get("/referee/shllaat?pile1=7C&played=7D&cpiles=1&drawn=1"))
    assert "7♦ takes the top set of Player 2's pile (Shlla'at rule 1)." in page
    assert "The turn passes." in page


def test_shllaat_a_claim_on_ones_own_pile_can_be_entered_and_is_ruled_out(client):
    board = text(client.get("/referee/shllaat?pile0=7C&pile1=8C&played=7D"))
    assert "Player 1 (playing) 7♣ Taken Player 2 8♣ Taken" in board
    page = text(client.get("/referee/shllaat?pile0=7C&played=7D&cpiles=0"))
    assert ("Not legal Player 1 cannot take the top set of their own pile: one play captures "
            "single cards from the pool and the top sets of the other players' piles, never "
            "anything from one's own pile (Shlla'at).") in page


def test_gharat_must_take_every_matching_pile(client):
    url = "/referee/gharat?top=9S&pile0=9H&pile2=KD&player=1&played=9C&ctop=1"
    page = text(client.get(url))
    assert "Not legal" in page
    assert "Capture is compulsory: 9 must also take the whole of Player 1's pile" in page
    assert ('the play pile</span>, <span class="chip-static">the pile of Player 1'
            in client.get(url).get_data(as_text=True))
    optional = text(client.get(url + "&capture=optional"))
    assert "May take:" in optional and "Must take:" not in optional
    assert ("Legal 9 takes the whole play pile and goes on top of the captured cards. Capture "
            "is optional, so leaving the whole of Player 1's pile is allowed (Ghârat house "
            "rule).") in optional


def test_shelem_trick_and_auction(client):
    page = text(client.get("/referee/shelem?trump=H&trick=AS,10S,2H,5S"))
    assert "Player 3 takes the trick" in page
    assert "Points in this trick: 30" in page
    revoke = text(client.get("/referee/shelem?trump=H&trick=AS,10S,2H,5S"
                             "&hand0=AS&hand1=10S&hand2=2H,3S&hand3=5S"))
    assert "Player 3 played 2♥ while holding 3♠" in revoke and "Not legal" in revoke
    bids = text(client.get("/referee/shelem?mode=bids&bids=100,pass,105,pass,pass"))
    assert "Hâkem: player 3 · Contract: 105" in bids
    redeal = text(client.get("/referee/shelem?mode=bids&bids=pass,pass,pass"))
    assert "Redeal: the next player deals." in redeal


def test_shelem_revoke_seen_in_one_known_hand_is_the_headline(client):
    response = client.get("/referee/shelem?trump=H&trick=KS,AS,3H,10S&hand2=3H,7S,2D")
    body = response.get_data(as_text=True)
    assert '<p class="ruling illegal">Not legal: player 3 could follow ♠</p>' in body
    assert ("Not legal: player 3 could follow ♠ Player 3 played 3♥ while holding 7♠ of the suit "
            "led, ♠: a player must follow suit if able. Player 3 takes the trick Points in this "
            "trick: 25") in text(response)


def test_rules_page_summarises_the_game_and_the_house_rules_in_force(client):
    page = text(client.get("/referee/basra/rules?preset=yemeni"))
    assert "Capture obligation" in page
    assert "A jack taking a lone jack is a double basra" in page
    assert "Back to the referee" in page
    assert client.get("/referee/nope").status_code == 404


def test_from_a_running_game_uses_its_frozen_rules_and_names(client):
    game = client.post("/api/v1/games", json={
        "game": "gharat", "players": ["Ali", "Bahar", "Cyrus"],
        "rules": {"capture": "optional"}}).get_json()
    response = client.get(f"/referee/gharat?from={game['id']}&top=9S&pile0=9H&player=1"
                          "&played=9C&ctop=1")
    page = text(response)
    assert "Judged with the frozen rules of this game." in page
    assert "Legal" in page and "Not legal" not in page
    assert "May take: the play pile" in page
    assert ('the play pile</span>, <span class="chip-static">the pile of Ali'
            in response.get_data(as_text=True))


def test_house_rule_chips_are_named_in_words_not_codes(client):
    page = text(client.get("/referee/basra?preset=jordanian"))
    assert "Rules: Jordanian" in page
    assert "twice the card" in page and "carry over" in page
    assert "double_face" not in page and "jordanian" not in page


def test_house_rule_chips_in_persian(client):
    client.set_cookie("lang", "fa")
    page = text(client.get("/referee/shelem"))
    assert "points taken" not in page
    assert "total" not in page


def test_odd_numbers_in_a_link_never_break_the_page(client):
    for url in ("/referee/basra?majority_points=%C2%B2", "/referee/shllaat?players=%C2%B2",
                "/referee/shllaat?player=%C2%B2", "/referee/shllaat?cpiles=%C2%B2,1",
                "/referee/shelem?bids=%C2%B2,pass"):
        assert client.get(url).status_code in (200, 400), url


def test_eastern_digits_in_a_link_are_numbers(client):
    # ۱۰۵ is 105 in Persian digits
    page = text(client.get("/referee/shelem?mode=bids&bids=100,pass,%DB%B1%DB%B0%DB%B5,pass,pass"))
    assert "Hâkem: player 3 · Contract: 105" in page


def alerts(response) -> list[str]:
    """The sentences the page gives for a situation it cannot judge, one per problem."""
    found = re.search(r'<ul class="problems error" role="alert">(.*?)</ul>',
                      response.get_data(as_text=True), re.S)
    assert found, "no sentence for a bad situation"
    return [html.unescape(item) for item in re.findall(r"<li>(.*?)</li>", found.group(1))]


def test_bad_situations_get_the_apis_sentence_on_the_page(client):
    cases = {
        "/referee/basra?floor=5S,4H&played=9S&claimed=9H":
            "The 9♥ is claimed, but it is not on the floor.",
        "/referee/shelem?trump=X&trick=AS,10S,2H,5S": "The trump is a suit: S, H, D or C.",
        "/referee/shelem?trump=H&trick=AS,10S,2H,5S,6S":
            "A trick has 4 cards, one from each player: 5 entered.",
        "/referee/shllaat?players=9": "Shlla'at is played by 2 / 3 / 4 / 5 players, not 9.",
        "/referee/gharat?players=1": "Ghârat is played by 2 / 3 / 4 players, not 1.",
        "/referee/basra?floor=JH,JD&played=5S": (
            "No play leaves J♥ and J♦ on the floor together: each takes the whole floor, so "
            "the later one would have taken the other."),
        "/referee/basra?preset=lebanese&floor=5H,5S&previous=5H&played=10C&claimed=5H,5S": (
            "The 5♠ cannot have been played onto the floor before the previous play and "
            "stayed there: it would have taken 5♥."),
    }
    for link, sentence in cases.items():
        response = client.get(link)
        assert alerts(response) == [sentence], link
        assert "Legal" not in text(response)
    api = client.post("/api/v1/referee/basra/capture", json={
        "floor": ["5S", "4H"], "played": "9S", "claimed": ["9H"]}).get_json()
    assert api["error"] == "The 9♥ is claimed, but it is not on the floor."


NOT_A_CARD = "'{}' is not a card: write a rank (A, 2-10, J, Q, K) and a suit (S, H, D, C)."


@pytest.mark.parametrize("link, sentences", [
    ("/referee/basra?preset=bogus&floor=ZZ,5S&played=QQ", [
        "There is no preset 'bogus'; choose one of: egyptian, jordanian, yemeni, and lebanese.",
        NOT_A_CARD.format("ZZ"), NOT_A_CARD.format("QQ")]),
    # the cards that read are still judged: the claim is not on the floor, twice
    ("/referee/basra?floor=ZZ,5S,4H&played=9S&claimed=9H,KD", [
        NOT_A_CARD.format("ZZ"), "The 9♥ is claimed, but it is not on the floor.",
        "The K♦ is claimed, but it is not on the floor."]),
    ("/referee/shelem?trump=X&trick=AS,10S,2H", [
        "The trump is a suit: S, H, D or C.",
        "A trick has 4 cards, one from each player: 3 entered."]),
])
def test_a_link_with_several_problems_says_each(client, link, sentences):
    response = client.get(link)
    assert response.status_code == 200
    assert alerts(response) == sentences
    assert "Legal" not in text(response)


def test_taking_a_claimed_card_off_the_floor_unclaims_it(client):
    page = client.get("/referee/basra?floor=5S,4H&played=9S&claimed=5S,4H&pick=floor&rank=4")
    body = page.get_data(as_text=True)
    # the 4♥ key of the picker takes it off the floor, and out of the claim
    key = re.search(r'href="([^"]*)"[^>]*>4♥<', body)
    assert key and "claimed=5S&" in html.unescape(key.group(1)) + "&"


def test_basra_verdict_says_legal_or_not_once(client):
    """The headline says Legal / Not legal; the reason under it does not say it again."""
    bad = client.get("/referee/basra?floor=4S,6H,10D,3C&played=10C&claimed=10D")
    body = bad.get_data(as_text=True)
    assert '<p class="ruling illegal">Not legal</p>' in body
    assert ('<p class="reason">The 10♣ could also take 6♥ + 4♠ = 10, which was left behind'
            in body)
    assert text(bad).count("Not legal") == 1 and "Legal:" not in text(bad)
    good = client.get("/referee/basra?floor=4S,6H,10D,3C&played=10C&claimed=4S,6H,10D")
    body = good.get_data(as_text=True)
    assert '<p class="ruling legal">Legal</p>' in body
    assert '<p class="reason">The 10♣ takes 10♦ and 6♥ + 4♠ = 10 and leaves nothing' in body
    assert "Legal:" not in text(good)
