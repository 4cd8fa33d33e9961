"""The transport against the real binary: handshake, static files, binding, limits, isolation, shutdown.

These hold whatever the Session answers; see test_session.py for protocol behaviour.
"""
import asyncio
import http.client
import json
import signal
import socket

import pytest
import websockets

from conftest import PROTOCOL, TIMEOUT, Client, Server, run


def http_get(server, path):
    connection = http.client.HTTPConnection(server.host, server.port, timeout=TIMEOUT)
    try:
        connection.request("GET", path)   # http.client sends the path as is: no ../ normalisation
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def test_hello_names_the_protocol(server):
    async def body():
        client = await Client.connect(server)
        assert client.socket.subprotocol == PROTOCOL
        hello = await client.hello()
        assert hello["protocol"] == PROTOCOL
        assert isinstance(hello["session"], str) and hello["session"]
        await client.close()
    run(body())


def test_client_without_subprotocol_is_served_the_same(server):
    async def body():
        client = await Client.connect(server, subprotocols=())
        assert client.socket.subprotocol is None
        hello = await client.hello()
        assert hello["protocol"] == PROTOCOL
        await client.close()
    run(body())


def test_permessage_deflate_is_negotiated_when_offered(deflate_server):
    async def body():
        client = await Client.connect(deflate_server)
        extensions = client.socket.response.headers.get("Sec-WebSocket-Extensions", "")
        assert "permessage-deflate" in extensions
        await client.hello()
        await client.close()
    run(body())


def test_get_root_serves_index_html(server, public_args):
    status, headers, body = http_get(server, "/")
    assert status == 200
    assert headers["content-type"].startswith("text/html")
    assert body == (public_args[1] / "index.html").read_bytes()


def test_missing_file_is_404(server):
    status, _, _ = http_get(server, "/definitely-missing.html")
    assert status == 404


@pytest.mark.parametrize("path", ["/../../../../etc/passwd", "/..%2f..%2f..%2fetc/passwd", "/%2e%2e/%2e%2e/etc/passwd"])
def test_traversal_is_404(server, path):
    status, _, body = http_get(server, path)
    assert status == 404
    assert b"root:" not in body


def test_binds_only_the_requested_address(server):
    assert server.host == "127.0.0.1"
    with socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT):
        pass
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.2", server.port), timeout=TIMEOUT).close()


def test_a_message_is_answered(server):
    async def body():
        client = await Client.connect(server)
        await client.hello()
        await client.send({"type": "no-such-type", "id": 7})
        answer = await client.receive()
        assert isinstance(answer.get("type"), str)
        await client.close()
    run(body())


def test_fragmented_message_is_reassembled(server):
    async def body():
        client = await Client.connect(server)
        await client.hello()
        text = json.dumps({"type": "no-such-type", "id": 8, "padding": "x" * 200_000})
        await client.socket.send([text[i:i + 4096] for i in range(0, len(text), 4096)])
        answer = await client.receive()
        assert isinstance(answer.get("type"), str)
        await client.close()
    run(body())


def test_oversize_message_closes_1009_and_others_are_still_served(server):
    async def body():
        bystander = await Client.connect(server)
        await bystander.hello()
        client = await Client.connect(server, max_size=None)
        await client.hello()
        await client.socket.send("x" * (1024 * 1024 + 1))
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(client.socket.recv(), TIMEOUT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        # the server goes on: the open connection answers and a new one gets its hello
        await bystander.send({"type": "no-such-type", "id": 9})
        assert "type" in await bystander.receive()
        newcomer = await Client.connect(server)
        await newcomer.hello()
        await newcomer.close()
        await bystander.close()
    run(body())


def test_binary_frames_are_refused_with_1003(server):
    async def body():
        client = await Client.connect(server)
        await client.hello()
        await client.socket.send(b"\x00\x01")
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(client.socket.recv(), TIMEOUT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003
    run(body())


def test_invalid_utf8_text_is_refused_with_1007(server):
    async def body():
        client = await Client.connect(server)
        await client.hello()
        await client.socket.send(b'{"type":"\xff"}', text=True)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(client.socket.recv(), TIMEOUT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
    run(body())


def test_two_clients_do_not_see_each_others_messages(server):
    async def body():
        first = await Client.connect(server)
        second = await Client.connect(server)
        first_hello, second_hello = await first.hello(), await second.hello()
        assert first_hello["session"] != second_hello["session"]
        await first.send({"type": "no-such-type", "id": "from-first"})
        first_answer = await first.receive()
        # Had the first answer been sent to the second client too, it would be queued ahead of the
        # second client's own answer.
        await second.send({"type": "other-type", "id": "from-second"})
        second_answer = await second.receive()
        assert "from-first" not in json.dumps(second_answer)
        if "re" in first_answer:
            assert first_answer["re"] == "from-first"
            assert second_answer["re"] == "from-second"
        await first.close()
        await second.close()
    run(body())


def test_sigterm_closes_with_1001_and_exits_0(fresh_server):
    async def body():
        clients = [await Client.connect(fresh_server) for _ in range(3)]
        for client in clients:
            await client.hello()
        fresh_server.process.send_signal(signal.SIGTERM)
        for client in clients:
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(client.socket.recv(), TIMEOUT)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001
        return await asyncio.to_thread(fresh_server.process.wait, 1.0)
    assert run(body()) == 0
    log = fresh_server.log_text()
    assert log.count("open s") == 3 and log.count("close s") == 3, log


def test_sigint_exits_0(fresh_server):
    fresh_server.process.send_signal(signal.SIGINT)
    assert fresh_server.process.wait(1.0) == 0


def test_bad_flag_says_so_in_one_line_and_exits_2():
    from conftest import BINARY
    import subprocess
    result = subprocess.run([str(BINARY), "--bogus"], capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode == 2
    assert result.stderr == "layout-playground: unknown flag '--bogus' (layout-playground --help lists the flags)\n"
    assert result.stdout == ""


def test_a_misspelt_flag_names_the_nearest_one():
    from conftest import BINARY
    import subprocess
    for flag, nearest in [("--prot", "--port"), ("--max-veiws", "--max-views"), ("--no-stat", "--no-state")]:
        result = subprocess.run([str(BINARY), flag, "1"], capture_output=True, text=True, timeout=TIMEOUT)
        assert result.returncode == 2
        assert result.stderr.splitlines() == [
            f"layout-playground: unknown flag '{flag}': did you mean '{nearest}'? (layout-playground --help lists the flags)"]


def test_port_in_use_fails_cleanly(server):
    from conftest import BINARY
    import subprocess
    result = subprocess.run([str(BINARY), "--port", str(server.port), "--no-state"], capture_output=True, text=True,
                            timeout=TIMEOUT)
    assert result.returncode == 1
    assert "listening on" not in result.stdout
    assert f"cannot listen on 127.0.0.1:{server.port}: the address is already in use" in result.stderr


def test_address_not_of_this_machine_fails_cleanly():
    # libwebsockets alone keeps such a vhost waiting for the interface and reports the port as listening.
    from conftest import BINARY
    import subprocess
    result = subprocess.run([str(BINARY), "--host", "192.0.2.1", "--port", "0"], capture_output=True, text=True,
                            timeout=TIMEOUT)
    assert result.returncode == 1
    assert "listening on" not in result.stdout
    assert "cannot listen on 192.0.2.1: not an address of this machine" in result.stderr
