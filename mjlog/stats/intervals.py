"""Binomial intervals and standard errors: the Wilson score interval, as numbers and as Polars expressions.

The Wilson interval of ``k`` successes in ``n`` trials at ``z`` (1.96 for 95 %) is

    centre = (p + z²/2n) / (1 + z²/n),  half = z / (1 + z²/n) · sqrt(p(1-p)/n + z²/4n²),  p = k/n.

Unlike the normal (Wald) interval it stays inside [0, 1] and is not empty at k = 0,
which matters for rare yaku. Its ends are clamped to [0, 1] and to either side of ``p``: at k = 0
the low end is exactly 0 and at k = n the high end exactly 1 (rounding would otherwise leave them
a hair past ``p``, and an error bar of negative length).

>>> lo, hi = wilson_interval(0, 10)
>>> round(lo, 4), round(hi, 4)
(0.0, 0.2775)
>>> [round(x, 4) for x in wilson_interval(5, 10)]
[0.2366, 0.7634]
"""

from __future__ import annotations

import math

import polars as pl

#: z of a two-sided 95 % interval.
Z95 = 1.959963984540054


def wilson_interval(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (lo, hi) of ``k`` successes in ``n`` trials; (0, 1) when n = 0."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, min(centre - half, p)), min(1.0, max(centre + half, p)))


def wilson_exprs(k: str, n: str, z: float = Z95, prefix: str = "") -> list[pl.Expr]:
    """Expressions ``{prefix}lo`` and ``{prefix}hi``: the Wilson interval of columns ``k`` out of ``n``."""
    kk = pl.col(k).cast(pl.Float64)
    nn = pl.col(n).cast(pl.Float64)
    p = kk / nn
    z2 = z * z
    denom = 1 + z2 / nn
    centre = (p + z2 / (2 * nn)) / denom
    half = z / denom * (p * (1 - p) / nn + z2 / (4 * nn * nn)).sqrt()
    lo = pl.when(nn > 0).then(pl.max_horizontal(pl.min_horizontal(centre - half, p), pl.lit(0.0))).otherwise(0.0)
    hi = pl.when(nn > 0).then(pl.min_horizontal(pl.max_horizontal(centre + half, p), pl.lit(1.0))).otherwise(1.0)
    return [lo.alias(f"{prefix}lo"), hi.alias(f"{prefix}hi")]


def binomial_se(p: float, n: int) -> float:
    """Standard error sqrt(p(1-p)/n) of a proportion estimated from ``n`` independent trials (inf if n = 0)."""
    if n <= 0:
        return math.inf
    return math.sqrt(p * (1 - p) / n)


def mean_se(sd: float, n: int) -> float:
    """Standard error sd/sqrt(n) of a sample mean (inf if n = 0)."""
    if n <= 0:
        return math.inf
    return sd / math.sqrt(n)
