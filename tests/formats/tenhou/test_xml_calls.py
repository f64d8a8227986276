"""The XML reader's call tables (:mod:`mjlog.formats.tenhou.xml_calls`) against the reference decoder
and the reader's checks, for every 16-bit code, every seat and both table sizes."""

from __future__ import annotations

from mjlog.errors import MalformedLogError
from mjlog.formats.tenhou.xml import _Reader
from mjlog.formats.tenhou.xml_calls import table_call
from mjlog.rules.riichi.call_codes import decode_call


def _reference(reader: _Reader, who: int, m: int):
    """The call the reference path gives (decode, then the reader's checks), or None where it refuses."""
    try:
        call = decode_call(who, m)
        reader._check_call(call)
    except MalformedLogError:
        return None
    return call


def test_every_code_reads_as_the_reference_decoder_reads_it():
    valid = 0
    for n in (3, 4):
        reader = _Reader("calls")
        reader.n = n
        for who in range(n):
            for m in range(0x10000):
                want, got = _reference(reader, who, m), table_call(n, who, m)
                assert got == want, (n, who, m)
                if want is not None:
                    assert type(got) is type(want) and repr(got) == repr(want) and hash(got) == hash(want), (n, who, m)
                    valid += 1
    assert valid == 127120  # the codes the reader accepts, seat by seat, at both tables


def test_codes_outside_sixteen_bits_are_left_to_the_reference_decoder():
    assert table_call(4, 0, -1) is None and table_call(4, 0, 0x10000) is None
