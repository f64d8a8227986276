"""The ``mjlog`` script ends its process without Python's teardown, and otherwise as Python's exit would:
the same output and exit status as :func:`mjlog.cli.main`, exit handlers run, threads waited for."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys

import pytest

from mjlog.cli import main
from tests.support.xmlbuild import simple_game4

_RUN = """
import sys
{before}
sys.argv = ["mjlog", *sys.argv[1:]]
from mjlog.cli import run
run()
"""


def script(*args: str, before: str = "", **kw) -> subprocess.CompletedProcess:
    """``mjlog ARGS`` through :func:`mjlog.cli.run` in a fresh interpreter, ``before`` run first."""
    return subprocess.run([sys.executable, "-c", _RUN.format(before=before), *args], capture_output=True,
                          text=True, timeout=120, **kw)


def in_process(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            status = main(list(args))
        except SystemExit as stop:
            status = stop.code
    return status, out.getvalue()


@pytest.mark.parametrize("args", [
    ["rules", "show", "tenhou-4p-south"],       # output longer than a pipe's buffer
    ["audit", "--no-progress", "{log}"],
    ["audit", "--no-progress", "{bad}"],        # exit status 2: a malformed file given alone
    ["--version"],                               # argparse exits
])
def test_the_script_prints_and_exits_as_main_returns(tmp_path, args):
    (tmp_path / "g.xml").write_bytes(simple_game4())
    (tmp_path / "bad.xml").write_bytes(simple_game4()[:300])
    args = [a.format(log=tmp_path / "g.xml", bad=tmp_path / "bad.xml") for a in args]
    done = script(*args)
    status, out = in_process(*args)
    assert (done.returncode, done.stdout) == (status or 0, out)
    assert "Traceback" not in done.stderr


def test_a_usage_error_exits_2_with_its_message():
    done = script("audit")
    assert done.returncode == 2 and "the following arguments are required" in done.stderr


def test_exit_handlers_run_before_the_process_ends(tmp_path):
    mark = tmp_path / "handler-ran"
    done = script("--version", before=f"import atexit, pathlib; atexit.register(pathlib.Path({str(mark)!r}).touch)")
    assert done.returncode == 0 and mark.exists()


def test_a_thread_still_running_is_waited_for(tmp_path):
    mark = tmp_path / "thread-done"
    before = ("import threading, time, pathlib\n"
              f"threading.Thread(target=lambda: (time.sleep(0.3), pathlib.Path({str(mark)!r}).touch())).start()")
    done = script("--version", before=before)
    assert done.returncode == 0 and mark.exists()


#: standard output as a pipe its reader has closed: what was written cannot be flushed
_CLOSED_PIPE = """
class ClosedPipe:
    def write(self, text):
        return len(text)
    def flush(self):
        raise BrokenPipeError(32, "Broken pipe")
sys.stdout = ClosedPipe()
"""


def test_output_that_cannot_be_flushed_ends_quietly_with_the_command_status():
    done = script("--version", before=_CLOSED_PIPE)
    assert done.returncode == 0 and done.stderr == ""
