"""Watch the table: project engine states onto the mats, infer moves from readings, follow a camera.

Modules: :mod:`companion.watch.tabletop` (a game's mats and tags as vision
sees them), :mod:`companion.watch.noah` (Noah's table projection),
:mod:`companion.watch.infer` (the move or moves that explain a change),
:mod:`companion.watch.loop` (stillness gate, voting and inference over frames),
:mod:`companion.watch.video` (scripted synthetic games rendered as frames).
"""
