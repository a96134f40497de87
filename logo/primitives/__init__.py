"""Logo primitives, one module per UCBLogo manual chapter."""
