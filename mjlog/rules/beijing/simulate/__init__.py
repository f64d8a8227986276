"""Beijing self-play: a hand, a game, the bots."""
