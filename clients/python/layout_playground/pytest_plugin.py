"""pytest plugin (entry point `pytest11`): a `playground` fixture, one fresh session per test on one
server per test run. The binary is `--playground-binary`, else `LAYOUT_PLAYGROUND_BIN`, else the newer
of `.build/debug/layout-playground` and `.build/release/layout-playground` (`default_binary`);
`--playground-url` uses a running server instead. Needs pytest: `pip install './clients/python[pytest]'`."""
from __future__ import annotations

from typing import Any, Iterator

import pytest

from .client import Server, SyncPlayground


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("layout-playground")
    group.addoption("--playground-binary", default=None, help="the layout-playground binary to run")
    group.addoption("--playground-url", default=None, help="a running server's ws:// URL")


@pytest.fixture(scope="session")
def playground_url(request: Any) -> Iterator[str]:
    """The server's WebSocket URL: `--playground-url`, or a server started for the test run."""
    url = request.config.getoption("--playground-url")
    if url:
        yield url
        return
    server = Server(request.config.getoption("--playground-binary"))
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture
def playground(playground_url: str) -> Iterator[SyncPlayground]:
    """A new session (strict protocol) with its own scene, closed after the test."""
    client = SyncPlayground.connect(playground_url)
    try:
        yield client
    finally:
        client.close()
