"""The benchmark scripts' options (not timings)."""
