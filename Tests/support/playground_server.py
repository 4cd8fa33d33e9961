"""Starts the real `layout-playground` binary on a free port and stops it: the one way the socket tests,
the browser tests and the soak start a server.

    from playground_server import PlaygroundServer, binary_path
    server = PlaygroundServer(binary_path(), ["--rate", "0"])   # waits for its `listening on` line
    ...  server.host, server.port, server.http_url, server.ws_url, server.process
    status = server.stop()                                       # SIGTERM; the exit status

The binary is not built here: run `swift build` first, or point LAYOUT_PLAYGROUND_BIN at one. Unless `args`
name `--state` or `--no-state`, each server journals its sessions in a fresh temporary folder (`state_dir`).
"""
import os
import select
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# The WebSocket subprotocol: `Session.protocolName` on the Swift side.
PROTOCOL = "layout-playground.v1"


def binary_path(configuration="debug"):
    """LAYOUT_PLAYGROUND_BIN when set, else `.build/<configuration>/layout-playground` of this repository."""
    default = REPO / ".build" / configuration / "layout-playground"
    return Path(os.environ.get("LAYOUT_PLAYGROUND_BIN", default))


class ServerStartError(RuntimeError):
    """The binary is missing, or it exited or stayed silent instead of printing `listening on …`."""


class PlaygroundServer:
    """A running server process on a loopback port read from its `listening on SCHEME://HOST:PORT/` line.

    `args` are extra flags; `port` 0 lets the kernel pick; `preexec_fn` runs in the child before the
    binary (to set resource limits, say). Standard error goes to `log` (a path), or to
    a fresh temporary file; `log_text()` reads it back. Raises `ServerStartError` when the server does not
    report listening within `timeout` seconds.
    """

    def __init__(self, binary, args=(), port=0, log=None, timeout=5.0, cwd=None, log_prefix="layout-playground-",
                 preexec_fn=None):
        binary = Path(binary)
        if not binary.exists():
            raise ServerStartError(f"{binary} not found: run `swift build` or set LAYOUT_PLAYGROUND_BIN")
        if log is None:
            with tempfile.NamedTemporaryFile(prefix=log_prefix, suffix=".log", delete=False) as file:
                log = file.name
        self.log_path = Path(log)
        self.timeout = timeout
        args = list(args)
        self.state_dir = None
        if not any(arg.split("=")[0] in ("--state", "--no-state") for arg in args):
            # A journal of its own: servers started side by side must not share one (one server per folder).
            self.state_dir = tempfile.mkdtemp(prefix="layout-playground-state-")
            args += ["--state", self.state_dir]
        with open(self.log_path, "w") as stderr:   # the child keeps its own descriptor
            self.process = subprocess.Popen([str(binary), "--port", str(port), *args], stdout=subprocess.PIPE,
                                            stderr=stderr, text=True, cwd=cwd, preexec_fn=preexec_fn)
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        line = self.process.stdout.readline() if ready else ""
        scheme, separator, address = line.strip().removeprefix("listening on ").partition("://")
        if not line.startswith("listening on ") or not separator or scheme not in ("http", "https"):
            self.process.kill()
            self.process.wait()
            raise ServerStartError(f"server did not start: {line!r}\n{self.log_text()}")
        self.host, _, port_text = address.rstrip("/").rpartition(":")
        self.port = int(port_text)
        self.scheme = scheme
        self.http_url = f"{scheme}://{self.host}:{self.port}/"
        self.ws_url = f"{'wss' if scheme == 'https' else 'ws'}://{self.host}:{self.port}/"

    @property
    def pid(self):
        return self.process.pid

    def log_text(self):
        """What the server wrote to standard error so far."""
        return self.log_path.read_text(errors="replace")

    def stop(self, timeout=None):
        """Sends SIGTERM (unless it already exited) and returns the exit status; after `timeout` seconds
        (the start timeout by default) kills it and returns None."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(self.timeout if timeout is None else timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None
        finally:
            if self.state_dir:
                shutil.rmtree(self.state_dir, ignore_errors=True)
