"""Page-side helpers the views share, kept out of `services/`: the hand entry forms' fields
(`entry/`), the referee pages' boards built from a query string (`referee_boards.py`) and
the device's own lists of games and tournaments from its cookies (`device.py`), and who may
change a game or run a tournament from the key a request presents: header, cookie or link
(`access.py`, `tournament_access.py`)."""
