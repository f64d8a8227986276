"""Datong self-play: a hand, a game, the bots."""
