"""Each game's synthetic table: where the tags of a state's pieces lie on the game's mats.

One module per watched game (:mod:`testkit.scenes.noah`,
:mod:`testkit.scenes.animals_on_board`, :mod:`testkit.scenes.hare_tortoise`,
:mod:`testkit.scenes.niagara`, :mod:`testkit.scenes.ark_nova`) lays the pieces as
players lay them, in the mats' millimetres (:class:`testkit.tags.PlacedTag`), for
:class:`testkit.camera.MatCamera` to photograph.
"""
