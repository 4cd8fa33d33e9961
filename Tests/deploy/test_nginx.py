"""deploy/nginx/layout-playground.conf checked by nginx itself and served through: `nginx -t` on it, then
nginx in front of two real playground servers on loopback (a WebSocket session and /healthz through it,
and new connections still succeeding once one server is killed).

nginx runs with a temporary prefix and a main configuration of the test's own that includes the shipped
file with its addresses moved to the test's ports; as root it runs as `nobody`, so it never needs
privileges. Skipped with a message when nginx is not installed (`bash .ci/setup --tests` installs it).
"""
import asyncio
import http.client
import json
import os
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
from playground_server import PROTOCOL, REPO, PlaygroundServer, binary_path  # noqa: E402

CONF = REPO / "deploy" / "nginx" / "layout-playground.conf"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed (apt-get install nginx; bash .ci/setup --tests)")
NOBODY = 65534


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def site(listen_port, upstream_ports, consistent_hash=False):
    """The shipped file with its listen port and upstream servers moved to the test's ports."""
    text = CONF.read_text()
    assert "server 127.0.0.1:8081 " in text and "server 127.0.0.1:8082 " in text and "listen 80;" in text
    lines = "".join(f"    server 127.0.0.1:{port} max_fails=2 fail_timeout=10s;\n" for port in upstream_ports)
    text = text.replace("    server 127.0.0.1:8081 max_fails=2 fail_timeout=10s;\n", lines)
    text = text.replace("    server 127.0.0.1:8082 max_fails=2 fail_timeout=10s;\n", "")
    text = text.replace("listen 80;", f"listen 127.0.0.1:{listen_port};").replace("    listen [::]:80;\n", "")
    if consistent_hash:
        text = text.replace("#hash $arg_code consistent;", "hash $arg_code consistent;")
    return text


class Nginx:
    """nginx with a temporary prefix serving `site_text`, in the foreground, as nobody when run as root."""

    def __init__(self, site_text):
        self.prefix = Path(tempfile.mkdtemp(prefix="layout-playground-nginx-"))
        (self.prefix / "logs").mkdir()
        (self.prefix / "site.conf").write_text(site_text)
        temp = self.prefix / "temp"
        temp.mkdir()
        (self.prefix / "nginx.conf").write_text(f"""
daemon off;
worker_processes 1;
pid {self.prefix}/nginx.pid;
error_log {self.prefix}/logs/error.log info;
events {{ worker_connections 256; }}
http {{
    access_log {self.prefix}/logs/access.log;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {self.prefix}/site.conf;
}}
""")
        if os.geteuid() == 0:
            os.chmod(self.prefix, 0o755)
            for path in [self.prefix, *self.prefix.rglob("*")]:
                os.chown(path, NOBODY, NOBODY)
        self.process = None

    def command(self, *extra):
        return [NGINX, "-p", str(self.prefix), "-c", str(self.prefix / "nginx.conf"), *extra]

    def demote(self):
        if os.geteuid() == 0:
            os.setgid(NOBODY)
            os.setuid(NOBODY)

    def test_configuration(self):
        return subprocess.run(self.command("-t"), capture_output=True, text=True, preexec_fn=self.demote, timeout=30)

    def start(self, port):
        self.process = subprocess.Popen(self.command(), stderr=subprocess.PIPE, text=True, preexec_fn=self.demote)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"nginx exited: {self.process.stderr.read()}")
                time.sleep(0.05)
        raise RuntimeError("nginx did not listen")

    def error_log(self):
        path = self.prefix / "logs" / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)   # graceful: workers finish, then exit
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.prefix, ignore_errors=True)


@pytest.mark.parametrize("consistent_hash", [False, True])
def test_the_configuration_passes_nginx_t(consistent_hash):
    nginx = Nginx(site(free_port(), [free_port(), free_port()], consistent_hash))
    try:
        result = nginx.test_configuration()
        assert result.returncode == 0, result.stderr
        assert "syntax is ok" in result.stderr and "test is successful" in result.stderr
    finally:
        nginx.stop()


def http_get(port, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


async def session_through(port, query=""):
    """Opens a WebSocket through nginx, reads the hello, loads the search bar scene and returns the hello
    and the load's answer (a `scene` message)."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/{query}", subprotocols=[PROTOCOL], open_timeout=5) as ws:
        hello = json.loads(await asyncio.wait_for(ws.recv(), 5))
        await ws.send(json.dumps({"type": "load", "name": "search-bar", "id": 1}))
        while True:
            reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
            if reply.get("re") == 1:
                return hello, reply


def sessions_opened(port):
    """`playground_sessions_opened_total` from the server's own /metrics."""
    status, body = http_get(port, "/metrics")
    assert status == 200
    for line in body.decode().splitlines():
        if line.startswith("playground_sessions_opened_total"):
            return int(float(line.split()[-1]))
    raise AssertionError("no playground_sessions_opened_total in /metrics")


@pytest.fixture(params=[False], ids=["round-robin"])
def two_servers_behind_nginx(request):
    binary = binary_path()
    if not binary.exists():
        pytest.fail(f"{binary} not found: run `swift build` or set LAYOUT_PLAYGROUND_BIN")
    servers = [PlaygroundServer(binary, ["--rate", "0"]) for _ in range(2)]
    port = free_port()
    nginx = Nginx(site(port, [server.port for server in servers], consistent_hash=request.param))
    try:
        nginx.start(port)
        yield port, servers, nginx
    finally:
        nginx.stop()
        for server in servers:
            server.stop()


def test_a_session_and_healthz_work_through_nginx_and_survive_a_killed_server(two_servers_behind_nginx):
    port, servers, nginx = two_servers_behind_nginx
    direct_status, direct_body = http_get(servers[0].port, "/healthz")
    status, body = http_get(port, "/healthz")
    assert (status, body) == (direct_status, direct_body) == (200, direct_body)

    hello, answer = asyncio.run(session_through(port))
    assert hello["type"] == "hello" and hello["protocol"] == PROTOCOL
    assert (answer["type"], answer["scene"]["name"]) == ("scene", "search-bar"), answer

    # Round-robin: 5 sessions (and the /healthz between) spread over both servers, each opened some.
    for _ in range(4):
        assert asyncio.run(session_through(port))[1]["type"] == "scene"
    assert all(sessions_opened(server.port) >= 1 for server in servers)
    assert sum(sessions_opened(server.port) for server in servers) == 5

    servers[1].process.kill()
    servers[1].process.wait()
    # Every new connection still succeeds: one refused by the dead server is retried on the live one
    # (proxy_next_upstream error), and after max_fails the dead one gets none for fail_timeout.
    for _ in range(8):
        hello, answer = asyncio.run(session_through(port))
        assert hello["type"] == "hello" and answer["type"] == "scene"
        assert http_get(port, "/healthz")[0] == 200
    assert "connect() failed" in nginx.error_log()


@pytest.mark.parametrize("two_servers_behind_nginx", [True], ids=["hash-code"], indirect=True)
def test_with_the_code_hash_every_connection_of_one_code_lands_on_one_server(two_servers_behind_nginx):
    port, servers, _ = two_servers_behind_nginx
    for _ in range(6):
        assert asyncio.run(session_through(port, "?code=ABCD2345"))[1]["type"] == "scene"
    # All 6 on the server the code hashes to, none on the other.
    assert sorted(sessions_opened(server.port) for server in servers) == [0, 6]
