"""mjlog.fetch against a loopback server."""
