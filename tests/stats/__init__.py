"""mjlog.stats: the stat sheet, intervals, populations, players, schemes, what-ifs, charts."""
