"""Presenting through the real server: the owner's `pointer` and `step` reach its followers
(docs/PROTOCOL.md, "Presenting"). Every wait has a timeout; nothing sleeps.
"""
import time

import pytest

from conftest import Client, run

pytestmark = pytest.mark.session


async def presenter(server, scene="search-bar"):
    owner = await Client.connect(server)
    await owner.hello()
    await owner.request({"type": "clock", "mode": "manual"})
    await owner.request({"type": "load", "name": scene})
    shared = (await owner.request({"type": "share"}))[-1]
    assert shared["type"] == "shared", shared
    return owner, shared["code"]


async def follow(server, code):
    follower = await Client.connect(server)
    await follower.hello()
    joined = await follower.request({"type": "follow", "code": code})
    assert joined[-1]["type"] == "scene" and joined[-1]["following"] == code, joined
    return follower, joined


async def next_of(client, kind):
    """Messages up to and including the next one of type `kind`; returns that one."""
    while True:
        message = await client.receive()
        if message["type"] == kind:
            return message


def test_steps_reach_every_follower_and_a_late_one_finds_the_current_step(server):
    async def body():
        owner, code = await presenter(server)
        first, _ = await follow(server, code)
        second, _ = await follow(server, code)
        answer = (await owner.request({"type": "step", "index": 1}))[-1]
        assert answer["type"] == "step" and answer["index"] == 1 and answer["count"] == 4, answer
        assert answer["title"].startswith("Focus: navTop becomes -62")
        for follower in (first, second):
            told = await next_of(follower, "step")
            assert told == {"type": "step", "re": None, "index": 1, "count": 4, "title": answer["title"]}
        # The first step after a load lands at once (a rebuild): the nav view is already at −62, the
        # search bar at the top.
        frames = await next_of(first, "frames")
        assert frames["views"]["navView"]["frame"] == [0, -62, 375, 62]
        assert frames["views"]["searchBar"]["frame"] == [0, 0, 375, 44]
        late, joined = await follow(server, code)
        assert joined[-1]["step"] == {"type": "step", "index": 1, "count": 4, "title": answer["title"]}
        # Followers cannot step or point.
        for message in ({"type": "step", "index": 0}, {"type": "pointer", "x": 1, "y": 2}):
            refused = (await late.request(message))[-1]
            assert refused["type"] == "error" and refused["code"] == "read-only", refused
        for client in (owner, first, second, late):
            await client.close()

    run(body())


def test_a_pointer_flood_is_thinned_to_the_frame_rate_and_the_last_position_arrives(server):
    async def body():
        owner, code = await presenter(server)
        follower, _ = await follow(server, code)
        moves = 200
        started = time.monotonic()
        # Pipelined as a page's mouse would send them, with no id: nothing answers them.
        for x in range(moves):
            await owner.send({"type": "pointer", "x": x, "y": 10, "view": "searchBar"})
        received = []
        while not received or received[-1]["x"] != moves - 1:
            message = await next_of(follower, "pointer")
            received.append(message)
        elapsed = time.monotonic() - started
        # At 60 fps at most one position per 1/60 s (less 2 ms of slack: 1/(1/60 − 0.002) ≈ 68 a
        # second), plus the first, which goes out at once: far fewer than the 200 sent.
        assert len(received) <= 1 + elapsed * 68 + 1, (len(received), elapsed)
        assert len(received) < moves
        assert [m["x"] for m in received] == sorted(m["x"] for m in received)
        assert received[-1] == {"type": "pointer", "re": None, "x": moves - 1, "y": 10, "view": "searchBar"}
        # A late follower is told where the pointer is before its follow answer.
        late = await Client.connect(server)
        await late.hello()
        joined = await late.request({"type": "follow", "code": code})
        pointers = [m for m in joined if m["type"] == "pointer"]
        assert pointers and pointers[0]["x"] == moves - 1
        for client in (owner, follower, late):
            await client.close()

    run(body())


def test_bad_pointers_and_steps_answer_structured_errors(server):
    async def body():
        owner, _ = await presenter(server)
        cases = [
            ({"type": "pointer", "x": 1}, "missing-field"),
            ({"type": "pointer", "x": 1, "y": 1, "view": "nope"}, "unknown-view"),
            ({"type": "pointer", "x": 1e12, "y": 1}, "invalid-value"),
            ({"type": "step", "index": 4}, "unknown-step"),
            ({"type": "step", "index": "1"}, "invalid-field"),
            ({"type": "step"}, "missing-field"),
            ({"type": "batch", "ops": [{"type": "step", "index": 0}]}, "invalid-op"),
        ]
        for message, code in cases:
            answer = (await owner.request(message))[-1]
            assert answer["type"] == "error" and answer["code"] == code, (message, answer)
        await owner.close()

    run(body())
