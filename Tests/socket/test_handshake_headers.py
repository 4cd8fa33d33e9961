"""The opening handshake's `Sec-WebSocket-Protocol` and `Sec-WebSocket-Extensions` beyond what
libwebsockets 4.1.6 reads (docs/SECURITY.md, "WebSocket conformance"), found with the Autobahn
testsuite's handshake cases: every one is answered, 101 with what the server understands or 400 saying
why, where libwebsockets alone closed the TCP connection without an HTTP response.

With `--permessage-deflate`, an offer the server cannot honour (RFC 7692 section 7.1.2.1: a
`server_max_window_bits` libwebsockets neither echoes nor applies) is declined, and the connection
goes on uncompressed.
"""
import json

import pytest

from conftest import PROTOCOL
from raw_websocket import OP_TEXT, RawConnection, frame_bytes

DEFLATE = "permessage-deflate; client_max_window_bits; server_max_window_bits=10"
# Three offers, 313 bytes: the first two libwebsockets could take, the third has a parameter it cannot.
THREE_OFFERS = ", ".join([DEFLATE + "; client_no_context_takeover; server_no_context_takeover",
                          "permessage-deflate; client_max_window_bits; server_no_context_takeover",
                          "permessage-deflate; client_max_window_bits; client_no_context_takeover; "
                          "x-unknown-parameter=" + "y" * 22])
assert len(THREE_OFFERS) == 313, len(THREE_OFFERS)


def served(connection, status, headers):
    """The handshake succeeded with our subprotocol, and the session answers."""
    assert status == "HTTP/1.1 101 Switching Protocols", status
    assert headers["sec-websocket-protocol"] == PROTOCOL
    hello = connection.read_frame()
    assert hello.opcode == OP_TEXT and hello.rsv == 0 and hello.json()["type"] == "hello"
    connection.send(frame_bytes(OP_TEXT, json.dumps({"type": "scene", "id": 7}).encode()))
    answer = connection.frames_until_text()[-1]
    assert answer.rsv == 0 and answer.json()["re"] == 7
    connection.close()


def refused(connection, status, headers, because):
    """HTTP 400 (libwebsockets writes its refusals as HTTP/1.0) with `because` in the body."""
    assert status.endswith(" 400 Bad Request"), status
    body = connection.buffer + connection.sock.recv(4096)
    assert because.encode() in body, body
    connection.close()


@pytest.mark.parametrize("extensions", [THREE_OFFERS, "x" * 255, "x" * 300, "permessage-deflate; " + "y" * 260],
                         ids=["three-offers-313-bytes", "token-255", "token-300", "deflate-parameter-260"])
def test_long_extension_offers_are_ignored(server, extensions):
    connection, status, headers = RawConnection.handshake(server, extensions=extensions)
    assert "sec-websocket-extensions" not in headers
    served(connection, status, headers)


@pytest.mark.parametrize("length", [63, 64, 100])
def test_a_long_unknown_subprotocol_before_ours_gets_400(server, length):
    connection, status, headers = RawConnection.handshake(server, protocol="x" * length + ", " + PROTOCOL)
    refused(connection, status, headers, "longer than 62 bytes")


def test_unknown_subprotocols_libwebsockets_can_read_are_passed_over(server):
    served(*RawConnection.handshake(server, protocol="x" * 62 + ", " + PROTOCOL))
    # Longer than 126 bytes: the rest is not read, ours first is still found.
    served(*RawConnection.handshake(server, protocol=PROTOCOL + ", " + ", ".join(["chat"] * 40)))


def test_our_subprotocol_past_what_is_read_gets_400(server):
    connection, status, headers = RawConnection.handshake(server, protocol=", ".join(["chat"] * 40) + ", " + PROTOCOL)
    refused(connection, status, headers, "unsupported subprotocol")


@pytest.mark.parametrize("extensions", ["permessage-deflate; server_max_window_bits=9",
                                        "permessage-deflate; server_max_window_bits=9, permessage-deflate",
                                        "permessage-deflate; client_max_window_bits=7",
                                        "permessage-deflate; unknown_parameter",
                                        "permessage-deflate; server_no_context_takeover; server_no_context_takeover",
                                        THREE_OFFERS])
def test_a_deflate_offer_the_server_cannot_honour_is_declined(deflate_server, extensions):
    connection, status, headers = RawConnection.handshake(deflate_server, extensions=extensions)
    assert "sec-websocket-extensions" not in headers, headers
    served(connection, status, headers)


def test_a_bare_deflate_offer_before_another_is_declined_not_dropped(deflate_server):
    """libwebsockets takes the bare first offer, reads on to the second and fails the connection
    ("ext mentioned twice"); declining both keeps it."""
    connection, status, headers = RawConnection.handshake(
        deflate_server, extensions="permessage-deflate, permessage-deflate; client_max_window_bits")
    assert "sec-websocket-extensions" not in headers, headers
    served(connection, status, headers)


@pytest.mark.parametrize("extensions, answer", [
    ("permessage-deflate", "permessage-deflate"),
    ("permessage-deflate; client_max_window_bits", "permessage-deflate"),
    ("permessage-deflate; client_max_window_bits=10; server_no_context_takeover",
     "permessage-deflate; server_no_context_takeover"),
    ("x-webkit-deflate-frame, permessage-deflate; client_max_window_bits", "permessage-deflate"),
])
def test_deflate_offers_the_server_honours_are_accepted(deflate_server, extensions, answer):
    connection, status, headers = RawConnection.handshake(deflate_server, extensions=extensions)
    assert status == "HTTP/1.1 101 Switching Protocols", status
    assert headers.get("sec-websocket-extensions") == answer, headers
    hello = connection.read_frame()
    assert hello.opcode == OP_TEXT and hello.rsv == 4   # RSV1: compressed
    connection.close()
