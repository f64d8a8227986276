"""mjlog.view: show, plot and the HTML viewer (in a real browser too)."""
