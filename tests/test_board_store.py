"""The one store of rendered boards and answers holds at most its bound in bytes, counting
everything it keeps: each key, each value (an empty one too) and each entry's own cost."""

from __future__ import annotations

import pytest

from companion.cache import ENTRY_BYTES, BoardStore, size_of

KEY = ("board", "g1", 7, "en", "latin", False)


def test_an_entry_counts_its_key_its_value_and_its_own_cost():
    # repr(("k", 1)) is "('k', 1)": 8 bytes; "héllo" is 6 bytes in UTF-8.
    assert size_of(("k", 1), "héllo") == 8 + 6 + ENTRY_BYTES


def test_an_empty_answer_counts_too():
    # What a 204 or a 304 would keep weighs its key and the entry, not nothing.
    store = BoardStore(bound=10_000)
    store.put(KEY, "")
    assert store.held == len(repr(KEY)) + ENTRY_BYTES
    assert store.get(KEY) == ""


def test_many_distinct_keys_with_empty_values_stay_within_the_bound():
    store = BoardStore(bound=64 * 1024)
    for number in range(10_000):  # one client sending distinct requests, each answered empty
        store.put(("game json", f"g{number}", number, "x-header-" * 10), "")
    assert store.held <= 64 * 1024
    assert len(store) < 10_000
    assert store.held == sum(size_of(key, value) for key, (value, _) in store._items.items())


def test_the_least_recently_asked_goes_first():
    one = size_of(("a",), "x" * 100)
    store = BoardStore(bound=2 * one)
    store.put(("a",), "x" * 100)
    store.put(("b",), "y" * 100)
    assert store.get(("a",)) is not None  # "a" asked again: "b" is now the oldest
    store.put(("c",), "z" * 100)
    assert store.get(("b",)) is None
    assert store.get(("a",)) == "x" * 100 and store.get(("c",)) == "z" * 100
    assert store.held == 2 * one


def test_a_value_put_again_replaces_its_bytes():
    store = BoardStore(bound=10_000)
    store.put(KEY, "x" * 1000)
    store.put(KEY, "y" * 10)
    assert store.held == size_of(KEY, "y" * 10) and len(store) == 1


def test_a_value_bigger_than_the_bound_is_not_kept():
    store = BoardStore(bound=1000)
    store.put(("small",), "s")
    store.put(("huge",), "h" * 5000)
    assert store.get(("huge",)) is None and store.get(("small",)) == "s"


def test_get_or_make_makes_once():
    store, made = BoardStore(), []

    def make() -> str:
        made.append(1)
        return "board"

    assert store.get_or_make(KEY, make) == "board" == store.get_or_make(KEY, make)
    assert made == [1]


@pytest.mark.parametrize("bound", [4096])
def test_the_app_store_takes_its_bound_from_the_configuration(db_url, bound):
    from companion import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "t",
                      "BOARD_STORE_BYTES": bound})
    assert app.extensions["board_store"].bound == bound
    app.extensions["engine"].dispose()
