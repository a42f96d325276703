"""Draw how often each bid is made, from the hand lines of ``pitch13 simulate``, as an SVG file.

Usage::

    pitch13 simulate --games 20000 --workers 2 --seed 1 --out hands.jsonl
    python scripts/bid_chart.py hands.jsonl docs/_static/bids.svg

For every winning bid (hands played; thrown-in hands have none) one bar shows the share of those
hands the bidding team made, with the number of hands above it; a last bar shows the hands where
the dealer was forced to bid (R-BID-2). The SVG is written by hand (no plotting library) and is
the same, byte for byte, for the same lines.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from html import escape

from pitch13.documents import DocumentError
from pitch13.simulate import HandLine

WIDTH, HEIGHT = 640, 360
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 72, 56
BAR, FORCED, GRID, TEXT = "#3b6ea5", "#c0504d", "#d9d9d9", "#333333"


def tally(lines: Iterable[HandLine]) -> tuple[dict[int, list[int]], list[int], int]:
    """For each bid ``[hands, made]``, the same for forced dealers, and the number of games."""
    bids: dict[int, list[int]] = {}
    forced = [0, 0]
    games = set()
    for line in lines:
        games.add(line.game)
        hand = line.hand
        if hand.bid is None or hand.made is None:
            continue
        row = bids.setdefault(hand.bid, [0, 0])
        row[0] += 1
        row[1] += hand.made
        if hand.forced_dealer:
            forced[0] += 1
            forced[1] += hand.made
    return dict(sorted(bids.items())), forced, len(games)


def chart(bids: dict[int, list[int]], forced: list[int], games: int, title: str) -> str:
    """The SVG text of the chart."""
    bars = [(str(bid), n, made, BAR) for bid, (n, made) in bids.items()]
    if forced[0]:
        bars.append(("forced", forced[0], forced[1], FORCED))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / max(1, len(bars))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{WIDTH / 2:.0f}" y="20" text-anchor="middle" font-size="14" fill="{TEXT}">'
        f"{escape(title)}</text>",
        f'<text x="{WIDTH / 2:.0f}" y="36" text-anchor="middle" fill="{TEXT}">'
        f"share of hands made by the bidding team, by winning bid ({games:,} games)</text>",
    ]
    for percent in range(0, 101, 25):
        y = TOP + plot_h * (1 - percent / 100)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="{GRID}"/>')
        out.append(f'<text x="{LEFT - 8}" y="{y + 4:.1f}" text-anchor="end" fill="{TEXT}">{percent}%</text>')
    for i, (label, n, made, colour) in enumerate(bars):
        share = made / n
        x = LEFT + slot * i + slot * 0.15
        w = slot * 0.7
        h = plot_h * share
        y = TOP + plot_h - h
        centre = x + w / 2
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{colour}"/>')
        out.append(
            f'<text x="{centre:.1f}" y="{y - 14:.1f}" text-anchor="middle" fill="{TEXT}">{100 * share:.0f}%</text>'
        )
        out.append(
            f'<text x="{centre:.1f}" y="{y - 2:.1f}" text-anchor="middle" font-size="10" fill="{TEXT}">'
            f"of {n:,}</text>"
        )
        out.append(
            f'<text x="{centre:.1f}" y="{TOP + plot_h + 18}" text-anchor="middle" fill="{TEXT}">{label}</text>'
        )
    out.append(
        f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{WIDTH - RIGHT}" y2="{TOP + plot_h}" stroke="{TEXT}"/>'
    )
    out.append(
        f'<text x="{LEFT + plot_w / 2:.0f}" y="{HEIGHT - 12}" text-anchor="middle" fill="{TEXT}">'
        "winning bid (forced: the dealer had to bid)</text>"
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def read(path: str) -> Iterable[HandLine]:
    """The hand lines of the file at ``path`` (``-``: standard input)."""
    stream = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115 - closed below
    try:
        for number, text in enumerate(stream, 1):
            if text.strip():
                try:
                    yield HandLine.from_json(text)
                except DocumentError as error:
                    raise SystemExit(f"bid_chart: {path}, line {number}: {error}") from None
    finally:
        if stream is not sys.stdin:
            stream.close()


def main(argv: Sequence[str] | None = None) -> int:
    """Read the lines, write the chart; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lines", metavar="HANDS.JSONL", help="the hand lines (- for standard input)")
    parser.add_argument("svg", metavar="OUT.SVG", help="the chart to write")
    parser.add_argument("--title", default="How often each bid is made", help="the chart's title")
    args = parser.parse_args(argv)
    bids, forced, games = tally(read(args.lines))
    if not bids:
        print(f"bid_chart: {args.lines} holds no hand played", file=sys.stderr)
        return 1
    with open(args.svg, "w", encoding="utf-8", newline="\n") as file:
        file.write(chart(bids, forced, games, args.title))
    return 0


if __name__ == "__main__":
    sys.exit(main())
