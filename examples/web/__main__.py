"""Serve the web table: ``python -m examples.web [--port 8000]``, then open the address printed."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    """Parse the options and serve until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m examples.web", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="the port to listen on (default 8000)")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits before it moves")
    parser.add_argument(
        "--turn-timeout", type=float, default=120.0, help="seconds before a bot moves for a person (0: never)"
    )
    parser.add_argument(
        "--away-timeout",
        type=float,
        default=15.0,
        help="seconds before a bot moves for a person whose connection is gone",
    )
    parser.add_argument(
        "--rate", type=float, default=10.0, help="messages a second one connection may send (default 10)"
    )
    options = parser.parse_args(argv)
    try:
        import uvicorn

        from examples.web.app import make_app
    except ImportError as error:
        print(
            f"the web table needs the web extra ({error.name} is missing): python -m pip install -e '.[web]'",
            file=sys.stderr,
        )
        return 2
    app = make_app(
        bot_delay=options.bot_delay,
        turn_timeout=options.turn_timeout or None,
        away_timeout=options.away_timeout,
        rate=options.rate,
        burst=max(30, int(options.rate * 3)),
    )
    print(f"pitch13 web table: open http://{options.host}:{options.port}/ in a browser (Ctrl-C stops it)")
    sys.stdout.flush()
    uvicorn.run(app, host=options.host, port=options.port, log_level="warning", ws_max_size=65_536)
    return 0


if __name__ == "__main__":
    sys.exit(main())
