"""``mjlog view``: one game as a self-contained HTML page, step by step, with the audit's findings.

>>> import mjlog
>>> from mjlog.batch.simulate import simulated_bytes
>>> from mjlog.rules import find_preset
>>> game = simulated_bytes(find_preset("tenhou-4p-east"), 1)   # a bot game's Tenhou XML
>>> page = view_html(mjlog.read_log(game))
>>> page.startswith("<!DOCTYPE html>") and "http" not in page.split("<script type")[0].replace("http-equiv", "")
True
"""

from __future__ import annotations

from collections.abc import Callable

from mjlog.ir import GameLog
from mjlog.rules.results import Replay
from mjlog.view.beijing import BeijingPresenter
from mjlog.view.datong import DatongPresenter
from mjlog.view.generic import FamilyPresenter
from mjlog.view.mcr import McrPresenter
from mjlog.view.page import render_page
from mjlog.view.riichi import RiichiPresenter
from mjlog.view.steps import Presenter, game_steps

__all__ = ["BeijingPresenter", "DatongPresenter", "FamilyPresenter", "McrPresenter", "Presenter", "RiichiPresenter",
           "game_steps", "presenter_for", "view_html"]


#: The families with a presenter of their own, by family name; every other family is shown by
#: :class:`FamilyPresenter`, which asks the family's interface.
PRESENTERS: dict[str, Callable[[GameLog], Presenter]] = {
    "riichi": RiichiPresenter, "beijing": BeijingPresenter, "mcr": McrPresenter, "datong": DatongPresenter,
}


def presenter_for(log: GameLog) -> Presenter:
    """The presenter of the log's rule family: its own (:data:`PRESENTERS`), else the generic one."""
    return PRESENTERS.get(log.family, FamilyPresenter)(log)


def view_html(log: GameLog, replay: Replay | None = None) -> str:
    """The HTML page of ``log`` (replayed here unless ``replay`` is given). A log built in code with
    values the replay refuses is shown as recorded, with the refusal as its one finding."""
    if replay is None:
        from mjlog.errors import MalformedLogError
        from mjlog.findings import Finding, FindingKind
        from mjlog.replayer import replay as run_replay

        try:
            replay = run_replay(log)
        except MalformedLogError as exc:
            refused = Finding(FindingKind.MALFORMED, f"not replayed: {exc}", source=log.source)
            replay = Replay(log, (), None, None, (refused,))
    return render_page(log, replay, presenter_for(log))
