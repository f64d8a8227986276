"""Tenhou's formats: mjlog XML and tenhou.net/6 JSON, read and written."""
