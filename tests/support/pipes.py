"""Calls that may block on a named pipe, failed instead of hung."""

from __future__ import annotations

import os

import pytest


def call_near_a_pipe(fn, fifo, timeout: float = 20.0):
    """``fn()``'s result (or the exception it raised), failing the test instead of hanging it should
    ``fn`` block opening the named pipe ``fifo``: a writer is then opened to let it go."""
    import threading

    out: dict = {}

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            out["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(timeout)
    if t.is_alive():
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # a writer that closes at once: EOF
        except OSError:
            pass
        t.join(timeout)
        pytest.fail(f"blocked on the named pipe {fifo}")
    if "error" in out:
        raise out["error"]
    return out.get("value")
