"""MCR self-play: a hand, a match, the bots."""
