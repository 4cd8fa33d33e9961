"""Streaming through the real server: frame cadence per `clock.fps`, coalescing under a reader that stops
reading, the final frame, and permessage-deflate.

Cadence is judged from the `time` the server stamps on each frame, not from when frames arrive, so a
busy machine does not make these tests flaky; every wait has a timeout.
"""
import asyncio
import socket

import pytest

from conftest import PROTOCOL, TIMEOUT, Client, metrics, run, wait_for

pytestmark = pytest.mark.session

BASE_RATE = 120   # the server's base tick: frames fall on its grid of 1/120 s


def column_scene(views, height=20):
    """A column of `views` bars under each other; `top0` moves them all."""
    constraints = []
    for index in range(views):
        if index == 0:
            constraints.append({"id": "top0", "first": "v0.top", "second": "root.top", "constant": 40})
        else:
            constraints.append({"id": f"top{index}", "first": f"v{index}.top", "second": f"v{index - 1}.bottom",
                                "constant": 2})
        constraints.append({"id": f"lead{index}", "first": f"v{index}.leading", "second": "root.leading",
                            "constant": 16 + index % 7})
        constraints.append({"id": f"w{index}", "first": f"v{index}.width", "constant": 100 + index})
        constraints.append({"id": f"h{index}", "first": f"v{index}.height", "constant": height})
    return {"name": "column", "root": {"size": [375, 667]},
            "views": [{"id": f"v{index}", "parent": "root"} for index in range(views)],
            "constraints": constraints}


async def open_column(client, views=5, fps=60):
    await client.hello()
    answer = (await client.request({"type": "clock", "mode": "realtime", "fps": fps}))[-1]
    assert answer["type"] == "ok", answer
    messages = await client.request({"type": "load", "scene": column_scene(views)})
    assert messages[-1]["type"] == "scene", messages[-1]


def animate_message(constant, duration):
    return {"type": "animate", "duration": duration, "curve": "linear",
            "ops": [{"type": "set", "constraint": "top0", "constant": constant},
                    {"type": "layoutIfNeeded", "view": "root"}]}


async def frames_until_end(client, request_id, timeout=TIMEOUT):
    """Every message up to the animationEnd of `request_id`; returns (frames, all messages)."""
    messages = []
    while True:
        message = await client.receive(timeout)
        messages.append(message)
        if message["type"] == "animationEnd" and message["re"] == request_id:
            return [m for m in messages if m["type"] == "frames"], messages


@pytest.mark.parametrize("fps", [30, 60, 120])
def test_frames_follow_the_session_rate_on_the_clock_grid(server, fps):
    """Frames after the animate answer come from ticks: consecutive `time`s are whole multiples of
    1/fps apart (mostly exactly one), and every one lies on the server's 1/120 s grid."""
    async def body():
        client = await Client.connect(server)
        await open_column(client, fps=fps)
        answered = await client.request(animate_message(300, 0.5))
        assert answered[-1]["type"] == "ok"
        request_id = answered[-1]["re"]
        frames, _ = await frames_until_end(client, request_id)
        assert frames and frames[-1]["final"] is True
        times = [f["time"] for f in frames]
        for time in times:
            # A multiple of 1/120 s, printed at a micro-point: never further than half a microsecond.
            assert abs(time - round(time * BASE_RATE) / BASE_RATE) <= 0.5e-6 + 1e-12, times
        steps = [(b - a) * fps for a, b in zip(times, times[1:])]
        for step in steps:
            assert step > 0.99 and abs(step - round(step)) < 0.01, (fps, times)
        ones = sum(1 for step in steps if round(step) == 1)
        assert ones >= 0.6 * len(steps), (fps, steps)   # a busy machine may skip a few, not most
        expected = 0.5 * fps
        assert 0.5 * expected <= len(frames) <= expected + 2, (fps, len(frames))
        seqs = [f["seq"] for f in frames]
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))
        await client.close()
    run(body())


def test_fps_change_while_animating_takes_effect(server):
    """Switching from 30 to 120 fps mid-animation makes the following frames 1/120 s apart."""
    async def body():
        client = await Client.connect(server)
        await open_column(client, fps=30)
        answered = await client.request(animate_message(300, 0.8))
        request_id = answered[-1]["re"]
        # Let a few 30 fps frames stream first (0.2 s of session time), then switch.
        first = None
        while True:
            message = await client.receive()
            if message["type"] == "frames":
                first = message["time"] if first is None else first
                if message["time"] - first >= 0.2:
                    break
        switched = await client.request({"type": "clock", "fps": 120})
        assert switched[-1]["type"] == "ok"
        frames, _ = await frames_until_end(client, request_id)
        times = [f["time"] for f in frames]
        steps = [round((b - a) * 120) for a, b in zip(times, times[1:])]
        assert steps.count(1) >= len(steps) // 2, steps
        await client.close()
    run(body())


def test_idle_session_gets_no_frames(server):
    """Without an animation nothing is streamed: the session costs nothing per tick."""
    async def body():
        client = await Client.connect(server)
        await open_column(client)
        with pytest.raises(asyncio.TimeoutError):
            await client.receive(timeout=0.3)
        await client.close()
    run(body())


def test_final_frame_is_never_lost_and_carries_the_end_state(server):
    async def body():
        client = await Client.connect(server)
        await open_column(client, views=3, fps=120)
        answered = await client.request(animate_message(240, 0.3))
        frames, messages = await frames_until_end(client, answered[-1]["re"])
        finals = [f for f in frames if f["final"]]
        assert len(finals) == 1 and frames[-1] is finals[0]
        assert finals[0]["views"]["v0"]["frame"][1] == 240
        assert messages.index(finals[0]) < len(messages) - 1   # animationEnd comes after it
        # No stray frames afterwards.
        with pytest.raises(asyncio.TimeoutError):
            await client.receive(timeout=0.2)
        await client.close()
    run(body())


def tiny_receive_buffer_socket(server):
    """A connected TCP socket whose receive buffer is as small as the kernel allows, so a client that
    stops reading chokes the server's socket within a few kilobytes."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.connect((server.host, server.port))
    sock.setblocking(False)
    return sock


def test_choked_reader_gets_merged_frames_newest_state_and_every_reply(server):
    """A reader that stops reading while 261 turns each change the layout of 150 views: the server
    writes what its socket takes, then holds one pending `frames` whatever number of turns run, and
    once the reader resumes it gets that one frame, with the newest state, after a few early ones,
    and an answer to every request, in order.

    Nothing here depends on timing. The manual clock makes each `advance` one turn that moves the
    animation by 1/128 s (from session time 0, and k/128 is exact in binary, so the 256th ends the 2 s
    animation exactly). The server's /metrics say when a turn ran and how many `frames` it wrote: the
    test sends one `advance` at a time until one ran and wrote nothing (the socket is choked), then
    sends the rest, and resumes reading once every turn ran. Every turn fits the session's work budget
    (docs/PROTOCOL.md, Limits; n = 150 views + 600 constraints = 750 items, an op charged 1 + n = 751
    units): the load 800n + 10,000 = 610,000 units (`SessionLimits.rehearsalCost`), the animate of one
    constant 3 × 751 = 2,253 (the block and its two ops; not rehearsed), 256 advances and 5 constraint
    sets 751 each = 196,011: about 0.81 M of the bucket's 4 M, so no turn is answered `rate-limited`."""
    steps, step_seconds = 256, 1 / 128          # 256 × 1/128 s = the animation's 2 s
    set_after = {50: 30, 100: 31, 150: 32, 200: 33, 250: 34}   # advance index → lead1's new constant

    async def body():
        sock = tiny_receive_buffer_socket(server)
        client = await Client.connect(server, sock=sock, max_queue=1, compression=None)
        await client.hello()
        assert (await client.request({"type": "clock", "mode": "manual"}))[-1]["type"] == "ok"
        assert (await client.request({"type": "seek", "time": 0}))[-1]["type"] == "ok"
        loaded = await client.request({"type": "load", "scene": column_scene(150)})
        assert loaded[-1]["type"] == "scene", loaded[-1]
        answered = await client.request(animate_message(500, 2.0))
        assert answered[-1]["type"] == "ok", answered[-1]
        animate_id = answered[-1]["re"]

        # From here the client reads nothing until every request is sent and has run.
        client.socket.transport.pause_reading()
        sent = []       # (id, what it was), in the order sent

        async def send(message, what):
            client.next_id += 1
            sent.append((client.next_id, what))
            await client.send({**message, "id": client.next_id})

        async def counters():
            figures = await asyncio.to_thread(metrics, server)
            return int(figures["playground_messages_total"]), int(figures["playground_frames_total"])

        async def until_every_turn_ran(handled_before, turns):
            def ran():
                return metrics(server)["playground_messages_total"] >= handled_before + turns
            assert await asyncio.to_thread(wait_for, ran, 10 * TIMEOUT), "the server did not run every turn"

        # One advance at a time, until one ran and its frames could not be written: choked.
        handled, written_before = await counters()
        written = written_before
        index = 0
        while True:
            index += 1
            assert index <= 40, "40 frames of 150 views went out: the socket never choked"
            await send({"type": "advance", "seconds": step_seconds}, f"advance {index}")
            await until_every_turn_ran(handled, 1)
            handled, now_written = await counters()
            if now_written == written:
                break
            written = now_written
        choked_after = written - written_before     # frames the socket's buffers took
        choked_at = index

        # The rest, all sent before anything is read: each turn changes the layout.
        for index in range(choked_at + 1, steps + 1):
            await send({"type": "advance", "seconds": step_seconds}, f"advance {index}")
            if index in set_after:
                await send({"type": "set", "constraint": "lead1", "constant": set_after[index]},
                           f"set lead1 {set_after[index]}")
        await until_every_turn_ran(handled, len(sent) - choked_at)
        _, written_at_end = await counters()
        late = written_at_end - written     # frames written after the choke, all turns run
        print(f"\nchoked after {choked_after} frames (advance {choked_at}); {late} more by the end "
              f"of {len(sent)} turns")
        # Not a queue: the kernel may take a little more as it compacts the reader's receive queue (one
        # more frame, some runs), never one frame per turn.
        assert late <= 4, late

        client.socket.transport.resume_reading()
        messages = []
        while not messages or messages[-1].get("re") != sent[-1][0]:
            messages.append(await client.receive())
        await client.close()

        answers = [m for m in messages if m["type"] not in ("frames", "animationEnd")]
        assert [(a["re"], a["type"]) for a in answers] == [(request_id, "ok") for request_id, _ in sent], \
            [a for a in answers if a["type"] != "ok"][:3]
        frames = [m for m in messages if m["type"] == "frames"]
        # The frames the buffers took, one for each advance before the choke (each ran alone and was
        # written in its pass), then at most the few the kernel took late, each rendered from the
        # newest state when written, and last the pending one: for 261 turns that changed the layout.
        assert choked_after + 1 <= len(frames) <= choked_after + late + 1, (len(frames), choked_after, late)
        times = [f["time"] for f in frames]
        # Times are printed at a micro-second: never further than half of one from k/128.
        expected = [i * step_seconds for i in range(1, choked_after + 1)]
        assert times[:choked_after] == pytest.approx(expected, abs=0.5e-6 + 1e-12), times
        assert times == sorted(times) and len(set(times)) == len(times), times
        seqs = [f["seq"] for f in frames]
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))   # nothing rendered was dropped
        final = frames[-1]
        assert final["final"] is True and final["time"] == 2.0
        assert sum(1 for f in frames if f["final"]) == 1
        state = {}
        for frame in frames:
            for view, fields in frame["views"].items():
                state.setdefault(view, {}).update(fields)
        assert state["v0"]["frame"][1] == 500                     # top0's animation ended at 500
        assert state["v1"]["frame"][0] == 34                      # the last set won
        # animationEnd is queued by the turn of the 256th advance: after the 255th answer, before its own.
        ends = [index for index, m in enumerate(messages) if m["type"] == "animationEnd"]
        assert len(ends) == 1 and messages[ends[0]] == {"type": "animationEnd", "re": animate_id, "finished": True}
        answer_index = {m["re"]: index for index, m in enumerate(messages) if m in answers}
        last_advance = [what for _, what in sent].index(f"advance {steps}")
        assert answer_index[sent[last_advance - 1][0]] < ends[0] < answer_index[sent[last_advance][0]]
        assert messages.index(final) < ends[0]
    run(body(), timeout=90)


def test_permessage_deflate_is_negotiated_and_frames_decode(deflate_server):
    async def body():
        client = await Client.connect(deflate_server, compression="deflate")
        extensions = client.socket.response.headers.get("Sec-WebSocket-Extensions", "")
        assert "permessage-deflate" in extensions
        await open_column(client, views=20, fps=60)
        answered = await client.request(animate_message(200, 0.25))
        frames, _ = await frames_until_end(client, answered[-1]["re"])
        assert frames[-1]["final"] and frames[-1]["views"]["v0"]["frame"][1] == 200
        await client.close()
    run(body())


def test_client_without_deflate_gets_plain_frames(server):
    async def body():
        client = await Client.connect(server, compression=None)
        assert client.socket.subprotocol == PROTOCOL
        assert "Sec-WebSocket-Extensions" not in client.socket.response.headers
        await open_column(client, views=2, fps=60)
        answered = await client.request(animate_message(100, 0.1))
        frames, _ = await frames_until_end(client, answered[-1]["re"])
        assert frames[-1]["final"]
        await client.close()
    run(body())


async def burst_is_answered_in_order(client):
    """Sends 40 requests back to back without reading (constant changes, each answered by `frames` then
    `ok`, with a `scene` request of a large answer among them), then checks every answer: one per request,
    in order, each change shown by a `frames` before its `ok`, the last one showing the last change."""
    await open_column(client, views=20, fps=60)
    ids = list(range(1000, 1040))
    for index, request_id in enumerate(ids):
        if index == 20:
            await client.send({"type": "scene", "id": request_id})
        else:
            await client.send({"type": "set", "constraint": "top0", "constant": 50 + index, "id": request_id})
    answers, latest_frames = [], None
    while len(answers) < len(ids):
        message = await client.receive()
        if message["type"] == "frames":
            latest_frames = message
            continue
        answers.append(message)
        index = ids.index(message["re"])
        if index == 20:
            assert message["type"] == "scene", message
        else:
            assert message["type"] == "ok", message
            # The frames before this ok show this change or a later one: a pending frames merges turns
            # run before it was written, and is rendered from the newest state.
            assert latest_frames["views"]["v0"]["frame"][1] >= 50 + index, (index, latest_frames)
    assert [answer["re"] for answer in answers] == ids
    assert latest_frames["views"]["v0"]["frame"][1] == 50 + len(ids) - 1


def test_burst_of_requests_is_answered_in_order(server):
    async def body():
        client = await Client.connect(server, compression=None)
        await burst_is_answered_in_order(client)
        await client.close()
    run(body(), timeout=30)


def test_burst_of_requests_is_answered_in_order_with_deflate(deflate_server):
    async def body():
        client = await Client.connect(deflate_server, compression="deflate")
        await burst_is_answered_in_order(client)
        await client.close()
    run(body(), timeout=30)
