"""L-systems: a plug-in microworld of Logo (``lsystem.*``).

``MICROWORLD`` is what Logo finds through the entry point ``lsystem`` of the group
``logo.microworlds`` (pyproject.toml): the primitive module, loaded when a program
first says ``lsystem.something``, and the state each interpreter keeps (the systems
``lsystem.define`` named, by name).  ``erall`` forgets them.
"""

import os

from logo.session.extensions import Microworld

MESSAGES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "messages.tsv")

MICROWORLD = Microworld(name="lsystem", modules=(f"{__name__}.prims",), state=dict,
                        messages=MESSAGES)
