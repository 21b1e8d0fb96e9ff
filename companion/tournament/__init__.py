"""Tournaments as pure Python: pairings, match progress, standings and players' records."""
