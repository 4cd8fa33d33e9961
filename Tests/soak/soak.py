#!/usr/bin/env python3
"""Soak: many connect / load / animate / disconnect cycles against one server process, then checks that
its memory is back at its baseline and no file descriptor is left (docs/SECURITY.md).

    python3 Tests/soak/soak.py                          10,000 cycles against .build/release/layout-playground
    python3 Tests/soak/soak.py --cycles 1000 --binary .build/debug/layout-playground     (what CI runs)

Each cycle opens a WebSocket, loads a built-in or inline scene, animates it (on the manual clock to
its end, or in real time for a few frames), sometimes sends bad input, and leaves: usually with a
close frame, sometimes by dropping the TCP connection mid-animation or mid-message. The baseline is
taken after a warm-up (allocator pools and caches fill on first use); the figures are read from
/proc/PID/status (VmRSS) and /proc/PID/fd after the last client left and the server settled.
"""
import argparse
import asyncio
import json
import os
import random
import socket
import sys
import time
import urllib.request
from pathlib import Path

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from playground_server import PROTOCOL, REPO, PlaygroundServer, ServerStartError  # noqa: E402

SCENES = ["date-picker", "search-bar", "keyboard", "keyboard-guide", "keyboard-transform"]


def rss_kib(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def sessions(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        for line in response.read().decode().splitlines():
            if line.startswith("playground_sessions "):
                return int(float(line.split()[1]))
    return -1


def inline_scene(rng):
    views = rng.randint(1, 30)
    constraints = []
    for index in range(views):
        previous = "root.top" if index == 0 else f"v{index - 1}.bottom"
        constraints += [{"id": f"top{index}", "first": f"v{index}.top", "second": previous, "constant": rng.randint(0, 9)},
                        {"first": f"v{index}.leading", "second": "root.leading", "constant": index},
                        {"first": f"v{index}.width", "constant": 50 + index},
                        {"first": f"v{index}.height", "relation": ">=", "constant": 4, "priority": 750}]
    return {"views": [{"id": f"v{index}"} for index in range(views)], "constraints": constraints}


async def call(ws, message, request_id):
    await ws.send(json.dumps({**message, "id": request_id}))
    while True:
        try:
            reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
        except asyncio.TimeoutError:
            raise RuntimeError(f"no answer to {json.dumps(message)[:80]}") from None
        if reply.get("re") == request_id and reply["type"] != "animationEnd":
            return reply


TRACE = os.environ.get("SOAK_TRACE")


async def cycle(port, rng):
    compression = rng.choice([None, "deflate"])
    ws = await websockets.connect(f"ws://127.0.0.1:{port}/", subprotocols=[PROTOCOL],
                                  open_timeout=10, compression=compression, max_size=None)
    if TRACE:
        original = ws.send

        async def traced(message):
            print(f"send {compression} {message[:100]}", flush=True)
            await original(message)
        ws.send = traced
    try:
        await asyncio.wait_for(ws.recv(), 10)   # hello
        realtime = rng.random() < 0.2
        if not realtime:
            await call(ws, {"type": "clock", "mode": "manual"}, 1)
        if rng.random() < 0.7:
            scene = await call(ws, {"type": "load", "name": rng.choice(SCENES)}, 2)
            constraint = next((c for c in scene["scene"]["constraints"] if c["first"].endswith(".top")), None)
        else:
            await call(ws, {"type": "load", "scene": inline_scene(rng)}, 2)
            constraint = {"id": "top0", "constant": 0}
        if constraint:
            await call(ws, {"type": "animate", "duration": 0.1, "ops": [
                {"type": "set", "constraint": constraint["id"], "constant": constraint["constant"] - 50},
                {"type": "layoutIfNeeded"}]}, 3)
        if rng.random() < 0.1:
            await ws.send('{"type":"set","constraint":"x","constant":NaN,"id":9}')
            await ws.send('{"type":"batch","ops":[' + ",".join(['{"type":"setNeedsLayout"}'] * 50) + "]}")
        if realtime:
            await asyncio.sleep(rng.choice([0.02, 0.05, 0.15]))   # a few frames, maybe the end
        else:
            await call(ws, {"type": "advance", "seconds": 0.05}, 4)
            await call(ws, {"type": "advance", "seconds": 0.1}, 5)
        ending = rng.random()
        if ending < 0.1:       # vanish mid-animation / mid-message: RST without a close frame
            sock = ws.transport.get_extra_info("socket")
            if ending < 0.05:
                ws.transport.write(b"\x81\xfe\x10\x00" + os.urandom(100))   # half a 4 KiB frame
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            ws.transport.abort()
            return
    finally:
        if ws.state is not websockets.protocol.State.CLOSED:
            await ws.close()


async def run_cycles(port, count, concurrency, seed, progress):
    rng = random.Random(seed)
    done = 0
    failures = 0
    queue = asyncio.Queue()
    for _ in range(count):
        queue.put_nowait(random.Random(rng.random()))

    async def worker():
        nonlocal done, failures
        while not queue.empty():
            local = queue.get_nowait()
            try:
                await cycle(port, local)
            except Exception as error:   # counted: a cycle must not fail
                failures += 1
                if failures <= 5:
                    print(f"cycle failed: {error!r}", file=sys.stderr)
            done += 1
            if progress and done % progress == 0:
                print(f"  {done} cycles", flush=True)
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return failures


def settle(pid, port, seconds=10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and sessions(port) != 0:
        time.sleep(0.1)
    time.sleep(1.0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "layout-playground"))
    parser.add_argument("--cycles", type=int, default=10_000)
    parser.add_argument("--warmup", type=int, default=None, help="cycles before the baseline (default cycles/10, at most 1000)")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--rss-tolerance-mb", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--server-arg", action="append", default=[], help="extra flag for the server")
    args = parser.parse_args()
    warmup = args.warmup if args.warmup is not None else min(1000, max(50, args.cycles // 10))

    try:
        # A sanitizer build can take a while to start.
        # No resume grace: closed sessions must be freed at once for the settled memory to mean a leak
        # (a parked session is kept on purpose, for --resume-grace seconds).
        server = PlaygroundServer(args.binary, ["--rate", "0", "--idle-timeout", "10", "--resume-grace", "0",
                                                *args.server_arg],
                                  log=os.environ.get("SOAK_LOG", "/tmp/layout-playground-soak.log"), timeout=60)
    except ServerStartError as error:
        print(error, file=sys.stderr)
        return 2
    port, pid = server.port, server.pid
    try:
        started = rss_kib(pid), fds(pid)
        failures = asyncio.run(run_cycles(port, warmup, args.concurrency, args.seed, 0))
        settle(pid, port)
        baseline = rss_kib(pid), fds(pid)
        began = time.monotonic()
        failures += asyncio.run(run_cycles(port, args.cycles, args.concurrency, args.seed + 1,
                                           max(1000, args.cycles // 10)))
        elapsed = time.monotonic() - began
        peak = rss_kib(pid)
        settle(pid, port)
        end = rss_kib(pid), fds(pid)
        left = sessions(port)
        status = server.stop(10)
    finally:
        if server.process.poll() is None:
            server.process.kill()
    growth_mb = (end[0] - baseline[0]) / 1024
    print(f"soak: {args.cycles} cycles (+{warmup} warm-up) in {elapsed:.1f} s ({args.cycles / elapsed:.0f}/s), "
          f"concurrency {args.concurrency}, {failures} failed cycles")
    print(f"  RSS: start {started[0] / 1024:.1f} MB, baseline {baseline[0] / 1024:.1f} MB, "
          f"at the end of the run {peak / 1024:.1f} MB, settled {end[0] / 1024:.1f} MB "
          f"({growth_mb:+.2f} MB vs baseline, tolerance {args.rss_tolerance_mb} MB)")
    print(f"  fds: start {started[1]}, baseline {baseline[1]}, settled {end[1]}; sessions left {left}; "
          f"exit status {status}")
    ok = (failures == 0 and growth_mb <= args.rss_tolerance_mb and end[1] <= baseline[1] and left == 0
          and status == 0)
    print("soak: OK" if ok else "soak: FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
