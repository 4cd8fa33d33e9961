"""Animation timing under the manual clock: time moves only by `advance`, so every frame is at a
known instant and the test needs no sleeps.

The toast starts below the 375 × 667 screen (toastTop: toast.top == root.top + 667) and slides up
to 20 pt above the bottom edge: constant 667 − 60 − 20 = 587, a move of −80 pt.
"""
import pytest

TOAST = {
    "name": "toast",
    "views": [{"id": "toast"}],
    "constraints": [
        {"id": "toastTop", "equation": "toast.top == root.top + 667"},
        {"id": "toastLeading", "equation": "toast.leading == root.leading + 16"},
        {"id": "toastWidth", "equation": "toast.width == 343"},
        {"id": "toastHeight", "equation": "toast.height == 60"},
    ],
}
SLIDE_UP = [{"type": "set", "constraint": "toastTop", "constant": 587}, {"type": "layoutIfNeeded"}]


@pytest.fixture
def toast(playground):
    playground.load(scene=TOAST)
    playground.clock("manual")
    playground.assert_frame("toast", [16, 667, 343, 60])
    return playground


def test_delay_then_linear_progress(toast):
    """duration 0.4 s after a 0.1 s delay, linear: nothing moves until 0.1 s; at 0.3 s it is
    (0.3 − 0.1) / 0.4 = half way, y = 667 − 80 / 2 = 627; at 0.5 s it is at 587 and done."""
    start = toast.animate(SLIDE_UP, duration=0.4, delay=0.1, curve="linear")
    assert start.type == "ok"
    toast.advance(0.1)
    toast.assert_frame("toast", [16, 667, 343, 60])
    half = toast.advance(0.2)
    assert half.frames[-1].final is False
    toast.assert_frame("toast", [16, 627, 343, 60])
    end = toast.advance(0.2)
    assert end.frames[-1].final is True
    assert [event["type"] for event in end.events] == ["animationEnd"]
    assert end.events[0]["re"] == start["re"] and end.events[0]["finished"] is True
    toast.assert_frame("toast", [16, 587, 343, 60])


def test_ease_in_out_midpoint_and_alpha(toast):
    """easeInOut is cubic-bezier(0.42, 0, 0.58, 1), symmetric about (0.5, 0.5), so at half the
    duration the progress is exactly 0.5: y = 667 − 40 = 627 and alpha 1 → 0 is at 0.5."""
    toast.animate(SLIDE_UP + [{"type": "set", "view": "toast", "alpha": 0}], duration=1)
    toast.advance(0.5)
    toast.assert_frame("toast", [16, 627, 343, 60])
    toast.assert_alpha("toast", 0.5)
    end = toast.advance(0.5)
    assert end.frames[-1].final is True
    toast.assert_frame("toast", [16, 587, 343, 60])
    toast.assert_alpha("toast", 0)


def test_set_without_layout_if_needed_jumps(toast):
    """UIKit: a constant set inside the block without `layoutIfNeeded` is laid out by the turn's own
    pass, outside the block, so it does not animate: the toast is at 587 before any time passes."""
    toast.animate([{"type": "set", "constraint": "toastTop", "constant": 587}], duration=1)
    toast.assert_frame("toast", [16, 587, 343, 60])
