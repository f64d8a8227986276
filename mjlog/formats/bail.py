"""What a reader raises deep inside to reject a log, before it knows the file and the place.

Each reader's own bail-out (``Bad``, ``JsonProblem``, ``HandProblem``...) derives from
:class:`BailOut`; the reader catches it and raises :class:`~mjlog.errors.MalformedLogError`
naming the file and the place, so a bail-out never reaches a caller.
"""

from __future__ import annotations

from mjlog.errors import MjlogError


class BailOut(MjlogError):
    """A reason to reject a log, without the file; its reader turns it into MalformedLogError."""
