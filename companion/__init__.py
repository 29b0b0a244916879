"""The companion: ties the engines, vision and printables together for a table.

Its command-line entry point is ``companion`` (``companion.cli``).
"""
