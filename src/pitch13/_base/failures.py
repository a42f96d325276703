"""The exceptions of pitch13 that the lowest modules raise (internal).

Cards, rules, documents and actions raise these, and :mod:`pitch13.errors`, which is their
public home (their module, for the docs and for pickles), imports them from here: so
``errors`` can sit above :mod:`pitch13.actions` and name an action's type without an import
cycle.
"""

from __future__ import annotations

from collections.abc import Callable

from pitch13._base.checks import excerpt

__all__ = ["ActionParseError", "CardParseError", "DocumentError", "Reduced", "RulesError", "remade"]

# Errors pickle (to cross a process boundary) as the arguments they were made from.
Reduced = tuple[Callable[..., BaseException], tuple[object, ...]]


def remade(kind: type[BaseException], args: tuple[object, ...], kwargs: dict[str, object]) -> BaseException:
    """``kind(*args, **kwargs)``: how an error is unpickled."""
    return kind(*args, **kwargs)


class CardParseError(ValueError):
    """Text that is not a card in pitch13's notation (``"AH"``, ``"10S"``, ``"BJ"``)."""


class RulesError(ValueError):
    """An invalid :class:`~pitch13.Rules` value; the message names the option at fault."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        #: The option at fault (``"max_bid"``), when the value of one is; ``None`` for a name
        #: that is no option's, or a rules tag that does not read.
        self.option = option

    def __reduce__(self) -> Reduced:
        return (remade, (type(self), (str(self), self.option), {}))


class ActionParseError(ValueError):
    """Text that is not an action in pitch13's notation.

    ``position`` is the index in the text where reading went wrong.
    """

    def __init__(self, text: str, position: int, why: str) -> None:
        super().__init__(f"cannot read {excerpt(text)} as an action at position {position}: {why}")
        #: The text that was read.
        self.text = text
        #: Where in it reading went wrong (0-based).
        self.position = position
        self._why = why

    def __reduce__(self) -> Reduced:
        return (remade, (type(self), (self.text, self.position, self._why), {}))


class DocumentError(ValueError):
    """A document that pitch13 will not load: malformed, of another format, or inconsistent.

    Raised by every loader (:meth:`GameRecord.from_json <pitch13.GameRecord.from_json>`,
    :meth:`~pitch13.GameRecord.from_text`, :func:`~pitch13.state_from_json`,
    :meth:`SeatView.from_json <pitch13.SeatView.from_json>` and their ``dict`` forms) and by :func:`~pitch13.replay`.
    ``where`` says where in the document the fault is: a path such as
    ``$.hands[2].actions[5]`` in JSON, or ``line 12, column 4`` in text. The original error,
    if there was one (an illegal action, say), is the ``__cause__``.
    """

    def __init__(self, where: str, why: str) -> None:
        super().__init__(f"{where}: {why}" if where else why)
        #: Where the fault is in the document.
        self.where = where
        #: What is wrong there.
        self.why = why

    def __reduce__(self) -> Reduced:
        return (remade, (type(self), (self.where, self.why), {}))


for _kind in (ActionParseError, CardParseError, DocumentError, RulesError, remade):
    _kind.__module__ = "pitch13.errors"
del _kind
remade.__name__ = remade.__qualname__ = "_remade"  # pitch13.errors._remade, as pickles name it
