"""Algorithms every family shares: Tenhou's seeded wall, shanten, a bot's keep values."""
