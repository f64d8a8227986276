"""MCR: mjlog's dialect, PMN and Botzone records."""
