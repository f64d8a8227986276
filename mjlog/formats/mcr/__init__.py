"""Chinese Official (MCR) records: PMN, the Botzone export and mjlog's MCR dialect."""
