"""The page's layout at a laptop's 1280 × 800 and on a projector: the top bar keeps one row, the log
and the timeline sit under the canvas without covering it, views pushed beside the screen stay in
sight, and presenter mode gives the device the screen (a presenter's page and a follower's page on a
1920 × 1080 projector).
"""
import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import HEIGHT, WIDTH, Server, make_driver, open_page, set_viewport, settle, wait_for


@pytest.fixture(scope="module")
def projector_driver():
    browser = make_driver()
    set_viewport(browser, 1920, 1080)
    yield browser
    browser.quit()


def rect(browser, selector):
    return browser.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };",
        selector)


def topbar_rows(browser):
    """The distinct rows (rounded vertical centres, CSS px) of the top bar's visible controls."""
    return browser.execute_script("""
        const items = [...document.querySelectorAll('.topbar .brand, .topbar .status, .topbar select, .topbar .btn')]
          .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden'
                   && !e.closest('.menu-items'));
        return [...new Set(items.map((e) => { const r = e.getBoundingClientRect(); return Math.round((r.top + r.bottom) / 8); }))];""")


def selected_title_fits(browser):
    """Whether the scene picker is wide enough for its chosen title (text width + 36 px of padding and arrow)."""
    return browser.execute_script("""
        const select = document.getElementById('scene-select');
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = getComputedStyle(select).font;
        return ctx.measureText(select.options[select.selectedIndex].text).width + 36 <= select.getBoundingClientRect().width;""")


def device_rect(browser):
    """The device's screen on the canvas (CSS px in the viewport) as the last drawing placed it."""
    layout = browser.execute_script("return window.playground.layout")
    left, top = browser.execute_script("const r = document.getElementById('canvas').getBoundingClientRect(); return [r.left, r.top];")
    return {"left": left + layout["ox"], "top": top + layout["oy"], "width": layout["W"] * layout["scale"],
            "height": layout["H"] * layout["scale"], "scale": layout["scale"]}


def test_the_top_bar_keeps_one_row_and_the_log_keeps_off_the_canvas_at_1280_by_800(driver, server):
    set_viewport(driver, WIDTH, HEIGHT)
    open_page(driver, server.url + "#scene=search-bar", scene="search-bar")
    driver.execute_script("window.playground.select('searchBar')")
    settle(driver)
    assert len(topbar_rows(driver)) == 1, topbar_rows(driver)
    assert rect(driver, ".topbar")["height"] <= 60
    assert driver.execute_script("return document.documentElement.scrollWidth") <= WIDTH
    # Canvas, log strip, timeline, footer: one under the other, none over another.
    canvas, log, timeline, footer = (rect(driver, s) for s in ("#canvas", "#log-card", ".timeline", ".stage-footer"))
    assert canvas["bottom"] <= log["top"] + 0.5
    assert log["bottom"] <= timeline["top"] + 0.5
    assert timeline["bottom"] <= footer["top"] + 0.5
    assert footer["bottom"] <= HEIGHT + 0.5
    # The device takes most of the canvas's height (667 pt: 28 px of room above and below).
    device = device_rect(driver)
    assert device["height"] >= canvas["height"] - 2 * 28 - 1
    # The File menu holds the imports and exports; it opens under its button and closes on Escape.
    driver.find_element(By.ID, "file-button").click()
    assert driver.find_element(By.ID, "ib-import").is_displayed()
    assert rect(driver, "#file-menu")["top"] >= rect(driver, "#file-button")["bottom"]
    driver.find_element(By.ID, "file-button").send_keys("\ue00c")  # Escape
    wait_for(driver, "return document.getElementById('file-menu').hidden")
    # The longest built-in title, edited ("Date picker and root bounds (edited)"), is not cut.
    open_page(driver, server.url + "#scene=date-picker", scene="date-picker")
    driver.find_element(By.CSS_SELECTOR, '#actions [data-action="showPicker"]').click()
    wait_for(driver, "return document.body.dataset.edited === 'true'")
    assert selected_title_fits(driver)
    assert len(topbar_rows(driver)) == 1


@pytest.mark.parametrize("size", [(1440, 900), (1600, 900), (1920, 1080)])
def test_the_top_bar_keeps_one_row_on_wider_windows(driver, server, size):
    # Up to 1600 px the captions and the brand's words fold away as at 1280 px; above it they fit.
    set_viewport(driver, *size)
    try:
        open_page(driver, server.url + "#scene=date-picker", scene="date-picker")
        assert len(topbar_rows(driver)) == 1, topbar_rows(driver)
        assert rect(driver, ".topbar")["height"] <= 60
    finally:
        set_viewport(driver, WIDTH, HEIGHT)


def top_bar_spans(browser):
    """Left and right edges (CSS px) of the top bar's status, scene picker, its select, device picker
    and presenting row, with the status text and the scene select's text-overflow."""
    return browser.execute_script("""
        const span = (s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.left, r.right]; };
        return { status: span('.status'), scene: span('.scene-picker'), select: span('#scene-select'),
                 device: span('.device-picker'), present: span('.present-row'),
                 text: document.getElementById('status-text').textContent,
                 tooltip: document.getElementById('status-text').title,
                 overflow: getComputedStyle(document.getElementById('scene-select')).textOverflow };""")


def assert_scene_picker_holds_its_place(browser):
    """The scene picker keeps 200 px (its minimum below 1600 px) and lies between its neighbours."""
    spans = top_bar_spans(browser)
    assert spans["select"][1] - spans["select"][0] >= 200 - 0.5, spans
    assert spans["status"][1] <= spans["scene"][0] and spans["select"][1] <= spans["device"][0] + 0.5, spans
    assert spans["present"][1] <= WIDTH and len(topbar_rows(browser)) == 1, spans
    # A title longer than the room ends in an ellipsis rather than a cut letter.
    assert spans["overflow"] == "ellipsis"
    return spans


def test_the_scene_picker_keeps_its_width_while_sharing_and_disconnected(driver):
    set_viewport(driver, WIDTH, HEIGHT)
    own = Server()
    try:
        open_page(driver, own.url + "#scene=keyboard", scene="keyboard")
        assert_scene_picker_holds_its_place(driver)
        # Sharing adds "Sharing CODE" and "0 following" to the bar: the picker gives up width, to 200 px.
        driver.find_element(By.ID, "present-share").click()
        wait_for(driver, "return window.playground.presenting.code")
        driver.execute_script("document.getElementById('share-dialog').close()")
        assert_scene_picker_holds_its_place(driver)
    finally:
        assert own.stop() == 0
    # Down while sharing: the status says "Reconnecting in N s" beside Retry now, the whole story in
    # its tooltip, and the bar still fits the window on one row.
    wait_for(driver, "return document.body.dataset.state === 'closed' && !document.getElementById('retry').hidden"
                     " && document.getElementById('status-text').textContent.startsWith('Reconnecting in')")
    assert driver.execute_script("return document.body.dataset.sharing")
    spans = assert_scene_picker_holds_its_place(driver)
    assert spans["tooltip"].startswith("Disconnected · reconnecting in "), spans
    assert driver.execute_script("return document.documentElement.scrollWidth") <= WIDTH
    assert rect(driver, "#retry")["right"] <= spans["scene"][0]


def test_a_view_pushed_above_the_screen_stays_on_the_canvas(driver, server):
    set_viewport(driver, WIDTH, HEIGHT)
    open_page(driver, server.url + "#scene=search-bar", scene="search-bar")
    driver.find_element(By.CSS_SELECTOR, '#actions [data-action="focus"]').click()
    # Focus moves navView to y = −62 (navTop's constant, the scene's description): above the screen.
    wait_for(driver, "return window.playground.final && window.playground.frames.navView.frame[1] === -62")
    settle(driver)
    layout = driver.execute_script("return window.playground.layout")
    assert layout["oy"] + (-62) * layout["scale"] >= 0, layout


def test_the_zoom_holds_still_while_an_animation_runs(driver, server):
    set_viewport(driver, WIDTH, HEIGHT)
    open_page(driver, server.url + "#scene=search-bar", scene="search-bar")
    resting = driver.execute_script("return window.playground.layout")
    # Focus at a tenth of the speed: navTop goes from 0 to −62 over 2.5 s of page time.
    Select(driver.find_element(By.ID, "speed")).select_by_value("0.1")
    driver.find_element(By.CSS_SELECTOR, '#actions [data-action="focus"]').click()
    wait_for(driver, "const y = window.playground.frames.navView.frame[1];"
                     "return !window.playground.final && y < -20 && y > -50")
    midway = settle(driver)
    # The fit was measured on the resting layout: every view on the screen, so the same scale.
    assert midway["scale"] == resting["scale"], (resting, midway)
    wait_for(driver, "return window.playground.final && window.playground.frames.navView.frame[1] === -62")
    Select(driver.find_element(By.ID, "speed")).select_by_value("1")


def canvas_size(browser):
    return browser.execute_script("const r = document.getElementById('canvas').getBoundingClientRect(); return [r.width, r.height]")


def test_the_fit_comes_back_when_focus_is_cancelled(driver, server):
    set_viewport(driver, WIDTH, HEIGHT)
    open_page(driver, server.url + "#scene=search-bar", scene="search-bar")
    cw, ch = canvas_size(driver)
    before = settle(driver)
    # 28 px of room around the 375 × 667 screen, nothing beside it: the height decides.
    assert before["scale"] == pytest.approx(min((cw - 56) / 375, (ch - 56) / 667)), (before, cw, ch)
    driver.find_element(By.CSS_SELECTOR, '#actions [data-action="focus"]').click()
    wait_for(driver, "return window.playground.final && window.playground.frames.navView.frame[1] === -62")
    focused = settle(driver)
    # The nav bar rests 62 pt above the screen: 667 + 62 pt to fit.
    assert focused["scale"] == pytest.approx(min((cw - 56) / 375, (ch - 56) / (667 + 62))), focused
    driver.find_element(By.CSS_SELECTOR, '#actions [data-action="cancel"]').click()
    wait_for(driver, "return window.playground.final && window.playground.frames.navView.frame[1] === 0")
    after = settle(driver)
    assert after["scale"] == before["scale"] and after["oy"] == before["oy"], (before, after)


@pytest.mark.parametrize("size", [(1280, 800), (1440, 900)])
def test_the_waiting_picker_is_in_sight_whole_when_fit(driver, server, size):
    set_viewport(driver, *size)
    try:
        open_page(driver, server.url + "#scene=date-picker", scene="date-picker")
        cw, ch = canvas_size(driver)
        layout = settle(driver)
        picker = driver.execute_script("return window.playground.frames.pickerContainer.frame")
        assert picker == [0, 667, 375, 207], picker
        # The screen and the 207 pt picker under it: 874 pt tall, 28 px of room above and below.
        assert layout["scale"] == pytest.approx(min((cw - 56) / 375, (ch - 56) / (667 + 207))), (layout, cw, ch)
        assert layout["oy"] + (667 + 207) * layout["scale"] <= ch - 27, (layout, ch)
        # Shown and hidden again, the picker leaves the fit where it was.
        driver.find_element(By.CSS_SELECTOR, '#actions [data-action="showPicker"]').click()
        wait_for(driver, "return window.playground.final && window.playground.frames.pickerContainer.frame[1] < 667")
        assert settle(driver)["scale"] == layout["scale"]
        driver.find_element(By.CSS_SELECTOR, '#actions [data-action="hidePicker"]').click()
        wait_for(driver, "return window.playground.final && window.playground.frames.pickerContainer.frame[1] === 667")
        assert settle(driver)["scale"] == layout["scale"]
    finally:
        set_viewport(driver, WIDTH, HEIGHT)


@pytest.mark.parametrize("size", [(1280, 800), (1440, 900)])
def test_presenter_mode_makes_the_device_as_large_as_the_window_allows(driver, server, size):
    width, height = size
    set_viewport(driver, width, height)
    try:
        open_page(driver, server.url + "#scene=search-bar", scene="search-bar")
        before = device_rect(driver)
        driver.find_element(By.ID, "presenter-mode").click()
        wait_for(driver, "return document.body.dataset.presenter === 'on'")
        wait_for(driver, "return getComputedStyle(document.getElementById('panel')).display === 'none'")
        settle(driver)
        after = device_rect(driver)
        assert after["scale"] > before["scale"], (before, after)
        assert len(topbar_rows(driver)) == 1
        assert rect(driver, ".topbar")["height"] <= 52
        # Only the steps bar shares the height with the canvas: no log, timeline or footer.
        for selector in ("#log-card", ".timeline", ".stage-footer", ".device-picker", ".share-row"):
            assert driver.execute_script(f"return getComputedStyle(document.querySelector({json.dumps(selector)})).display") == "none"
        steps = rect(driver, "#steps-bar")
        # The screen (667 pt) fills the room between the bar and the steps bar, less 28 px each side.
        assert after["height"] >= steps["top"] - rect(driver, ".topbar")["bottom"] - 16 - 2 * 28 - 1, (after, steps)
        assert selected_title_fits(driver)
    finally:
        if driver.execute_script("return document.body.dataset.presenter === 'on'"):
            driver.find_element(By.ID, "presenter-mode").click()
        set_viewport(driver, WIDTH, HEIGHT)


def test_a_follower_on_a_projector_in_presenter_mode_shows_the_device_at_full_height(driver, projector_driver, server):
    set_viewport(driver, WIDTH, HEIGHT)
    open_page(driver, server.url + "#scene=search-bar", scene="search-bar")
    driver.find_element(By.ID, "present-share").click()
    code = wait_for(driver, "return document.getElementById('share-dialog').open && window.playground.presenting.code")
    driver.execute_script("document.getElementById('share-dialog').close()")
    follower = projector_driver
    follower.get("about:blank")
    follower.get(f"{server.url}#follow={code}")
    wait_for(follower, f"return document.body.dataset.following === {json.dumps(code)}")
    wait_for(follower, "return window.playground.lastSeq !== null && window.playground.layout !== null")
    follower.find_element(By.ID, "presenter-mode").click()
    wait_for(follower, "return document.body.dataset.presenter === 'on'")
    settle(follower)
    device = device_rect(follower)
    # 1080 px less the top bar, the banner and the canvas's padding: the screen is over 80 % of it.
    assert device["height"] >= 0.8 * 1080, device
    assert len(topbar_rows(follower)) == 1
    follower.find_element(By.ID, "follow-leave").click()
    driver.find_element(By.ID, "present-share").click()
    wait_for(driver, "return document.getElementById('share-dialog').open")
    driver.find_element(By.ID, "unshare").click()
    wait_for(driver, "return window.playground.presenting.code === null")
