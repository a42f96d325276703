"""Environments for game-AI frameworks, each in an optional extra.

==========================================  =============================  ==============================
module                                      framework                      install
==========================================  =============================  ==============================
:mod:`pitch13.adapters.openspiel`           OpenSpiel (``pyspiel``)        ``pip install 'pitch13[openspiel]'``
:mod:`pitch13.adapters.pettingzoo`          PettingZoo (AEC)               ``pip install 'pitch13[pettingzoo]'``
:mod:`pitch13.adapters.gymnasium`           Gymnasium (one learning seat)  ``pip install 'pitch13[gymnasium]'``
==========================================  =============================  ==============================

Each builds on :mod:`pitch13.encoding` (the action ids and the observation) and imports its
framework when it is imported: without the extra, importing it raises :class:`ImportError`
naming the command that installs it. Importing :mod:`pitch13` imports none of them.
"""

from __future__ import annotations

__all__: list[str] = []
