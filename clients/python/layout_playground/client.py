"""An asyncio client for the Layout Playground protocol (docs/PROTOCOL.md) and a blocking wrapper."""
from __future__ import annotations

import asyncio
import itertools
import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

import websockets

from .assertions import DEFAULT_TOLERANCE, assert_close, assert_rect
from .frames import Frames, ViewState

PROTOCOL = "layout-playground.v1"


class PlaygroundError(RuntimeError):
    """The server answered `error`: `code` (stable, kebab-case), `message`, and the whole `answer`."""

    def __init__(self, answer: dict[str, Any]):
        self.answer = answer
        self.code: str = answer.get("code", "")
        super().__init__(f"{self.code}: {answer.get('message', '')}")


@dataclass
class Answer:
    """The answer to one request and what its turn caused before it, in order."""
    message: dict[str, Any]
    frames: list[Frames] = field(default_factory=list)
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def type(self) -> str:
        return str(self.message.get("type", ""))

    def __getitem__(self, key: str) -> Any:
        return self.message[key]


def default_binary() -> Path:
    """`LAYOUT_PLAYGROUND_BIN` when set; else, under the current directory, the newer (by modification
    time) of `.build/debug/layout-playground` (`swift build`) and `.build/release/layout-playground`
    (`swift build -c release`, as `bash .ci/play` builds), whichever exist; else the debug path, which
    `Server` reports as not found."""
    if "LAYOUT_PLAYGROUND_BIN" in os.environ:
        return Path(os.environ["LAYOUT_PLAYGROUND_BIN"])
    builds = [Path.cwd() / ".build" / configuration / "layout-playground" for configuration in ("debug", "release")]
    built = [path for path in builds if path.exists()]
    return max(built, key=lambda path: path.stat().st_mtime) if built else builds[0]


class Server:
    """A `layout-playground` process on a free loopback port (`--port 0`; the port is read from its
    `listening on http://HOST:PORT/` line). Raises `RuntimeError` when it does not start in `timeout` s."""

    def __init__(self, binary: str | os.PathLike[str] | None = None, args: Sequence[str] = ("--rate", "0"),
                 timeout: float = 10.0):
        path = Path(binary) if binary is not None else default_binary()
        if not path.exists():
            raise RuntimeError(f"{path} not found: build it (`swift build`, or `bash .ci/play` for the release build) "
                               "or set LAYOUT_PLAYGROUND_BIN")
        args = list(args)
        if not any(arg.split("=")[0] in ("--state", "--no-state") for arg in args):
            # One server per journal folder: a fresh one, so test servers never share one.
            self._state_dir: str | None = tempfile.mkdtemp(prefix="layout-playground-state-")
            args += ["--state", self._state_dir]
        else:
            self._state_dir = None
        self.process = subprocess.Popen([str(path), "--port", "0", *args], stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True)
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        line = self.process.stdout.readline() if ready else ""
        if not line.startswith("listening on "):
            self.stop()
            raise RuntimeError(f"layout-playground did not start: {line!r}")
        address = line.strip().removeprefix("listening on ").partition("://")[2].rstrip("/")
        scheme = line.strip().removeprefix("listening on ").partition("://")[0]
        self.url = f"{'wss' if scheme == 'https' else 'ws'}://{address}/"

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after 5 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self._state_dir:
            shutil.rmtree(self._state_dir, ignore_errors=True)


class Playground:
    """One session: send requests, get their `Answer`s, follow every view's merged presentation state.

    Use `await Playground.start()` (runs the built binary; closing the playground stops it) or
    `await Playground.connect(url)`. `lenient=True` asks for the lenient protocol (`?lenient`).
    Every request method raises `PlaygroundError` when the server answers `error`.
    """

    def __init__(self, socket: Any, hello: dict[str, Any], server: Server | None = None):
        self._socket = socket
        self.hello = hello
        self._server = server
        self._ids = itertools.count(1)
        self.views: dict[str, ViewState] = {}
        self.time = 0.0
        self._scene: dict[str, Any] | None = None

    @classmethod
    async def connect(cls, url: str, *, lenient: bool = False) -> "Playground":
        """Connects to a running server at `url` (`ws://HOST:PORT/`) and reads its `hello`."""
        target = url + ("?lenient" if lenient else "")
        socket = await websockets.connect(target, subprotocols=[PROTOCOL], max_size=None)  # type: ignore[list-item]
        hello = json.loads(await socket.recv())
        return cls(socket, hello)

    @classmethod
    async def start(cls, binary: str | os.PathLike[str] | None = None, *, args: Sequence[str] = ("--rate", "0"),
                    lenient: bool = False) -> "Playground":
        """Runs `binary` (default: `default_binary()`) on a free port and connects to it."""
        server = Server(binary, args)
        try:
            playground = await cls.connect(server.url, lenient=lenient)
        except Exception:
            server.stop()
            raise
        playground._server = server
        return playground

    async def close(self) -> None:
        await self._socket.close()
        if self._server is not None:
            self._server.stop()

    async def __aenter__(self) -> "Playground":
        return self

    async def __aexit__(self, *_: Any) -> None:
        await self.close()

    async def request(self, message: dict[str, Any]) -> Answer:
        """Sends `message` with a fresh `id` and returns its answer with the frames, conflicts and events
        that came before it. Raises `PlaygroundError` for an `error` answer."""
        request_id = next(self._ids)
        await self._socket.send(json.dumps({**message, "id": request_id}))
        answer = Answer({})
        while True:
            incoming = json.loads(await self._socket.recv())
            kind = incoming.get("type")
            if kind == "frames":
                frames = Frames.of(incoming)
                self.time = frames.time
                for name, fields in incoming.get("views", {}).items():
                    self.views[name] = self.views.get(name, ViewState()).merged(fields)
                answer.frames.append(frames)
            elif kind == "conflict":
                answer.conflicts.append(incoming)
            elif incoming.get("re") == request_id and kind != "animationEnd":
                answer.message = incoming
                if kind == "error":
                    raise PlaygroundError(incoming)
                if kind == "scene":
                    self._scene = incoming.get("scene")
                    names = {view.get("id") for view in self._scene.get("views", [])} | {"root"}
                    self.views = {name: state for name, state in self.views.items() if name in names}
                return answer
            else:
                answer.events.append(incoming)

    # Messages (docs/PROTOCOL.md, "Client → server"); keyword arguments become fields as spelt there.

    async def load(self, name: str | None = None, *, scene: dict[str, Any] | None = None) -> Answer:
        """Loads a built-in scene by `name` or an inline `scene` document."""
        return await self.request({"type": "load", "name": name} if name is not None else {"type": "load", "scene": scene})

    async def set(self, *, view: str | None = None, constraint: str | None = None, **fields: Any) -> Answer:
        """`set` on one view or one constraint: `set(constraint="navTop", constant=-10)`."""
        target = {"view": view} if view is not None else {"constraint": constraint}
        self._scene = None
        return await self.request({"type": "set", **target, **fields})

    async def add(self, **fields: Any) -> Answer:
        """`add`: `view={…}`, `constraint={…}` or `"a.top == b.top"`, `guide={…}`, or `format="H:|[a]|"`."""
        self._scene = None
        return await self.request({"type": "add", **fields})

    async def remove(self, **fields: Any) -> Answer:
        """`remove`: `view="id"` or `constraint="id"`."""
        self._scene = None
        return await self.request({"type": "remove", **fields})

    async def animate(self, ops: Iterable[dict[str, Any]], *, duration: float | None = None, **fields: Any) -> Answer:
        """`animate` the `ops` (messages without `id`), with `duration` in seconds, `curve`, `delay`, `options`."""
        message: dict[str, Any] = {"type": "animate", "ops": list(ops), **fields}
        if duration is not None:
            message["duration"] = duration
        return await self.request(message)

    async def batch(self, ops: Iterable[dict[str, Any]]) -> Answer:
        self._scene = None
        return await self.request({"type": "batch", "ops": list(ops)})

    async def action(self, name: str) -> Answer:
        return await self.request({"type": "action", "name": name})

    async def clock(self, mode: str = "manual", **fields: Any) -> Answer:
        """`clock`: `manual` (time moves only by `advance`) or `realtime`, with `speed` / `fps`."""
        return await self.request({"type": "clock", "mode": mode, **fields})

    async def advance(self, seconds: float) -> Answer:
        """Moves the manual clock by `seconds`; the answer's `frames` show the new time."""
        return await self.request({"type": "advance", "seconds": seconds})

    async def scene(self) -> dict[str, Any]:
        """The scene document (every view and constraint with its current values)."""
        return (await self.request({"type": "scene"}))["scene"]

    def frame(self, view: str) -> ViewState:
        """`view`'s merged presentation state; raises `KeyError` for a view never sent."""
        return self.views[view]

    async def constraints_of(self, view: str) -> list[str]:
        """Ids of the scene's constraints whose first or second item is `view` (or one of its guides)."""
        if self._scene is None:
            self._scene = await self.scene()
        ids = []
        for constraint in self._scene.get("constraints", []):
            items = [str(constraint.get(key, "")).rsplit(".", 1)[0].split(".")[0] for key in ("first", "second")]
            if view in items:
                ids.append(str(constraint.get("id")))
        return ids

    async def assert_frame(self, view: str, expected: Sequence[float], *, tolerance: float = DEFAULT_TOLERANCE) -> None:
        """Raises `FrameMismatch` unless `view`'s on-screen `frame` is `expected` within `tolerance` points;
        the message names the constraints that involve the view."""
        state = self.views.get(view)
        try:
            assert_rect(state.rect if state else None, expected, tolerance=tolerance, view=view)
        except AssertionError:
            assert_rect(state.rect if state else None, expected, tolerance=tolerance, view=view,
                        constraints=await self.constraints_of(view))

    def assert_alpha(self, view: str, expected: float, *, tolerance: float = DEFAULT_TOLERANCE) -> None:
        state = self.views.get(view)
        assert_close(state.alpha if state else None, expected, tolerance=tolerance, what=f"{view}.alpha")


class SyncPlayground:
    """`Playground` for plain (non-async) code and tests: the same methods, blocking, on a private loop."""

    def __init__(self, playground: Playground, loop: asyncio.AbstractEventLoop):
        self._playground = playground
        self._loop = loop

    @classmethod
    def start(cls, binary: str | os.PathLike[str] | None = None, **options: Any) -> "SyncPlayground":
        loop = asyncio.new_event_loop()
        return cls(loop.run_until_complete(Playground.start(binary, **options)), loop)

    @classmethod
    def connect(cls, url: str, **options: Any) -> "SyncPlayground":
        loop = asyncio.new_event_loop()
        return cls(loop.run_until_complete(Playground.connect(url, **options)), loop)

    def close(self) -> None:
        self._loop.run_until_complete(self._playground.close())
        self._loop.close()

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._playground, name)
        if not asyncio.iscoroutinefunction(attribute):
            return attribute

        def blocking(*args: Any, **kwargs: Any) -> Any:
            return self._loop.run_until_complete(attribute(*args, **kwargs))
        return blocking
