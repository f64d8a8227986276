"""mjai JSON lines (Mortal's libriichi event stream), read and written."""
