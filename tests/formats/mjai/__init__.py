"""mjai, read and written, against two peers."""
