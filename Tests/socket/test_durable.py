"""Sessions that outlive the server process (the journal under `--state`), hand-over of a shared
session's controls, and what followers see of structural edits, through the real server.

Edits run under the manual clock wherever the assertion is about values, so what is restored is fixed
by the messages; the one real-time test bounds its expectation by the wall-clock times it measured.
"""
import signal
import tempfile
import time

import pytest

from conftest import TIMEOUT, Client, Server, run
from test_sharing import BAR_SCENE, follower_of, shared_owner

pytestmark = pytest.mark.session


def move_top(duration, to=300):
    """An animation of the bar's top constraint to `to` over `duration` seconds, linear."""
    return {"type": "animate", "duration": duration, "curve": "linear",
            "ops": [{"type": "set", "constraint": "top", "constant": to}, {"type": "layoutIfNeeded", "view": "root"}]}


@pytest.fixture
def across_sigkill(public_args):
    """Runs `before(server)` on a server journaling in a fresh folder, kills it with SIGKILL (no shutdown,
    no flush: only what the journal committed survives), starts another on the same folder and runs
    `after(server, what before returned)` on it, which must then exit 0 on SIGTERM."""
    def across(before, after):
        with tempfile.TemporaryDirectory(prefix="layout-playground-state-") as folder:
            first = Server([*public_args[0], "--state", folder])
            try:
                result = run(before(first))
            finally:
                first.process.send_signal(signal.SIGKILL)
                first.process.wait(TIMEOUT)
            second = Server([*public_args[0], "--state", folder])
            try:
                run(after(second, result))
            finally:
                assert second.stop() == 0, second.log_text()
    return across


async def rejoined(server, token):
    """A new connection to `server` that sent `rejoin` with `token`: the client and what it received."""
    client = await Client.connect(server)
    await client.hello()
    return client, await client.request({"type": "rejoin", "token": token})


def test_every_acknowledged_edit_survives_sigkill_and_restart(across_sigkill):
    async def before(server):
        owner = await Client.connect(server)
        hello = await owner.hello()
        await owner.request({"type": "clock", "mode": "manual"})
        await owner.request({"type": "load", "scene": BAR_SCENE})
        await owner.request({"type": "add", "view": {"id": "badge", "parent": "root"}})
        await owner.request({"type": "add", "constraint": {"id": "badgeTop", "first": "badge.top",
                                                           "second": "bar.bottom", "constant": 8}})
        # 200 edits sent without waiting, each setting `top` to its index; the server is killed while
        # their answers arrive. Every `ok` received before the kill must be in the restored session.
        for index in range(1, 201):
            await owner.send({"type": "set", "constraint": "top", "constant": index, "id": index})
        acknowledged = 0
        while acknowledged < 60:
            reply = await owner.receive()
            if reply.get("type") == "ok":
                assert reply["re"] == acknowledged + 1, reply   # answers come in order
                acknowledged = reply["re"]
        return hello, acknowledged

    async def after(server, result):
        hello, acknowledged = result
        client, back = await rejoined(server, hello["resumeToken"])
        assert [m["type"] for m in back] == ["frames", "rejoined"], back
        assert back[1]["session"] == hello["session"] and back[1]["resumeToken"] == hello["resumeToken"]
        assert back[1]["shared"] is None and back[1]["followers"] == 0
        constraints = {c.get("id"): c for c in back[1]["scene"]["constraints"]}
        # The acknowledged edits set top to 1 … acknowledged; later ones may have been journaled too.
        top = constraints["top"]["constant"]
        assert acknowledged <= top <= 200, (acknowledged, top)
        assert constraints["badgeTop"]["constant"] == 8
        assert any(view["id"] == "badge" for view in back[1]["scene"]["views"])
        # The frames agree: bar at y = top, badge 40 + 8 below it.
        assert back[0]["views"]["bar"]["frame"] == [0, top, 200, 40]
        assert back[0]["views"]["badge"]["frame"][1] == top + 48
        # The session goes on editing, and a token is taken back once.
        assert (await client.request({"type": "set", "constraint": "top", "constant": 7}))[-1]["type"] == "ok"
        other, again = await rejoined(server, hello["resumeToken"])
        assert again[-1]["type"] == "error" and again[-1]["code"] == "unknown-token", again
        for each in (other, client):
            await each.close()

    across_sigkill(before, after)


def test_rejoin_after_sigkill_mid_animation_under_the_manual_clock(across_sigkill):
    async def before(server):
        owner = await Client.connect(server)
        hello = await owner.hello()
        await owner.request({"type": "clock", "mode": "manual"})
        await owner.request({"type": "load", "scene": BAR_SCENE})
        await owner.request(move_top(1))
        animate_id = owner.next_id
        moved = await owner.request({"type": "advance", "seconds": 0.25})
        # Linear: 100 + 200 × 0.25 = 150.
        assert moved[0]["views"]["bar"]["frame"] == [0, 150, 200, 40]
        return hello["resumeToken"], animate_id

    async def after(server, result):
        token, animate_id = result
        client, back = await rejoined(server, token)
        assert back[0]["views"]["bar"]["frame"] == [0, 150, 200, 40], back
        # The animation goes on from 0.25 s: 100 + 200 × 0.75 = 250, then ends at 300 and its
        # animationEnd answers the request the first server was sent.
        moved = await client.request({"type": "advance", "seconds": 0.5})
        assert moved[0]["views"]["bar"]["frame"] == [0, 250, 200, 40], moved
        await client.send({"type": "advance", "seconds": 0.25, "id": 50})
        seen = [await client.receive() for _ in range(3)]
        assert [m["type"] for m in seen] == ["frames", "animationEnd", "ok"], seen
        assert seen[0]["views"]["bar"]["frame"] == [0, 300, 200, 40]
        assert seen[1]["re"] == animate_id and seen[1]["finished"] is True
        await client.close()

    across_sigkill(before, after)


def test_a_real_time_animation_runs_on_through_the_restart(across_sigkill):
    async def before(server):
        owner = await Client.connect(server)
        hello = await owner.hello()
        await owner.request({"type": "load", "scene": BAR_SCENE})
        sent = time.monotonic()
        await owner.send({**move_top(20), "id": 1})
        while (await owner.receive()).get("re") != 1:
            pass
        return hello["resumeToken"], sent

    async def after(server, result):
        token, sent = result
        asked = time.monotonic()
        client, back = await rejoined(server, token)
        answered = time.monotonic()
        y = back[0]["views"]["bar"]["frame"][1]
        # Linear over 20 s from 100 to 300: 10 pt a second since the animate ran, which was after
        # `sent`; the rejoin ran between `asked` and `answered`.
        low, high = 100 + 10 * (asked - sent) - 1, 100 + 10 * (answered - sent) + 1
        assert low <= y <= high, (low, y, high)
        # Still animating: frames keep coming on the real-time clock.
        streamed = await client.receive()
        assert streamed["type"] == "frames" and streamed["views"]["bar"]["frame"][1] > y, streamed
        await client.close()

    across_sigkill(before, after)


def test_hand_over_and_take_back(server):
    async def body():
        owner, code, _ = await shared_owner(server)
        follower = await Client.connect(server)
        follower_hello = await follower.hello()
        await follower.request({"type": "follow", "code": code})
        told = await owner.receive()
        assert told["followers"] == [follower_hello["session"]] and told["controller"] is None, told
        handed = await owner.request({"type": "handOver", "to": follower_hello["session"]})
        assert handed[0]["controller"] == follower_hello["session"] and handed[-1]["type"] == "ok", handed
        granted = await follower.receive()
        assert granted == {"type": "controls", "granted": True, "code": code, "re": None}, granted
        # The follower edits the shared session: top 100 → 180; the owner sees it.
        edited = await follower.request({"type": "set", "constraint": "top", "constant": 180})
        assert [m["type"] for m in edited] == ["changes", "frames", "ok"], edited
        assert [c["constant"] for c in edited[0]["changes"]["constraints"] if c["id"] == "top"] == [180], edited[0]
        assert edited[1]["views"]["bar"]["frame"] == [0, 180, 200, 40]
        assert (await owner.receive())["views"]["bar"]["frame"] == [0, 180, 200, 40]
        refused = (await owner.request({"type": "set", "constraint": "top", "constant": 0}))[-1]
        assert refused["code"] == "read-only", refused
        taken = await owner.request({"type": "takeBack"})
        assert taken[0]["controller"] is None and taken[-1]["type"] == "ok", taken
        assert (await follower.receive())["granted"] is False
        refused = (await follower.request({"type": "set", "constraint": "top", "constant": 0}))[-1]
        assert refused["code"] == "read-only", refused
        assert (await owner.request({"type": "set", "constraint": "top", "constant": 120}))[-1]["type"] == "ok"
        assert (await follower.receive())["type"] == "changes"
        assert (await follower.receive())["views"]["bar"]["frame"] == [0, 120, 200, 40]
        await follower.close()
        await owner.close()
    run(body())


def test_followers_see_structural_edits_as_a_new_scene_and_complete_frames(server):
    async def body():
        owner, code, _ = await shared_owner(server)
        follower, _ = await follower_of(server, code)
        await owner.receive()   # followers: 1
        await owner.request({"type": "add", "view": {"id": "badge", "parent": "root"}})
        scene = await follower.receive()
        assert scene["type"] == "scene" and any(v["id"] == "badge" for v in scene["scene"]["views"]), scene
        frames = await follower.receive()
        assert frames["type"] == "frames" and set(frames["views"]) == {"root", "bar", "badge"}, frames
        await owner.request({"type": "load", "name": "search-bar"})
        scene = await follower.receive()
        assert scene["type"] == "scene" and scene["scene"]["name"] == "search-bar", scene
        frames = await follower.receive()
        assert frames["type"] == "frames" and set(frames["views"]) >= {"root", "navView", "searchBar"}, frames
        await follower.close()
        await owner.close()
    run(body())


def test_a_parked_owners_animation_keeps_playing_for_its_followers(server):
    async def body():
        owner = await Client.connect(server)
        await owner.hello()
        await owner.request({"type": "load", "scene": BAR_SCENE})
        code = (await owner.request({"type": "share"}))[-1]["code"]
        follower, _ = await follower_of(server, code)
        await owner.request(move_top(0.5))
        await owner.socket.close()
        # The owner is gone (parked); its clock runs on and the follower sees the animation to its end.
        while True:
            message = await follower.receive(timeout=3)
            if message["type"] == "animationEnd":
                break
        assert message["finished"] is True
        await follower.close()
    run(body())


def test_a_flood_of_follow_attempts_is_rate_limited(fresh_server):
    async def body():
        client = await Client.connect(fresh_server)
        await client.hello()
        codes = []
        # A burst of 10 attempts is admitted (unknown-code), then one a second: the 11th at once is refused.
        for _ in range(11):
            codes.append((await client.request({"type": "follow", "code": "ZZZZZZZZ"}))[-1]["code"])
        assert codes == ["unknown-code"] * 10 + ["rate-limited"], codes
        await client.close()
    run(body())
