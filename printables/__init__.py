"""Printable pieces: QR-tagged cards, sticker sheets, mats and calibration sheets.

``companion print GAME --what cards|stickers|mats|calibration|all`` drives
``printables.document``; ``docs/printing.md`` says what to print and how.
Vision imports ``printables.payload`` (tag grammar) and ``printables.mats``
(mat geometry and fiducials); neither pulls in the drawing code. How each
game is printed is its ``PrintedGame`` in ``printables.registry``; importing
the package registers the five games (``printables.builtin``).
"""

from printables import builtin as builtin

WHATS = ("cards", "stickers", "mats", "calibration", "all")
"""What ``companion print`` can print."""
