"""The microworlds shipped with Logo: each folder is a lesson (``NAME/NAME.lgo``, its
picture ``NAME.png``, a README), a plug-in microworld (a package declaring a
``MICROWORLD``), or both.  Logo finds the lessons through the entry point ``shipped`` of
the group ``logo.lessons`` and the plug-ins through the group ``logo.microworlds``
(pyproject.toml).
"""

# the course's order of the lessons (``logo lessons``, the window's gallery)
LESSON_ORDER = ("tree", "koch", "fractree", "brush", "superformula", "cat", "muscle")
