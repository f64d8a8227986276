"""Tenhou XML and tenhou.net/6 JSON."""
