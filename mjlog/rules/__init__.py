"""The rule families (riichi, Beijing, MCR; see :mod:`mjlog.rules.family`) and their registry."""

from mjlog.rules.family import (
    Family,
    FamilyText,
    GameRules,
    HandReplay,
    HandScorer,
    NextHand,
    ScoredHand,
    ScoreRequest,
    Simulator,
    StoreFacts,
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

__all__ = ["Family", "FamilyText", "GameRules", "HandReplay", "HandScorer", "NextHand", "ScoreRequest", "ScoredHand",
           "Simulator", "StoreFacts", "Transfer",
           "UnknownRulesError", "WinItem", "apply_knobs", "families", "family", "family_of_preset", "find_preset",
           "iter_presets", "register", "unregister"]
