"""systemLayoutSizeFitting, scrollable content size ambiguity and the keyboard-avoiding form through
the real server (marker `session`).

Text is measured with Inter 4.0 (Tests/text/inter_advances.py): unitsPerEm 2816, no line gap, a line
(ascender 2728 − descender −680) 3408 units; "Hello" is 6740 units and a space 792. At 17 pt a unit is
17/2816 pt and the system font's tracking (Apple's table, −26/1000 em) takes 0.442 pt off every
character: "Hello Hello" is 14272 units = 86.159 − 11 × 0.442 = 81.297 pt, "Hello Hello Hello" 21804
units = 131.629 − 17 × 0.442 = 124.115 pt, a line 20.574 pt; sizes round up to the 2x screen's half
points.
"""
import pytest

from conftest import Client, run
from scroll_scenes import AMBIGUOUS_CONTENT_WIDTH

pytestmark = pytest.mark.session

CELL = {
    "name": "cell",
    "root": {"size": [375, 667], "scale": 2},
    "views": [
        {"id": "cell"},
        {"id": "body", "parent": "cell", "kind": "label", "text": "Hello Hello Hello",
         "font": {"size": 17}, "numberOfLines": 0},
    ],
    "constraints": [
        {"first": "cell.leading", "second": "root.leading"},
        {"first": "cell.trailing", "second": "root.trailing"},
        {"first": "cell.top", "second": "root.top", "constant": 100},
        {"first": "body.leading", "second": "cell.leading", "constant": 16},
        {"first": "body.trailing", "second": "cell.trailing", "constant": -16},
        {"first": "body.top", "second": "cell.top", "constant": 12},
        {"first": "body.bottom", "second": "cell.bottom", "constant": -12},
    ],
}


def test_cell_fitting_size_at_a_target_width(server):
    async def body():
        client = await Client.connect(server)
        await client.hello()
        assert (await client.request({"type": "load", "scene": CELL}))[-1]["type"] == "scene"

        async def fit(**fields):
            answer = (await client.request({"type": "systemLayoutSizeFitting", "view": "cell", **fields}))[-1]
            assert answer["type"] == "fittingSize", answer
            assert answer["view"] == "cell"
            return answer["size"]

        # Width 132, the label 132 − 32 = 100: "Hello Hello" (81.297) fits, the third word does not.
        # Two lines: 2 × 20.574 = 41.148 → 41.5; the cell is 12 + 41.5 + 12 = 65.5.
        assert await fit(targetSize=[132, 0], horizontalFittingPriority=1000, verticalFittingPriority=50) == [132, 65.5]
        # Width 100, the label 68 < 81.297: three lines, 61.722 → 62; the cell 86.
        assert await fit(targetSize=[100, 0], horizontalFittingPriority=1000, verticalFittingPriority=50) == [100, 86]
        # Compressed: the label's 124.115 → 124.5 resists; 156.5 wide, one 21 pt line: 45 tall.
        assert await fit(targetSize="compressed") == [156.5, 45]
        error = (await client.request({"type": "systemLayoutSizeFitting", "view": "cell", "targetSize": "big"}))[-1]
        assert error["type"] == "error" and error["code"] == "invalid-field", error
        await client.close()

    run(body())


def test_ambiguous_scrollable_content_size(server):
    async def body():
        client = await Client.connect(server)
        await client.hello()
        await client.request({"type": "load", "scene": AMBIGUOUS_CONTENT_WIDTH})
        answer = (await client.request({"type": "ambiguity"}))[-1]
        assert answer["scrollableContentSize"] == {"scroller": {
            "axes": ["horizontal"],
            "message": 'Scrollable content size is ambiguous for "scroller": content width not determined '
                       "by the constraints on scroller.content"}}
        await client.request({"type": "add", "constraint": {"first": "content.width", "second": "scroller.frame.width"}})
        assert (await client.request({"type": "ambiguity"}))[-1]["scrollableContentSize"] == {}
        await client.close()

    run(body())


def test_keyboard_form_scrolls_the_edited_field_above_the_keyboard(server):
    async def body():
        client = await Client.connect(server)
        hello = await client.hello()
        assert "keyboard-form" in hello["scenes"]
        await client.request({"type": "clock", "mode": "manual"})
        state = {}

        def fold(messages):
            for message in messages:
                if message["type"] == "frames":
                    for view, fields in message["views"].items():
                        state.setdefault(view, {}).update(fields)

        fold(await client.request({"type": "load", "name": "keyboard-form"}))
        # iPhone X: the form fills 375 × 812 at offset −44; postcode (row 6) is at 49 + 6 × 83 = 547, 34 tall.
        assert state["form"]["frame"] == [0, 0, 375, 812]
        assert state["form"]["bounds"] == [0, -44, 375, 812]
        assert state["postcodeField"]["frame"] == [20, 547, 335, 34]
        fold(await client.request({"type": "action", "name": "edit-postcode"}))
        fold(await client.request({"type": "advance", "seconds": 0.25}))
        # The inset bottom is 291 − 34 = 257, the visible content ends 812 − 291 = 521 below the offset:
        # the field's bottom 581 meets it at offset 581 − 521 = 60.
        assert state["form"]["bounds"] == [0, 60, 375, 812]
        scene = (await client.request({"type": "scene"}))[-1]["scene"]
        form = next(view for view in scene["views"] if view["id"] == "form")
        assert form["scroll"]["contentInset"] == [0, 0, 257, 0]
        assert form["scroll"]["scrollIndicatorInsets"] == [0, 0, 257, 0]
        assert form["scroll"]["adjustedContentInset"] == [44, 0, 291, 0]
        await client.close()

    run(body())
