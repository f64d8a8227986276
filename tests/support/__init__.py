"""What the tests share: where the corpus is, builders of small logs, a toy family, a loopback server."""
