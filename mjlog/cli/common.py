"""What every ``mjlog`` subcommand shares: its exit statuses and its one-line usage errors."""

from __future__ import annotations

import errno
import os
import stat
import sys

#: mjlog's exit statuses, the same in every command (docs/commands.md, "Exit codes"): done and the data
#: clean; the data has problems (error findings, unreadable logs); bad usage or nothing to work on.
EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


def missing_path(paths) -> bool:
    """Print the first of ``paths`` that does not exist (a symbolic link loop or a broken link named
    as such), or is neither a directory nor a regular file (a named pipe or a device would block or
    never end): a usage error. Say whether there was one."""
    from mjlog.text import printable

    for p in paths:
        try:
            mode = os.stat(p).st_mode
        except OSError as exc:
            message = _no_file(p, exc)
        else:
            if stat.S_ISDIR(mode) or stat.S_ISREG(mode):
                continue
            from mjlog.formats.source import file_kind

            message = f"{p}: {file_kind(mode)} is not a log file; only regular files and directories are read"
        print(f"mjlog: {printable(message)}", file=sys.stderr)
        return True
    return False


def no_logs(verb: str, paths, skipped: int = 0) -> int:
    """Say that ``paths`` hold no log to ``verb`` (``skipped`` files in them that are no log); the usage exit
    code, as for every command that reads many logs and finds none."""
    return fail(f"no logs to {verb} in {', '.join(map(str, paths))}"
                + (f" ({skipped} file{'s' if skipped != 1 else ''} skipped: not a log)" if skipped else ""))


def holds_no_files(paths) -> bool:
    """Whether ``paths`` (files and directories, as a batch walks them) name no file to read at all."""
    from mjlog.formats.reader import iter_log_files

    return next(iter(iter_log_files(paths)), None) is None


def _no_file(path, exc: OSError) -> str:
    """Why ``path`` cannot be opened, in words: no such file, a broken symbolic link, a loop of them."""
    from mjlog.formats.source import os_problem

    if exc.errno == errno.ENOENT:
        return f"{path}: a broken symbolic link" if os.path.islink(path) else f"no such file or directory: {path}"
    return f"{path}: {os_problem(exc)}"


def fail_os(what: str, exc: OSError) -> int:
    """Print ``mjlog: WHAT: why`` for a file the system would not read or write (escaped, as
    :func:`fail`; a symbolic link loop named as such); the usage exit code."""
    from mjlog.formats.source import os_problem

    return fail(f"{what}: {os_problem(exc)}")


def fail(message: str) -> int:
    """Print ``mjlog: MESSAGE`` (control characters escaped) on standard error; the usage exit code."""
    from mjlog.text import printable

    print(f"mjlog: {printable(message)}", file=sys.stderr)
    return EXIT_USAGE


def read_log_or_report(path: str):
    """The game ``path`` names (``FILE`` or ``FILE#k``, the k-th game of a file of several), or None
    after printing its one-line error (``mjlog: FILE: what at WHERE``). Of a file of several games it
    says on standard error which one it read and how many there are."""
    from mjlog.errors import MalformedLogError
    from mjlog.formats.reader import read_chosen_game
    from mjlog.text import printable

    try:
        chosen = read_chosen_game(path)
    except MalformedLogError as exc:
        fail(str(exc))
        return None
    if chosen.count > 1:
        file = printable(chosen.path)
        print(f"mjlog: {file} holds {chosen.count} games; this is #{chosen.number} (name {file}#k for the k-th)",
              file=sys.stderr)
    return chosen.log


def write_text_or_report(path: str, text: str) -> bool:
    """Write ``text`` to ``path``; False after printing why it could not be written."""
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        fail_os(f"cannot write {path}", exc)
        return False
    return True


def write_tables_or_report(tables, args) -> int:
    """The tables (:class:`~mjlog.stats.text_tables.Table`) as files for ``--csv DIR`` and ``--json DIR``;
    EXIT_USAGE after a one-line error."""
    from mjlog.stats.text_tables import write_tables

    for fmt, directory in (("csv", args.csv), ("json", args.json)):
        if directory:
            try:
                write_tables(tables, directory, fmt)
            except OSError as exc:
                fail(f"cannot write {fmt} tables to {directory}: {exc}")
                return EXIT_USAGE
    return EXIT_OK


def add_knob_option(parser) -> None:
    """``--knob NAME=VALUE`` (repeatable), read by :func:`rule_choice_or_report`."""
    parser.add_argument("--knob", action="append", default=[], metavar="NAME=VALUE",
                        help="change one knob of the rules (repeatable), e.g. kiriage_mangan=True; "
                             "'mjlog rules show PRESET' lists the knobs and their values")


def add_rule_options(parser, what: str) -> None:
    """``--rules PRESET`` (``what``: what the preset is for) and ``--knob NAME=VALUE`` (repeatable)."""
    parser.add_argument("--rules", metavar="PRESET", help=what)
    add_knob_option(parser)


def rule_choice_or_report(preset: str | None, knobs, family: str | None = None):
    """The :class:`~mjlog.rules.knobs.RuleChoice` of ``--rules`` and ``--knob`` (each knob checked against
    the preset's knobs), or None after printing what is wrong in one line."""
    from mjlog.rules.knobs import KnobError, rule_choice

    try:
        return rule_choice(preset, knobs or (), family)
    except KnobError as exc:
        fail(str(exc))
        return None
