"""mjlog's two Beijing mahjong dialects (Tenhou-style XML and JSON), read and written."""
