# Cython declarations for the compiled build of tenhou_xml.py (see mjlog/_compiled.py): the
# reader becomes an extension type whose attributes are struct fields. Every attribute stays a
# Python object, so values behave exactly as in the source; an attribute that tenhou_xml.py
# sets on the reader must be listed here (tests/test_compiled.py checks that).

cdef class _Reader:
    cdef public object name, version, seed, lobby, players, first_dealer, header_extra, rounds, final
    cdef public object n, init, events, pending, last_draw, ended
