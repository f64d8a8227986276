"""The store: games as rows in DuckDB (:class:`Store`) or as a Parquet dataset (:mod:`mjlog.store.dataset`).

:class:`Store` lives in :mod:`mjlog.store.database`, the one module that imports duckdb; it is
loaded at first use, so importing the rows or the dataset builder does not load duckdb.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mjlog.store.database import IngestSummary, Store, StoreBusyError, StoreVersionError

__all__ = ["IngestSummary", "Store", "StoreBusyError", "StoreVersionError"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from mjlog.store import database

        return getattr(database, name)
    raise AttributeError(f"module 'mjlog.store' has no attribute {name!r}")
