"""Assertions on frames with a tolerance, whose failures say what was expected, what came and which
constraints hold the view."""
from __future__ import annotations

from typing import Iterable, Sequence

from .frames import Rect

DEFAULT_TOLERANCE = 1e-6  # frames are rounded to 1e-6 pt (docs/PROTOCOL.md, "Conventions")


class FrameMismatch(AssertionError):
    """A rectangle (or a value) differs from the expected one by more than the tolerance."""


def _describe(rect: Sequence[float] | None) -> str:
    if rect is None:
        return "nothing (never sent)"
    return "[" + ", ".join(f"{value:g}" for value in rect) + "]"


def assert_rect(actual: Sequence[float] | None, expected: Sequence[float], *, tolerance: float = DEFAULT_TOLERANCE,
                view: str = "view", constraints: Iterable[str] = ()) -> None:
    """Raises `FrameMismatch` unless every component of `actual` is within `tolerance` points of `expected`.

    The message names the view, the expected and actual rectangles, the components that differ and
    the `constraints` given (the ids that involve the view), e.g.
    `navView: expected [0, 0, 375, 62], got [0, -10, 375, 62] (y off by -10) — constraints: navTop, navHeight`.
    """
    wanted = Rect.of(expected)
    involved = list(constraints)
    suffix = f" — constraints: {', '.join(involved)}" if involved else ""
    if actual is None:
        raise FrameMismatch(f"{view}: expected {_describe(wanted)}, got {_describe(None)}{suffix}")
    got = Rect.of(actual)
    differences = [f"{name} off by {g - w:+g}" for name, g, w in zip(Rect._fields, got, wanted)
                   if abs(g - w) > tolerance]
    if differences:
        raise FrameMismatch(f"{view}: expected {_describe(wanted)}, got {_describe(got)} "
                            f"({', '.join(differences)}; tolerance {tolerance:g}){suffix}")


def assert_close(actual: float | None, expected: float, *, tolerance: float = DEFAULT_TOLERANCE,
                 what: str = "value") -> None:
    """Raises `FrameMismatch` unless `actual` is within `tolerance` of `expected`."""
    if actual is None or abs(actual - expected) > tolerance:
        raise FrameMismatch(f"{what}: expected {expected:g}, got {actual!r} (tolerance {tolerance:g})")
