"""A rejoin on another server after SIGKILL (docs/DEPLOY.md, "Sizing"): redis-server and two servers
with `--redis` on loopback; an owner on the first loads a scene, makes 50 acknowledged edits and starts
an animation; the first server is killed with SIGKILL and the owner's client rejoins on the second.
Prints, per run, the seconds from the kill to `rejoined` (the dead server's liveness key lapsing is
most of it) and from sending `rejoin` to `rejoined`.

    swift build -c release --product playground-load
    python3 Benchmarks/rejoin-bench/rejoin_after_sigkill.py --runs 5

The servers are `playground-load --serve` (the playground server in process, release build) unless
`--server PATH` names a `layout-playground` binary.
"""
import argparse
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

import websockets

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "support"))
from bar_scene import BAR_SCENE  # noqa: E402
from playground_server import PROTOCOL  # noqa: E402


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(command):
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    assert line.startswith("listening on "), line
    return process, int(line.strip().rstrip("/").rpartition(":")[2])


async def request(ws, message, ident):
    await ws.send(json.dumps({**message, "id": ident}))
    while True:
        reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if reply.get("re") == ident and reply["type"] != "animationEnd":
            return reply


async def one_run(command):
    first, first_port = start_server(command)
    second, second_port = start_server(command)
    try:
        async with websockets.connect(f"ws://127.0.0.1:{first_port}/", subprotocols=[PROTOCOL]) as owner:
            hello = json.loads(await owner.recv())
            await request(owner, {"type": "clock", "mode": "manual"}, 1)
            await request(owner, {"type": "load", "scene": BAR_SCENE}, 2)
            for index in range(50):
                assert (await request(owner, {"type": "set", "constraint": "top", "constant": index}, 10 + index))["type"] == "ok"
            await request(owner, {"type": "animate", "duration": 1, "ops": [
                {"type": "set", "constraint": "top", "constant": 300}, {"type": "layoutIfNeeded", "view": "root"}]}, 100)
            await request(owner, {"type": "advance", "seconds": 0.25}, 101)
            killed = time.monotonic()
            first.send_signal(signal.SIGKILL)
            first.wait()
        async with websockets.connect(f"ws://127.0.0.1:{second_port}/", subprotocols=[PROTOCOL]) as client:
            await client.recv()
            sent = time.monotonic()
            answer = await request(client, {"type": "rejoin", "token": hello["resumeToken"]}, 1)
            done = time.monotonic()
            assert answer["type"] == "rejoined", answer
        return done - killed, done - sent
    finally:
        for process in (first, second):
            if process.poll() is None:
                process.terminate()
                process.wait(10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--server", help="a layout-playground binary (default: playground-load --serve, release)")
    arguments = parser.parse_args()
    redis_port = free_port()
    folder = tempfile.mkdtemp(prefix="rejoin-bench-redis-")
    redis = subprocess.Popen([shutil.which("redis-server") or "redis-server", "--port", str(redis_port), "--bind", "127.0.0.1",
                              "--dir", folder, "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
    time.sleep(0.3)
    url = f"redis://127.0.0.1:{redis_port}"
    if arguments.server:
        command = [arguments.server, "--port", "0", "--rate", "0", "--redis", url]
    else:
        command = [str(REPO / ".build" / "release" / "playground-load"), "--serve", "--port", "0", "--redis", url]
    try:
        for run in range(1, arguments.runs + 1):
            since_kill, since_rejoin = asyncio.run(one_run(command))
            print(f"run {run}: kill → rejoined {since_kill * 1000:.1f} ms, rejoin → rejoined {since_rejoin * 1000:.1f} ms")
    finally:
        redis.terminate()
        redis.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
