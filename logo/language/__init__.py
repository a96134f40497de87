"""The Logo language: reading, runparsing, parsing, compiling and running Logo, and its data."""
