"""A Logo microworld environment: the language core (runs with no window)."""
