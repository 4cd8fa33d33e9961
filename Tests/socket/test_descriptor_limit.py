"""The open-file limit: raised at start, the session limit derived from it, and a connection that finds
no descriptor free answered with HTTP 503 while the server keeps serving.

The server starts under a soft limit of 40 descriptors and a hard one of 96 (`preexec_fn` with
`resource.setrlimit`). It raises the soft limit to 96 and, keeping 16 free for HTTP and the journal,
limits sessions to what is left. At that many sessions an upgrade is refused with 503 and `/healthz`
answers. Then idle TCP connections take every descriptor left: the connections that find none are
answered 503 through the spare descriptor instead of waiting in the listen queue, the service thread
does not spin, and once they close `/healthz` answers 200 again.
"""
import re
import select
import resource
import socket
import time
from pathlib import Path

import pytest

from conftest import BINARY, TIMEOUT, Server, http_get, metrics, wait_for
from playground_server import PROTOCOL, PlaygroundServer, ServerStartError
from raw_websocket import RawConnection

SOFT, HARD = 40, 96


def low_limit():
    resource.setrlimit(resource.RLIMIT_NOFILE, (SOFT, HARD))


@pytest.fixture
def server(public_args):
    try:
        running = PlaygroundServer(BINARY, public_args[0], timeout=TIMEOUT, preexec_fn=low_limit)
    except ServerStartError as error:
        pytest.fail(str(error))
    yield running
    assert running.stop() == 0, running.log_text()


def upgrade_status(server):
    """The status line the server answers a WebSocket upgrade with."""
    with socket.create_connection((server.host, server.port), timeout=TIMEOUT) as sock:
        sock.sendall((f"GET / HTTP/1.1\r\nHost: {server.host}:{server.port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                      f"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: {PROTOCOL}\r\n\r\n").encode())
        return sock.recv(4096).split(b"\r\n", 1)[0].decode()


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / 100


def test_low_descriptor_limit_answers_503_and_healthz_keeps_answering(server):
    limits = Path(f"/proc/{server.pid}/limits").read_text()
    assert re.search(rf"Max open files\s+{HARD}\s+{HARD}\s", limits), limits
    logged = re.search(r"open files: (\d+) \(soft limit raised from (\d+)\); sessions: at most (\d+)", server.log_text())
    assert logged and int(logged[1]) == HARD and int(logged[2]) == SOFT, server.log_text()
    sessions = int(logged[3])
    # 96, less the reserve (16) and what the process holds open at start (standard streams, the
    # journal, the spare, the listening socket, the wake-up pipe: 10 to 20).
    assert HARD - 16 - 20 <= sessions <= HARD - 16 - 10, sessions

    first = RawConnection.open(server, read_hello=False)
    hello = first.read_frame().json()
    assert hello["limits"]["maxSessions"] == sessions
    opened = [first] + [RawConnection.open(server) for _ in range(sessions - 1)]
    # libwebsockets writes its refusals as HTTP/1.0.
    assert upgrade_status(server).endswith(" 503 Service Unavailable")
    assert http_get(server, "/healthz")[0] == 200

    # Idle connections take what the sessions left; those finding no descriptor get the spare's 503.
    idle = [socket.create_connection((server.host, server.port), timeout=TIMEOUT) for _ in range(40)]
    # The first answers come within a service pass; the rest of the queue within the next few.
    select.select(idle, [], [], TIMEOUT)
    time.sleep(0.3)
    readable, _, _ = select.select(idle, [], [], 0)
    answered = [sock.recv(4096) for sock in readable]
    assert answered, "no connection was answered over the limit"
    assert all(head.startswith(b"HTTP/1.1 503 Service Unavailable\r\n") for head in answered), answered[:2]
    # A descriptor the server was still closing (the refused upgrade's) may have come free since:
    # idle connections take any that did, until one is answered 503 again.
    for _ in range(5):
        extra = socket.create_connection((server.host, server.port), timeout=TIMEOUT)
        idle.append(extra)
        if select.select([extra], [], [], 0.5)[0]:
            break
    status, _, body = http_get(server, "/healthz")
    assert status == 503 and b"no descriptor is free" in body
    # No spinning at the limit: the service thread waits in poll(2).
    before = cpu_seconds(server.pid)
    time.sleep(1.0)
    assert cpu_seconds(server.pid) - before < 0.2

    for sock in idle:
        sock.close()
    assert wait_for(lambda: http_get(server, "/healthz")[0] == 200)
    samples = metrics(server)
    assert samples['playground_upgrades_refused_total{reason="sessions"}'] == 1
    assert samples['playground_upgrades_refused_total{reason="descriptors"}'] >= len(answered) + 1
    for connection in opened:
        connection.close()
    assert wait_for(lambda: metrics(server)["playground_sessions"] == 0)
