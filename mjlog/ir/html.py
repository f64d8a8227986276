"""Escaped HTML for a notebook's view of a game or a replay (``_repr_html_``): a line, a table.

Every string from a log (names, rule sets, sources, messages) is HTML-escaped. The viewer
(``mjlog view``) draws a whole game; these are the short tables a notebook shows.

>>> table(("name",), [("<b>Bot</b>",)])
'<table><thead><tr><th>name</th></tr></thead><tbody><tr><td>&lt;b&gt;Bot&lt;/b&gt;</td></tr></tbody></table>'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape


def table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """An HTML table of ``head`` and ``rows``, every cell escaped."""
    th = "".join(f"<th>{escape(str(h))}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def paragraph(text: str) -> str:
    """One escaped line of text."""
    return f"<p>{escape(text)}</p>"
