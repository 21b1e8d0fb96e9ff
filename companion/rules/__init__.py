"""Pure-Python rules of the four games: no Flask, no database.

`catalogue.get_game(name)` gives a game's `GameSpec`; everything a page or the API
needs (options, presets, hand scores, game progression, referee verdicts) hangs off it.
"""
