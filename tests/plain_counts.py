"""Facts read straight from raw log text, independent of mjlog's readers (for cross-checks)."""

from __future__ import annotations


def plain_call_kind(m: int) -> str:
    """The kind of a Tenhou call code by the reference's bit tests, in the reference's order (§12)."""
    if m & 0x4:
        return "chi"
    if m & 0x8:
        return "pon"
    if m & 0x10:
        return "kakan"
    if m & 0x20:
        return "kita"
    return "ankan" if m & 3 == 0 else "daiminkan"
