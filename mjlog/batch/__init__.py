"""Auditing many files: each game replayed once, its findings streamed in input order."""
