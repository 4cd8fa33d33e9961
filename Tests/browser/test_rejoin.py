"""A live demo through a dropped connection: the presenter's page takes its session back (`rejoin`)
with its scene, share and followers, the follower's page follows again, and the controls go to the
follower and back (`handOver`, `takeBack`) across both pages.

The presenter's page talks to the server through a loopback TCP proxy (`CuttableProxy`) whose `cut()`
closes every connection through it, as a lost Wi-Fi link would, while the server keeps running; the
follower's page does the same through a proxy of its own. A server killed with SIGKILL and started
again on the same port and journal is the other drop.

Frames by hand from the search-bar scene: navView is pinned to the root's top (navTop, constant 0),
leading and trailing (375 wide), and navHeight sets its height, so navHeight = h puts navView at
[0, 0, 375, h].
"""
import json
import shutil
import socket
import tempfile
import threading

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Server, make_driver, open_page, wait_for


class CuttableProxy:
    """Forwards loopback TCP connections on `port` to the server's port; `cut()` drops them all."""

    def __init__(self, target_port):
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.sockets = []
        # While set, new connections are closed at once (the link is still down).
        self.refusing = threading.Event()
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return   # closed
            if self.refusing.is_set():
                client.close()
                continue
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port))
            except OSError:
                client.close()
                continue
            with self.lock:
                self.sockets += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self.pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def pump(source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def cut(self):
        """Closes both ends of every connection made so far: the page and the server see them drop."""
        with self.lock:
            ends, self.sockets = self.sockets, []
        for end in ends:
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            end.close()

    def close(self):
        self.listener.close()
        self.cut()

    def url(self, fragment=""):
        return f"http://127.0.0.1:{self.port}/?test-hooks{fragment}"


@pytest.fixture(scope="module")
def follower_driver():
    browser = make_driver()
    yield browser
    browser.quit()


@pytest.fixture()
def proxies(server):
    made = [CuttableProxy(server.port), CuttableProxy(server.port)]
    yield made
    for proxy in made:
        proxy.close()


def set_nav_height(browser, value):
    """Types `value` into navHeight's constant field and waits for the scene to say so."""
    number = browser.find_element(By.CSS_SELECTOR, '.constraint[data-id="navHeight"] input[type="number"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", number)
    number.send_keys(Keys.CONTROL, "a")
    number.send_keys(str(value), Keys.ENTER)
    wait_for(browser, "return window.playground.scene.constraints"
                      f".find((c) => c.id === 'navHeight').constant === {value}")


def wait_nav_frame(browser, height):
    """Waits until navView's streamed frame is [0, 0, 375, height]."""
    wait_for(browser, f"const f = window.playground.frames.navView; return f && "
                      f"JSON.stringify(f.frame) === '{json.dumps([0, 0, 375, height], separators=(',', ':'))}'",
             message=f"navView at [0, 0, 375, {height}]")


def share(browser):
    browser.find_element(By.ID, "present-share").click()
    code = wait_for(browser, "return document.getElementById('share-dialog').open && window.playground.presenting.code")
    browser.execute_script("document.getElementById('share-dialog').close()")
    return code


def follow(follower, url, code):
    follower.get("about:blank")
    follower.get(f"{url}#follow={code}")
    wait_for(follower, f"return document.body.dataset.following === {json.dumps(code)}")
    wait_for(follower, "return window.playground.lastSeq !== null && window.playground.layout !== null")


def shared_demo(presenter, follower, presenter_url, follower_url, nav_height):
    """The presenter's page opens search-bar at `presenter_url`, sets navHeight and shares; the follower's
    page follows from `follower_url`. Returns (the join code, the presenter's session id)."""
    open_page(presenter, f"{presenter_url}#scene=search-bar", scene="search-bar")
    set_nav_height(presenter, nav_height)
    code = share(presenter)
    follow(follower, follower_url, code)
    wait_for(presenter, "return window.playground.presenting.followers === 1")
    return code, presenter.execute_script("return window.playground.session.id")


def wait_rejoined(browser, session):
    """Waits for "Reconnecting…" then "Rejoined · SESSION"; returns the texts seen, in order."""
    wait_for(browser, "return document.getElementById('status-text').textContent.startsWith('Reconnecting') || "
                      "document.getElementById('status-text').textContent.includes('reconnecting in')")
    wait_for(browser, f"return document.getElementById('status-text').textContent === {json.dumps('Rejoined · ' + session)}",
             timeout=15)
    assert browser.execute_script("return document.body.dataset.session") == "rejoined"
    # The status is a polite live region: screen readers hear "Rejoined".
    region = browser.find_element(By.ID, "status-text").find_element(By.XPATH, "..")
    assert region.get_attribute("role") == "status" and region.get_attribute("aria-live") == "polite"


def assert_apart(browser, first, second):
    """Asserts the two elements' boxes (CSS px) do not intersect, both shown."""
    boxes = browser.execute_script(
        "return [arguments[0], arguments[1]].map((s) => { const r = document.querySelector(s).getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })", first, second)
    (l1, t1, r1, b1), (l2, t2, r2, b2) = boxes
    assert r1 > l1 and r2 > l2, boxes
    assert r1 <= l2 or r2 <= l1 or b1 <= t2 or b2 <= t1, f"{first} {boxes[0]} overlaps {second} {boxes[1]}"


def sent_types(browser):
    return browser.execute_script("return window.playground.sent.map((m) => m.type)")


def test_the_presenter_rejoins_after_a_drop_and_the_follower_keeps_following(driver, follower_driver, server, proxies):
    presenter, follower = driver, follower_driver
    presenter_proxy, follower_proxy = proxies
    code, session_id = shared_demo(presenter, follower, presenter_proxy.url(), follower_proxy.url(), 90)
    wait_nav_frame(follower, 90)
    session = presenter.execute_script("return window.playground.session")
    assert session == {"id": session_id, "rejoined": False}

    # The presenter's connection drops; the server keeps the session for the grace period.
    presenter.execute_script("window.playground.clearSent()")
    presenter_proxy.cut()
    wait_rejoined(presenter, session["id"])
    assert presenter.execute_script("return window.playground.session") == {"id": session["id"], "rejoined": True}
    # The new socket's first request took the session back; no scene was loaded into a new one.
    sent = presenter.execute_script("return window.playground.sent")
    assert sent[0]["type"] == "rejoin" and len(sent[0]["token"]) == 32, sent
    assert "load" not in sent_types(presenter)
    # The same scene with its edited constant, the share and its follower.
    scene = presenter.execute_script("return window.playground.scene")
    assert scene["name"] == "search-bar"
    assert next(c for c in scene["constraints"] if c["id"] == "navHeight")["constant"] == 90
    wait_nav_frame(presenter, 90)
    presenting = presenter.execute_script("return window.playground.presenting")
    assert presenting["code"] == code and presenting["followers"] == 1
    assert presenter.find_element(By.ID, "present-count").text == "1 following"
    assert "Rejoined session " + session["id"] in presenter.find_element(By.ID, "log").text

    # The follower never dropped: it keeps following and shows the presenter's next edit.
    assert follower.execute_script("return document.body.dataset.following") == code
    set_nav_height(presenter, 120)
    wait_nav_frame(follower, 120)

    # The follower's connection drops: it follows again by its code, and the presenter counts it again.
    follower_proxy.cut()
    wait_for(follower, f"return document.getElementById('status-text').textContent === {json.dumps('Rejoined · following ' + code)}",
             timeout=15)
    assert follower.execute_script("return document.body.dataset.following") == code
    wait_for(presenter, "return window.playground.presenting.followers === 1 && "
                        "document.getElementById('present-count').textContent === '1 following'")
    set_nav_height(presenter, 100)
    wait_nav_frame(follower, 100)

    # A follower's page never holds the presenter's token.
    key = f"layout-playground.resumeToken ws://127.0.0.1:{presenter_proxy.port}/"
    presenter_token = presenter.execute_script("return sessionStorage.getItem(arguments[0])", key)
    assert presenter_token == sent[0]["token"]
    follower_storage = follower.execute_script("return JSON.stringify(Object.entries(sessionStorage))")
    assert presenter_token not in follower_storage
    assert presenter_token not in json.dumps(follower.execute_script("return window.playground.history.slice(-5)"))
    presenter.execute_script("return window.playground.send({ type: 'unshare' })")
    wait_for(follower, "return !document.body.dataset.following")


def test_a_reloaded_presenter_page_keeps_its_session_and_share(driver, follower_driver, server):
    presenter, follower = driver, follower_driver
    code, session = shared_demo(presenter, follower, server.url, server.url, 80)

    presenter.refresh()   # the tab reloads: sessionStorage keeps the token
    wait_for(presenter, f"return document.getElementById('status-text').textContent === {json.dumps('Rejoined · ' + session)}")
    wait_for(presenter, "return window.playground.scene && window.playground.lastSeq !== null")
    scene = presenter.execute_script("return window.playground.scene")
    assert next(c for c in scene["constraints"] if c["id"] == "navHeight")["constant"] == 80
    wait_for(presenter, f"return window.playground.presenting.code === {json.dumps(code)} && "
                        "window.playground.presenting.followers === 1")
    assert "load" not in sent_types(presenter)
    # The follower stayed through the reload and sees the next edit.
    assert follower.execute_script("return document.body.dataset.following") == code
    set_nav_height(presenter, 110)
    wait_nav_frame(follower, 110)

    presenter.execute_script("return window.playground.send({ type: 'unshare' })")
    wait_for(follower, "return !document.body.dataset.following")

    # Opening the page anew (not a reload) is a new session, as before.
    open_page(presenter, f"{server.url}#scene=search-bar", scene="search-bar")
    fresh = presenter.execute_script("return window.playground.session")
    assert fresh["rejoined"] is False and fresh["id"] != session
    assert "rejoin" not in sent_types(presenter)


def test_hand_over_and_take_back_across_both_pages(driver, follower_driver, server, proxies):
    presenter, follower = driver, follower_driver
    presenter_proxy, _ = proxies
    open_page(presenter, presenter_proxy.url("#scene=search-bar"), scene="search-bar")
    code = share(presenter)
    follow(follower, server.url, code)
    wait_for(presenter, "return window.playground.presenting.followers === 1")
    panel_display = "return getComputedStyle(document.getElementById('panel')).display"
    assert follower.execute_script(panel_display) == "none"
    assert_apart(follower, "#follow-banner", ".zoom-controls")
    follower_id = follower.execute_script("return window.playground.session.id")

    # Hand over: the only follower is offered by its session id.
    presenter.execute_script("document.getElementById('share-dialog').showModal()")
    options = presenter.execute_script("return [...document.getElementById('hand-over-to').options].map((o) => o.value)")
    assert options == [follower_id]
    presenter.find_element(By.ID, "hand-over").click()
    wait_for(presenter, "return window.playground.presenting.handOverAnswer?.type === 'ok'")
    presenter.execute_script("document.getElementById('share-dialog').close()")

    # The follower's page becomes an editor: panels as for an owner, and it says so.
    wait_for(follower, "return document.body.dataset.controls === 'granted'")
    wait_for(follower, f"{panel_display} !== 'none'")
    assert follower.find_element(By.ID, "follow-text").text.endswith("· live · you have the controls")
    # With the panels back the stage is narrower; the banner still keeps off the zoom controls.
    assert_apart(follower, "#follow-banner", ".zoom-controls")
    # The presenter's page: "Take back controls", and the count unchanged.
    wait_for(presenter, "return !window.playground.presenting.takeBackHidden")
    assert presenter.find_element(By.ID, "take-back").is_displayed()
    assert presenter.execute_script("return window.playground.presenting.controller") == follower_id
    assert presenter.find_element(By.ID, "present-count").text == "1 following"
    # The presenter's panels rest while the follower drives: its edits would be refused.
    assert presenter.execute_script("return document.getElementById('panel').inert") is True

    # The follower edits the shared session; the presenter sees it.
    set_nav_height(follower, 100)
    wait_nav_frame(presenter, 100)
    assert follower.execute_script("return location.hash") == f"#follow={code}"

    # The presenter's connection drops while the follower holds the controls: after the rejoin the
    # page still knows who holds them.
    session = presenter.execute_script("return window.playground.session.id")
    presenter_proxy.cut()
    wait_rejoined(presenter, session)
    assert presenter.execute_script("return window.playground.presenting.controller") == follower_id
    assert presenter.find_element(By.ID, "take-back").is_displayed()
    assert presenter.find_element(By.ID, "present-count").text == "1 following"
    assert follower.execute_script("return document.body.dataset.controls") == "granted"
    # The presenter's page sends nothing the server would refuse while the follower drives (its pointer).
    assert "read-only" not in presenter.find_element(By.ID, "log").text

    # Take back: the follower is read-only again, the presenter edits, the follower sees it.
    presenter.find_element(By.ID, "take-back").click()
    wait_for(follower, "return document.body.dataset.controls === undefined")
    wait_for(follower, f"{panel_display} === 'none'")
    assert follower.find_element(By.ID, "follow-text").text.endswith("· live")
    wait_for(presenter, "return window.playground.presenting.takeBackHidden")
    assert presenter.execute_script("return window.playground.presenting.controller") is None
    assert presenter.find_element(By.ID, "present-count").text == "1 following"
    assert presenter.execute_script("return document.getElementById('panel').inert") is False
    # The presenter's scene was re-read: the follower's 100 is in it.
    wait_for(presenter, "return window.playground.scene.constraints.find((c) => c.id === 'navHeight').constant === 100")
    set_nav_height(presenter, 70)
    wait_nav_frame(follower, 70)
    refused = follower.execute_script("return window.playground.send({ type: 'set', constraint: 'navHeight', constant: 1 })")
    assert refused["code"] == "read-only"
    presenter.execute_script("return window.playground.send({ type: 'unshare' })")
    wait_for(follower, "return !document.body.dataset.following")


def test_past_the_grace_the_page_loads_its_scene_into_a_new_session(driver, follower_driver):
    """`rejoin` answers `expired`: the page falls back to a new session with its edited scene loaded again;
    the share ended with the old session (the follower was told `ended`)."""
    presenter, follower = driver, follower_driver
    short = Server(args=["--resume-grace", "1"])
    proxy = CuttableProxy(short.port)
    try:
        code, session = shared_demo(presenter, follower, proxy.url(), short.url, 90)
        proxy.refusing.set()
        proxy.cut()
        # The server ends the parked session after 1 s (its timer): the follower is told, its page
        # goes back to a scene of its own.
        wait_for(follower, "return !document.body.dataset.following", timeout=15)
        proxy.refusing.clear()
        wait_for(presenter, "return document.body.dataset.session === 'new' && "
                            "document.getElementById('status-text').textContent.startsWith('Connected · ')", timeout=20)
        fresh = presenter.execute_script("return window.playground.session")
        assert fresh["rejoined"] is False and fresh["id"] != session
        assert "could not be taken back (expired)" in presenter.find_element(By.ID, "log").text
        # The scene as it was, loaded into the new session: navHeight 90, navView [0, 0, 375, 90].
        wait_for(presenter, "return window.playground.sent.some((m) => m.type === 'load')")
        wait_for(presenter, "return window.playground.scene.constraints.find((c) => c.id === 'navHeight').constant === 90")
        wait_nav_frame(presenter, 90)
        assert presenter.execute_script("return window.playground.presenting.code") is None
        assert presenter.find_element(By.ID, "present-share").text == "Share live"
    finally:
        for browser in (presenter, follower):
            browser.get("about:blank")
            browser.get_log("browser")   # refused connections while the link was down: expected here only
        proxy.close()
        assert short.stop() == 0


def restart_on_the_same_journal(presenter, follower):
    """Starts a server journaling in a folder of this test's, opens the presenter's scene with navHeight 90
    and shares it, the follower follows; then SIGKILLs the server and starts it again on the same port
    and folder. Returns (the new server, the session id, the code, the journal folder)."""
    state = tempfile.mkdtemp(prefix="layout-playground-rejoin-state-")
    first = Server(args=["--state", state])
    try:
        code, session = shared_demo(presenter, follower, first.url, first.url, 90)
    finally:
        first.process.kill()
        first.process.wait()
    second = Server(port=first.port, args=["--state", state])
    return second, session, code, state


def test_after_a_server_restart_the_presenter_rejoins_its_journaled_session(driver, follower_driver):
    presenter, follower = driver, follower_driver
    second, session, _, state = restart_on_the_same_journal(presenter, follower)
    try:
        wait_rejoined(presenter, session)
        scene = presenter.execute_script("return window.playground.scene")
        assert next(c for c in scene["constraints"] if c["id"] == "navHeight")["constant"] == 90
        wait_nav_frame(presenter, 90)
        assert "load" not in sent_types(presenter)[-10:]
    finally:
        for browser in (presenter, follower):
            browser.get("about:blank")
            browser.get_log("browser")   # refusals while no server listened: expected here only
        assert second.stop() == 0
        shutil.rmtree(state, ignore_errors=True)


def test_after_a_server_restart_the_follower_keeps_following(driver, follower_driver):
    presenter, follower = driver, follower_driver
    second, session, code, state = restart_on_the_same_journal(presenter, follower)
    try:
        wait_rejoined(presenter, session)
        wait_for(presenter, f"return window.playground.presenting.code === {json.dumps(code)}")
        wait_for(follower, f"return document.getElementById('status-text').textContent === "
                           f"{json.dumps('Rejoined · following ' + code)}", timeout=15)
        set_nav_height(presenter, 120)
        wait_nav_frame(follower, 120)
    finally:
        for browser in (presenter, follower):
            browser.get("about:blank")
            browser.get_log("browser")
        assert second.stop() == 0
        shutil.rmtree(state, ignore_errors=True)
