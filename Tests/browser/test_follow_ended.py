"""A follower's page when its live demo ends, or is gone from the server, and a reloaded page's clock.

A follow that ends without the page asking (the presenter stops sharing, or the server restarted on
another journal and no longer knows the code) leaves a notice over the stage saying so, with what to do
next (a session of its own, or another code); nothing of the follow view stays. The status names the
page's own session again. A reload takes the session back with its clock as it runs: speed and pause.
"""
import json
import shutil
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import Server, open_page, send, wait_for
from test_rejoin import CuttableProxy, follower_driver, shared_demo  # noqa: F401  (follower_driver is a fixture)

NOTICE_SHOWN = "const n = document.getElementById('follow-ended'); return !n.hidden && n.textContent"


def displayed(browser, selector):
    """Whether the first element matching `selector` takes part in the page's layout and is visible."""
    return browser.execute_script(
        "const e = document.querySelector(arguments[0]); const s = getComputedStyle(e);"
        "return s.display !== 'none' && s.visibility !== 'hidden' && e.getClientRects().length > 0", selector)


def status_text(browser):
    return browser.find_element(By.ID, "status-text").text


def assert_nothing_of_the_follow_stays(follower):
    """The follow view is gone: no banner, pointer, steps or controls of the presenter's, no #follow
    link; the canvas (the presenter's last picture) and the editing panels wait for the user's choice."""
    state = follower.execute_script(
        "const d = document.body.dataset; return { following: d.following ?? null, controls: d.controls ?? null,"
        " hash: location.hash, banner: document.getElementById('follow-banner').hidden,"
        " steps: document.getElementById('steps-bar').hidden, pointer: document.getElementById('presenter-pointer').hidden }")
    assert state == {"following": None, "controls": None, "hash": "", "banner": True, "steps": True, "pointer": True}, state
    for selector in ("#canvas", "#panel", ".timeline", ".zoom-controls", "#present-share"):
        assert not displayed(follower, selector), selector
    assert displayed(follower, "#present-follow")


def start_own_session(follower):
    """Clicks "Start a session of my own": a scene of its own loads, the notice goes, the page is whole."""
    follower.find_element(By.ID, "follow-ended-own").click()
    wait_for(follower, "return Boolean(document.body.dataset.scene) && window.playground.sent.some((m) => m.type === 'load')")
    assert follower.execute_script("return document.getElementById('follow-ended').hidden") is True
    assert follower.execute_script("return document.body.dataset.followEnded ?? null") is None
    for selector in ("#canvas", "#panel", ".timeline", "#present-share"):
        assert displayed(follower, selector), selector


def test_a_follower_whose_server_lost_the_demo_is_told_so_in_the_page(driver, follower_driver):
    """The server restarts on another journal: the follower's `rejoin` is refused, then its `follow` of
    the code (`unknown-code`); the page says the demo is no longer there and offers what next."""
    presenter, follower = driver, follower_driver
    first_state = tempfile.mkdtemp(prefix="layout-playground-ended-a-")
    other_state = tempfile.mkdtemp(prefix="layout-playground-ended-b-")
    first = Server(args=["--state", first_state])
    second = None
    try:
        code, _ = shared_demo(presenter, follower, first.url, first.url, 90)
        first.process.kill()
        first.process.wait()
        second = Server(port=first.port, args=["--state", other_state])
        text = wait_for(follower, NOTICE_SHOWN, timeout=20)
        assert code in text and "no longer on this server" in text, text
        assert follower.execute_script("return document.body.dataset.followEnded") == code
        # The rejoin and the follow were both refused: a new session of the page's own, named as such.
        session = follower.execute_script("return window.playground.session")
        assert session["rejoined"] is False
        assert status_text(follower) == f"Connected · {session['id']}"
        assert_nothing_of_the_follow_stays(follower)
        # Keyboard users start on the first choice.
        assert follower.execute_script("return document.activeElement.id") == "follow-ended-own"
        # "Enter another code…" opens the follow dialog; cancelling it leaves the notice up.
        follower.find_element(By.ID, "follow-ended-code").click()
        wait_for(follower, "return document.getElementById('follow-dialog').open")
        assert follower.execute_script("return document.activeElement.id") == "follow-code"
        follower.execute_script("document.getElementById('follow-dialog').close()")
        assert follower.execute_script(NOTICE_SHOWN) == text
        start_own_session(follower)
        # The presenter's page lost its session too (a new one, its share gone): it says so.
        # (The note's text stays after it hides, 3.5 s later: the follower's steps above may take longer.)
        shown = wait_for(presenter, "const t = document.getElementById('toast').textContent;"
                         " return t.includes('has ended') && t", timeout=20)
        assert shown == f"The live demo {code} has ended: the server no longer has this session. Share again for a new code.", shown
        assert presenter.execute_script("return document.body.dataset.sharing ?? null") is None
    finally:
        for browser in (presenter, follower):
            browser.get("about:blank")
            browser.get_log("browser")   # refusals while no server listened: expected here only
        if second:
            assert second.stop() == 0
        else:
            first.stop()
        shutil.rmtree(first_state, ignore_errors=True)
        shutil.rmtree(other_state, ignore_errors=True)


def test_a_rejoined_follower_whose_share_ends_keeps_nothing_of_it(driver, follower_driver, server):
    """A follower back from a dropped connection ("Rejoined · following CODE"), holding the controls, when
    the presenter stops sharing: the status names its own session, the notice says why, no control of the
    follow view stays; following another code from the notice works."""
    presenter, follower = driver, follower_driver
    proxy = CuttableProxy(server.port)
    try:
        code, _ = shared_demo(presenter, follower, server.url, proxy.url(), 90)
        follower_id = follower.execute_script("return window.playground.session.id")
        proxy.cut()
        wait_for(follower, f"return document.getElementById('status-text').textContent === "
                           f"{json.dumps('Rejoined · following ' + code)}", timeout=15)
        assert send(presenter, {"type": "handOver", "to": follower_id})["type"] == "ok"
        wait_for(follower, "return document.body.dataset.controls === 'granted'")

        send(presenter, {"type": "unshare"})
        text = wait_for(follower, NOTICE_SHOWN)
        assert code in text and "stopped sharing" in text, text
        assert status_text(follower) == f"Connected · {follower_id}"
        assert_nothing_of_the_follow_stays(follower)

        # Another code from the notice: the presenter shares again, the follower types the new code.
        presenter.find_element(By.ID, "present-share").click()
        again = wait_for(presenter, "return document.getElementById('share-dialog').open && window.playground.presenting.code")
        presenter.execute_script("document.getElementById('share-dialog').close()")
        assert again != code
        follower.find_element(By.ID, "follow-ended-code").click()
        follower.find_element(By.ID, "follow-code").send_keys(again)
        follower.find_element(By.ID, "follow-go").click()
        wait_for(follower, f"return document.body.dataset.following === {json.dumps(again)}")
        assert follower.execute_script("return document.getElementById('follow-ended').hidden") is True
        assert displayed(follower, "#canvas")
        send(presenter, {"type": "unshare"})
        wait_for(follower, NOTICE_SHOWN)
        # A reload takes back the follower's session, empty since the share ended: the page opens a
        # scene of its own in it rather than a blank canvas.
        follower.refresh()
        wait_for(follower, "return document.body.dataset.session === 'rejoined' && Boolean(document.body.dataset.scene) "
                           "&& window.playground.sent.some((m) => m.type === 'load')")
        assert status_text(follower) == f"Rejoined · {follower_id}"
        assert follower.execute_script("return window.playground.scene.views.length") > 0
        assert displayed(follower, "#canvas") and displayed(follower, "#panel")
    finally:
        follower.get("about:blank")
        follower.get_log("browser")   # the cut connection: expected here only
        proxy.close()


def test_a_reloaded_page_shows_its_sessions_clock(driver, server):
    """The speed selector and the pause button show the rejoined session's clock, not 1× and running."""
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    Select(driver.find_element(By.ID, "speed")).select_by_value("0.25")
    driver.find_element(By.ID, "pause").click()
    wait_for(driver, "return document.body.dataset.paused === 'true'")
    driver.refresh()   # sessionStorage keeps the token: the reload rejoins
    wait_for(driver, "return document.body.dataset.session === 'rejoined' && "
                     "document.getElementById('status-text').textContent.startsWith('Rejoined · ')")
    assert driver.find_element(By.ID, "speed").get_attribute("value") == "0.25"
    assert driver.find_element(By.ID, "pause").text == "Resume"
    assert driver.execute_script("return document.body.dataset.paused") == "true"

    # A speed the list lacks (set by a script): shown as it is, in an option of its own.
    assert send(driver, {"type": "clock", "speed": 2})["type"] == "ok"
    driver.refresh()
    wait_for(driver, "return document.body.dataset.session === 'rejoined' && "
                     "document.getElementById('speed').value === '2'")
    assert Select(driver.find_element(By.ID, "speed")).first_selected_option.text == "2×"
    # Resuming runs the clock again: the next reload shows it running at 2×.
    driver.find_element(By.ID, "pause").click()
    wait_for(driver, "return document.body.dataset.paused === 'false'")
    driver.refresh()
    wait_for(driver, "return document.body.dataset.session === 'rejoined' && document.getElementById('speed').value === '2'")
    assert driver.find_element(By.ID, "pause").text == "Pause"
