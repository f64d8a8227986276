"""Algorithms every family shares: Tenhou's seeded wall, shanten, a bot's keep values, the situation rows
of a hand in a family without riichi."""
