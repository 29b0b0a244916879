"""The companion: ties the engines, vision and printables together for a table.

Its command line, ``companion``, lives in the top-level package ``cli`` (the layer above
``companion`` and ``web``).
"""
