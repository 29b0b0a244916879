"""Test support: synthetic table scenes, a simulated camera over the mats, scripted games.

Not part of the product: ``pip install`` leaves it out, no product package imports it,
and the tests and the benches import it from the checkout. It may import any package of
the product, never the tests.

Modules: :mod:`testkit.synth` (seeded synthetic tables and mat photos with ground
truth), :mod:`testkit.tags` (a tag placed on a mat, spots in a zone),
:mod:`testkit.scenes` (where each game's pieces lie on its mats in a given state),
:mod:`testkit.camera` (a fast simulated camera over a game's mats) and
:mod:`testkit.video` (seeded games played out and filmed as frames).
"""
