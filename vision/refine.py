"""Refinement: read the small, blurred version-1 tags the decoders missed.

zxing-cpp and ZBar lose codes below about 3 px per module because their
binarizers and finder-pattern scanners need crisp 1-module runs. A tag of our
own is a QR version-1 symbol, and a third of its 21 x 21 modules are fixed by
the standard (finder patterns, separators, timing patterns, the dark module)
and it sits in a light quiet zone. The refinement uses that knowledge:

1. **Candidates**: busy regions of the frame that no decoder read are
   searched for finder patterns (a light square ring closed by a dark one,
   its centre darker than the ring); three finders 14 modules apart at a
   right angle give a rough symbol outline.
2. **Grid fit**: for each of the four orientations, a homography from module
   coordinates to the frame is scored by the correlation of the fixed
   modules' grey levels with what the standard puts there; the best is
   refined by coordinate descent on the four corners to a fraction of a
   module (this rectifies perspective at sub-pixel precision). All outlines
   of a frame are fitted in one batch.
3. **Equalize and decode**: every module centre is sampled; a linear model of
   the blur (each sample = the module + its neighbours' spill) is fitted on
   the fixed modules and inverted by decision feedback, which sharpens
   exactly as much as this tag is blurred. The bits are redrawn as a clean,
   upscaled symbol and decoded by zxing-cpp, whose Reed-Solomon correction
   repairs the few modules still wrong.
4. Symbols that fit but do not decode are re-fitted on all their modules
   (the data modules as read so far), decoded again, then tried with ZBar on
   a rectified, sharpened crop; what still fails is reported as unread.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from vision.config import QR_V1_MODULES, DetectConfig
from vision.decoders import Detection, zbar_available, zbar_read, zxing_read
from vision.types import FloatArray, Quad, U8Array

N = QR_V1_MODULES
MICRO_N = 13
"""Modules along a Micro QR M2 symbol's edge (the pieces' number tags)."""
_UNIT_SQUARE = np.array([[0, 0], [N, 0], [N, N], [0, N]], np.float32)
_RENDER_PX = 4  # pixels per module of the redrawn symbol: zxing-cpp reads it exactly
_RENDER_QUIET = 4  # modules of quiet zone around the redrawn symbol (ISO/IEC 18004, 6.3.8)
_FIT_STEPS = 12  # most coordinate-descent steps of the grid fit
_SOLVE_STEPS = 30  # conjugate-gradient steps of the least-squares deconvolution


@dataclass(frozen=True)
class RefineOutcome:
    """What the refinement added.

    Attributes:
        detections: Codes it decoded.
        candidates: Symbol outlines it examined.
        unread: Outlines that fit a version-1 grid but did not decode.
    """

    detections: tuple[Detection, ...]
    candidates: int
    unread: tuple[Quad, ...]


@cache
def _layout(n: int = N) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Fixed modules of a version-1 symbol on a 23 x 23 grid (quiet ring included), or
    of a Micro QR M2 symbol on a 15 x 15 one when ``n`` is :data:`MICRO_N`.

    Returns:
        ``known`` (n + 2, n + 2) bool, ``value`` (n + 2, n + 2) float with 1 for
        light and 0 for dark where known, and ``coords`` (M, 2) of the known
        modules' centres in module units (x, y), ``[0, n]`` being the symbol.
    """
    if n == MICRO_N:
        return _micro_layout()
    g = N + 2
    known = np.zeros((g, g), bool)
    value = np.zeros((g, g), np.float64)
    known[0, :] = known[-1, :] = known[:, 0] = known[:, -1] = True  # quiet zone
    value[0, :] = value[-1, :] = value[:, 0] = value[:, -1] = 1.0
    for r0, c0 in ((0, 0), (0, N - 7), (N - 7, 0)):
        for r in range(-1, 8):
            for c in range(-1, 8):
                rr, cc = r0 + r, c0 + c
                if not (0 <= rr < N and 0 <= cc < N):
                    continue
                ring = max(abs(r - 3), abs(c - 3))
                known[rr + 1, cc + 1] = True
                value[rr + 1, cc + 1] = 1.0 if ring in (2, 4) else 0.0
    for i in range(8, N - 8):  # timing patterns: dark on even indices
        for rr, cc in ((6, i), (i, 6)):
            known[rr + 1, cc + 1] = True
            value[rr + 1, cc + 1] = float(i % 2)
    known[N - 8 + 1, 8 + 1] = True  # the dark module at (4V + 9, 8)
    value[N - 8 + 1, 8 + 1] = 0.0
    rows, cols = np.nonzero(known)
    coords = np.stack([cols - 1 + 0.5, rows - 1 + 0.5], axis=1)
    return known, value, coords


def _micro_layout() -> tuple[FloatArray, FloatArray, FloatArray]:
    """Fixed modules of a Micro QR M2 symbol (ISO/IEC 18004, 6.3.3-6.3.5): the one
    finder pattern at the top-left, its separator along its right and bottom sides,
    the timing patterns along the top row and the left column (dark on even indices),
    and the quiet ring; the format information next to the separator varies."""
    n = MICRO_N
    g = n + 2
    known = np.zeros((g, g), bool)
    value = np.zeros((g, g), np.float64)
    known[0, :] = known[-1, :] = known[:, 0] = known[:, -1] = True
    value[0, :] = value[-1, :] = value[:, 0] = value[:, -1] = 1.0
    for r in range(8):
        for c in range(8):
            ring = max(abs(r - 3), abs(c - 3))
            known[r + 1, c + 1] = True
            value[r + 1, c + 1] = 1.0 if ring in (2, 4) else 0.0
    for i in range(8, n):
        for rr, cc in ((0, i), (i, 0)):
            known[rr + 1, cc + 1] = True
            value[rr + 1, cc + 1] = float(i % 2)
    rows, cols = np.nonzero(known)
    coords = np.stack([cols - 1 + 0.5, rows - 1 + 0.5], axis=1)
    return known, value, coords


def _homographies(quads: FloatArray) -> FloatArray:
    """Homographies (P, 3, 3) from the unit square to each quad (P, 4, 2).

    The closed form of the square-to-quadrilateral map (Heckbert, 1989),
    for a whole batch at once: the grid fit projects hundreds of quads per
    step, and this spares solving an 8 x 8 system for each.
    """
    x, y = quads[..., 0].astype(np.float64), quads[..., 1].astype(np.float64)
    dx1, dx2, dx3 = x[:, 1] - x[:, 2], x[:, 3] - x[:, 2], x[:, 0] - x[:, 1] + x[:, 2] - x[:, 3]
    dy1, dy2, dy3 = y[:, 1] - y[:, 2], y[:, 3] - y[:, 2], y[:, 0] - y[:, 1] + y[:, 2] - y[:, 3]
    det = dx1 * dy2 - dx2 * dy1
    g = (dx3 * dy2 - dx2 * dy3) / det
    h = (dx1 * dy3 - dx3 * dy1) / det
    rows = [
        [x[:, 1] - x[:, 0] + g * x[:, 1], x[:, 3] - x[:, 0] + h * x[:, 3], x[:, 0]],
        [y[:, 1] - y[:, 0] + g * y[:, 1], y[:, 3] - y[:, 0] + h * y[:, 3], y[:, 0]],
        [g, h, np.ones_like(g)],
    ]
    return np.stack([np.stack(r, axis=-1) for r in rows], axis=1)


def _project(quads: FloatArray, coords: FloatArray, n: int = N) -> tuple[FloatArray, FloatArray]:
    """Frame positions of module coordinates (M, 2) through each quad's homography.

    Returns:
        The x and the y positions, each (P, M) float32 (the maps
        :func:`_remap` takes).
    """
    uv1 = np.stack([coords[:, 0] / n, coords[:, 1] / n, np.ones(len(coords))])
    xyw = _homographies(quads) @ uv1  # (P, 3, M)
    return (
        np.asarray(xyw[:, 0] / xyw[:, 2], np.float32),
        np.asarray(xyw[:, 1] / xyw[:, 2], np.float32),
    )


def _remap(img: FloatArray, x: FloatArray, y: FloatArray) -> FloatArray:
    """Bilinear samples of ``img`` at positions ``x``, ``y`` (..., M) float32, same shape."""
    m = x.shape[-1]
    out = cv2.remap(
        img, x.reshape(-1, m), y.reshape(-1, m), cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return np.asarray(out, np.float64).reshape(x.shape)


def _sample(img: FloatArray, quads: FloatArray, coords: FloatArray, n: int = N) -> FloatArray:
    """Bilinear samples of ``img`` at module coordinates through each quad: (P, M)."""
    return _remap(img, *_project(quads, coords, n))


def _trial_shifts(coords: FloatArray, n: int = N) -> FloatArray:
    """How each of the 16 one-coordinate corner moves shifts each module point: (16, M, 2).

    Over a few dozen pixels a corner move shifts the points bilinearly in
    the module coordinates, which spares a homography per trial.
    """
    m = len(coords)
    s, t = coords[:, 0] / n, coords[:, 1] / n
    weights = np.stack([(1 - s) * (1 - t), s * (1 - t), s * t, (1 - s) * t], axis=1)  # (M, 4)
    shifts = np.zeros((16, m, 2), np.float32)
    for i in range(8):
        corner, axis = divmod(i, 2)
        shifts[2 * i, :, axis] = weights[:, corner]
        shifts[2 * i + 1, :, axis] = -weights[:, corner]
    return shifts


def _unit(expected: FloatArray) -> FloatArray:
    """Expected values (..., M) centred and scaled to unit norm, for :func:`_scores`."""
    e = expected - expected.mean(axis=-1, keepdims=True)
    return np.asarray(e / (np.linalg.norm(e, axis=-1, keepdims=True) + 1e-9))


def _scores(samples: FloatArray, unit: FloatArray) -> FloatArray:
    """Pearson correlation of sample rows (..., M) with expected values.

    ``unit`` is the expected values through :func:`_unit`, broadcast against
    ``samples``' leading axes. It sums to zero, so the samples need no
    centring in the product; their spread is taken from their sums.
    """
    m = samples.shape[-1]
    num = np.einsum("...m,...m->...", samples, unit)
    total = samples.sum(axis=-1)
    spread = np.einsum("...m,...m->...", samples, samples) - total * total / m
    return np.asarray(num / (np.sqrt(np.maximum(spread, 0.0)) + 1e-9))


_DELTAS = np.zeros((16, 4, 2))
for _i in range(8):
    _DELTAS[2 * _i, _i // 2, _i % 2] = 1
    _DELTAS[2 * _i + 1, _i // 2, _i % 2] = -1


def fit_grids(
    img: FloatArray, quads: FloatArray, min_start: float = -1.0
) -> tuple[FloatArray, FloatArray]:
    """Fit version-1 module grids to rough symbol outlines, all at once.

    For each outline the best of its four rotations is taken, then its eight
    corner coordinates are refined by coordinate descent, from a quarter of
    a module down to a sixteenth, maximizing the correlation of the fixed
    modules; every coordinate that gains moves in the same step. All
    outlines are refined together, so the cost of a step does not grow with
    their number.

    Args:
        img: Grey image, float32.
        quads: Rough outlines (K, 4, 2), each clockwise on screen, in any rotation.
        min_start: Outlines whose best rotation scores less are returned as
            they are, unrefined.

    Returns:
        The refined corners (K, 4, 2), top-left of the code first, clockwise,
        and the correlation (K,) of the fixed modules with the standard's, -1..1.
    """
    known, value, coords = _layout()
    expected = _unit(value[known])
    k = len(quads)
    rotations = np.stack([np.roll(quads, -r, axis=1) for r in range(4)], axis=1)
    scores = _scores(_sample(img, rotations.reshape(-1, 4, 2), coords), expected).reshape(k, 4)
    pick = np.argmax(scores, axis=1)
    best = rotations[np.arange(k), pick].astype(np.float64)
    score = scores[np.arange(k), pick]
    # outlines that start far from any symbol are not worth refining
    go = score >= min_start
    if go.any():
        best[go], score[go] = _descend(
            img,
            best[go],
            score[go],
            coords,
            expected[None],
            0.25,
        )
    return best, score


def _descend(
    img: FloatArray,
    best: FloatArray,
    score: FloatArray,
    coords: FloatArray,
    expected: FloatArray,
    first_step: float,
    n: int = N,
) -> tuple[FloatArray, FloatArray]:
    """Coordinate descent of quads (K, 4, 2) of ``n``-module symbols on the correlation
    with ``expected``.

    ``expected`` holds the values through :func:`_unit`, one row per quad
    (K, M) or one for all (1, M).

    Steps start at ``first_step`` modules and halve down to a sixteenth. The
    16 one-coordinate moves are tried on bilinearly shifted points; then both
    the move of every gaining coordinate at once and the best single move are
    scored through their exact homographies, and the better is kept if it
    gains.
    """
    k = len(best)
    shifts = _trial_shifts(coords, n)
    shift_x, shift_y = np.ascontiguousarray(shifts[..., 0]), np.ascontiguousarray(shifts[..., 1])
    side = np.mean(np.linalg.norm(best - np.roll(best, 1, axis=1), axis=2), axis=1)
    step = first_step * side / n
    floor = 0.06 * side / n
    active = np.ones(k, bool)
    for _ in range(_FIT_STEPS):
        idx = np.nonzero(active)[0]
        if len(idx) == 0:
            break
        b, st = best[idx], step[idx]
        e = expected if len(expected) == 1 else expected[idx]
        base_x, base_y = _project(b, coords, n)
        st32 = st[:, None, None].astype(np.float32)
        trials = _remap(
            img, base_x[:, None] + shift_x[None] * st32, base_y[:, None] + shift_y[None] * st32
        )
        s = _scores(trials, e[:, None])
        gain = s.reshape(-1, 8, 2) - score[idx, None, None]
        sign = np.where(gain[..., 0] >= gain[..., 1], 1.0, -1.0)
        joint = np.where(gain.max(axis=2) > 0, sign, 0.0).reshape(-1, 4, 2)
        single = _DELTAS[np.argmax(s, axis=1)]
        moves = np.stack([joint, single])  # (2, K, 4, 2): all gaining moves, the best one
        moved = b[None] + moves * st[None, :, None, None]
        # the joint move needs its own score only when it moves and differs from the
        # single one (not moving cannot gain; the same move scores the same)
        both = np.nonzero(joint.any(axis=(1, 2)) & (joint != single).any(axis=(1, 2)))[0]
        exact = np.full((2, len(idx)), -np.inf)
        exact[1] = _scores(_sample(img, moved[1], coords, n), e)
        if len(both):
            e_both = e if len(e) == 1 else e[both]
            exact[0, both] = _scores(_sample(img, moved[0, both], coords, n), e_both)
        pick = np.argmax(exact, axis=0)
        gained = exact[pick, np.arange(len(idx))] > score[idx] + 1e-4
        rows = np.arange(len(idx))[gained]
        best[idx[gained]] = moved[pick[gained], rows]
        score[idx[gained]] = exact[pick[gained], rows]
        step[idx[~gained]] /= 2
        active[idx[~gained & (st / 2 < floor[idx])]] = False
    return best, score


def _neighbours(bits: FloatArray, beyond: float = 1.0) -> tuple[FloatArray, FloatArray]:
    """Sums of each module's 4 side and 4 corner neighbours; ``beyond`` (light) past the grid.

    ``bits`` is one grid (H, W) or a batch (K, H, W).
    """
    p = np.full((*bits.shape[:-2], bits.shape[-2] + 2, bits.shape[-1] + 2), beyond)
    p[..., 1:-1, 1:-1] = bits
    side = p[..., :-2, 1:-1] + p[..., 2:, 1:-1] + p[..., 1:-1, :-2] + p[..., 1:-1, 2:]
    corner = p[..., :-2, :-2] + p[..., :-2, 2:] + p[..., 2:, :-2] + p[..., 2:, 2:]
    return side, corner


@cache
def blur_model(n: int = N) -> tuple[FloatArray, FloatArray]:
    """Where the blur model is fitted, and the pseudo-inverse that fits it.

    The model is ``sample = c_self * x + c_side * (side neighbours) +
    c_corner * (corner neighbours) + c0`` with x = 1 for light; it is fitted
    on fixed modules whose neighbours are all fixed too, so its design
    matrix is the same for every symbol (of ``n`` modules).
    """
    known, value, _ = _layout(n)
    inner = known.copy()
    inner[0, :] = inner[-1, :] = inner[:, 0] = inner[:, -1] = False
    side, corner = _neighbours(np.where(known, value, 0.5))
    known_side, known_corner = _neighbours(known.astype(np.float64))
    full = inner & (known_side == 4) & (known_corner == 4)
    design = np.stack([value[full], side[full], corner[full], np.ones(int(full.sum()))], axis=1)
    return full, np.linalg.pinv(design)


def _feedback(samples: FloatArray, n: int = N) -> list[FloatArray | None]:
    """Module bits (1 = dark) of sampled grids (K, n + 2, n + 2) by the blur model.

    The model is fitted on each grid's fixed modules and inverted by
    decision feedback, all grids at once. This is the first detector of
    :func:`_guesses`.

    Returns:
        The bits (n, n) of each grid, or None where the fitted model
        does not hold (no contrast).
    """
    known, value, _ = _layout(n)
    full, fit = blur_model(n)
    dark = samples[:, known & (value == 0)].mean(axis=1)
    light = samples[:, known & (value == 1)].mean(axis=1)
    mid = ((dark + light) / 2)[:, None, None]
    coef = samples[:, full] @ fit.T  # (K, 4): self, side, corner, constant
    usable = coef[:, 0] > 1e-6
    c_self = np.where(usable, coef[:, 0], 1.0)[:, None, None]
    c_side, c_corner, c0 = (coef[:, i, None, None] for i in (1, 2, 3))
    x = np.where(known, value, (samples > mid).astype(np.float64))
    for _ in range(4):
        side, corner = _neighbours(x)
        est = (samples - c0 - c_side * side - c_corner * corner) / c_self
        x = np.where(known, value, (est > 0.5).astype(np.float64))
    return [1 - b[1:-1, 1:-1] if ok else None for b, ok in zip(x, usable, strict=True)]


def _guesses(samples: FloatArray, first: FloatArray | None, n: int = N) -> Iterator[FloatArray]:
    """Module bits (1 = dark) from the sampled (n + 2)-square grid, by several detectors.

    The first detector inverts the fitted blur model (``first``, from
    :func:`_feedback`; None when the model does not hold); the next ones
    solve it by least squares (:func:`_deconvolved`); the others threshold
    the raw samples between the fixed dark and light levels. Each is tried
    only when asked for: most symbols decode on the first guess.
    """
    if first is not None:
        yield first
    yield from _deconvolved(samples, n)
    known, value, _ = _layout(n)
    dark = samples[known & (value == 0)].mean()
    light = samples[known & (value == 1)].mean()
    mid = (dark + light) / 2
    for shift in (0.0, -0.12, 0.12):
        t = mid + shift * (light - dark)
        yield 1 - np.where(known, value, (samples > t).astype(np.float64))[1:-1, 1:-1]


def _deconvolved(samples: FloatArray, n: int = N) -> Iterator[FloatArray]:
    """Module bits (1 = dark) by solving the fitted blur model for every unknown module at
    once (least squares: every sample is its module plus its neighbours' spill), then
    the same sharpened by decision feedback; nothing when the model does not hold.

    Decision feedback (:func:`_feedback`) decides module by module from its neighbours'
    current decisions, which a blur of more than half a module leads astray; the joint
    solution does not. Measured on ``bench.micro_qr`` frames (Micro QR M2, blur 1.5):
    38% -> 82% of the tags read at 2.5 px a module, 76% -> 97% at 2.65, no false read.
    """
    known, value, _ = _layout(n)
    full, fit = blur_model(n)
    c_self, c_side, c_corner, c0 = samples[full] @ fit.T
    if c_self <= 1e-6:
        return
    free = (~known).astype(np.float64)

    def spill(x: FloatArray) -> FloatArray:  # the model (symmetric), nothing beyond the grid
        near, diagonal = _neighbours(x, 0.0)
        return np.asarray(c_self * x + c_side * near + c_corner * diagonal)

    fixed = np.where(known, value, 0.0)
    near, diagonal = _neighbours(fixed)
    residual = samples - c0 - c_self * fixed - c_side * near - c_corner * diagonal
    # conjugate gradients on the normal equations of the free modules (the model is
    # symmetric): a few dozen steps solve a symbol of a few hundred modules
    # every sample (fixed modules' too) tells of its free neighbours' spill
    x = np.zeros_like(samples)
    r = residual
    grad = free * spill(r)
    step = grad
    gamma = float((grad * grad).sum())
    for _ in range(_SOLVE_STEPS):
        q = spill(step)
        qq = float((q * q).sum())
        if qq <= 1e-12 or gamma <= 1e-12:
            break
        alpha = gamma / qq
        x = x + alpha * step
        r = r - alpha * q
        grad = free * spill(r)
        new = float((grad * grad).sum())
        step = grad + (new / gamma) * step
        gamma = new
    bits = np.where(known, value, (x > 0.5).astype(np.float64))
    yield 1 - bits[1:-1, 1:-1]
    for _ in range(3):
        near, diagonal = _neighbours(bits)
        est = (samples - c0 - c_side * near - c_corner * diagonal) / c_self
        bits = np.where(known, value, (est > 0.5).astype(np.float64))
    yield 1 - bits[1:-1, 1:-1]


def _render(bits: FloatArray) -> U8Array:
    """A clean symbol image from module bits (1 = dark), with its quiet zone."""
    small = ((1 - bits) * 255).astype(np.uint8)
    big = cv2.resize(small, None, fx=_RENDER_PX, fy=_RENDER_PX, interpolation=cv2.INTER_NEAREST)
    pad = _RENDER_QUIET * _RENDER_PX
    return np.asarray(cv2.copyMakeBorder(big, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=255))


@cache
def _centres(n: int = N) -> FloatArray:
    """Module-centre coordinates of the (n + 2)-square grid (symbol and quiet ring), row by
    row."""
    g = n + 2
    grid = np.meshgrid(np.arange(g) - 1 + 0.5, np.arange(g) - 1 + 0.5)
    return np.stack(grid, axis=-1).reshape(-1, 2)


def grid_samples(img: FloatArray, quads: FloatArray, n: int = N) -> FloatArray:
    """Grey level at every module centre of each quad: (K, n + 2, n + 2)."""
    g = n + 2
    return _sample(img, quads, _centres(n), n).reshape(len(quads), g, g)


def decode_samples(samples: FloatArray, first: FloatArray | None, n: int = N) -> Detection | None:
    """Decode a version-1 symbol (or a Micro QR M2 one, ``n`` 13) from its sampled grid
    (quiet ring included).

    Args:
        samples: The grid's samples (n + 2, n + 2).
        first: Its bits by the blur model (:func:`_feedback`, made for all
            grids of a frame at once), or None.
        n: Modules along the symbol's edge.

    Returns:
        The text and error-correction level, with the corners of the redrawn
        symbol (callers put the frame's corners in), or None.
    """
    for bits in _guesses(samples, first, n):
        found = zxing_read(_render(bits), pure=True, stage="refine")
        if found:
            return dataclasses.replace(found[0], version=1) if n == N else found[0]
    return None


def polish_grids(
    img: FloatArray, quads: FloatArray, n: int = N, light: FloatArray | None = None
) -> FloatArray:
    """Re-fit grids on all their modules, the data ones as currently read (or as known).

    The fixed modules leave the corner without a finder pattern loosely
    held; once most data modules are read right, the whole symbol holds it.
    Used on symbols that fitted but did not decode, and on those read against
    the codebook (:func:`vision.micro.read_marks`), whose modules are known.

    Args:
        img: Grey image, float32.
        quads: Fitted corners (K, 4, 2), top-left of the code first.
        n: Modules along the symbols' edge (21, or 13 for Micro QR M2).
        light: Each grid's modules when known, (K, n + 2, n + 2) with 1 for light,
            quiet ring included; else they are read from the image.

    Returns:
        The re-fitted corners.
    """
    samples = grid_samples(img, quads, n)
    if light is None:
        firsts = _feedback(samples, n)
        light = np.stack([_light_bits(s, f, n) for s, f in zip(samples, firsts, strict=True)])
    expected = _unit(light.reshape(len(quads), -1))
    score = _scores(samples.reshape(len(quads), -1), expected)
    best, _ = _descend(img, quads.copy(), score, _centres(n), expected, 0.2, n)
    return best


def _light_bits(samples: FloatArray, first: FloatArray | None, n: int = N) -> FloatArray:
    """The (n + 2)-square grid read as 1 = light, quiet ring and fixed modules included."""
    known, value, _ = _layout(n)
    bits = np.ones_like(samples)
    bits[1:-1, 1:-1] = 1 - next(_guesses(samples, first, n))
    return np.where(known, value, bits)


@dataclass(frozen=True)
class Finder:
    """A candidate finder pattern: its centre and module size, in frame pixels."""

    x: float
    y: float
    module: float


def busy_cells(grey: U8Array) -> U8Array:
    """Mean morphological gradient of the frame over 4 x 4-pixel cells.

    The gradient is taken at half resolution (a 2 px module is still one
    pixel there), then averaged over cells: one cell per 4 x 4 frame pixels.
    Computed once per frame and shared by the upscaled pass and the
    refinement (see :func:`textured_regions`).
    """
    h, w = grey.shape[:2]
    half = cv2.resize(grey, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    grad = cv2.morphologyEx(half, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    return np.asarray(cv2.resize(grad, (w // 4, h // 4), interpolation=cv2.INTER_AREA))


def textured_regions(
    grey: U8Array,
    known: Sequence[Detection],
    config: DetectConfig,
    cells: U8Array | None = None,
) -> list[tuple[int, int, int, int]]:
    """Boxes of the frame busy enough to hold an unread symbol.

    A QR symbol is dense in edges at any size a decoder can hope to read,
    while table tops, card faces and shadows are not. The gradient cells of
    :func:`busy_cells` are thresholded and eroded, and each connected busy
    core becomes a box; areas of symbols already read are blanked first.
    Scanning only these boxes keeps the cost of the later passes in
    proportion to what is left to read.

    Args:
        grey: The frame, 8-bit grey.
        known: Detections already made.
        config: Thresholds.
        cells: The frame's :func:`busy_cells`, when already computed (not
            modified).

    Returns:
        Boxes ``(x0, y0, x1, y1)`` in frame pixels.
    """
    h, w = grey.shape[:2]
    cell = busy_cells(grey) if cells is None else cells.copy()
    for d in known:
        cv2.fillConvexPoly(cell, (np.asarray(d.corners) / 4).astype(np.int32), 0)
    # erosion keeps the solid cores of symbols and drops thin busy lines: card
    # edges, the outlines left around symbols already read, lines of text
    core = cv2.erode((cell >= config.texture_level).astype(np.uint8), np.ones((3, 3), np.uint8))
    _, _, stats, _ = cv2.connectedComponentsWithStats(core, connectivity=8)
    # a symbol of the smallest size spans 21 * 1.6 / 4 cells each way, less the erosion
    min_span = (N * config.min_px_per_module / 4 - 2) * 0.8
    margin = 3
    boxes = []
    for x, y, bw, bh, _ in stats[1:]:
        if min(bw, bh) < min_span:
            continue
        x0, y0 = max(0, (x - margin) * 4), max(0, (y - margin) * 4)
        x1, y1 = min(w, (x + bw + margin) * 4), min(h, (y + bh + margin) * 4)
        boxes.append((int(x0), int(y0), int(x1), int(y1)))
    return boxes


def find_finders(
    grey: U8Array, config: DetectConfig, offset: tuple[int, int] = (0, 0)
) -> list[Finder]:
    """Candidate QR finder patterns: a light square ring inside a dark one.

    In the ink mask (adaptive threshold) a finder's light 1-module ring, with
    its dark 3 x 3 centre when that survives the blur, is a light component
    closed by the dark outer ring: a square of 5 x 5 modules. Every light
    component of that size and shape is then checked on the grey image: its
    centre must be darker than the ring around it, which rejects the holes of
    letters and of random data.

    Args:
        grey: The frame or a box of it, 8-bit grey.
        config: Thresholds.
        offset: Frame position of ``grey``'s top-left pixel.

    Returns:
        The candidates, in frame pixels.
    """
    light = cv2.adaptiveThreshold(
        grey,
        255,
        cv2.ADAPTIVE_THRESH_MEAN_C,
        cv2.THRESH_BINARY,
        config.block_px | 1,
        -config.threshold_offset,
    )
    _, _, stats, centroids = cv2.connectedComponentsWithStats(light, connectivity=4)
    w = stats[:, cv2.CC_STAT_WIDTH].astype(np.float64)
    h = stats[:, cv2.CC_STAT_HEIGHT].astype(np.float64)
    box = np.maximum(w, h)
    # a 5 x 5-module square at any angle spans 5 to 7.1 modules across
    lo, hi = 5 * config.min_px_per_module, 7.1 * config.max_px_per_module
    area = stats[:, cv2.CC_STAT_AREA].astype(np.float64)
    keep = (
        (box >= lo)
        & (box <= hi)
        & (np.maximum(w, h) <= config.max_aspect * np.minimum(w, h))
        & (area >= config.min_ring_fill * w * h)
    )
    keep[0] = False
    idx = np.nonzero(keep)[0]
    if len(idx) == 0:
        return []
    cx, cy = centroids[idx, 0], centroids[idx, 1]
    # the ring's outline is 5 modules square, so its box spans 5 to 7.1 modules
    module = np.sqrt(w[idx] * h[idx]) / 6.0
    angles = np.linspace(0, 2 * np.pi, 8, endpoint=False)
    ring_x = cx[:, None] + 2.2 * module[:, None] * np.cos(angles)
    ring_y = cy[:, None] + 2.2 * module[:, None] * np.sin(angles)
    img = grey.astype(np.float32)
    ring = cv2.remap(img, ring_x.astype(np.float32), ring_y.astype(np.float32), cv2.INTER_LINEAR)
    centre = cv2.remap(
        img, cx[:, None].astype(np.float32), cy[:, None].astype(np.float32), cv2.INTER_LINEAR
    )[:, 0]
    contrast = ring.min(axis=1) - centre
    good = contrast > config.finder_contrast
    return [
        Finder(float(x) + offset[0], float(y) + offset[1], float(m))
        for x, y, m in zip(cx[good], cy[good], module[good], strict=True)
    ]


def group_finders(finders: list[Finder], config: DetectConfig) -> list[FloatArray]:
    """Symbol outlines from finder triples placed as in a version-1 symbol.

    Three finders make a version-1 symbol when two of them sit 14 modules
    from the third at a right angle. The outline follows from the affine map
    of the three centres; :func:`fit_grid` then corrects for perspective.

    Args:
        finders: Candidate finder patterns.
        config: The grouping tolerances.

    Returns:
        Quads (4, 2), top-left of the code first, clockwise on screen, the
        most regular triples first.
    """
    if len(finders) < 3:
        return []
    xy = np.array([(f.x, f.y) for f in finders])
    mod = np.array([f.module for f in finders])
    lo, hi = config.finder_spacing
    dist = np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1])
    # pairs (corner finder i, arm finder j), by i then j; every two arms of one
    # corner make a triple
    pi, pj = np.nonzero((dist > lo * mod[:, None]) & (dist < hi * mod[:, None]))
    end = np.searchsorted(pi, pi, side="right")  # one past the last pair of pi's corner
    partners = end - np.arange(len(pi)) - 1
    first = np.repeat(np.arange(len(pi)), partners)
    starts = np.cumsum(partners) - partners
    second = first + 1 + np.arange(len(first)) - np.repeat(starts, partners)
    corner, jj, kk = pi[first], pj[first], pj[second]
    a, b = xy[jj] - xy[corner], xy[kk] - xy[corner]
    la, lb = dist[corner, jj], dist[corner, kk]
    cos = (a * b).sum(axis=1) / (la * lb)
    ratio = la / lb
    ok = (
        (np.abs(cos) <= config.max_corner_cos)
        & (ratio > 1 / config.max_arm_ratio)
        & (ratio < config.max_arm_ratio)
    )
    if not ok.any():
        return []
    a, b, cos, ratio, corner = a[ok], b[ok], cos[ok], ratio[ok], corner[ok]
    clockwise = (a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0] > 0)[:, None]
    ex = np.where(clockwise, a, b) / 14  # one module along the code's x
    ey = np.where(clockwise, b, a) / 14  # and along its y
    o = xy[corner] - 3.5 * ex - 3.5 * ey
    quads = np.stack([o, o + N * ex, o + N * (ex + ey), o + N * ey], axis=1)
    costs = np.abs(cos) + np.abs(1 - ratio)
    outlines = quads[np.argsort(costs, kind="stable")]
    centres = outlines.mean(axis=1)
    sides = np.linalg.norm(outlines[:, 1] - outlines[:, 0], axis=1)
    free = np.ones(len(outlines), bool)
    kept: list[FloatArray] = []
    for i in range(len(outlines)):  # one outline per place: the most regular triple
        if not free[i]:
            continue
        kept.append(outlines[i])
        free &= np.hypot(*(centres - centres[i]).T) > 0.3 * sides[i]
    return kept


def unread_finders(
    grey: U8Array, known: Sequence[Detection], config: DetectConfig, cells: U8Array | None = None
) -> list[Finder]:
    """Finder patterns in the busy regions of ``grey``, away from every symbol in ``known``."""
    finders: list[Finder] = []
    h, w = grey.shape[:2]
    for bx0, by0, bx1, by1 in textured_regions(grey, known, config, cells):
        # a finder of large modules is flat inside (its 3-module core, its paper): the
        # busy core around it may stop short of it, so the box grows by half its size
        pad = max(bx1 - bx0, by1 - by0) // 2
        x0, y0 = max(0, bx0 - pad), max(0, by0 - pad)
        x1, y1 = min(w, bx1 + pad), min(h, by1 + pad)
        for block in config.finder_blocks_px:
            wide = dataclasses.replace(config, block_px=block)
            for f in find_finders(grey[y0:y1, x0:x1], wide, (x0, y0)):
                if all(math.hypot(f.x - g.x, f.y - g.y) > 2 * g.module for g in finders):
                    finders.append(f)
    if known and finders:
        centres = np.array([d.center for d in known])
        sides = np.array([d.side for d in known])
        xy = np.array([(f.x, f.y) for f in finders])
        dist = np.hypot(xy[:, None, 0] - centres[None, :, 0], xy[:, None, 1] - centres[None, :, 1])
        near = (dist < 0.75 * sides).any(axis=1)
        finders = [f for f, n in zip(finders, near, strict=True) if not n]
    return finders


def refine(
    grey: U8Array, known: list[Detection], config: DetectConfig, cells: U8Array | None = None
) -> RefineOutcome:
    """Find and decode the version-1 symbols the decoders missed.

    Args:
        grey: The frame, 8-bit grey.
        known: What the earlier passes read.
        config: Thresholds.
        cells: The frame's :func:`busy_cells`, when the upscaled pass has
            already computed them.

    Returns:
        The new detections, the number of candidates, and the unread symbols.
    """
    finders = unread_finders(grey, known, config, cells)
    candidates = group_finders(finders, config)[: config.max_candidates]
    img = grey.astype(np.float32)
    found: list[Detection] = []
    unread: list[Quad] = []
    if not candidates:
        return RefineOutcome((), 0, ())
    fitted, scores = fit_grids(img, np.stack(candidates), config.min_outline_score)
    unread_at: list[Detection] = []
    failed: list[FloatArray] = []
    order = [int(i) for i in np.argsort(-scores) if scores[i] >= config.min_pattern_score]
    grids: FloatArray = grid_samples(img, fitted[order]) if order else np.zeros((0, N + 2, N + 2))
    for i, grid, first in zip(order, grids, _feedback(grids), strict=True):
        quad = fitted[i]
        cx, cy = quad.mean(axis=0)
        if _near(cx, cy, found + unread_at, 0.5):
            continue
        read = decode_samples(grid, first)
        if read is None:
            failed.append(quad)
            unread_at.append(Detection(text="", corners=_as_quad(quad), stage="refine"))
        else:
            found.append(dataclasses.replace(read, corners=_as_quad(quad)))
    if failed:
        polished = polish_grids(img, np.stack(failed))
        grids = grid_samples(img, polished)
        for quad, grid, first in zip(polished, grids, _feedback(grids), strict=True):
            read = decode_samples(grid, first)
            if read is None and zbar_available():
                text = _zbar_crop(grey, quad)
                if text is not None:
                    read = Detection(text=text, corners=_as_quad(quad), stage="refine", version=1)
            if read is None:
                unread.append(_as_quad(quad))
            else:
                found.append(dataclasses.replace(read, corners=_as_quad(quad)))
    return RefineOutcome(tuple(found), len(candidates), tuple(unread))


def _as_quad(quad: FloatArray) -> Quad:
    return tuple((float(x), float(y)) for x, y in quad)  # type: ignore[return-value]


def _near(x: float, y: float, detections: list[Detection], sides: float) -> bool:
    """True when (x, y) lies within ``sides`` times a detection's side of its centre."""
    if not detections:
        return False
    centres = np.array([d.center for d in detections])
    limit = sides * np.array([d.side for d in detections])
    return bool(np.any(np.hypot(centres[:, 0] - x, centres[:, 1] - y) < limit))


def _zbar_crop(grey: U8Array, quad: FloatArray) -> str | None:
    """Last try: ZBar on the symbol rectified to 6 px per module and sharpened."""
    px = 6
    size = (N + 2 * _RENDER_QUIET) * px
    dst = (_UNIT_SQUARE + _RENDER_QUIET) * px
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst.astype(np.float32))
    crop = cv2.warpPerspective(grey, m, (size, size), flags=cv2.INTER_CUBIC, borderValue=255)
    blurred = cv2.GaussianBlur(crop, (0, 0), px / 2)
    sharp = cv2.addWeighted(crop, 2.0, blurred, -1.0, 0)
    found = zbar_read(sharp)
    return found[0].text if found else None
