"""The walking cat ("Кошечка", 1968)."""
