"""The Datong family: hand types, the source's payment lines, the knobs, the one-hand scorer."""
