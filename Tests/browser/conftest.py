"""Browser tests: the real `layout-playground` binary serving Public/, driven by headless Chromium.

The binary is not built here: run `swift build` first, or point LAYOUT_PLAYGROUND_BIN at one.
Chromium and chromedriver come from Debian (`chromium`, `chromium-driver`), selenium from PyPI;
`bash .ci/setup --tests` installs them. Nothing sleeps: every wait polls page state.
"""
import json
import os
import shutil
import struct
import sys
import zlib
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from playground_server import REPO, PlaygroundServer, ServerStartError, binary_path  # noqa: E402

BINARY = binary_path()
TIMEOUT = 10.0
WIDTH, HEIGHT = 1280, 800


class Server(PlaygroundServer):
    """A running server serving Public/ (`Tests/support/playground_server.py`), on `port` or a free one,
    with extra flags `args` (`--state DIR` names the journal's folder); a server that does not start
    fails the test."""

    def __init__(self, port=0, args=()):
        try:
            super().__init__(BINARY, args, port=port, timeout=TIMEOUT, cwd=REPO, log_prefix="layout-playground-browser-")
        except ServerStartError as error:
            pytest.fail(str(error))

    @property
    def url(self):
        """The page's address with the test hooks on: ?test-hooks makes the page load
        Public/test-hooks.js, which exposes window.playground."""
        return f"{self.http_url}?test-hooks"


@pytest.fixture(scope="session")
def server():
    running = Server()
    yield running
    assert running.stop() == 0


def _chromedriver():
    for candidate in (os.environ.get("CHROMEDRIVER"), "/usr/bin/chromedriver", shutil.which("chromedriver")):
        if candidate and Path(candidate).exists():
            return candidate
    pytest.skip("chromedriver not installed (bash .ci/setup --tests)")


@pytest.fixture(scope="session")
def driver():
    browser = make_driver()
    yield browser
    browser.quit()


def make_driver():
    """A headless Chromium at WIDTH × HEIGHT, scale 1, that keeps the console log; the caller quits it."""
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--force-color-profile=srgb", "--force-device-scale-factor=1",
                     f"--window-size={WIDTH},{HEIGHT}"):
        options.add_argument(argument)
    binary = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(service=Service(_chromedriver()), options=options)
    set_viewport(browser, WIDTH, HEIGHT)
    return browser


def set_viewport(browser, width, height):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def wait_for(browser, script, timeout=TIMEOUT, message=""):
    """Polls a JavaScript expression (`return …`) until it is truthy; returns its value."""
    return WebDriverWait(browser, timeout, poll_frequency=0.02).until(
        lambda d: d.execute_script(script), message or script)


def open_page(browser, url, scene=None):
    """Loads the page on a fresh WebSocket session and waits for the scene and its first drawing."""
    browser.get("about:blank")
    browser.get(url)
    wait_for(browser, "return document.body.dataset.state === 'open'")
    if scene:
        wait_for(browser, f"return document.body.dataset.scene === {json.dumps(scene)}")
    else:
        wait_for(browser, "return Boolean(document.body.dataset.scene)")
    wait_for(browser, "return window.playground.lastSeq !== null && window.playground.layout !== null")
    return settle(browser)


def send(browser, message):
    """Sends `message` through the page's connection (window.playground.send) and returns the answer;
    a closed connection answers { type: 'error' }."""
    return browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.playground.send(arguments[0]).then(done, (e) => done({ type: 'error', message: String(e) }));",
        message)


def settle(browser):
    """Waits until the canvas has drawn the newest frames (one more draw after the last message)."""
    browser.execute_script("window.__drawsAt = window.playground.draws; window.playground.redraw();")
    wait_for(browser, "return window.playground.draws > window.__drawsAt")
    return browser.execute_script("return window.playground.layout")


# ---------------------------------------------------------------- screenshots and pixels


def decode_png(data):
    """(width, height, rows of RGB(A) bytes, channels) from an 8-bit, non-interlaced PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    assert depth == 8 and interlace == 0 and color in (2, 6), header
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[x] = (line[x] + predictor) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows, channels


class Screenshot:
    """A screenshot of the viewport (CSS px = screenshot px at device scale factor 1)."""

    def __init__(self, browser):
        self.width, self.height, self.rows, self.channels = decode_png(browser.get_screenshot_as_png())

    def pixel(self, x, y):
        x, y = int(round(x)), int(round(y))
        row = self.rows[y]
        return tuple(row[x * self.channels:x * self.channels + 3])


def hex_color(text):
    text = text.lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


def close_to(actual, expected, tolerance=8):
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected))


def canvas_origin(browser):
    """The canvas's top-left corner in the viewport, CSS px."""
    rect = browser.execute_script("const r = document.getElementById('canvas').getBoundingClientRect();"
                                  "return [r.left, r.top];")
    return rect


def screen_rects(scene, frames):
    """On-screen rectangles of the views in root points (parents' origins + frame − parent bounds
    origin), in drawing order; None for views with a transform (not needed by these tests)."""
    rects, order = {"root": (0.0, 0.0)}, []
    by_id = {v["id"]: v for v in scene["views"]}
    children = {}
    for view in scene["views"]:
        children.setdefault(view.get("parent", "root"), []).append(view["id"])

    def walk(parent):
        px, py = rects[parent]
        bounds = frames.get(parent, {}).get("bounds", [0, 0])
        for child in children.get(parent, []):
            state = frames.get(child, {})
            frame = state.get("frame")
            if not frame:
                continue
            x, y = px + frame[0] - bounds[0], py + frame[1] - bounds[1]
            rects[child] = (x, y)
            transform = state.get("transform", [1, 0, 0, 1, 0, 0])
            alpha = state.get("alpha", by_id[child].get("alpha", 1))
            order.append({"id": child, "rect": (x, y, frame[2], frame[3]), "alpha": alpha,
                          "identity": transform == [1, 0, 0, 1, 0, 0], "parent": parent})
            walk(child)

    walk("root")
    return order
