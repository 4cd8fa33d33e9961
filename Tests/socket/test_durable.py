"""Sessions that outlive the server process (the journal under `--state`), hand-over of a shared
session's controls, and what followers see of structural edits, through the real server.

Edits run under the manual clock wherever the assertion is about values, so what is restored is fixed
by the messages; the one real-time test bounds its expectation by the wall-clock times it measured.
"""
import asyncio
import os
import signal
import tempfile
import time

import pytest

from conftest import TIMEOUT, Client, Server, run
from test_sharing import BAR_SCENE, follower_of, shared_owner

pytestmark = pytest.mark.session


def kill(server):
    """SIGKILL: no shutdown, no flush; only what the journal committed survives."""
    server.process.send_signal(signal.SIGKILL)
    server.process.wait(TIMEOUT)


@pytest.fixture
def state_dir():
    with tempfile.TemporaryDirectory(prefix="layout-playground-state-") as folder:
        yield folder




def test_every_acknowledged_edit_survives_sigkill_and_restart(public_args, state_dir):
    async def body(first):
        owner = await Client.connect(first)
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

    first = Server([*public_args[0], "--state", state_dir])
    hello, acknowledged = run(body(first))
    kill(first)

    second = Server([*public_args[0], "--state", state_dir])
    try:
        async def after():
            client = await Client.connect(second)
            await client.hello()
            back = await client.request({"type": "rejoin", "token": hello["resumeToken"]})
            assert [m["type"] for m in back] == ["frames", "rejoined"], back
            rejoined = back[1]
            assert rejoined["session"] == hello["session"] and rejoined["resumeToken"] == hello["resumeToken"]
            constraints = {c.get("id"): c for c in rejoined["scene"]["constraints"]}
            # The acknowledged edits set top to 1 … acknowledged; later ones may have been journaled too.
            top = constraints["top"]["constant"]
            assert acknowledged <= top <= 200, (acknowledged, top)
            assert constraints["badgeTop"]["constant"] == 8
            assert any(view["id"] == "badge" for view in rejoined["scene"]["views"])
            # The frames agree: bar at y = top, badge below it at top + 40 + 8.
            assert back[0]["views"]["bar"]["frame"] == [0, top, 200, 40]
            assert back[0]["views"]["badge"]["frame"][1] == top + 48
            # The session goes on editing, and a token is taken back once.
            assert (await client.request({"type": "set", "constraint": "top", "constant": 7}))[-1]["type"] == "ok"
            other = await Client.connect(second)
            await other.hello()
            again = (await other.request({"type": "rejoin", "token": hello["resumeToken"]}))[-1]
            assert again["type"] == "error" and again["code"] == "unknown-token", again
            await other.close()
            await client.close()
        run(after())
    finally:
        assert second.stop() == 0, second.log_text()


def test_rejoin_after_sigkill_mid_animation_under_the_manual_clock(public_args, state_dir):
    async def body(server):
        owner = await Client.connect(server)
        hello = await owner.hello()
        await owner.request({"type": "clock", "mode": "manual"})
        await owner.request({"type": "load", "scene": BAR_SCENE})
        await owner.request({"type": "animate", "duration": 1, "curve": "linear",
                             "ops": [{"type": "set", "constraint": "top", "constant": 300},
                                     {"type": "layoutIfNeeded", "view": "root"}]})
        animate_id = owner.next_id
        moved = await owner.request({"type": "advance", "seconds": 0.25})
        # Linear: 100 + 200 × 0.25 = 150.
        assert moved[0]["views"]["bar"]["frame"] == [0, 150, 200, 40]
        return hello["resumeToken"], animate_id

    first = Server([*public_args[0], "--state", state_dir])
    token, animate_id = run(body(first))
    kill(first)
    second = Server([*public_args[0], "--state", state_dir])
    try:
        async def after():
            client = await Client.connect(second)
            await client.hello()
            back = await client.request({"type": "rejoin", "token": token})
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
        run(after())
    finally:
        second.stop()


def test_a_real_time_animation_runs_on_through_the_restart(public_args, state_dir):
    async def body(server):
        owner = await Client.connect(server)
        hello = await owner.hello()
        await owner.request({"type": "load", "scene": BAR_SCENE})
        sent = time.monotonic()
        await owner.send({"type": "animate", "duration": 20, "curve": "linear", "id": 1,
                          "ops": [{"type": "set", "constraint": "top", "constant": 300},
                                  {"type": "layoutIfNeeded", "view": "root"}]})
        while (await owner.receive()).get("re") != 1:
            pass
        return hello["resumeToken"], sent

    first = Server([*public_args[0], "--state", state_dir])
    token, sent = run(body(first))
    kill(first)
    second = Server([*public_args[0], "--state", state_dir])
    try:
        async def after():
            client = await Client.connect(second)
            await client.hello()
            asked = time.monotonic()
            back = await client.request({"type": "rejoin", "token": token})
            answered = time.monotonic()
            y = back[0]["views"]["bar"]["frame"][1]
            # Linear over 20 s from 100 to 300: 10 pt a second since the animate was run, which was
            # between `sent` and the first answer; the rejoin ran between `asked` and `answered`.
            low, high = 100 + 10 * (asked - sent) - 1, 100 + 10 * (answered - sent) + 1
            assert low <= y <= high, (low, y, high)
            # Still animating: frames keep coming on the real-time clock.
            streamed = await client.receive()
            assert streamed["type"] == "frames" and streamed["views"]["bar"]["frame"][1] > y, streamed
            await client.close()
        run(after())
    finally:
        second.stop()


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
        assert [m["type"] for m in edited] == ["frames", "ok"], edited
        assert edited[0]["views"]["bar"]["frame"] == [0, 180, 200, 40]
        assert (await owner.receive())["views"]["bar"]["frame"] == [0, 180, 200, 40]
        refused = (await owner.request({"type": "set", "constraint": "top", "constant": 0}))[-1]
        assert refused["code"] == "read-only", refused
        taken = await owner.request({"type": "takeBack"})
        assert taken[0]["controller"] is None and taken[-1]["type"] == "ok", taken
        assert (await follower.receive())["granted"] is False
        refused = (await follower.request({"type": "set", "constraint": "top", "constant": 0}))[-1]
        assert refused["code"] == "read-only", refused
        assert (await owner.request({"type": "set", "constraint": "top", "constant": 120}))[-1]["type"] == "ok"
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
        await owner.request({"type": "animate", "duration": 0.5, "curve": "linear",
                             "ops": [{"type": "set", "constraint": "top", "constant": 300},
                                     {"type": "layoutIfNeeded", "view": "root"}]})
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
