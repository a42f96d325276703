"""The error every loader of documents raises: :class:`DocumentError`.

Game records, state documents and seat views, in JSON or text, are read with the same care
(their size, nesting, numbers, keys, then each field's type and value); whatever is wrong comes
out as a :class:`DocumentError` that says what and where. It is also importable from
:mod:`pitch13` and :mod:`pitch13.errors`.
"""

from __future__ import annotations

from pitch13._base.failures import DocumentError

__all__ = ["DocumentError"]
