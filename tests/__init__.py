"""mjlog's tests, one folder per stage of the package (docs/architecture.md); helpers in support/."""
