"""Datong mahjong (大同麻將, Shanxi): rule sets, hand types, payments and the one-hand scorer.

The rules are the project's reading of the source (``docs/datong.md``; the shared
``local-variants.md``). The family is registered with its presets, knobs and scorer; it has no
referee yet, so no Datong log is replayed (:mod:`mjlog.rules.datong.family`).
"""
