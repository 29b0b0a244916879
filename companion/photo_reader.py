"""Photos are read in a process of their own, each within a CPU cap and a time cap.

A photo's reading (decode within the pixel budget, vision, scoring) runs in a
child process (:class:`PhotoReader`, one per server worker, started on the
first photo from a fork server that has vision imported already). Two caps,
both answered ``photo.too_slow``:

- ``cpu`` seconds of CPU (every thread of the child, user and system): the
  kernel's profiling timer (``ITIMER_PROF``) is armed for each reading and
  its signal ends the child wherever it is, inside OpenCV too;
- ``cap`` seconds of waiting (a machine so busy that the CPU never comes):
  past it the worker kills the child.

A child that dies otherwise (a crash inside a decoder) costs the upload, never
the worker: the next photo gets a new child.
"""

from __future__ import annotations

import importlib
import multiprocessing
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import cv2

from companion.photos import BadPhoto

T = TypeVar("T")

PRELOADED = ["companion.photo_score", "companion.scanning"]
"""What the fork server imports once, so each reading child starts warm."""


STARTUP_SECONDS = 60.0
"""How long the reading process may take to start (vision imported), outside any cap."""

READING_THREADS = 1
"""OpenCV's threads in the reading child. Each thread of its marker search holds its own
thresholded copy of the photo and its contours (a 12 MP photo of noise: about 90 MB per
thread), and the cap counts the CPU of every thread alike: one thread reads a photo for
the same CPU in half the memory (``bench.photo_cpu``)."""


def _set_up(setup: str | None) -> None:
    """Set the reading child up as it starts: its OpenCV threads, the tags' codebook, and
    ``module:function`` if given (a game registered there)."""
    from vision.games import warm

    cv2.setNumThreads(READING_THREADS)
    warm()
    if setup is not None:
        module, _, function = setup.partition(":")
        getattr(importlib.import_module(module), function)()


def _ready() -> bool:
    """Nothing: the reading process answers once it is up."""
    return True


def _within(cpu: float, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``work(*args, **kwargs)`` in the reading child, ended by SIGPROF past ``cpu`` seconds."""
    signal.signal(signal.SIGPROF, signal.SIG_DFL)  # the default action ends the process
    signal.setitimer(signal.ITIMER_PROF, cpu)
    try:
        return work(*args, **kwargs)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)


class PhotoReader:
    """Runs photo readings in a child process, each within ``cpu`` s of CPU and ``cap`` s."""

    def __init__(self, cap: float, cpu: float = 2.0, setup: str | None = None) -> None:
        """``setup`` names a ``module:function`` the child runs first: the fork server's
        child imports the product afresh, so a game the server registered at run time
        (not on import) is registered there by it."""
        self.cap = cap
        self.cpu = cpu
        self.setup = setup
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None

    def _started(self) -> ProcessPoolExecutor:
        """The reading process, started (and warm) before any photo's cap runs."""
        with self._lock:
            if self._pool is None:
                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(PRELOADED)
                pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=context, initializer=_set_up, initargs=(self.setup,)
                )
                try:
                    pool.submit(_ready).result(timeout=STARTUP_SECONDS)
                except (FutureTimeout, BrokenProcessPool) as exc:
                    pool.shutdown(wait=False, cancel_futures=True)
                    raise BadPhoto(
                        "photo.busy", "the photo reader is starting; send it again in a moment", 503
                    ) from exc
                self._pool = pool
            return self._pool

    def read(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``work(*args, **kwargs)`` in the reading child; its answer, or its ``BadPhoto``.

        Raises:
            BadPhoto: what ``work`` refused with, ``photo.too_slow`` (503) past either cap,
                ``photo.failed`` (422) when the child died otherwise.
        """
        pool = self._started()
        children = list(getattr(pool, "_processes", {}).values())
        future = pool.submit(_within, self.cpu, work, *args, **kwargs)
        try:
            return future.result(timeout=self.cap)
        except FutureTimeout as exc:
            self._stop(kill=True)
            raise _too_slow(f"took longer than {self.cap:.0f} seconds") from exc
        except BrokenProcessPool as exc:
            self._stop(kill=True)
            for child in children:
                child.join(1.0)
            if any(child.exitcode == -signal.SIGPROF for child in children):
                raise _too_slow(f"needed more than {self.cpu:.0f} seconds of the server") from exc
            raise BadPhoto(
                "photo.failed", "this photo could not be read; take it again as a JPEG", 422
            ) from exc

    def _stop(self, *, kill: bool) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is None:
            return
        if kill:
            for process in list(getattr(pool, "_processes", {}).values()):
                process.kill()
        pool.shutdown(wait=not kill, cancel_futures=True)

    def close(self) -> None:
        """Stop the reading child (the server is stopping)."""
        self._stop(kill=True)


def _too_slow(how: str) -> BadPhoto:
    return BadPhoto(
        "photo.too_slow",
        f"reading this photo {how} and was stopped; take it again closer, with less "
        "around the mats",
        503,
    )
