"""Fixtures that run the real `layout-playground` binary and talk to it with real clients.

The binary is not built here: run `swift build` first, or point LAYOUT_PLAYGROUND_BIN at one.
"""
import asyncio
import http.client
import json
import sys
import tempfile
import time
from pathlib import Path

import pytest
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from playground_server import PROTOCOL, REPO, PlaygroundServer, ServerStartError, binary_path  # noqa: E402

BINARY = binary_path()
TIMEOUT = 5.0


class Server(PlaygroundServer):
    """A running server process (`Tests/support/playground_server.py`); a server that does not start
    fails the test."""

    def __init__(self, args=()):
        try:
            super().__init__(BINARY, args, timeout=TIMEOUT)
        except ServerStartError as error:
            pytest.fail(str(error))


@pytest.fixture(scope="session")
def public_args():
    """No flag when the repository's Public/index.html exists; else a temporary public folder."""
    if (REPO / "Public" / "index.html").exists():
        yield [], REPO / "Public"
        return
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "index.html").write_text("<!doctype html><title>test</title><p>layout playground</p>\n")
        yield ["--public", folder], Path(folder)


@pytest.fixture(scope="module")
def server(public_args):
    """One server shared by a test module; it must exit 0 on SIGTERM at the end."""
    running = Server(public_args[0])
    yield running
    assert running.stop() == 0, running.log_text()


@pytest.fixture(scope="module")
def deflate_server(public_args):
    """A server offering permessage-deflate (off by default, docs/SECURITY.md)."""
    running = Server([*public_args[0], "--permessage-deflate"])
    yield running
    assert running.stop() == 0, running.log_text()


@pytest.fixture
def fresh_server(public_args):
    """A server of its own, for tests that stop it."""
    running = Server(public_args[0])
    yield running
    running.stop()


def http_get(server, path, context=None, headers=None):
    """GET `path` (TLS when `context` is given); returns the status, the headers (lower-case names)
    and the body bytes."""
    if context is None:
        connection = http.client.HTTPConnection(server.host, server.port, timeout=TIMEOUT)
    else:
        connection = http.client.HTTPSConnection(server.host, server.port, timeout=TIMEOUT, context=context)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def metrics(server):
    """The server's /metrics samples, by name (labels included), as floats."""
    status, headers, body = http_get(server, "/metrics")
    assert status == 200 and headers["content-type"].startswith("text/plain")
    values = {}
    for line in body.decode().splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            values[name] = float(value)
    return values


def wait_for(predicate, timeout=TIMEOUT, step=0.05):
    """Polls `predicate` until it holds or `timeout` seconds pass; returns its last value. For
    conditions only the server's side shows (its /metrics, its process), never as a pause."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def run(coroutine, timeout=20.0):
    """Runs one async test body with an overall deadline."""
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


class Client:
    """A WebSocket client speaking JSON text frames, with a timeout on every wait."""

    def __init__(self, socket):
        self.socket = socket
        self.next_id = 100

    @classmethod
    async def connect(cls, server, subprotocols=(PROTOCOL,), **kwargs):
        socket = await websockets.connect(server.ws_url, subprotocols=list(subprotocols) or None,
                                          open_timeout=TIMEOUT, **kwargs)
        return cls(socket)

    async def close(self):
        await self.socket.close()

    async def send(self, message):
        await self.socket.send(json.dumps(message))

    async def receive(self, timeout=TIMEOUT):
        return json.loads(await asyncio.wait_for(self.socket.recv(), timeout))

    async def hello(self):
        message = await self.receive()
        assert message["type"] == "hello", message
        return message

    async def request(self, message, timeout=TIMEOUT):
        """Sends `message` with a fresh id; returns every message up to and including its answer."""
        self.next_id += 1
        request_id = self.next_id
        await self.send({**message, "id": request_id})
        received = []
        while True:
            reply = await self.receive(timeout)
            received.append(reply)
            if reply.get("re") == request_id and reply["type"] != "animationEnd":
                return received
