"""A progress bar on standard error for the long commands (internal; no dependency).

It draws only where the stream is a terminal (or when told to), redraws at most ten times a
second, and erases itself when closed, so piped or logged output stays clean.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


class Progress:
    """``label [#####.....] done/total unit  elapsed, ETA`` on one line that redraws itself."""

    def __init__(
        self, total: int, label: str, unit: str, *, stream: TextIO | None = None, enabled: bool | None = None
    ) -> None:
        self.total = total
        self.label = label
        self.unit = unit
        self.stream = sys.stderr if stream is None else stream
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.started = time.monotonic()
        self.drawn = 0.0
        self.width = 0

    def __call__(self, done: int, total: int | None = None) -> None:
        """Show that ``done`` of the total are done (redrawn at most ten times a second)."""
        if not self.enabled:
            return
        if total is not None:
            self.total = total
        now = time.monotonic()
        if done < self.total and now - self.drawn < 0.1:
            return
        self.drawn = now
        elapsed = now - self.started
        share = done / self.total if self.total else 1.0
        bar = "#" * int(share * 30)
        eta = f", ETA {_clock(elapsed / done * (self.total - done))}" if 0 < done < self.total else ""
        line = f"{self.label} [{bar:.<30}] {done:,}/{self.total:,} {self.unit}  {_clock(elapsed)}{eta}"
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def close(self) -> None:
        """Erase the bar."""
        if self.enabled and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
