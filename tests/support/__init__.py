"""What the tests share: where the corpus is, builders of small logs and of hostile ones, a toy family, a
loopback server."""
