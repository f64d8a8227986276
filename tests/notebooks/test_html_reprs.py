"""A game and its replay displayed in an executed notebook render as HTML a person can read."""

from __future__ import annotations

import pytest

from tests.support.paths import SAMPLE

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")


def test_a_game_and_its_replay_render_as_escaped_html_in_an_executed_notebook(tmp_path):
    from nbclient import NotebookClient

    game = SAMPLE / "sim-tenhou-4p-south-2024-0.xml"
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell(f"import mjlog\nlog = mjlog.read_log({str(game)!r})\nlog"),
        nbformat.v4.new_code_cell("mjlog.replay(log)"),
    ])
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    shown = [o["data"] for c in nb.cells for o in c.outputs if o.get("output_type") == "execute_result"]
    assert len(shown) == 2
    for data in shown:
        html = data.get("text/html", "")
        assert html and "riichi" in html and "<script" not in html.lower()
        assert data["text/plain"].startswith(("<GameLog riichi", "<Replay riichi"))
    assert "wins" in shown[0]["text/html"] and "final score" in shown[1]["text/html"]
