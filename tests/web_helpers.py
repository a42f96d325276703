"""Run the web table's app on a real uvicorn server in a thread, for the web tests."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator

#: The settings of a server for the tests: bots at once, no turn limit, no rate limits, and
#: reviews on a tiny budget (two deals a decision, the fewest that can mark one; no time limit,
#: so that a review is the same on every machine).
FAST = {
    "bot_delay": 0.0,
    "turn_timeout": None,
    "away_timeout": 30.0,
    "rate": 1e6,
    "burst": 10**6,
    "uploads_a_minute": 1e6,
    "review_samples": 2,
    "review_time": None,
    "reviews_a_minute": 1e6,
}


#: Headless Chromium's switches for the browser tests: nothing it would fetch for itself.
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class RunningServer:
    """The app served on ``http://127.0.0.1:{port}``; ``server`` is its tables' keeper."""

    def __init__(self, app, port):
        self.port = port
        self.server = app.state.server

    @property
    def http(self):
        """The server's HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self):
        """The server's websocket address."""
        return f"ws://127.0.0.1:{self.port}"


def free_port():
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def running_server(**settings) -> Iterator[RunningServer]:
    """Serve ``make_app(**settings)`` until the block ends."""
    import uvicorn  # the web extra's, which only the web tests need

    from examples.web.app import make_app

    app = make_app(**settings)
    port = free_port()
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=65_536, lifespan="on"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the web table's server did not start")
        time.sleep(0.01)
    try:
        yield RunningServer(app, port)
    finally:
        server.should_exit = True
        thread.join(timeout=20)
