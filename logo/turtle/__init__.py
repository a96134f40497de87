"""Turtle graphics without a window: geometry, turtles, the page raster, drawing records.

Modules: ``palette`` (colour numbers 0-139), ``geometry`` (UCBLogo's moves and edge modes),
``turtle`` (one turtle's state and shapes), ``records`` (drawing as data), ``raster`` and
``page`` (the numpy picture), ``text`` (labels), ``export`` (PNG/SVG), ``world`` (the
:class:`~logo.turtle.world.TurtleWorld` that ties them together).  Importing this package
imports nothing heavy; numpy is loaded by ``page``/``raster``/``world``, pygame only by
``text`` when a label is drawn.
"""
