"""`--record DIR` and `layout-playground replay FILE` against the real binary: a session recorded through
the server replays to the same messages; a recording altered by hand fails with a readable diff; the
size caps end a file with a `truncated` line (docs/CLIENTS.md, "Golden recordings")."""
import json
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import BINARY, Client, Server, run

pytestmark = pytest.mark.session


def replay(path):
    """Runs `layout-playground replay path`; returns (exit status, standard output)."""
    result = subprocess.run([str(BINARY), "replay", str(path)], capture_output=True, text=True, timeout=60)
    return result.returncode, result.stdout + result.stderr


def record(folder, body, *flags):
    """Runs `body(client)` against a server recording into `folder`, stops the server (which closes and
    flushes the file) and returns the one recording's path."""
    server = Server(["--record", str(folder), *flags])
    try:
        async def session():
            client = await Client.connect(server)
            await client.hello()
            await body(client)
            await client.close()
        run(session())
    finally:
        assert server.stop() == 0, server.log_text()
    files = sorted(Path(folder).glob("*.jsonl"))
    assert len(files) == 1, files
    return files[0]


async def manual_session(client):
    """The search bar's focus action under the manual clock: navTop 0 → −62 in 0.25 s, stepped by hand,
    with a refused edit in the middle."""
    await client.request({"type": "clock", "mode": "manual"})
    await client.request({"type": "load", "name": "search-bar"})
    await client.request({"type": "action", "name": "focus"})
    await client.request({"type": "advance", "seconds": 0.125})
    refused = await client.request({"type": "batch", "ops": [
        {"type": "set", "constraint": "navTop", "constant": 10}, {"type": "set", "constraint": "ghost", "constant": 1}]})
    assert [m["type"] for m in refused] == ["error"], refused
    await client.request({"type": "advance", "seconds": 0.125})


def lines(path):
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def test_a_recorded_session_replays_to_the_same_messages():
    with tempfile.TemporaryDirectory() as folder:
        path = record(folder, manual_session)
        recorded = lines(path)
        assert recorded[0]["kind"] == "session" and recorded[0]["format"] == 1
        kinds = [line["kind"] for line in recorded]
        assert kinds.count("in") == 6
        # By hand: 0.125 s into the 0.25 s animation (easeInOut is symmetric) navView is half way, y = −31;
        # the frames the first advance caused say so.
        first_advance = [index for index, kind in enumerate(kinds) if kind == "in"][3]
        after = next(line["message"] for line in recorded[first_advance:]
                     if line["kind"] == "out" and line["message"]["type"] == "frames")
        assert after["views"]["navView"]["frame"] == [0, -31, 375, 62]
        assert oct(path.stat().st_mode & 0o777) == "0o600"
        status, output = replay(path)
        assert status == 0, output
        assert f"{kinds.count('out')} messages match" in output


def test_a_real_clock_animation_replays_with_its_ticks():
    async def animated(client):
        await client.request({"type": "load", "name": "search-bar"})
        # The action's 0.25 s animation streams frames from the server's ticks until animationEnd.
        await client.request({"type": "action", "name": "focus"})
        while (await client.receive())["type"] != "animationEnd":
            pass
    with tempfile.TemporaryDirectory() as folder:
        path = record(folder, animated)
        assert any(line["kind"] == "tick" for line in lines(path))
        status, output = replay(path)
        assert status == 0, output


def test_an_altered_frame_fails_with_the_line_the_view_and_both_values():
    with tempfile.TemporaryDirectory() as folder:
        path = record(folder, manual_session)
        text = path.read_text().splitlines()
        for number, line in enumerate(text):
            entry = json.loads(line)
            message = entry.get("message", {})
            if message.get("type") == "frames" and message["views"].get("navView", {}).get("frame") == [0, -31, 375, 62]:
                message["views"]["navView"]["frame"] = [0, -30, 375, 62]
                text[number] = json.dumps(entry)
                break
        altered = Path(folder, "altered.jsonl")
        altered.write_text("\n".join(text) + "\n")
        status, output = replay(altered)
        assert status == 1, output
        assert f"line {number + 1}: view navView frame: expected [0,-30,375,62], actual [0,-31,375,62]" in output


def test_within_a_micro_point_a_frame_still_matches():
    with tempfile.TemporaryDirectory() as folder:
        path = record(folder, manual_session)
        text = path.read_text().replace('"frame":[0,-31,375,62]', '"frame":[0,-31.0000005,375,62]', 1)
        assert "-31.0000005" in text
        Path(path).write_text(text)
        status, output = replay(path)
        assert status == 0, output


def test_the_file_cap_ends_a_recording_with_truncated():
    with tempfile.TemporaryDirectory() as folder:
        path = record(folder, manual_session, "--record-max-file-bytes", "4096")
        recorded = lines(path)
        assert recorded[-1]["kind"] == "truncated"
        assert "4096" in recorded[-1]["reason"]
        assert path.stat().st_size <= 4096
        status, output = replay(path)
        assert status == 0 and "truncated" in output, output


def test_a_file_that_is_no_recording_exits_2():
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "x.jsonl")
        path.write_text('{"kind":"in","now":0,"time":0,"text":"{}"}\n')
        status, output = replay(path)
        assert status == 2 and "line 1" in output, output


def test_the_folder_cap_stops_new_recordings():
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "earlier.jsonl").write_text("x" * 1000)   # files already there count
        server = Server(["--record", folder, "--record-max-bytes", "2048"])
        try:
            async def two_sessions():
                for _ in range(2):
                    client = await Client.connect(server)
                    await client.hello()
                    await client.request({"type": "load", "name": "search-bar"})
                    await client.close()
            run(two_sessions())
        finally:
            assert server.stop() == 0, server.log_text()
        files = sorted(path.name for path in Path(folder).glob("s*.jsonl"))
        # The first session's header and hello fit in the 1,048 bytes left; its scene does not.
        assert len(files) == 1, files
        last = lines(Path(folder, files[0]))[-1]
        assert last["kind"] == "truncated" and "2048" in last["reason"], last


def test_a_session_that_shared_replays():
    """share → set → unshare with nobody following: the replay answers `shared` and `ok` as the server did
    (the share's code and link are the one difference set aside)."""
    async def shared_session(client):
        await client.request({"type": "clock", "mode": "manual"})
        await client.request({"type": "load", "name": "search-bar"})
        shared = await client.request({"type": "share"})
        assert shared[-1]["type"] == "shared", shared
        await client.request({"type": "set", "constraint": "navTop", "constant": -20})
        await client.request({"type": "unshare"})

    with tempfile.TemporaryDirectory() as folder:
        path = record(folder, shared_session)
        status, output = replay(path)
        assert status == 0, output
