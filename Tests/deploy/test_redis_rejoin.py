"""Many servers as one playground (`--redis`): redis-server, nginx and two or three playground servers
on loopback. A session's owner works through nginx on one server, that server is killed with SIGKILL
and the owner's `rejoin` through nginx lands on another with scene, clock, running animation and every
acknowledged edit; Redis stopped: a rejoin of a session held nowhere answers `unavailable` at once while
a session on its own server keeps editing, and once Redis is back a rejoin works again within 10 s;
`nginx -s reload` loses no session.

Everything runs under the manual clock, so the positions asserted follow from the messages: the bar's
top constraint animates linearly from 100 to 300 over 1 s. Skipped with a message when redis-server or
nginx is missing (`bash .ci/setup --tests` installs both).
"""
import asyncio
import json
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bar_scene import BAR_SCENE  # noqa: E402
from playground_server import PROTOCOL, PlaygroundServer, binary_path  # noqa: E402
from test_nginx import NGINX, Nginx, free_port, site  # noqa: E402

REDIS = shutil.which("redis-server")
pytestmark = [
    pytest.mark.skipif(REDIS is None, reason="redis-server is not installed (bash .ci/setup --tests)"),
    pytest.mark.skipif(NGINX is None, reason="nginx is not installed (bash .ci/setup --tests)"),
]
TIMEOUT = 5

MOVE_TOP = {"type": "animate", "duration": 1, "curve": "linear",
            "ops": [{"type": "set", "constraint": "top", "constant": 300}, {"type": "layoutIfNeeded", "view": "root"}]}


class Redis:
    """redis-server on a free loopback port, without persistence, in a folder of its own."""

    def __init__(self, port=None):
        self.port = port or free_port()
        self.folder = tempfile.mkdtemp(prefix="layout-playground-redis-")
        self.process = None
        self.start()

    def start(self):
        self.process = subprocess.Popen([REDIS, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", self.folder,
                                         "--save", "", "--appendonly", "no"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                assert self.process.poll() is None, "redis-server exited"
                assert time.monotonic() < deadline, "redis-server did not listen"
                time.sleep(0.05)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}"


class Client:
    """One WebSocket: `request` sends a message with a fresh id and returns every message up to its answer."""

    def __init__(self, ws):
        self.ws = ws
        self.next_id = 100

    @classmethod
    async def connect(cls, port):
        return cls(await websockets.connect(f"ws://127.0.0.1:{port}/", subprotocols=[PROTOCOL], open_timeout=TIMEOUT))

    async def receive(self):
        return json.loads(await asyncio.wait_for(self.ws.recv(), TIMEOUT))

    async def request(self, message):
        self.next_id += 1
        await self.ws.send(json.dumps({**message, "id": self.next_id}))
        seen = []
        while True:
            reply = await self.receive()
            seen.append(reply)
            if reply.get("re") == self.next_id and reply["type"] != "animationEnd":
                return seen

    async def close(self):
        await self.ws.close()


def parked_in_redis(redis, session_id, within=5.0):
    """Whether Redis marks the session parked (its server saw the connection close and wrote so)
    within `within` seconds, polled: a rejoin elsewhere then takes it over at once."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        reply = subprocess.run(["redis-cli", "-p", str(redis.port), "EXISTS", f"lp:{{{session_id}}}:parked"],
                               capture_output=True, text=True, timeout=5).stdout.strip()
        if reply == "1":
            return True
        time.sleep(0.02)
    return False


def sessions_opened(port):
    """`playground_sessions_opened_total` of one server (its own /metrics)."""
    import http.client
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", "/metrics")
    body = connection.getresponse().read().decode()
    connection.close()
    return next(int(float(line.split()[-1])) for line in body.splitlines()
                if line.startswith("playground_sessions_opened_total"))


@pytest.fixture
def farm():
    """Redis, two playground servers with `--redis` and nginx in front of them."""
    binary = binary_path()
    if not binary.exists():
        pytest.fail(f"{binary} not found: run `swift build` or set LAYOUT_PLAYGROUND_BIN")
    redis = Redis()
    servers = [PlaygroundServer(binary, ["--rate", "0", "--redis", redis.url]) for _ in range(2)]
    port = free_port()
    nginx = Nginx(site(port, [server.port for server in servers]))
    try:
        nginx.start(port)
        yield redis, servers, nginx, port
    finally:
        nginx.stop()
        for server in servers:
            if server.process.poll() is None:
                server.stop()
        redis.stop()
        shutil.rmtree(redis.folder, ignore_errors=True)


async def owner_mid_animation(port):
    """An owner through nginx: manual clock, the bar scene, two acknowledged edits, the 1 s animation
    0.25 s in. Returns the client, its hello and the animate's id."""
    owner = await Client.connect(port)
    hello = await owner.receive()
    await owner.request({"type": "clock", "mode": "manual"})
    await owner.request({"type": "load", "scene": BAR_SCENE})
    await owner.request({"type": "add", "view": {"id": "badge", "parent": "root"}})
    assert (await owner.request({"type": "add", "constraint": {"id": "badgeTop", "first": "badge.top",
                                                               "second": "bar.bottom", "constant": 8}}))[-1]["type"] == "ok"
    await owner.request(MOVE_TOP)
    animate_id = owner.next_id
    moved = await owner.request({"type": "advance", "seconds": 0.25})
    # Linear: 100 + 200 × 0.25 = 150.
    assert moved[0]["views"]["bar"]["frame"] == [0, 150, 200, 40], moved
    # The clock time then: the session ran real time for the few milliseconds before `clock`.
    return owner, hello, animate_id, moved[0]["time"]


def test_sigkill_mid_animation_the_owner_rejoins_on_another_server_through_nginx(farm):
    redis, servers, nginx, port = farm

    async def scenario():
        owner, hello, animate_id, time_then = await owner_mid_animation(port)
        home = next(server for server in servers if sessions_opened(server.port) == 1)
        other = next(server for server in servers if server is not home)
        home.process.send_signal(signal.SIGKILL)
        home.process.wait(TIMEOUT)
        started = time.monotonic()
        client = await Client.connect(port)          # nginx: the dead server refuses, the other takes it
        await client.receive()
        back = await client.request({"type": "rejoin", "token": hello["resumeToken"]})
        took = time.monotonic() - started
        assert [m["type"] for m in back] == ["frames", "rejoined"], back
        assert sessions_opened(other.port) == 1
        assert back[1]["session"] == hello["session"] and back[1]["resumeToken"] == hello["resumeToken"]
        assert back[1]["clock"]["mode"] == "manual" and back[1]["clock"]["time"] == pytest.approx(time_then, abs=1e-6)
        constraints = {c.get("id"): c for c in back[1]["scene"]["constraints"]}
        assert constraints["badgeTop"]["constant"] == 8
        # The model value jumped to 300 at once; the presentation is 0.25 s into the animation.
        assert constraints["top"]["constant"] == 300
        assert back[0]["views"]["bar"]["frame"] == [0, 150, 200, 40], back
        assert back[0]["time"] == pytest.approx(time_then, abs=1e-6)
        assert back[0]["views"]["badge"]["frame"][1] == 150 + 40 + 8
        # The animation goes on from 0.25 s: 100 + 200 × 0.75 = 250, then ends at 300 and its
        # animationEnd answers the request the killed server was sent.
        moved = await client.request({"type": "advance", "seconds": 0.5})
        assert moved[0]["views"]["bar"]["frame"] == [0, 250, 200, 40], moved
        ended = await client.request({"type": "advance", "seconds": 0.25})
        assert [m["type"] for m in ended] == ["frames", "animationEnd", "ok"], ended
        assert ended[0]["views"]["bar"]["frame"] == [0, 300, 200, 40]
        assert ended[1]["re"] == animate_id and ended[1]["finished"] is True
        # It goes on editing on its new server.
        assert (await client.request({"type": "set", "constraint": "badgeTop", "constant": 12}))[-1]["type"] == "ok"
        await client.close()
        return took

    took = asyncio.run(scenario())
    assert took < 1.0, took


def test_redis_down_a_rejoin_held_nowhere_is_unavailable_at_once_and_local_sessions_keep_editing(farm):
    redis, servers, nginx, _ = farm

    async def scenario():
        # A session on server 0 whose client went away: parked there. Server 1 never held it.
        away = await Client.connect(servers[0].port)
        away_hello = await away.receive()
        await away.request({"type": "load", "scene": BAR_SCENE})
        await away.close()
        # A session on server 1 that stays connected.
        local = await Client.connect(servers[1].port)
        local_hello = await local.receive()
        await local.request({"type": "clock", "mode": "manual"})
        await local.request({"type": "load", "scene": BAR_SCENE})
        assert parked_in_redis(redis, away_hello["session"])
        redis.stop()

        elsewhere = await Client.connect(servers[1].port)
        await elsewhere.receive()
        started = time.monotonic()
        answer = await elsewhere.request({"type": "rejoin", "token": away_hello["resumeToken"]})
        assert time.monotonic() - started < 0.5
        assert answer[-1]["type"] == "error" and answer[-1]["code"] == "unavailable", answer
        # The connected session goes on editing on its own server, its frames agreeing.
        for constant in (120, 140):
            done = await local.request({"type": "set", "constraint": "top", "constant": constant})
            assert [m["type"] for m in done] == ["frames", "ok"], done
            assert done[0]["views"]["bar"]["frame"] == [0, constant, 200, 40], done

        # Redis back (empty: it kept nothing): within 10 s a session of server 1 can be rejoined on
        # server 0 again, by itself (the connection's reconnect back-off).
        redis.start()
        restarted = time.monotonic()
        while True:
            probe = await Client.connect(servers[1].port)
            probe_hello = await probe.receive()
            await probe.request({"type": "load", "scene": BAR_SCENE})
            await probe.close()
            parked_in_redis(redis, probe_hello["session"], within=1)   # not yet while Redis is still unreachable
            again = await Client.connect(servers[0].port)
            await again.receive()
            back = await again.request({"type": "rejoin", "token": probe_hello["resumeToken"]})
            await again.close()
            if back[-1]["type"] == "rejoined":
                break
            assert time.monotonic() - restarted < 10, f"no rejoin across servers 10 s after Redis came back: {back}"
            await asyncio.sleep(0.2)
        # The session that edited while Redis was down was written whole once Redis was back: it
        # moves to server 0 with its last edit.
        assert (await local.request({"type": "set", "constraint": "top", "constant": 180}))[-1]["type"] == "ok"
        await local.close()
        assert parked_in_redis(redis, local_hello["session"])
        moved = await Client.connect(servers[0].port)
        await moved.receive()
        back = await moved.request({"type": "rejoin", "token": local_hello["resumeToken"]})
        assert back[-1]["type"] == "rejoined", back
        constraints = {c.get("id"): c for c in back[-1]["scene"]["constraints"]}
        assert constraints["top"]["constant"] == 180
        await moved.close()
        await elsewhere.close()
        return time.monotonic() - restarted

    asyncio.run(scenario())


def test_nginx_reload_loses_no_session(farm):
    redis, servers, nginx, port = farm

    async def scenario():
        owners = []
        for constant in (110, 120, 130, 140):
            owner = await Client.connect(port)
            hello = await owner.receive()
            await owner.request({"type": "clock", "mode": "manual"})
            await owner.request({"type": "load", "scene": BAR_SCENE})
            assert (await owner.request({"type": "set", "constraint": "top", "constant": constant}))[-1]["type"] == "ok"
            owners.append((owner, hello, constant))
        subprocess.run(nginx.command("-s", "reload"), check=True, preexec_fn=nginx.demote, timeout=30)
        for owner, hello, constant in owners:
            # However the reload treats the open connection, the client rejoins through nginx (on
            # whichever server it lands) and finds its session.
            await owner.close()
            assert parked_in_redis(redis, hello["session"])
            client = await Client.connect(port)
            await client.receive()
            back = await client.request({"type": "rejoin", "token": hello["resumeToken"]})
            assert back[-1]["type"] == "rejoined", back
            constraints = {c.get("id"): c for c in back[-1]["scene"]["constraints"]}
            assert constraints["top"]["constant"] == constant
            assert back[0]["views"]["bar"]["frame"] == [0, constant, 200, 40]
            await client.close()

    asyncio.run(scenario())


def test_a_stalled_redis_closes_the_sessions_whose_edits_it_did_not_confirm_and_others_go_on(farm):
    redis, servers, nginx, _ = farm

    async def scenario():
        editor = await Client.connect(servers[0].port)
        editor_hello = await editor.receive()
        await editor.request({"type": "clock", "mode": "manual"})
        await editor.request({"type": "load", "scene": BAR_SCENE})
        watcher = await Client.connect(servers[0].port)
        await watcher.receive()
        await watcher.request({"type": "clock", "mode": "manual"})
        await watcher.request({"type": "load", "scene": BAR_SCENE})
        redis.process.send_signal(signal.SIGSTOP)     # Redis takes commands and answers none
        try:
            started = time.monotonic()
            await editor.ws.send(json.dumps({"type": "set", "constraint": "top", "constant": 150, "id": 1}))
            # Meanwhile the service thread is not blocked: a question (nothing journaled) of another
            # session is answered at once.
            asked = time.monotonic()
            seen = await watcher.request({"type": "scene"})
            assert seen[-1]["type"] == "scene" and time.monotonic() - asked < 0.5, seen
            # The edit's write is not confirmed within the 2 s command timeout: its connection closes
            # with 1011 and the `ok` never comes.
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    reply = await asyncio.wait_for(editor.ws.recv(), 4)
                    assert json.loads(reply).get("type") != "ok", reply
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1011, closed.value
            assert 1.9 < time.monotonic() - started < 4
        finally:
            redis.process.send_signal(signal.SIGCONT)
        # The client rejoins on its own server, and edits are acknowledged again.
        back = None
        deadline = time.monotonic() + 10
        while back is None or back[-1]["type"] != "rejoined":
            assert time.monotonic() < deadline, back
            client = await Client.connect(servers[0].port)
            await client.receive()
            back = await client.request({"type": "rejoin", "token": editor_hello["resumeToken"]})
        assert (await client.request({"type": "set", "constraint": "top", "constant": 170}))[-1]["type"] == "ok"
        await client.close()
        await watcher.close()

    asyncio.run(scenario())


def test_a_redis_url_that_does_not_parse_is_a_usage_error():
    result = subprocess.run([str(binary_path()), "--redis", "localhost:6379"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert "invalid value localhost:6379 for --redis: redis://HOST[:PORT][/DB]" in result.stderr


def test_a_session_connected_on_one_server_is_unavailable_on_another_and_goes_on_where_it_is():
    """Two servers on database 3 of one Redis: the session's keys are there (SELECT on connect), and
    its token used on the other server while its connection is open answers `unavailable` (after the
    holder's liveness is checked once more), leaving the session where it is."""
    binary = binary_path()
    redis = Redis()
    servers = [PlaygroundServer(binary, ["--rate", "0", "--redis", redis.url + "/3"]) for _ in range(2)]
    try:
        async def scenario():
            owner = await Client.connect(servers[0].port)
            hello = await owner.receive()
            await owner.request({"type": "load", "scene": BAR_SCENE})
            other = await Client.connect(servers[1].port)
            await other.receive()
            started = time.monotonic()
            answer = await other.request({"type": "rejoin", "token": hello["resumeToken"]})
            assert answer[-1]["type"] == "error" and answer[-1]["code"] == "unavailable", answer
            assert "connected on another server" in answer[-1]["message"]
            # Asked twice: at once, then once the holder's liveness key (0.8 s) would have lapsed.
            assert 0.5 < time.monotonic() - started < 2
            done = await owner.request({"type": "set", "constraint": "top", "constant": 150})
            assert [m["type"] for m in done] == ["frames", "ok"], done
            assert done[0]["views"]["bar"]["frame"] == [0, 150, 200, 40]
            await owner.close()
            await other.close()

        asyncio.run(scenario())
        tokens = subprocess.run(["redis-cli", "-p", str(redis.port), "-n", "3", "--raw", "KEYS", "lp:token:*"],
                                capture_output=True, text=True, timeout=10).stdout.split()
        in_zero = subprocess.run(["redis-cli", "-p", str(redis.port), "-n", "0", "--raw", "KEYS", "lp:token:*"],
                                 capture_output=True, text=True, timeout=10).stdout.split()
        assert len(tokens) == 1 and in_zero == []
    finally:
        for server in servers:
            server.stop()
        redis.stop()
        shutil.rmtree(redis.folder, ignore_errors=True)
