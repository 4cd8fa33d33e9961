"""Shares that outlive a dropped connection and the server process (the journal under `--state`):
the owner and its followers rejoin with their own tokens and see one stream of frames again.

Every owner runs the manual clock, so what each client receives is fixed by the messages sent, not by
timing; the one wait for a deadline is the server's own grace timer, bounded by a timeout here.
"""
import json
import signal
import tempfile

import pytest

from conftest import TIMEOUT, Client, Server, run
from test_durable import across_sigkill, move_top, rejoined  # noqa: F401  (across_sigkill is a fixture)
from test_sharing import raw, shared_owner

pytestmark = pytest.mark.session


async def until(client, predicate, timeout=TIMEOUT):
    """Reads messages until one satisfies `predicate`; returns it."""
    while True:
        message = await client.receive(timeout)
        if predicate(message):
            return message


def bar_at(y):
    """A predicate: a `frames` with the 200 × 40 bar at `y`."""
    return lambda m: m["type"] == "frames" and m["views"].get("bar", {}).get("frame") == [0, y, 200, 40]


async def follower_with_hello(server, code):
    follower = await Client.connect(server)
    hello = await follower.hello()
    joined = await follower.request({"type": "follow", "code": code})
    assert [m["type"] for m in joined] == ["frames", "scene"], joined
    return follower, hello


def test_owner_and_followers_rejoin_a_share_after_sigkill_mid_animation(across_sigkill):
    async def before(server):
        owner, code, owner_hello = await shared_owner(server)
        first, first_hello = await follower_with_hello(server, code)
        second, second_hello = await follower_with_hello(server, code)
        await until(owner, lambda m: m["type"] == "followers" and m["count"] == 2)
        await owner.request({"type": "pointer", "x": 40, "y": 120, "view": "bar"})
        await owner.request(move_top(1))
        animate_id = owner.next_id
        moved = await owner.request({"type": "advance", "seconds": 0.25})
        # Linear: 100 + 200 × 0.25 = 150.
        assert moved[0]["views"]["bar"]["frame"] == [0, 150, 200, 40], moved
        for follower in (first, second):
            await until(follower, bar_at(150))
        return code, owner_hello, first_hello, second_hello, animate_id

    async def after(server, result):
        code, owner_hello, first_hello, second_hello, animate_id = result
        # The first follower comes back before its owner: the share is rebuilt around the owner's session.
        first, back = await rejoined(server, first_hello["resumeToken"])
        assert [m["type"] for m in back] == ["frames", "pointer", "rejoined"], back
        assert back[0]["views"]["bar"]["frame"] == [0, 150, 200, 40]
        assert back[1] == {"type": "pointer", "re": None, "x": 40, "y": 120, "view": "bar"}
        answer = back[2]
        assert answer["following"] == code and answer["session"] == first_hello["session"], answer
        assert answer["resumeToken"] == first_hello["resumeToken"] and answer["shared"] is None
        assert answer["scene"]["name"] == "bar"
        # The owner rejoins: told first of the follower that came back while it was away.
        owner, back = await rejoined(server, owner_hello["resumeToken"])
        assert [m["type"] for m in back] == ["followers", "frames", "rejoined"], back
        assert back[0]["count"] == 1 and back[0]["followers"] == [first_hello["session"]], back[0]
        assert back[1]["views"]["bar"]["frame"] == [0, 150, 200, 40]
        assert back[2]["shared"] == code and back[2]["followers"] == 1 and back[2]["session"] == owner_hello["session"]
        second, back = await rejoined(server, second_hello["resumeToken"])
        assert [m["type"] for m in back] == ["frames", "pointer", "rejoined"], back
        assert back[0]["views"]["bar"]["frame"] == [0, 150, 200, 40]
        told = await owner.receive()
        assert told["type"] == "followers" and told["count"] == 2, told
        assert told["followers"] == [first_hello["session"], second_hello["session"]], told

        # The animation goes on under the manual clock: 100 + 200 × 0.75 = 250, then 300 at its end.
        moved = await owner.request({"type": "advance", "seconds": 0.5})
        assert moved[0]["views"]["bar"]["frame"] == [0, 250, 200, 40], moved
        await owner.send({"type": "advance", "seconds": 0.25, "id": 900})
        ended = [await owner.receive() for _ in range(3)]
        assert [m["type"] for m in ended] == ["frames", "animationEnd", "ok"], ended
        assert ended[0]["views"]["bar"]["frame"] == [0, 300, 200, 40]
        # The animationEnd answers the request the killed server was sent.
        assert ended[1]["re"] == animate_id and ended[1]["finished"] is True
        texts = [[await raw(follower) for _ in range(3)] for follower in (first, second)]
        # One stream for both followers: the same bytes, message for message.
        assert texts[0] == texts[1]
        middle, last, end = (json.loads(text) for text in texts[0])
        assert middle["type"] == "frames" and middle["views"]["bar"] == moved[0]["views"]["bar"]
        assert middle["time"] == moved[0]["time"]
        assert last["type"] == "frames" and last["views"]["bar"] == ended[0]["views"]["bar"] and last["final"] is True
        assert end == {"type": "animationEnd", "finished": True, "re": None}

        # The code still admits a new follower, which sees the bar where the animation left it.
        third = await Client.connect(server)
        third_hello = await third.hello()
        # A session made after the restart is numbered after the journaled ones: ids name one session.
        taken = {owner_hello["session"], first_hello["session"], second_hello["session"]}
        assert third_hello["session"] not in taken, (third_hello["session"], taken)
        joined = await third.request({"type": "follow", "code": code})
        assert [m["type"] for m in joined] == ["pointer", "frames", "scene"], joined
        assert joined[1]["views"]["bar"]["frame"] == [0, 300, 200, 40] and joined[2]["following"] == code
        told = await owner.receive()
        assert told["count"] == 3 and len(set(told["followers"])) == 3, told
        # A follower's token is taken back once.
        other, again = await rejoined(server, first_hello["resumeToken"])
        assert again[-1]["type"] == "error" and again[-1]["code"] == "unknown-token", again
        for client in (owner, first, second, third, other):
            await client.close()

    across_sigkill(before, after)


def test_the_controls_stay_with_the_follower_across_a_restart(across_sigkill):
    async def before(server):
        owner, code, owner_hello = await shared_owner(server)
        follower, follower_hello = await follower_with_hello(server, code)
        handed = await owner.request({"type": "handOver", "to": follower_hello["session"]})
        assert handed[-1]["type"] == "ok", handed
        return owner_hello, follower_hello

    async def after(server, result):
        owner_hello, follower_hello = result
        owner, back = await rejoined(server, owner_hello["resumeToken"])
        assert back[-1]["followers"] == 0, back
        # The follower holding the controls is away: the owner's edits are still refused.
        refused = (await owner.request({"type": "set", "constraint": "top", "constant": 0}))[-1]
        assert refused["code"] == "read-only" and follower_hello["session"] in refused["message"], refused
        follower, back = await rejoined(server, follower_hello["resumeToken"])
        assert [m["type"] for m in back] == ["frames", "controls", "rejoined"], back
        assert back[1]["granted"] is True
        told = await until(owner, lambda m: m["type"] == "followers" and m["count"] == 1)
        assert told["controller"] == follower_hello["session"], told
        # The follower edits the shared session: top 100 → 180.
        edited = await follower.request({"type": "set", "constraint": "top", "constant": 180})
        assert [m["type"] for m in edited] == ["changes", "frames", "ok"], edited
        assert edited[1]["views"]["bar"]["frame"] == [0, 180, 200, 40], edited
        assert (await until(owner, lambda m: m["type"] == "frames"))["views"]["bar"]["frame"] == [0, 180, 200, 40]
        for client in (owner, follower):
            await client.close()

    across_sigkill(before, after)


def test_an_ended_share_stays_ended_after_a_restart(across_sigkill):
    async def before(server):
        owner, code, owner_hello = await shared_owner(server)
        follower, follower_hello = await follower_with_hello(server, code)
        await owner.request({"type": "unshare"})
        ended = await until(follower, lambda m: m["type"] == "ended")
        assert ended == {"type": "ended", "code": code, "reason": "unshared", "re": None}, ended
        return code, owner_hello, follower_hello

    async def after(server, result):
        code, owner_hello, follower_hello = result
        owner, back = await rejoined(server, owner_hello["resumeToken"])
        assert back[-1]["type"] == "rejoined" and back[-1]["shared"] is None and back[-1]["followers"] == 0, back
        assert back[-1]["scene"]["name"] == "bar"
        newcomer = await Client.connect(server)
        await newcomer.hello()
        missing = (await newcomer.request({"type": "follow", "code": code}))[-1]
        assert missing["type"] == "error" and missing["code"] == "unknown-code", missing
        # The former follower gets back what `ended` left it: a session of its own, empty, following nothing.
        follower, back = await rejoined(server, follower_hello["resumeToken"])
        answer = back[-1]
        assert answer["type"] == "rejoined" and answer["session"] == follower_hello["session"], back
        assert "following" not in answer and answer["shared"] is None and answer["scene"]["views"] == [], answer
        for client in (owner, newcomer, follower):
            await client.close()

    across_sigkill(before, after)


def test_a_restored_share_ends_when_its_owner_misses_the_grace(public_args):
    with tempfile.TemporaryDirectory(prefix="layout-playground-state-") as folder:
        first = Server([*public_args[0], "--state", folder])
        try:
            async def before():
                owner, code, _ = await shared_owner(first)
                _, follower_hello = await follower_with_hello(first, code)
                return code, follower_hello
            code, follower_hello = run(before())
        finally:
            first.process.send_signal(signal.SIGKILL)
            first.process.wait(TIMEOUT)
        # A 1 s grace from the restart: the follower rejoins, the owner never does.
        second = Server([*public_args[0], "--state", folder, "--resume-grace", "1"])
        try:
            async def after():
                follower, back = await rejoined(second, follower_hello["resumeToken"])
                assert back[-1]["type"] == "rejoined" and back[-1]["following"] == code, back
                # The server's grace timer ends the share (no sleep here: the wait is bounded).
                ended = await until(follower, lambda m: m["type"] == "ended", timeout=5)
                assert ended == {"type": "ended", "code": code, "reason": "owner-gone", "re": None}, ended
                newcomer = await Client.connect(second)
                await newcomer.hello()
                missing = (await newcomer.request({"type": "follow", "code": code}))[-1]
                assert missing["code"] == "unknown-code", missing
                for client in (follower, newcomer):
                    await client.close()
            run(after())
        finally:
            assert second.stop() == 0, second.log_text()


def test_a_follower_whose_socket_dropped_rejoins_without_the_code(server):
    async def body():
        owner, code, _ = await shared_owner(server)
        follower, follower_hello = await follower_with_hello(server, code)
        await until(owner, lambda m: m["type"] == "followers" and m["count"] == 1)
        await follower.socket.close()
        told = await until(owner, lambda m: m["type"] == "followers")
        assert told["count"] == 0, told
        await owner.request({"type": "set", "constraint": "top", "constant": 140})
        again, back = await rejoined(server, follower_hello["resumeToken"])
        assert [m["type"] for m in back] == ["frames", "rejoined"], back
        # Complete frames of the state the follower missed: the bar moved to 140 while it was away.
        assert back[0]["views"]["bar"]["frame"] == [0, 140, 200, 40] and set(back[0]["views"]) == {"root", "bar"}
        assert back[1]["following"] == code and back[1]["session"] == follower_hello["session"]
        told = await until(owner, lambda m: m["type"] == "followers")
        assert told["count"] == 1 and told["followers"] == [follower_hello["session"]], told
        await owner.request({"type": "set", "constraint": "top", "constant": 160})
        assert (await again.receive())["type"] == "changes"
        assert (await again.receive())["views"]["bar"]["frame"] == [0, 160, 200, 40]
        for client in (owner, again):
            await client.close()
    run(body())
