"""Where a server given no `--state` keeps its session journal: `layout-playground/PORT` in the user's
state folder (`$XDG_STATE_HOME`, else `~/.local/state`), never the folder it was started from, so
servers on different ports run side by side and nothing depends on what else runs in a checkout."""
import os
import select
import signal
import socket
import subprocess
from pathlib import Path

from conftest import BINARY, TIMEOUT


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(args, cwd, env):
    """The binary with `args`, no --state: its process once it printed `listening on`."""
    process = subprocess.Popen([str(BINARY), *args], cwd=cwd, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    ready, _, _ = select.select([process.stdout], [], [], TIMEOUT)
    line = process.stdout.readline() if ready else ""
    if not line.startswith("listening on "):
        process.kill()
        _, errors = process.communicate()
        raise AssertionError(f"did not start: {line!r} {errors}")
    return process


def stop(process):
    process.send_signal(signal.SIGTERM)
    assert process.wait(TIMEOUT) == 0


def environment(home, xdg=None):
    env = {key: value for key, value in os.environ.items() if key not in ("HOME", "XDG_STATE_HOME")}
    env["HOME"] = str(home)
    if xdg is not None:
        env["XDG_STATE_HOME"] = str(xdg)
    return env


def test_servers_on_two_ports_journal_in_their_own_folders_under_xdg_state_home(tmp_path):
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    env = environment(tmp_path / "home", tmp_path / "state")
    ports = [free_port(), free_port()]
    servers = [start(["--port", str(port)], checkout, env) for port in ports]
    try:
        for port in ports:
            assert (tmp_path / "state" / "layout-playground" / str(port) / "journal.sqlite").exists()
            assert (tmp_path / "state" / "layout-playground" / str(port)).stat().st_mode & 0o777 == 0o700
    finally:
        for server in servers:
            stop(server)
    assert list(checkout.iterdir()) == [], "nothing is written where the server was started"


def test_without_xdg_state_home_the_folder_is_under_home(tmp_path):
    port = free_port()
    server = start(["--port", str(port)], tmp_path, environment(tmp_path / "home"))
    stop(server)
    assert (tmp_path / "home" / ".local" / "state" / "layout-playground" / str(port)).is_dir()


def test_port_zero_keeps_no_journal_unless_told_where(tmp_path):
    env = environment(tmp_path / "home", tmp_path / "state")
    server = start(["--port", "0"], tmp_path, env)
    stop(server)
    assert not (tmp_path / "state").exists()
    assert [path.name for path in tmp_path.iterdir()] == []


def test_help_names_the_default_folder():
    result = subprocess.run([str(BINARY), "--help"], capture_output=True, text=True, timeout=TIMEOUT)
    assert "layout-playground/PORT in $XDG_STATE_HOME" in result.stdout
