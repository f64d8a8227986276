"""The rule families (riichi; see :mod:`mjlog.rules.family`) and their registry."""

from mjlog.rules.family import (
    Family,
    GameRules,
    HandReplay,
    NextHand,
    UnknownRulesError,
    WinItem,
    families,
    family,
    family_of_preset,
    find_preset,
    iter_presets,
    register,
    unregister,
)

__all__ = ["Family", "GameRules", "HandReplay", "NextHand", "UnknownRulesError", "WinItem", "families", "family",
           "family_of_preset", "find_preset", "iter_presets", "register", "unregister"]
