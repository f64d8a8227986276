# Cython declarations for the compiled build of table.py (see mjlog/_compiled.py): RoundState
# becomes an extension type whose attributes are struct fields, read and written without a
# dictionary lookup. Every attribute stays a Python object, so values behave exactly as in
# the source; an attribute that table.py sets must be listed here (tests/test_compiled.py
# checks that).

cdef class RoundState:
    cdef public object r, rules, n, wall, source, findings, event_index, scores, derived_scores
    cdef public object sticks, honba, dealer, hands, melds, kita, river, called_away, passed
    cdef public object last_own_discard, last_draw, riichi_declared, riichi_discard_pending
    cdef public object riichi_at, riichi_accepted, double_riichi, ippatsu, ippatsu_before_robbable
    cdef public object deposits, uninterrupted, discards_made, live_draws, replacements
    cdef public object need_replacement, last_was_replacement, actor, phase, last_discard
    cdef public object last_kakan, last_kita, banned, dora, pending_dora, kans, calls_open, seen
    cdef public object limit_fu_unrecorded, nagashi_tenpai_unrecorded, live_base, live_tiles
