"""A web table for 13-point partner pitch: people and bots play one game in their browsers.

Start it with ``python -m examples.web`` (after ``python -m pip install -e '.[web]'``) and open
the address it prints. :mod:`examples.web.table` holds a table's game and what each seat is
sent; :mod:`examples.web.app` is the ASGI app (Starlette) that carries it over HTTP and
websockets; :mod:`examples.web.review` runs the replay page's reviews of games in a process of
their own.
"""
