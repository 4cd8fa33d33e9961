"""`layout-playground --supervise`: a serving process that dies is started again on the same port, so a
crash costs clients a reconnect; stop signals reach it; bad flags and start-up failures are not retried;
no serving process outlives its supervisor.

Every wait is on an event (a forwarded `listening on` line, a closed socket, a process exit seen through a
pidfd) with a deadline, never a fixed sleep.
"""
import asyncio
import os
import re
import select
import signal
import subprocess

import pytest
import websockets

from conftest import BINARY, TIMEOUT, Client, Server, run

STARTED = re.compile(r"serving process (\d+) started")


def started_pids(server):
    """Pids of the serving processes the supervisor logged, in start order."""
    return [int(pid) for pid in STARTED.findall(server.log_text())]


def parent_of(pid):
    """The parent pid of a live process (field 4 of /proc/PID/stat, after the parenthesised name)."""
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rpartition(")")[2].split()[1])


def is_running(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def next_line(stream, timeout):
    """The next line the supervisor forwards to its standard output, stripped; None after `timeout` s."""
    ready, _, _ = select.select([stream], [], [], timeout)
    return stream.readline().strip() if ready else None


def wait_for_exit(pid, timeout):
    """True when process `pid` (not necessarily our child) ends within `timeout` seconds: a pidfd becomes
    readable when its process ends."""
    try:
        descriptor = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        ready, _, _ = select.select([descriptor], [], [], timeout)
        return bool(ready)
    finally:
        os.close(descriptor)


async def load_search_bar(client):
    await client.hello()
    answer = (await client.request({"type": "load", "name": "search-bar"}))[-1]
    assert answer["type"] == "scene" and answer["scene"]["name"] == "search-bar", answer


def test_a_killed_serving_process_is_restarted_on_the_same_port(public_args):
    supervisor = Server([*public_args[0], "--supervise"])
    try:
        [first] = started_pids(supervisor)
        assert parent_of(first) == supervisor.pid
        listening = f"listening on http://{supervisor.host}:{supervisor.port}/"

        async def body():
            client = await Client.connect(supervisor)
            await load_search_bar(client)
            os.kill(first, signal.SIGKILL)
            # The connection dies with its process. The kill is asynchronous: until the process has
            # ended, its listening socket may still accept a connection and then drop it.
            with pytest.raises(websockets.ConnectionClosed):
                await client.receive()
            assert wait_for_exit(first, TIMEOUT)

            # Bounded attempts: one may be refused while the supervisor waits to restart; then the
            # restarted process's forwarded `listening on` line says it is ready.
            restarted_line = None
            for _ in range(3):
                try:
                    fresh = await Client.connect(supervisor)
                    break
                except OSError:
                    assert restarted_line is None, "refused after the restarted process said it listens"
                    restarted_line = await asyncio.to_thread(next_line, supervisor.process.stdout, TIMEOUT)
                    assert restarted_line is not None, supervisor.log_text()
            else:
                pytest.fail(f"no connection after the restart\n{supervisor.log_text()}")
            if restarted_line is None:
                restarted_line = await asyncio.to_thread(next_line, supervisor.process.stdout, TIMEOUT)
            # Same address: `--port 0` was replaced by the port the first process printed.
            assert restarted_line == listening
            await load_search_bar(fresh)
            await fresh.close()

        run(body())
        log = supervisor.log_text()
        assert f"serving process {first} died (signal 9, SIGKILL); restarting in 0.1 s (restart 1)" in log, log
        [_, second] = started_pids(supervisor)
        assert second != first and parent_of(second) == supervisor.pid

        # SIGTERM to the supervisor stops the serving process cleanly, and the supervisor exits 0.
        assert supervisor.stop() == 0, supervisor.log_text()
        log = supervisor.log_text()
        assert f"stopping serving process {second}" in log and f"serving process {second} stopped (exit status 0)" in log
        assert not is_running(second)
        assert len(started_pids(supervisor)) == 2
    finally:
        supervisor.stop()


def test_sigint_is_forwarded_too(public_args):
    supervisor = Server([*public_args[0], "--supervise"])
    try:
        [child] = started_pids(supervisor)
        supervisor.process.send_signal(signal.SIGINT)
        assert supervisor.process.wait(TIMEOUT) == 0, supervisor.log_text()
        assert f"serving process {child} stopped (exit status 0)" in supervisor.log_text()
        assert not is_running(child)
    finally:
        supervisor.stop()


def test_a_serving_process_does_not_outlive_a_killed_supervisor(public_args):
    supervisor = Server([*public_args[0], "--supervise"])
    [child] = started_pids(supervisor)
    supervisor.process.kill()   # SIGKILL: the supervisor forwards nothing
    supervisor.process.wait(TIMEOUT)
    # The kernel sends the serving process SIGTERM (its parent-death signal); it closes and exits.
    assert wait_for_exit(child, TIMEOUT), f"serving process {child} outlived its supervisor"
    assert "received signal 15, closing connections" in supervisor.log_text()


def test_a_bad_flag_exits_2_at_once_without_starting_anything():
    finished = subprocess.run([str(BINARY), "--supervise", "--port", "0", "--no-such-flag"],
                              capture_output=True, text=True, timeout=TIMEOUT)
    assert finished.returncode == 2
    assert "unknown flag '--no-such-flag'" in finished.stderr
    assert not STARTED.search(finished.stderr), finished.stderr


def test_a_serving_process_that_cannot_start_is_not_retried(public_args):
    # 192.0.2.1 (TEST-NET-1, RFC 5737) is no address of this machine: the server exits 1.
    finished = subprocess.run([str(BINARY), "--supervise", "--port", "0", "--host", "192.0.2.1", *public_args[0]],
                              capture_output=True, text=True, timeout=TIMEOUT)
    assert finished.returncode == 1, finished.stderr
    assert len(STARTED.findall(finished.stderr)) == 1, finished.stderr
    assert "ended (exit status 1); not restarting" in finished.stderr
    assert finished.stdout == ""
