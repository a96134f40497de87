"""The pygame window: the only package that opens windows and reads events.

``app.py`` (main loop, layout), ``actions.py`` (what keys and clicks do), ``session.py``
(the interpreter on its worker thread), ``window_host.py`` (the interpreter's side of the
seam), ``page_view.py``, ``widget_views.py``, ``command_center.py``,
``procedures_pane.py``, ``dialogs.py``, ``toolbar.py``, ``style.py``, ``i18n.py``;
widgets made by hand ``widget_tools.py`` (``widget_dialog.py``, ``tool_menu.py``), Undo
``page_history.py`` (``instructions.py``), buttons' runs ``buttons.py``, the glide
below full speed ``motion.py``.
Importing this package imports nothing (it only hides pygame's banner); ``logo.ui.app.run_app``
opens the window.
"""

import os as _os

# pygame prints a "Hello from the pygame community" banner when it is imported, unless
# this is set; every module here imports pygame after this package, so the window's
# start prints nothing (a user's own setting of it is kept)
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
