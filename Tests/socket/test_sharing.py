"""Shared sessions through the real server: an owner and followers on separate sockets.

Every test runs the owner under the manual clock, so what each follower receives is fixed by the
owner's messages, not by timing; every wait has a timeout.
"""
import asyncio
import json

import pytest

from bar_scene import BAR_SCENE  # Tests/support, on the path through conftest
from conftest import TIMEOUT, Client, run

pytestmark = pytest.mark.session


async def raw(client, timeout=TIMEOUT):
    """The next message as the exact text the server sent."""
    return await asyncio.wait_for(client.socket.recv(), timeout)


async def shared_owner(server):
    owner = await Client.connect(server)
    hello = await owner.hello()
    await owner.request({"type": "clock", "mode": "manual"})
    await owner.request({"type": "load", "scene": BAR_SCENE})
    shared = (await owner.request({"type": "share"}))[-1]
    assert shared["type"] == "shared", shared
    return owner, shared["code"], hello


async def follower_of(server, code):
    follower = await Client.connect(server)
    await follower.hello()
    joined = await follower.request({"type": "follow", "code": code})
    assert [m["type"] for m in joined] == ["frames", "scene"], joined
    return follower, joined


def test_owner_and_followers_see_identical_frames_bytes(server):
    async def body():
        owner, code, hello = await shared_owner(server)
        assert hello["limits"]["maxFollowers"] >= 2 and hello["limits"]["maxSharedSessions"] >= 1
        first, joined = await follower_of(server, code)
        second, _ = await follower_of(server, code)
        # The complete frames: the bar at its constraints' place.
        assert joined[0]["views"]["bar"]["frame"] == [0, 100, 200, 40]
        assert joined[1]["following"] == code
        for count in (1, 2):
            told = await owner.receive()
            assert told["type"] == "followers" and told["count"] == count and told["re"] is None, told
            assert len(told["followers"]) == count and told["controller"] is None, told

        await owner.send({"type": "animate", "duration": 1, "curve": "linear", "id": 1,
                          "ops": [{"type": "set", "constraint": "top", "constant": 300},
                                  {"type": "layoutIfNeeded", "view": "root"}]})
        await owner.request({"type": "advance", "seconds": 0.5})
        await owner.request({"type": "advance", "seconds": 0.5})
        seen = []
        for follower in (first, second):
            # The edit's `changes` event comes first, then the frames it animates.
            texts = [await raw(follower) for _ in range(4)]
            seen.append(texts)
        # One encoding per change, written to both: the same bytes, message for message.
        assert seen[0] == seen[1]
        changes, middle, last, end = (json.loads(text) for text in seen[0])
        assert changes["type"] == "changes", changes
        # Linear: 100 + (300 − 100) × 0.5 = 200 half way, 300 at the end.
        assert middle["type"] == "frames" and middle["views"]["bar"]["frame"] == [0, 200, 200, 40]
        assert middle["final"] is False
        assert last["type"] == "frames" and last["views"]["bar"]["frame"] == [0, 300, 200, 40]
        assert last["final"] is True
        assert end == {"type": "animationEnd", "finished": True, "re": None}
        for client in (owner, first, second):
            await client.close()
    run(body())


def test_follower_edits_are_read_only_and_questions_work(server):
    async def body():
        owner, code, _ = await shared_owner(server)
        follower, _ = await follower_of(server, code)
        refused = (await follower.request({"type": "set", "constraint": "top", "constant": 5}))[-1]
        assert refused["type"] == "error" and refused["code"] == "read-only", refused
        paused = (await follower.request({"type": "pause"}))[-1]
        assert paused["code"] == "read-only", paused
        scene = (await follower.request({"type": "scene"}))[-1]
        assert scene["type"] == "scene" and scene["scene"]["name"] == "bar"
        # Answered from the owner's scene: the bar's origin is at (0, 100) in the window.
        converted = (await follower.request({"type": "convert", "rect": [0, 0, 10, 10], "from": "bar"}))[-1]
        assert converted["type"] == "convert" and converted["rect"] == [0, 100, 10, 10], converted
        await owner.request({"type": "unshare"})
        ended = await follower.receive()
        assert ended["type"] == "ended" and ended["code"] == code, ended
        missing = (await follower.request({"type": "follow", "code": code}))[-1]
        assert missing["code"] == "unknown-code", missing
        await follower.close()
        await owner.close()
    run(body())


def test_rejoin_after_a_dropped_socket_restores_the_running_animation(server):
    async def body():
        owner, code, hello = await shared_owner(server)
        token = hello["resumeToken"]
        assert hello["limits"]["resumeGraceSeconds"] == 60
        follower, joined = await follower_of(server, code)
        # A follower never learns the owner's token.
        assert token not in json.dumps(joined)
        listed = await owner.receive()   # followers: 1, the follower's session id
        await owner.request({"type": "animate", "duration": 1, "curve": "linear",
                             "ops": [{"type": "set", "constraint": "top", "constant": 300},
                                     {"type": "layoutIfNeeded", "view": "root"}]})
        await owner.request({"type": "advance", "seconds": 0.25})
        # The edit's `changes` event, then the frames. Linear: 100 + 200 × 0.25 = 150.
        assert (await follower.receive())["type"] == "changes"
        assert (await follower.receive())["views"]["bar"]["frame"] == [0, 150, 200, 40]
        await owner.socket.close()

        again = await Client.connect(server)
        fresh = await again.hello()
        assert fresh["resumeToken"] != token
        back = await again.request({"type": "rejoin", "token": token})
        assert [m["type"] for m in back] == ["frames", "rejoined"], back
        assert back[0]["views"]["bar"]["frame"] == [0, 150, 200, 40]
        assert back[1]["session"] == hello["session"] and back[1]["resumeToken"] == token
        assert back[1]["scene"]["name"] == "bar" and back[1]["shared"] == code and back[1]["followers"] == 1
        # The followers as the `followers` event listed them, and the owner holds the controls.
        assert back[1]["followerIds"] == listed["followers"] and len(listed["followers"]) == 1, back[1]
        assert back[1]["controller"] is None
        # The animation goes on from 0.25 under the same manual clock: 100 + 200 × 0.75 = 250.
        moved = await again.request({"type": "advance", "seconds": 0.5})
        assert moved[0]["views"]["bar"]["frame"] == [0, 250, 200, 40], moved
        # The follower watched through the drop and sees the same.
        assert (await follower.receive())["views"]["bar"]["frame"] == [0, 250, 200, 40]
        # A token is taken back once.
        other = await Client.connect(server)
        await other.hello()
        spent = (await other.request({"type": "rejoin", "token": token}))[-1]
        assert spent["type"] == "error" and spent["code"] == "unknown-token", spent
        for client in (again, follower, other):
            await client.close()
    run(body())


def test_a_token_past_the_grace_answers_expired(public_args):
    from conftest import Server
    server = Server([*public_args[0], "--resume-grace", "1"])
    try:
        async def body():
            owner, code, hello = await shared_owner(server)
            follower, _ = await follower_of(server, code)
            await owner.socket.close()
            # The follower is told when the grace ends (the server's timer, not a sleep here).
            ended = await follower.receive(timeout=5)
            assert ended == {"type": "ended", "code": code, "reason": "owner-gone", "re": None}, ended
            late = await Client.connect(server)
            await late.hello()
            answer = (await late.request({"type": "rejoin", "token": hello["resumeToken"]}))[-1]
            assert answer["type"] == "error" and answer["code"] == "expired", answer
            for client in (follower, late):
                await client.close()
        run(body())
    finally:
        assert server.stop() == 0, server.log_text()
