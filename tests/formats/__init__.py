"""mjlog.formats: the registry, sniffs, identity across files, hostile XML; one folder per family of formats."""
