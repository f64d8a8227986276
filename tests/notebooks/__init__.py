"""The notebooks, run top to bottom."""
