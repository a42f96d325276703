"""Serve the web table: ``python -m examples.web [--port 8000] [--db FILE]``, then open the address printed.

The address is printed once the server answers there. When it cannot listen (the port is in
use, say), or cannot use its database, it says so in one line on standard error and exits with
status 1. The tables are kept in the SQLite database ``--db`` (default ``pitch13-web.sqlite3``
in the current folder): a server started again on it carries on every unfinished game.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import signal
import socket
import sys
from types import FrameType
from typing import Final

PROG = "python -m examples.web"
#: The database the tables are kept in, unless ``--db`` names another.
DEFAULT_DB = "pitch13-web.sqlite3"


def port_number(text: str) -> int:
    """An argument type: a TCP port, from 0 (any free port) to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 0 to 65535, not {port}")
    return port


def positive_int(text: str) -> int:
    """An argument type: a whole number, 1 or more."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {number}")
    return number


def seconds(text: str) -> float:
    """An argument type: a number of seconds, 0 or more."""
    try:
        number = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= number < float("inf"):
        raise argparse.ArgumentTypeError(f"a number of seconds is 0 or more, not {text}")
    return number


def rate(text: str) -> float:
    """An argument type: a number of messages a second, more than 0."""
    try:
        number = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < number < float("inf"):
        raise argparse.ArgumentTypeError(f"a rate is more than 0, not {text}")
    return number


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` (an IPv4 address or a name of one, or an IPv6 address) and ``port``.

    Raises:
        OSError: if it cannot listen there; :func:`cannot_listen` says why in a line.
    """
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        if sys.platform != "win32":  # a port just freed may be taken again at once (not a busy one)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen()
    except BaseException:
        sock.close()
        raise
    return sock


def host_port(host: str, port: int) -> str:
    """``host:port``, with an IPv6 address in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def cannot_listen(host: str, port: int, error: OSError) -> str:
    """The line that says why the server cannot listen on ``host`` and ``port``, and what to do."""
    where = f"{PROG}: cannot listen on {host_port(host, port)}"
    if isinstance(error, socket.gaierror):
        return f"{where}: {error.strerror or error}; choose another address with --host"
    if error.errno == errno.EADDRINUSE:
        other = port + 1 if 0 < port < 65535 else 8001
        return f"{where}: the port is in use; choose another with --port, e.g. --port {other}"
    if error.errno == errno.EACCES:
        return f"{where}: permission denied; choose a port above 1023 with --port"
    if error.errno == errno.EADDRNOTAVAIL:
        return f"{where}: this machine has no such address; choose another with --host"
    return f"{where}: {error.strerror or error}"


#: The names of this machine's loopback addresses, which a browser may use for a server there.
LOOPBACK_NAMES: Final = ("127.0.0.1", "localhost", "::1")


def allowed_hosts(listen_host: str, named: list[str] | None) -> tuple[str, ...] | None:
    """The host names the server answers to (``None``: any).

    Those ``named`` (``--allowed-host``); else, for a server that listens on a loopback address,
    the machine's names for it; else any.
    """
    if named:
        return tuple(named)
    if listen_host in LOOPBACK_NAMES:
        return LOOPBACK_NAMES
    return None


def stop_on_sigterm(signum: int, frame: FrameType | None) -> None:
    """SIGTERM's handler: end the process as a normal exit, with status 0.

    uvicorn shuts the server down on SIGTERM, then raises the signal again. Ended by the
    signal's default action, the process would skip its exit handlers, and so leave the review
    worker's named semaphores behind (the resource tracker warns of them).
    """
    raise SystemExit(0)


def main(argv: list[str] | None = None) -> int:
    """Parse the options and serve until interrupted; return the exit status."""
    from examples.web.review import REVIEW_SAMPLES, REVIEW_TIME

    parser = argparse.ArgumentParser(prog=PROG, description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument(
        "--allowed-host",
        action="append",
        metavar="NAME",
        help="a host name the server answers to (repeat for more; default: 127.0.0.1, localhost and"
        " ::1 when it listens on a loopback address, else any)",
    )
    parser.add_argument(
        "--port",
        type=port_number,
        default=8000,
        help="the port to listen on (default 8000; 0: any free port)",
    )
    parser.add_argument("--bot-delay", type=seconds, default=0.6, help="seconds a bot waits before it moves")
    parser.add_argument(
        "--turn-timeout",
        type=seconds,
        default=120.0,
        help="seconds before a bot moves for a person (0: never)",
    )
    parser.add_argument(
        "--away-timeout",
        type=seconds,
        default=15.0,
        help="seconds before a bot moves for a person whose connection is gone",
    )
    parser.add_argument(
        "--rate", type=rate, default=10.0, help="messages a second one connection may send (default 10)"
    )
    parser.add_argument(
        "--db",
        default=DEFAULT_DB,
        help=f"the SQLite file the tables are kept in (default {DEFAULT_DB}; :memory: keeps none)",
    )
    parser.add_argument(
        "--review-samples",
        type=positive_int,
        default=REVIEW_SAMPLES,
        metavar="N",
        help="the deals drawn for each decision when the replay page reviews a game"
        f" (default {REVIEW_SAMPLES}, the library's)",
    )
    parser.add_argument(
        "--review-time",
        type=seconds,
        default=REVIEW_TIME,
        metavar="SECONDS",
        help=f"the CPU seconds each decision of a review may take (default {REVIEW_TIME:g}, the library's;"
        " 0: no limit but the samples)",
    )
    options = parser.parse_args(argv)
    try:
        import uvicorn

        from examples.web.app import make_app
        from examples.web.store import StoreError
    except ImportError as error:
        print(
            f"the web table needs the web extra ({error.name} is missing): python -m pip install -e '.[web]'",
            file=sys.stderr,
        )
        return 2
    try:
        sock = listen(options.host, options.port)
    except OSError as error:
        print(cannot_listen(options.host, options.port, error), file=sys.stderr)
        return 1
    try:
        app = make_app(
            bot_delay=options.bot_delay,
            turn_timeout=options.turn_timeout or None,
            away_timeout=options.away_timeout,
            rate=options.rate,
            burst=max(30, int(options.rate * 3)),
            db=options.db,
            allowed_hosts=allowed_hosts(options.host, options.allowed_host),
            review_samples=options.review_samples,
            review_time=options.review_time or None,
        )
    except StoreError as error:
        sock.close()
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    port: int = sock.getsockname()[1]  # the port chosen, for --port 0
    ready = f"pitch13 web table: open http://{host_port(options.host, port)}/ in a browser (Ctrl-C stops it)"

    class Server(uvicorn.Server):
        """uvicorn's server, which prints where to open the table once it serves."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if self.started:
                print(ready, flush=True)

    config = uvicorn.Config(app, host=options.host, port=port, log_level="warning", ws_max_size=65_536)
    # Ctrl-C or SIGTERM: uvicorn shuts down, then raises it again.
    signal.signal(signal.SIGTERM, stop_on_sigterm)
    with sock, contextlib.suppress(KeyboardInterrupt):
        Server(config).run(sockets=[sock])
    return 0


if __name__ == "__main__":
    sys.exit(main())
