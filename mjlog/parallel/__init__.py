"""Running work on many processes: worker pools that end with their parent."""
