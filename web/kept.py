"""What a worker keeps of the pages it drew: a bounded map, least recently used out.

Shared by the page parts drawn once for several phones (:mod:`web.fragments`)
and the history's lines said once per step (:mod:`web.present`); safe to
share between a worker's threads.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Kept(Generic[K, V]):
    """At most ``size`` values by key; past it the least recently used goes."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._lock = threading.Lock()
        self._kept: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)

    def __len__(self) -> int:
        with self._lock:
            return len(self._kept)
