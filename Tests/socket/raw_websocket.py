"""WebSocket framing by hand (RFC 6455, section 5), over a plain TCP socket, for conformance tests that
must send what no WebSocket library would: reserved bits, reserved opcodes, oversized control frames,
fragments interleaved with control frames, invalid close codes, invalid UTF-8 split across fragments.

    connection = RawConnection.open(server)      # handshake, then reads the session's `hello`
    connection.send_frame(OP_TEXT, b'{"type":"scene","id":1}')
    frame = connection.read_frame()               # Frame(fin, rsv, opcode, payload) or None at EOF
"""
import base64
import hashlib
import json
import os
import socket
import struct
from dataclasses import dataclass

from conftest import PROTOCOL, TIMEOUT

OP_CONTINUATION, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
# RFC 6455 section 1.3: the GUID the server appends to the client's key.
GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


@dataclass
class Frame:
    fin: bool
    rsv: int
    opcode: int
    payload: bytes

    @property
    def close_code(self):
        """The status code of a close frame (None when its body is empty)."""
        return struct.unpack("!H", self.payload[:2])[0] if len(self.payload) >= 2 else None

    def json(self):
        return json.loads(self.payload.decode())


def frame_bytes(opcode, payload=b"", fin=True, rsv=0, mask=True):
    """One frame: FIN, the three RSV bits (`rsv` 0–7), the opcode, the length in its shortest form and, for
    a client, a fresh masking key with the payload masked (section 5.2–5.3)."""
    header = bytes([(0x80 if fin else 0) | (rsv & 7) << 4 | (opcode & 0xF)])
    mask_bit = 0x80 if mask else 0
    length = len(payload)
    if length < 126:
        header += bytes([mask_bit | length])
    elif length < 65536:
        header += bytes([mask_bit | 126]) + struct.pack("!H", length)
    else:
        header += bytes([mask_bit | 127]) + struct.pack("!Q", length)
    if not mask:
        return header + payload
    key = os.urandom(4)
    return header + key + bytes(byte ^ key[index % 4] for index, byte in enumerate(payload))


def close_body(code, reason=b""):
    return struct.pack("!H", code) + reason


class RawConnection:
    """A client connection after the opening handshake, reading server frames itself."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""

    @classmethod
    def open(cls, server, read_hello=True):
        connection, status, headers = cls.handshake(server)
        assert status.startswith("HTTP/1.1 101"), status
        if read_hello:
            hello = connection.read_frame()
            assert hello and hello.opcode == OP_TEXT and hello.json()["type"] == "hello", hello
        return connection

    @classmethod
    def handshake(cls, server, protocol=PROTOCOL, extensions=None):
        """Sends the opening handshake (with `Sec-WebSocket-Protocol: protocol` unless None, and
        `Sec-WebSocket-Extensions: extensions` if given); returns the connection, the response's status
        line ("" when the server closed without one) and its headers (lower-case names). A 101's
        `Sec-WebSocket-Accept` is checked."""
        sock = socket.create_connection((server.host, server.port), timeout=TIMEOUT)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET / HTTP/1.1", f"Host: {server.host}:{server.port}", "Upgrade: websocket", "Connection: Upgrade",
                 f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if protocol is not None:
            lines.append(f"Sec-WebSocket-Protocol: {protocol}")
        if extensions is not None:
            lines.append(f"Sec-WebSocket-Extensions: {extensions}")
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        connection = cls(sock)
        try:
            head = connection._read_until(b"\r\n\r\n")
        except ConnectionError:
            return connection, "", {}
        status, *fields = head.decode(errors="replace").split("\r\n")
        headers = {name.lower(): value for name, _, value in (field.partition(": ") for field in fields)}
        if status.startswith("HTTP/1.1 101"):
            accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
            assert headers["sec-websocket-accept"] == accept, head
        return connection, status, headers

    def _read_until(self, marker):
        while marker not in self.buffer:
            try:
                chunk = self.sock.recv(65536)
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                raise ConnectionError("closed during the handshake")
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(marker)
        return head

    def _read_exactly(self, count):
        while len(self.buffer) < count:
            try:
                chunk = self.sock.recv(max(65536, count - len(self.buffer)))
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                return None
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def read_frame(self):
        """The next frame from the server, or None when the TCP connection ended."""
        head = self._read_exactly(2)
        if head is None:
            return None
        fin, rsv, opcode = bool(head[0] & 0x80), (head[0] >> 4) & 7, head[0] & 0xF
        assert not head[1] & 0x80, "a server must not mask its frames (RFC 6455 section 5.1)"
        length = head[1] & 0x7F
        if length == 126:
            length = struct.unpack("!H", self._read_exactly(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", self._read_exactly(8))[0]
        payload = self._read_exactly(length) if length else b""
        return None if payload is None else Frame(fin, rsv, opcode, payload)

    def send(self, data):
        try:
            self.sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass   # the server already failed the connection: what it sent is read next

    def send_frame(self, opcode, payload=b"", fin=True, rsv=0):
        self.send(frame_bytes(opcode, payload, fin=fin, rsv=rsv))

    def request(self, message_bytes, fragments=None):
        """Sends one text message (split at the byte offsets `fragments`, if any) and returns the frames
        up to and including the first text frame (the answer)."""
        self.send_text(message_bytes, fragments)
        return self.frames_until_text()

    def send_text(self, data, fragments=None):
        cuts = [0, *(fragments or []), len(data)]
        pieces = [data[start:end] for start, end in zip(cuts, cuts[1:])]
        for index, piece in enumerate(pieces):
            self.send_frame(OP_TEXT if index == 0 else OP_CONTINUATION, piece, fin=index == len(pieces) - 1)

    def frames_until_text(self):
        frames = []
        while True:
            frame = self.read_frame()
            assert frame is not None, f"the connection ended before an answer; frames: {frames}"
            frames.append(frame)
            if frame.opcode == OP_TEXT:
                return frames

    def outcome(self):
        """Reads to the end of the connection: (the close frame the server sent or None, the data frames
        that came before it). Answers a close frame with one, as a client must (section 5.5.1)."""
        data = []
        while True:
            frame = self.read_frame()
            if frame is None:
                return None, data
            if frame.opcode == OP_CLOSE:
                self.send_frame(OP_CLOSE, frame.payload[:2])
                return frame, data
            if frame.opcode in (OP_TEXT, OP_BINARY, OP_CONTINUATION):
                data.append(frame)

    def close(self):
        self.sock.close()
