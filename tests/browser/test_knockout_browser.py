"""An eight-player best-of-three Basra knockout with confirmed results, on phones: each table
plays through its scorer link, the side that lost confirms from its own link, and the bracket
names the champion."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from ..helpers import sweep
from .helpers import no_horizontal_overflow

pytestmark = pytest.mark.browser

PLAYERS = ["Ali", "Bahar", "Cyrus", "Dara", "Elham", "Farid", "Golnar", "Hadi"]
# Games won by side 0 or 1 of each match, by the names of its sides. Seeds meet 1v8, 4v5,
# 2v7, 3v6; then Ali v Elham and Bahar v Cyrus; Elham and Cyrus reach the final.
GAMES = {
    ("Ali", "Hadi"): [0, 0], ("Dara", "Elham"): [1, 0, 1], ("Bahar", "Golnar"): [0, 0],
    ("Cyrus", "Farid"): [0, 0], ("Ali", "Elham"): [1, 1], ("Bahar", "Cyrus"): [1, 0, 1],
    ("Elham", "Cyrus"): [1, 1],
}


def play_match(scorer, server: str, match: dict) -> None:
    """The scorer opens the table link and plays each game; the next game is one tap away."""
    winners = GAMES[tuple(match["names"])]
    key = parse_qs(urlparse(match["table_url"]).query)["key"][0]
    scorer.goto(match["table_url"])
    for number, side in enumerate(winners, start=1):
        game_id = urlparse(scorer.url).path.rsplit("/", 1)[1]
        saved = scorer.request.post(f"{server}/api/v1/games/{game_id}/hands",
                                    data={"hand": sweep(side)},
                                    headers={"Authorization": f"Bearer {key}"})
        assert saved.status == 201
        scorer.reload()
        wins = [winners[:number].count(0), winners[:number].count(1)]
        expect(scorer.locator("#table-match .match-line")).to_have_text(
            f"{match['names'][0]} {wins[0]} – {wins[1]} {match['names'][1]}",
            use_inner_text=True)
        if number < len(winners):
            scorer.locator("#next-table-game").click()
            expect(scorer.locator("#add-hand")).to_be_visible()
    winner = match["names"][max(set(winners), key=winners.count)]
    expect(scorer.locator("#match-winner")).to_have_text(f"{winner} won the match.")


def confirm(side_phone, match: dict) -> None:
    """The side that lost opens its own link and confirms."""
    winners = GAMES[tuple(match["names"])]
    loser = 1 - max(set(winners), key=winners.count)
    side_phone.goto(match["side_urls"][loser])
    expect(side_phone.get_by_text(f"You are confirming for {match['names'][loser]}.")
           ).to_be_visible()
    side_phone.get_by_role("button", name="Confirm the result").click()
    expect(side_phone.locator("#confirmed")).to_have_text("Confirmed.")


def test_a_knockout_played_through_table_and_side_links(browser, page, live_server):
    page.goto(live_server + "/tournaments/new")
    page.get_by_label("Name", exact=True).fill("Basra cup")
    page.get_by_label("Format").select_option("knockout")
    page.get_by_label("Games per match (best of)").fill("3")
    page.get_by_label("Results confirmed by the side that lost").check()
    page.get_by_label("Entrants, one per line").fill("\n".join(PLAYERS))
    page.get_by_role("button", name="Create tournament").click()
    director_key = parse_qs(urlparse(
        page.locator(".director-link").get_attribute("href")).query)["key"][0]
    desk = page.url.split("?")[0]
    tournament_id = desk.rstrip("/").split("/")[-1]
    context = browser.new_context(viewport={"width": 390, "height": 844})
    scorer, side_phone = context.new_page(), browser.new_context(
        viewport={"width": 390, "height": 844}).new_page()

    for number, stage in enumerate(("Quarter-finals", "Semi-finals", "Final"), start=1):
        page.goto(desk)
        page.get_by_role("button", name="Pair the next round").click()
        expect(page.locator(f"#round-{number}")).to_be_visible()
        body = page.request.get(f"{live_server}/api/v1/tournaments/{tournament_id}",
                                headers={"Authorization": f"Bearer {director_key}"}).json()
        matches = body["rounds"][-1]["matches"]
        for match in matches:
            play_match(scorer, live_server, match)
        page.goto(f"{live_server}/tournaments/{tournament_id}/bracket")
        this_round = page.locator(".bracket-round").filter(
            has=page.get_by_role("heading", name=stage, exact=True))
        expect(this_round.locator(".bracket-match.provisional")).to_have_count(len(matches))
        expect(page.locator("#champion")).to_have_count(0)
        for match in matches:
            confirm(side_phone, match)
        page.reload()
        expect(page.locator(".bracket-match.provisional")).to_have_count(0)

    page.goto(f"{live_server}/tournaments/{tournament_id}/bracket")
    expect(page.locator("#champion")).to_have_text("Champion: Cyrus")
    final = page.locator(".bracket-round").last
    expect(final.locator(".bracket-side.won")).to_contain_text("Cyrus")
    assert no_horizontal_overflow(page)
    body = page.request.get(f"{live_server}/api/v1/tournaments/{tournament_id}").json()
    cyrus = next(e["id"] for e in body["entrants"] if e["name"] == "Cyrus")
    assert body["champion"] == cyrus and body["finished"]
    page.goto(f"{live_server}/tournaments/{tournament_id}/standings")
    assert no_horizontal_overflow(page)
    # A knockout's standings rank by the round reached: Cyrus won the final Elham lost.
    ranked = page.locator("#standings tbody tr")
    expect(ranked.first).to_contain_text("Cyrus")
    expect(ranked.first).to_contain_text("Champion")
    expect(ranked.nth(1)).to_contain_text("Elham")
    expect(ranked.nth(1)).to_contain_text("out")
    assert page.js_errors == []
    context.close()
