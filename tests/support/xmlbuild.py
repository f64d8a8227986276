"""Small hand-built Tenhou XML logs for tests that must not depend on the corpus."""

from __future__ import annotations

HEADER = (
    '<mjloggm ver="2.3"><SHUFFLE seed="mt19937ar-sha512-n288-base64,AAAA" ref=""/>'
    '<GO type="{go}" lobby="0"/>'
    '<UN n0="%41%6C%69%63%65" n1="%E3%81%82" n2="C" n3="{n3}" dan="10,11,12,{d3}" '
    'rate="1500.00,1600.00,1700.00,{r3}" sx="M,F,M,{s3}"/><TAIKYOKU oya="0"/>'
)


def hand(start: int) -> str:
    return ",".join(str(start + 4 * i) for i in range(13))


def init4(kyoku: int = 0, honba: int = 0, sticks: int = 0) -> str:
    return (
        f'<INIT seed="{kyoku},{honba},{sticks},2,3,135" ten="250,250,250,250" oya="{kyoku % 4}" '
        f'hai0="{hand(0)}" hai1="{hand(1)}" hai2="{hand(2)}" hai3="{hand(3)}"/>'
    )


def game4(body: str, go: int = 169) -> bytes:
    """A 4-player log: header + body (rounds)."""
    head = HEADER.format(go=go, n3="D", d3="13", r3="1800.00", s3="F")
    return (head + body + "</mjloggm>").encode()


def simple_game4(extra_events: str = "", owari: bool = True) -> bytes:
    """One round: a few draws/discards, then an exhaustive draw with one tenpai seat."""
    end = ' owari="280,8.0,240,-6.0,240,-26.0,240,24.0"' if owari else ""
    body = (
        init4()
        + "<T100/><D0/><U101/><E101/>"
        + extra_events
        + f'<RYUUKYOKU ba="0,0" sc="250,30,250,-10,250,-10,250,-10" hai0="{hand(4)}"{end}/>'
    )
    return game4(body)
