"""All or nothing through the real server: a refused edit (an unknown field or a failing op after good
ones) leaves the scene document and the frames exactly as before and sends nothing but its `error`
(docs/PROTOCOL.md, "All or nothing")."""
import pytest

from conftest import Client, run

pytestmark = pytest.mark.session

REFUSED = [
    ({"type": "set", "constraint": "navTop", "constant": -62, "priorty": 750}, "unknown-field"),
    ({"type": "batch", "ops": [{"type": "set", "constraint": "navTop", "constant": -62},
                               {"type": "set", "constraint": "navHeight", "constant": 80},
                               {"type": "remove", "view": "nobody"}]}, "unknown-view"),
    ({"type": "batch", "ops": [{"type": "add", "view": {"id": "badge"}},
                               {"type": "set", "constraint": "navTop", "constant": 1, "animate": True}]}, "unknown-field"),
    ({"type": "animate", "duration": 0.25, "ops": [{"type": "set", "constraint": "navTop", "constant": -62},
                                                   {"type": "set", "view": "navView", "alpha": 2}]}, "invalid-value"),
    ({"type": "add", "view": {"id": "badge", "parent": "navView", "alpah": 1}}, "unknown-field"),
    ({"type": "action", "name": "focus", "extra": 1}, "unknown-field"),
]


@pytest.mark.parametrize("message, code", REFUSED, ids=[code + "-" + m["type"] for m, code in REFUSED])
def test_a_refused_edit_changes_nothing(server, message, code):
    async def body():
        client = await Client.connect(server)
        await client.hello()
        await client.request({"type": "clock", "mode": "manual"})
        await client.request({"type": "load", "name": "search-bar"})
        before = {**(await client.request({"type": "scene"}))[-1], "re": None}
        refused = await client.request(message)
        assert [(m["type"], m.get("code")) for m in refused] == [("error", code)], refused
        # Nothing moved: the document is the same (history counts included) and the next edit's frames
        # start from the loaded frames: navTop −31 moves navView from y 0 to y −31 and nothing else.
        after = {**(await client.request({"type": "scene"}))[-1], "re": None}
        assert after == before
        moved = await client.request({"type": "set", "constraint": "navTop", "constant": -31})
        frames = [m["views"] for m in moved if m["type"] == "frames"]
        # By hand: navView at y −31; searchBar under it at −31 + 62 = 31; tableView and cover from the
        # search bar's bottom, 31 + 44 = 75, to the root's bottom, 667 − 75 = 592 high.
        assert frames == [{
            "navView": {"frame": [0, -31, 375, 62]}, "searchBar": {"frame": [0, 31, 375, 44]},
            "tableView": {"frame": [0, 75, 375, 592], "bounds": [0, 0, 375, 592]},
            "cover": {"frame": [0, 75, 375, 592], "bounds": [0, 0, 375, 592]},
        }], frames
        await client.close()
    run(body())
