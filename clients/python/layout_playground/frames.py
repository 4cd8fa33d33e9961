"""Frames as values: what one `frames` message says, and a view's merged presentation state.

Units are points; rectangles are `[x, y, width, height]` in the superview's space, transforms
`[a, b, c, d, tx, ty]` (CGAffineTransform), as docs/PROTOCOL.md ("Conventions") defines them.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple


class Rect(NamedTuple):
    """A rectangle in points: origin and size."""
    x: float
    y: float
    width: float
    height: float

    @classmethod
    def of(cls, value: Any) -> "Rect":
        """A `Rect` from a 4-sequence of numbers (a `frame` or `bounds` field); raises `ValueError` otherwise."""
        items = list(value)
        if len(items) != 4:
            raise ValueError(f"a rectangle has 4 numbers, not {items!r}")
        return cls(*(float(item) for item in items))


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class ViewState:
    """One view's presentation values as merged from every `frames` so far (None: never sent)."""
    rect: Rect | None = None
    bounds: Rect | None = None
    alpha: float = 1.0
    transform: tuple[float, ...] = IDENTITY
    hidden: bool = False

    def merged(self, fields: dict[str, Any]) -> "ViewState":
        """This state with the fields of one `frames` entry applied (only changed fields are sent)."""
        state = self
        if "frame" in fields:
            state = replace(state, rect=Rect.of(fields["frame"]))
        if "bounds" in fields:
            state = replace(state, bounds=Rect.of(fields["bounds"]))
        if "alpha" in fields:
            state = replace(state, alpha=float(fields["alpha"]))
        if "transform" in fields:
            state = replace(state, transform=tuple(float(v) for v in fields["transform"]))
        if "hidden" in fields:
            state = replace(state, hidden=bool(fields["hidden"]))
        return state


@dataclass(frozen=True)
class Frames:
    """One `frames` message: `seq` (from 1), the session's `time` in seconds, `final` (no animation
    running) and, per view, only what changed (`views`), as sent."""
    seq: int
    time: float
    final: bool
    views: dict[str, ViewState]
    raw: dict[str, Any] = field(repr=False, default_factory=dict)

    @classmethod
    def of(cls, message: dict[str, Any]) -> "Frames":
        views = {name: ViewState().merged(fields) for name, fields in message.get("views", {}).items()}
        return cls(int(message.get("seq", 0)), float(message.get("time", 0.0)), bool(message.get("final", True)),
                   views, message)

    def __getitem__(self, view: str) -> ViewState:
        return self.views[view]

    def rect(self, view: str) -> Rect | None:
        """The view's `frame` in this message, or None when it did not change here."""
        state = self.views.get(view)
        return state.rect if state else None
