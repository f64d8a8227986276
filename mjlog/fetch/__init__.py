"""``mjlog fetch``: Tenhou's logs and archives downloaded politely (standard library only)."""
