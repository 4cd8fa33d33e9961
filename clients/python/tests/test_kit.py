"""The client kit against the real server. Expected frames come from the search-bar scene's constraints
by hand: the nav view is pinned to the root's top (navTop, constant 0), full width 375 and 62 tall
(navHeight), so its frame is [0, 0, 375, 62]; navTop's constant −10 moves it to y = −10."""
import asyncio

import pytest

from layout_playground import (FrameMismatch, Playground, PlaygroundError, Rect, SyncPlayground, ViewState,
                               assert_rect)
from layout_playground.frames import Frames


def test_fixture_session_moves_a_view(playground):
    answer = playground.load("search-bar")
    assert answer.type == "scene"
    playground.assert_frame("navView", [0, 0, 375, 62])
    moved = playground.set(constraint="navTop", constant=-10)
    assert moved.type == "ok"
    assert moved.frames[-1].rect("navView") == Rect(0, -10, 375, 62)
    playground.assert_frame("navView", [0, -10, 375, 62])


def test_failure_message_names_expected_actual_and_constraints(playground):
    playground.load("search-bar")
    with pytest.raises(FrameMismatch) as failure:
        playground.assert_frame("navView", [0, 5, 375, 62], tolerance=0.5)
    text = str(failure.value)
    assert text.startswith("navView: expected [0, 5, 375, 62], got [0, 0, 375, 62] (y off by -5; tolerance 0.5)")
    assert "navTop" in text.split("constraints:")[1]


def test_errors_raise_with_their_code(playground):
    playground.load("search-bar")
    with pytest.raises(PlaygroundError) as error:
        playground.set(constraint="navTop", constant=1, priorty=750)
    assert error.value.code == "unknown-field"
    assert error.value.answer["suggestion"] == "priority"


def test_animation_on_the_manual_clock(playground):
    """navTop animated from 0 to −62 over 1 s, linear: at 0.25 s the nav view is a quarter of the way,
    y = −15.5; at 1 s it is at −62 and the frames are final. As in UIKit, the block animates only what
    its own `layoutIfNeeded` lays out."""
    playground.load("search-bar")
    playground.clock("manual")
    playground.animate([{"type": "set", "constraint": "navTop", "constant": -62}, {"type": "layoutIfNeeded"}],
                       duration=1, curve="linear")
    quarter = playground.advance(0.25)
    assert not quarter.frames[-1].final
    playground.assert_frame("navView", [0, -15.5, 375, 62])
    end = playground.advance(0.75)
    assert end.frames[-1].final
    assert end.frames[-1].time - quarter.frames[-1].time == pytest.approx(0.75, abs=1e-6)
    assert [event["type"] for event in end.events] == ["animationEnd"]
    playground.assert_frame("navView", [0, -62, 375, 62])


def test_lenient_connection_ignores_unknown_fields(playground_url):
    client = SyncPlayground.connect(playground_url, lenient=True)
    try:
        assert client.hello["strict"] is False
        client.load("search-bar")
        assert client.set(constraint="navTop", constant=-10, priorty=750).type == "ok"
        client.assert_frame("navView", [0, -10, 375, 62])
    finally:
        client.close()


def test_asyncio_client(playground_url):
    async def run():
        playground = await Playground.connect(playground_url)
        try:
            await playground.load("search-bar")
            scene = await playground.scene()
            assert scene["name"] == "search-bar"
            assert "navTop" in await playground.constraints_of("navView")
        finally:
            await playground.close()
    asyncio.run(run())


def test_frames_values():
    frames = Frames.of({"type": "frames", "seq": 3, "time": 0.5, "final": False,
                        "views": {"cover": {"alpha": 0.2}, "box": {"frame": [1, 2, 3, 4], "transform": [2, 0, 0, 2, 0, 0]}}})
    assert frames.seq == 3 and frames.rect("cover") is None and frames["cover"].alpha == 0.2
    assert frames["box"].transform == (2.0, 0.0, 0.0, 2.0, 0.0, 0.0)
    state = ViewState().merged({"frame": [0, 0, 10, 10]}).merged({"alpha": 0.5})
    assert state.rect == Rect(0, 0, 10, 10) and state.alpha == 0.5


def test_assert_rect_tolerance():
    assert_rect([0, 0, 10, 10.0000004], [0, 0, 10, 10])          # within 1e-6
    with pytest.raises(FrameMismatch, match=r"box: expected \[0, 0, 10, 10\], got nothing \(never sent\)"):
        assert_rect(None, [0, 0, 10, 10], view="box")
    with pytest.raises(FrameMismatch, match=r"width off by \+1, height off by -2"):
        assert_rect([0, 0, 11, 8], [0, 0, 10, 10])


def test_plugin_reports_a_failing_frame_readably(pytester):
    pytester.makepyfile("""
        def test_wrong(playground):
            playground.load("search-bar")
            playground.assert_frame("navView", [0, 1, 375, 62])
    """)
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*navView: expected [[]0, 1, 375, 62[]], got [[]0, 0, 375, 62[]] (y off by -1*constraints: *navTop*"])
