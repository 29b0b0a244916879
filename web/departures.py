"""The phones that left their live stream, noticed at once by one thread per worker.

A live stream holds a thread while it waits for the table to move on; when its
phone goes away (a page reloads, or sends a form and closes its stream) the
thread should be free again soon. Rather than every waiting stream waking
twice a second to look at its connection (on a worker of a hundred streams,
two hundred wake-ups a second of an otherwise idle server, each a context
switch and a turn on the interpreter lock: docs/server.md, "Measured"),
:class:`Departures` watches the connections of the waiting streams with one
``epoll`` (Linux): when a phone closes its end, the kernel says so, and the
streams waiting on that table are woken to look which one left. Where there is
no ``epoll``, or for a stream without a socket (the test client), the stream
looks by itself as before (``web.live.GONE_CHECK_SECONDS``).
"""

from __future__ import annotations

import select
import socket
import threading
from collections.abc import Callable
from contextlib import suppress

from companion.sessions import StoreClosed

WATCH_POLL_SECONDS = 1.0
"""How often the watching thread looks whether the app was closed."""


class Departures:
    """The connections of the waiting streams of one worker, and the table each waits on."""

    def __init__(self, wake: Callable[[str], None]) -> None:
        """``wake(table_id)`` wakes the streams waiting on that table (the table store's)."""
        self._wake = wake
        self._epoll = select.epoll() if hasattr(select, "epoll") else None
        self._tables: dict[int, str] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False

    def watch(self, connection: socket.socket | None, table_id: str) -> bool:
        """Watch ``connection`` until :meth:`forget` (again, after it told of a departure that
        was another phone's); False when it cannot be watched (the stream looks by itself)."""
        if self._epoll is None or connection is None:
            return False
        fd = connection.fileno()
        with self._lock:
            if self._closed or fd < 0:
                return False
            if fd not in self._tables:
                # One report per arming: a phone that left is told of once.
                self._epoll.register(fd, select.EPOLLRDHUP | select.EPOLLONESHOT)
                self._tables[fd] = table_id
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="live-departures", daemon=True
                )
                self._thread.start()
        return True

    def forget(self, connection: socket.socket | None) -> None:
        """Stop watching ``connection`` (its stream ends; the server may use it again)."""
        if self._epoll is None or connection is None:
            return
        fd = connection.fileno()
        with self._lock, suppress(OSError):  # a closed socket has left the epoll by itself
            if self._tables.pop(fd, None) is not None and not self._closed:
                self._epoll.unregister(fd)

    def close(self) -> None:
        """Stop the watching thread (the app is stopping)."""
        with self._lock:
            self._closed = True
            thread = self._thread
        if thread is not None:
            thread.join(2 * WATCH_POLL_SECONDS)
        if self._epoll is not None:
            self._epoll.close()

    def _run(self) -> None:
        assert self._epoll is not None
        while not self._closed:
            reported = self._epoll.poll(WATCH_POLL_SECONDS)
            left = set()
            with self._lock:
                for fd, _ in reported:
                    # Disarmed by EPOLLONESHOT: watched again if its stream goes on waiting.
                    table_id = self._tables.pop(fd, None)
                    if table_id is not None:
                        with suppress(OSError):
                            self._epoll.unregister(fd)
                        left.add(table_id)
            try:
                for table_id in left:
                    self._wake(table_id)
            except StoreClosed:
                return  # the app is stopping: no stream waits any more
