"""The muscle microworld (seed 003): voxel shells that contract; a plug-in microworld
of Logo (``muscle.*``).

``MICROWORLD`` is what Logo finds through the entry point ``muscle`` of the group
``logo.microworlds`` (pyproject.toml): the primitive modules, loaded when a program
first says ``muscle.something``, and the state each interpreter keeps (its objects
and view).  ``erall`` forgets the objects.
"""

import os

from logo.session.extensions import Microworld

MESSAGES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "messages.tsv")


def _state() -> object:
    from .prims import MuscleWorld

    return MuscleWorld()


MICROWORLD = Microworld(name="muscle",
                        modules=(f"{__name__}.prims", f"{__name__}.prims_page"),
                        state=_state, messages=MESSAGES)
