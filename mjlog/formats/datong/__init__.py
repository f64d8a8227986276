"""Datong mahjong's log dialect, in XML and JSON with a seeded wall (``docs/datong.md``)."""
