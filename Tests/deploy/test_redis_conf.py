"""deploy/redis/layout-playground.conf loads in redis-server (its folder and port moved to the test's)
and sets what docs/DEPLOY.md says it does. Skipped with a message when redis-server is not installed."""
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CONF = REPO / "deploy" / "redis" / "layout-playground.conf"
REDIS = shutil.which("redis-server")
pytestmark = pytest.mark.skipif(REDIS is None, reason="redis-server is not installed (apt-get install redis-server; bash .ci/setup --tests)")


def command(connection, *words):
    """One RESP command; its reply as text (a short reply: status, integer, a small array)."""
    request = f"*{len(words)}\r\n" + "".join(f"${len(word.encode())}\r\n{word}\r\n" for word in words)
    connection.sendall(request.encode())
    return connection.recv(65536).decode()   # Redis writes a short reply in one piece


def test_the_shipped_configuration_loads_and_sets_its_limits():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    folder = tempfile.mkdtemp(prefix="layout-playground-redis-")
    process = subprocess.Popen([REDIS, str(CONF), "--port", str(port), "--dir", folder, "--bind", "127.0.0.1"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                connection = socket.create_connection(("127.0.0.1", port), timeout=2)
                break
            except OSError:
                assert process.poll() is None, process.stdout.read()
                assert time.monotonic() < deadline, "redis-server did not listen"
                time.sleep(0.05)
        with connection:
            assert command(connection, "PING") == "+PONG\r\n"
            assert command(connection, "CONFIG", "GET", "maxmemory-policy").split("\r\n")[4] == "noeviction"
            assert command(connection, "CONFIG", "GET", "maxmemory").split("\r\n")[4] == str(1 << 30)
            assert command(connection, "CONFIG", "GET", "appendonly").split("\r\n")[4] == "yes"
            # 32 MB hard, 8 MB soft for 60 s, in bytes.
            limits = command(connection, "CONFIG", "GET", "client-output-buffer-limit").split("\r\n")[4]
            assert "pubsub 33554432 8388608 60" in limits
    finally:
        process.terminate()
        process.wait(10)
        shutil.rmtree(folder, ignore_errors=True)
