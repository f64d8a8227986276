"""mjlog.store: the DuckDB store and the Parquet dataset."""
