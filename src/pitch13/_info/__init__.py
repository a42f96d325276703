"""What a seat knows (internal).

The history as the seat saw it, the knowledge drawn from it, a seat's copy of the game that
follows view deltas, the cache of a hand's views, the reader of view documents, the placement
of unseen cards that sampling draws from, and how a uniform shuffle weights it. It builds on the
state and the engine; the views and sampling are built on it.
"""
