"""The companion: ties the engines, vision and printables together for a table.

Its command line, ``companion``, lives in the top-level package ``cli`` (the layer above
``companion`` and ``web``). What it does for each game (the camera's watch adapter, the
scorer of a photo of the end, extra board data) is the game's ``CompanionGame`` in
``companion.registry``; importing the package registers the five games
(``companion.builtin``).
"""

from companion import builtin as builtin
