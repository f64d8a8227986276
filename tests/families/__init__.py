"""mjlog.rules: the family seam, knobs, the seeded wall; one folder per family."""
