"""Watch the table: project engine states onto the mats, infer moves from readings, follow a camera.

Modules: :mod:`companion.watch.model` (what every game's table model gives),
:mod:`companion.watch.noah` (Noah's table projection),
:mod:`companion.watch.infer` (the move or moves that explain a change),
:mod:`companion.watch.loop` (stillness gate, voting and inference over frames),
:mod:`companion.watch.video` (scripted synthetic games rendered as frames),
:mod:`companion.watch.camera` (a fast synthetic camera over a mat).
Mats and tags come from :func:`vision.games.game_vision`.
"""
