"""Rule sets (data) and the rules of each game family."""

from mjlog.rules.ruleset import PRESETS, Lobby, RuleSet, lobby_from_go_type, preset, ruleset_from_go_type

__all__ = ["PRESETS", "Lobby", "RuleSet", "lobby_from_go_type", "preset", "ruleset_from_go_type"]
