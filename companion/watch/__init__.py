"""Watch the table: project engine states onto the mats, infer moves from readings, follow a camera.

Modules: :mod:`companion.watch.model` (what every game's table model gives),
:mod:`companion.watch.noah`, :mod:`companion.watch.animals_on_board`,
:mod:`companion.watch.hare_tortoise`, :mod:`companion.watch.niagara` and
:mod:`companion.watch.ark_nova` (each game's table projection, its
``CompanionGame.table_model`` in ``companion.registry``),
:mod:`companion.watch.infer` (the move or moves that explain a change),
:mod:`companion.watch.loop` (stillness gate, voting and inference over frames),
:mod:`companion.watch.photo` (each game's scorer of a photo of the end).
Mats and tags come from :func:`vision.games.game_vision`.
"""
