"""Protocol behaviour through the real server (marker `session`: needs the implemented Session).

Select them with -m session (or leave them out with -m "not session").
Concrete numbers are only asserted where docs/PROTOCOL.md determines them (`animate`): easeInOut is
cubic-bezier(0.42, 0, 0.58, 1), symmetric about its midpoint, so at half the duration the progress is exactly 0.5.
Everything else is measured relative to the scene's own starting frames.
"""
import pytest

from conftest import Client, run

pytestmark = pytest.mark.session


def apply_frames(state, messages):
    """Folds the `frames` messages into {view: {field: value}}; returns the frames messages seen."""
    frames = [m for m in messages if m["type"] == "frames"]
    for message in frames:
        for view, fields in message["views"].items():
            state.setdefault(view, {}).update(fields)
    return frames


def y_of(state, view):
    return state[view]["frame"][1]


async def load(client, name):
    """Loads a built-in scene; returns (scene, state) after checking frames precede the scene answer."""
    messages = await client.request({"type": "load", "name": name})
    answer = messages[-1]
    assert answer["type"] == "scene", answer
    assert answer["scene"]["name"] == name
    state = {}
    frames = apply_frames(state, messages[:-1])
    assert frames, "load sends a complete frames before its scene"
    return answer["scene"], state


def find_constraint(scene, predicate):
    matches = [c for c in scene["constraints"] if predicate(c)]
    assert matches, f"no matching constraint in {scene['name']}"
    return matches[0]


def picker_top(scene):
    """The date picker's top constraint (`pickerTop` of the built-in scene), a plain `==` with multiplier 1."""
    return find_constraint(scene, lambda c: c["first"].endswith(".top") and c["relation"] == "=="
                           and c["multiplier"] == 1 and c.get("active", True)
                           and (c["id"] == "pickerTop" or c["first"].lower().startswith("picker")))


async def manual_clock(client):
    answer = (await client.request({"type": "clock", "mode": "manual", "fps": 60}))[-1]
    assert answer["type"] == "ok", answer


async def animate_constant(client, constraint_id, constant, layout=True, duration=0.25):
    ops = [{"type": "set", "constraint": constraint_id, "constant": constant}]
    if layout:
        ops.append({"type": "layoutIfNeeded", "view": "root"})
    messages = await client.request({"type": "animate", "duration": duration, "curve": "easeInOut", "ops": ops})
    assert messages[-1]["type"] == "ok", messages[-1]
    return messages


async def date_picker(server, manual):
    """A connected client with date-picker loaded (on the manual clock when `manual`); returns the
    client, the merged frame state, the picker's top constraint, the picker's id and its starting y."""
    client = await Client.connect(server)
    await client.hello()
    scene, state = await load(client, "date-picker")
    if manual:
        await manual_clock(client)
    top = picker_top(scene)
    picker = top["first"].rsplit(".", 1)[0]
    return client, state, top, picker, y_of(state, picker)


def test_hello_lists_the_built_in_scenes_and_limits(server):
    async def body():
        client = await Client.connect(server)
        hello = await client.hello()
        assert {"date-picker", "search-bar", "keyboard"} <= set(hello["scenes"])
        assert hello["limits"]["maxMessageBytes"] == 1024 * 1024
        await client.close()
    run(body())


def test_unknown_type_is_an_error_naming_the_request(server):
    async def body():
        client = await Client.connect(server)
        await client.hello()
        messages = await client.request({"type": "no-such-type"})
        assert messages[-1]["type"] == "error"
        assert messages[-1]["code"] == "unknown-type"
        await client.close()
    run(body())


def test_load_date_picker_sends_complete_frames_then_the_scene(server):
    async def body():
        client = await Client.connect(server)
        await client.hello()
        scene, state = await load(client, "date-picker")
        for view in scene["views"]:
            assert len(state[view["id"]]["frame"]) == 4, view["id"]
        await client.close()
    run(body())


def test_date_picker_animation_on_the_manual_clock(server):
    async def body():
        client, state, top, picker, y0 = await date_picker(server, manual=True)
        animate = await animate_constant(client, top["id"], top["constant"] - 200)
        animate_id = animate[-1]["re"]
        apply_frames(state, animate)
        assert y_of(state, picker) == pytest.approx(y0), "presentation starts where it was"

        half = await client.request({"type": "advance", "seconds": 0.125})
        assert half[-1]["type"] == "ok"
        frames = apply_frames(state, half)
        assert frames and frames[-1]["final"] is False
        assert y_of(state, picker) == pytest.approx(y0 - 100, abs=1e-6)

        end = await client.request({"type": "advance", "seconds": 0.125})
        frames = apply_frames(state, end)
        assert frames[-1]["final"] is True
        assert y_of(state, picker) == pytest.approx(y0 - 200, abs=1e-6)
        ends = [m for m in end if m["type"] == "animationEnd"]
        assert ends == [{"type": "animationEnd", "re": animate_id, "finished": True}]
        await client.close()
    run(body())


def test_constant_set_without_layout_in_the_block_jumps(server):
    """The classic bug: no layoutIfNeeded inside the block, so the change lands at the end of the turn."""
    async def body():
        client, state, top, picker, y0 = await date_picker(server, manual=True)
        messages = await animate_constant(client, top["id"], top["constant"] - 200, layout=False)
        apply_frames(state, messages)
        assert y_of(state, picker) == pytest.approx(y0 - 200, abs=1e-6)
        await client.close()
    run(body())


def test_search_bar_nav_view_halfway_is_minus_31(server):
    """Nav view top constant 0 -> -62 in 0.25 s easeInOut: at t = 0.125 the view is 31 pt up."""
    async def body():
        client = await Client.connect(server)
        await client.hello()
        scene, state = await load(client, "search-bar")
        await manual_clock(client)
        top = find_constraint(scene, lambda c: c["first"].endswith(".top") and "nav" in c["first"].lower()
                              and c["constant"] == 0 and c["multiplier"] == 1 and c["relation"] == "==")
        nav = top["first"].rsplit(".", 1)[0]
        y0 = y_of(state, nav)
        if top.get("second") == "root.top":
            assert y0 == 0
        await animate_constant(client, top["id"], -62)
        apply_frames(state, await client.request({"type": "advance", "seconds": 0.125}))
        assert y_of(state, nav) == pytest.approx(y0 - 31, abs=1e-6)
        apply_frames(state, await client.request({"type": "advance", "seconds": 0.125}))
        assert y_of(state, nav) == pytest.approx(y0 - 62, abs=1e-6)
        await client.close()
    run(body())


def test_realtime_animation_streams_frames_then_one_final(server):
    """On the realtime clock the server ticks the animation at about 60 Hz and stops when it ends."""
    async def body():
        client, state, top, picker, y0 = await date_picker(server, manual=False)
        animate = await animate_constant(client, top["id"], top["constant"] - 200, duration=0.25)
        animate_id = animate[-1]["re"]
        frames = [m for m in animate if m["type"] == "frames"]
        while True:
            message = await client.receive(timeout=2.0)
            if message["type"] == "frames":
                frames.append(message)
            if message["type"] == "animationEnd":
                assert message == {"type": "animationEnd", "re": animate_id, "finished": True}
                break
        assert frames[-1]["final"] is True
        assert sum(1 for f in frames if f["final"]) == 1
        times = [f["time"] for f in frames]
        seqs = [f["seq"] for f in frames]
        assert times == sorted(times) and seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
        assert 5 <= len(frames) <= 30          # 0.25 s at 60 Hz is 15 ticks
        apply_frames(state, frames)
        assert y_of(state, picker) == pytest.approx(y0 - 200, abs=1e-6)
        await client.close()
    run(body())
