"""The rule families (riichi, Beijing; see :mod:`mjlog.rules.family`) and their registry."""

from mjlog.rules.family import (
    Family,
    GameRules,
    HandReplay,
    NextHand,
    ScoredHand,
    ScoreRequest,
    Transfer,
    UnknownRulesError,
    WinItem,
    apply_knobs,
    families,
    family,
    family_of_preset,
    find_preset,
    iter_presets,
    register,
    unregister,
)

__all__ = ["Family", "GameRules", "HandReplay", "NextHand", "ScoreRequest", "ScoredHand", "Transfer",
           "UnknownRulesError", "WinItem", "apply_knobs", "families", "family", "family_of_preset", "find_preset",
           "iter_presets", "register", "unregister"]
