"""The mjlog command as a user runs it."""
