"""mjlog.replayer: the game loop on hand-built logs and on the corpus, faults injected, fuzzing."""
