"""Every threshold of the detect stage, in one place, with units and provenance.

The numbers were tuned on the seeded synthetic scenes of :mod:`testkit.synth`
(40 version-1 tags per 1080p frame, 2.0 to 4 pixels per module, blur sigma
0.5 to 1.5 px; ``bench/vision.py`` prints the resulting recall) and checked on
the real phone photos of ``tests/data/qr-photos``. Change one only with
the bench before and after.
"""

from __future__ import annotations

from dataclasses import dataclass

QR_V1_MODULES = 21
"""Modules per side of a QR version-1 symbol (ISO/IEC 18004, 6.3.1): the tag size."""


@dataclass(frozen=True)
class DetectConfig:
    """Thresholds and switches of :func:`vision.detect.detect`.

    Attributes:
        upscale: Factor of the second zxing-cpp pass (dimensionless). zxing-cpp
            needs about 3 px per module of crisp edges; tripling by cubic
            interpolation lifts a blurred 3 px/module tag to 9 (measured on Micro
            QR M2 tags under blur 1.5: 66% read at 3.2 px/module on a 2x copy, 89%
            on a 3x one).
        lens_blur_px: Gaussian sigma (frame pixels) of the lens blur the upscaled pass
            sharpens against: webcams and phones blur by sigma 1 to 2 px; 1.5 is the
            middle (measured with ``bench.micro_qr``'s frames of Micro QR M2 tags:
            at blur 1.0 and 2.0 the same mask reads as well as one matched to it).
        sharpen: Amount of the unsharp mask of the upscaled pass (0: none). A lens
            blur of sigma 1.5 px leaves a 1-module feature of 3 px about half its
            contrast; 2 restores most of it without ringing into false modules.
            Measured on Micro QR M2 tags under blur 1.5, noise 3, JPEG 80 (zxing-cpp
            on a 3x cubic upscale): 41% -> 92% read at 2.9 px a module, 79% -> 100%
            at 3.1; under blur 2.0, 92% at 3.7 px; no false read.
        upscale_max_pixels: Largest frame (in pixels) that gets the upscaled
            pass; larger frames are refined at half size instead. A 4K frame
            of the same table carries twice the module size and blur of a
            1080p one: its 2x copy would cost four times the time budget,
            and halving it brings its tags back to the sizes the refinement
            is tuned for.
        use_pyzbar: Also run ZBar on the whole frame when the system library
            loads. On the bench's frames ZBar alone reads none of the small
            tags and costs ~90 ms CPU per 1080p frame, so by default it only
            sees the refinement's rectified, sharpened crops of symbols the
            grid decoder could not read (+3 points of recall at 2 px/module).
        refine: Run the refinement stage on the regions no decoder read.
        micro: With ``refine``, also fit Micro QR M2 grids to the single finder
            patterns left (:mod:`vision.micro`): the pieces' number tags.
        min_px_per_module: Smallest module size the refinement looks for, in
            image pixels. Below 1.6 px/module a version-1 symbol is 34 px
            and its 1-module features fall under the blur of any webcam
            (DESIGN.md: 2.5 px/module "at the very best").
        max_px_per_module: Largest module size the refinement looks for, in
            image pixels; larger codes are read by the first passes (a 12 px
            module code is a 250 px symbol, trivial for zxing-cpp).
        block_px: Side of the adaptive-threshold window that finds finder
            patterns, in pixels: about 5 modules of a 2 px/module tag, so a
            finder's light ring is judged against its own dark rings and not
            against the white card around it (measured on the synthetic
            scenes: 21 px loses 90% of the finders at 2 px/module, 11 px
            none).
        finder_blocks_px: Adaptive-threshold windows the finder search uses in turn
            (pixels): ``block_px`` for the modules of 1.6 to 4 px the decoders miss on
            a frame, and 3 times that for the far side of a mat plane rectified at its
            near side's scale, whose stretched tags get 5 to 8 px a module and as
            many px of blur: there an 11 px window falls inside a finder's 3-module
            core and the paper around it, where noise alone makes it light (a plane
            stretched less than 1.5 times, and a frame, use ``block_px`` alone).
        threshold_offset: Grey levels (0-255) a pixel must be lighter than
            its window's mean to count as light; 2 keeps the blurred 1-module
            ring of a 2 px/module finder (5 loses 3% of them).
        texture_level: Mean morphological gradient (grey levels, 0-255, at
            half resolution over 4 x 4 cells) above which an area may hold
            a symbol. Measured: QR areas 100-125 at 2 px/module and blur 1,
            wood grain and card faces under 30 (90th percentile 26).
        finder_contrast: Grey levels (0-255) by which a finder candidate's
            centre must be darker than every point of its light ring: 8 is
            well under the ~40 a 2 px/module finder keeps at blur sigma 1,
            and above the sensor noise (sigma 3).
        min_ring_fill: Smallest share (dimensionless) of its bounding box
            that a finder's light ring covers: a thin ring seen at 45
            degrees covers 0.3 of it; solid blobs and thin strokes are
            rejected by the other tests.
        max_aspect: Largest side ratio of a finder's bounding box
            (dimensionless); 1.5 admits a square seen 40 degrees off axis.
        min_pattern_score: Smallest correlation (-1..1) between a fitted
            grid's fixed modules (finder patterns, separators, timing, quiet
            zone) and what a version-1 symbol has there, before its data is
            decoded. Measured on synthetic frames at 2.0 and 3.25 px/module,
            blur 1: tags score 0.84 and above (median 0.98), foreign codes of
            larger versions up to 0.59, other finder triples at most 0.18.
        finder_spacing: Range of distances (in modules, as estimated from
            each finder's ring) at which two finders may belong to one
            symbol; they sit 14 modules apart, and the ring estimate is off
            by up to 25% at 2 px/module (measured: 2.67 px for 3.25 px
            modules under blur 1.5), so 9 to 22.
        max_corner_cos: Largest |cosine| of the angle at the corner finder
            (dimensionless): 0.35 admits 90 +- 20 degrees, what a square
            seen 25 degrees off axis still shows.
        max_arm_ratio: Largest ratio of the two arms from the corner finder
            (dimensionless); 1.33 admits the same tilt.
        min_outline_score: Smallest correlation (-1..1) of a rough outline
            from a finder triple, before any refinement, for it to be
            refined at all. Measured at 2 px/module, blur 1: outlines of
            real tags start at 0.74 and above, triples of unrelated finders
            at 0.25 and below.
        plane_pixels: Most pixels the rectified mats of a frame take together, as a
            multiple of the frame's own (:mod:`vision.plane`): a mat seen from a chair is
            rectified at its near side's scale, which stretches its far side; past this
            budget every mat is rectified a little coarser. 1.6 holds a 45-degree view of
            a table filling the frame (its far side stretched 2.5 times over about half
            of the frame).
        max_candidates: Most symbol outlines refined per frame, most regular
            finder triples first, so a frame full of texture cannot take
            unbounded time (a table holds well under 100 tags).
        min_codebook_margin: Least margin (dimensionless: how many times the best
            fit's residual variance the runner-up's residual exceeds the best's) for a
            mark read against the codebook of number tags
            (:func:`vision.micro.read_marks`). Measured with ``bench.codebook`` (printed
            number tags at 1 to 3 px a module, blur sigma 1 to 2 px): Micro QR M2
            symbols shaped as number tags but in no game's book reach 104, so a piece
            needs half again as much; tags of the book read right reach it from 1.8 px a
            module under blur 1.5. On the table photos of ``bench.table_photos`` (every
            game, 1080p and 4K from 45 and 55 degrees) tags on their marks score 92 and
            above (all but 2 of 103 over 150), grids fitted to art, text and empty mat at
            most 35.
        min_codebook_fit: Least share (0..1) of a mark's grid variance the codeword
            explains. The table photos: tags 0.81 and above, art, text and empty mat at
            most 0.49.
    """

    upscale: float = 3.0
    lens_blur_px: float = 1.5
    sharpen: float = 2.0
    upscale_max_pixels: int = 2_100_000
    use_pyzbar: bool = False
    refine: bool = True
    micro: bool = True
    min_px_per_module: float = 1.6
    max_px_per_module: float = 12.0
    block_px: int = 11
    finder_blocks_px: tuple[int, ...] = (11, 33)
    threshold_offset: float = 2.0
    texture_level: int = 45
    finder_contrast: float = 8.0
    min_ring_fill: float = 0.25
    max_aspect: float = 1.5
    min_pattern_score: float = 0.7
    finder_spacing: tuple[float, float] = (9.0, 22.0)
    max_corner_cos: float = 0.35
    max_arm_ratio: float = 1.33
    min_outline_score: float = 0.45
    max_candidates: int = 80
    plane_pixels: float = 1.6
    min_codebook_margin: float = 150.0
    min_codebook_fit: float = 0.7


DEFAULT = DetectConfig()
"""The configuration the CLI and the bench use."""
