"""The walking cat ("Кошечка", 1968): a plug-in microworld of Logo (``cat.*``).

``MICROWORLD`` is what Logo finds through the entry point ``cat`` of the group
``logo.microworlds`` (pyproject.toml): the primitive modules, loaded when a program
first says ``cat.something``, and the state each interpreter keeps (its herds).
``erall`` forgets the herds.
"""

import os

from logo.session.extensions import Microworld

MESSAGES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "messages.tsv")


def _state() -> object:
    from .prims import CatWorld

    return CatWorld()


MICROWORLD = Microworld(name="cat", modules=(f"{__name__}.prims", f"{__name__}.prims_page"),
                        state=_state, messages=MESSAGES)
