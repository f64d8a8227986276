"""mjlog's Beijing dialect."""
