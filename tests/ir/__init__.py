"""mjlog.ir: the range check, the events and call kinds, values a log does not record."""
