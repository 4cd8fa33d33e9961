"""The page in headless Chromium against the real server: rendering checked on screenshot pixels
computed from the streamed frames and the canvas mapping (root points → CSS px), not from the DOM."""
import base64
import json
import zlib
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import (HEIGHT, WIDTH, Screenshot, canvas_origin, close_to, hex_color, open_page,
                      screen_rects, set_viewport, settle, wait_for)

SEEDS = ["date-picker", "search-bar", "keyboard", "keyboard-guide", "keyboard-transform"]


def state(browser):
    return browser.execute_script(
        "const p = window.playground; return {scene: p.scene, frames: p.frames, layout: p.layout,"
        " keyboard: p.keyboard};")


def to_css(browser, layout, x, y):
    left, top = canvas_origin(browser)
    return left + layout["ox"] + x * layout["scale"], top + layout["oy"] + y * layout["scale"]


def console_errors(browser):
    return [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


def encoded(doc):
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(json.dumps(doc).encode()) + packer.flush()
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def column_edge(shot, x, y_from, y_to, color):
    """First y (CSS px) in [y_from, y_to) whose pixel matches color, or None."""
    for y in range(int(y_from), int(y_to)):
        if close_to(shot.pixel(x, y), color, 10):
            return y
    return None


def test_page_loads_without_console_errors(driver, server):
    driver.get_log("browser")  # drop anything from earlier pages
    open_page(driver, server.url)
    assert console_errors(driver) == []
    # Connection state, scene list and devices are visible, not only in the console.
    assert "Connected" in driver.find_element(By.ID, "status-text").text
    names = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#scene-select option")]
    assert names[:len(SEEDS)] == SEEDS
    devices = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#device-select option")]
    assert "iphone-x" in devices


@pytest.mark.parametrize("name", SEEDS)
def test_seed_scene_renders(driver, server, name):
    layout = open_page(driver, f"{server.url}#scene={name}", scene=name)
    s = state(driver)
    scene, frames = s["scene"], s["frames"]
    W, H = scene["root"]["size"]
    safe = scene["root"].get("safeArea", [0, 0, 0, 0])
    views = {v["id"]: v for v in scene["views"]}
    order = screen_rects(scene, frames)
    # Effective alpha and transforms down the tree.
    info = {"root": (1.0, True)}
    for item in order:
        parent_alpha, parent_identity = info[item["parent"]]
        info[item["id"]] = (parent_alpha * item["alpha"], parent_identity and item["identity"])
    keyboard = s["keyboard"] or [0, H, W, 0]
    scale = layout["scale"]
    px = 1 / scale  # one CSS px in points
    shot = Screenshot(driver)

    def occluded(index, x, y):
        for later in order[index + 1:]:
            if info[later["id"]][0] <= 0:
                continue  # alpha 0 draws nothing
            lx, ly, lw, lh = later["rect"]
            if lx - 4 * px <= x <= lx + lw + 4 * px and ly - 4 * px <= y <= ly + lh + 4 * px:
                return True
        return False

    def clear_of_overlays(x, y):
        if not (4 * px < x < W - 4 * px and 4 * px < y < H - 4 * px):
            return False
        if keyboard[3] > 0 and y >= keyboard[1] - 4 * px:
            return False
        edges_x = [safe[1], W - safe[3]]
        edges_y = [safe[0], H - safe[2]]
        if any(abs(x - e) < 5 * px for e in edges_x) or any(abs(y - e) < 5 * px for e in edges_y):
            return False
        return not (abs(y - safe[0]) < 16 * px and x > W - safe[3] - 70 * px)  # the "safe area" label

    checked = []
    for index, item in enumerate(order):
        alpha, identity = info[item["id"]]
        x0, y0, w, h = item["rect"]
        if alpha < 1 or not identity or w * scale < 14 or h * scale < 14:
            continue
        left, top = canvas_origin(driver)  # label rects are relative to the canvas
        labels = [(lx + left, ly + top, lw, lh) for lx, ly, lw, lh in
                  (l["rect"] for l in driver.execute_script("return window.playground.labels") if not l["offscreen"])]
        candidates = [(x0 + fx * w, y0 + fy * h) for fy in (0.85, 0.7, 0.55, 0.4, 0.25)
                      for fx in (0.9, 0.8, 0.5, 0.2)]
        for x, y in candidates:
            if x - x0 < 5 * px or x0 + w - x < 5 * px or y - y0 < 5 * px or y0 + h - y < 5 * px:
                continue
            cx, cy = to_css(driver, layout, x, y)
            if any(lx - 3 <= cx <= lx + lw + 3 and ly - 3 <= cy <= ly + lh + 3 for lx, ly, lw, lh in labels):
                continue  # a label (wherever it was placed)
            if occluded(index, x, y) or not clear_of_overlays(x, y):
                continue
            expected = hex_color(views[item["id"]]["color"])
            actual = shot.pixel(cx, cy)
            assert close_to(actual, expected), f"{name}: {item['id']} at {x:.1f},{y:.1f} pt is {actual}, not {expected}"
            checked.append(item["id"])
            break
    assert len(checked) >= 2, f"{name}: only {checked} could be checked"
    # The device's white screen where no view is.
    cx, cy = to_css(driver, layout, W * 0.5, 2)
    if not any(r["rect"][1] <= 2 <= r["rect"][1] + r["rect"][3] and r["rect"][0] <= W * 0.5 <= r["rect"][0] + r["rect"][2]
               for r in order if info[r["id"]][0] > 0):
        assert close_to(shot.pixel(cx, cy), (255, 255, 255))


def test_slider_moves_the_box_by_the_right_amount(driver, server):
    layout = open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    scene = state(driver)["scene"]
    nav_color = hex_color(next(v for v in scene["views"] if v["id"] == "navView")["color"])
    x, _ = to_css(driver, layout, 40, 0)
    _, top = to_css(driver, layout, 0, -4)
    _, bottom = to_css(driver, layout, 0, 120)
    before = column_edge(Screenshot(driver), x, top, bottom, nav_color)
    slider = driver.find_element(By.CSS_SELECTOR, '.constraint[data-id="navTop"] input[type="range"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", slider)
    driver.execute_script("arguments[0].focus()", slider)  # a click would move it to the pointer
    assert float(slider.get_attribute("value")) == 0
    slider.send_keys(*([Keys.ARROW_RIGHT] * 24))  # 24 steps of 0.5 pt
    target = 12
    wait_for(driver, f"const f = window.playground.frames.navView.frame; return Math.abs(f[1] - {target}) < 1e-6")
    settle(driver)
    number = driver.find_element(By.CSS_SELECTOR, '.constraint[data-id="navTop"] input[type="number"]')
    assert float(number.get_attribute("value")) == target
    after = column_edge(Screenshot(driver), x, top, bottom + 40 * layout["scale"], nav_color)
    # Before the click the top edge was at 0 pt; now at `target` points.
    assert before is not None and after is not None
    # Within 2 px: the stroke and anti-aliasing shift the first full-colour row by up to a pixel per edge.
    assert abs((after - before) - target * layout["scale"]) <= 2, (before, after, target, layout["scale"])


def test_action_animates_monotonically_and_ends_right(driver, server):
    layout = open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    driver.find_element(By.CSS_SELECTOR, '#speed option[value="0.25"]').click()
    wait_for(driver, "return window.playground.final")
    driver.execute_script("window.playground.clearHistory()")
    driver.find_element(By.CSS_SELECTOR, '#actions [data-action="focus"]').click()
    wait_for(driver, "const h = window.playground.history;"
                     "return h.some((m) => !m.final) && h.length && h[h.length - 1].final", timeout=15)
    history = driver.execute_script("return window.playground.history")
    ys = [m["views"]["navView"]["frame"][1] for m in history if "navView" in m["views"]]
    alphas = [m["views"]["cover"]["alpha"] for m in history if "alpha" in m["views"].get("cover", {})]
    times = [m["time"] for m in history]
    assert ys[-1] == -62 and abs(alphas[-1] - 0.4) < 1e-9
    assert all(b <= a for a, b in zip(ys, ys[1:])), ys
    assert all(b >= a for a, b in zip(alphas, alphas[1:])), alphas
    assert len({y for y in ys if -62 < y < 0}) >= 10, f"only {len(ys)} frames"
    assert abs((times[-1] - times[0]) - 0.25) < 0.05  # session seconds; 1 s of real time at 0.25×
    # On screen: the search bar now sits at the top (navView is above the screen, which the canvas
    # makes room for: the layout is the one drawn now).
    layout = settle(driver)
    scene = state(driver)["scene"]
    bar = hex_color(next(v for v in scene["views"] if v["id"] == "searchBar")["color"])
    x, _ = to_css(driver, layout, 303, 0)  # between the field and the cancel button, clear of labels
    _, top = to_css(driver, layout, 0, -2)
    _, bottom = to_css(driver, layout, 0, 60)
    edge = column_edge(Screenshot(driver), x, top, bottom, bar)
    assert edge is not None and abs(edge - to_css(driver, layout, 0, 0)[1]) <= 1.5
    driver.find_element(By.CSS_SELECTOR, '#speed option[value="1"]').click()


def test_url_round_trips_an_edited_scene(driver, server):
    layout = open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    number = driver.find_element(By.CSS_SELECTOR, '.constraint[data-id="navHeight"] input[type="number"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", number)
    number.send_keys(Keys.CONTROL, "a")
    number.send_keys("80", Keys.ENTER)
    driver.execute_script("window.playground.select('searchBar')")
    driver.find_element(By.ID, "clips").click()
    wait_for(driver, "return window.playground.frames.navView.frame[3] === 80")
    wait_for(driver, "return location.hash.startsWith('#s=') && window.playground.scene.constraints"
                     ".find((c) => c.id === 'navHeight').constant === 80")
    url = wait_for(driver, "return window.playground.shareUrl()")
    assert len(url) < 8000
    driver.get_log("browser")
    layout = open_page(driver, url, scene="search-bar")
    s = state(driver)
    assert next(c for c in s["scene"]["constraints"] if c["id"] == "navHeight")["constant"] == 80
    assert s["frames"]["navView"]["frame"] == [0, 0, 375, 80]
    assert driver.execute_script("return window.playground.clips") == ["searchBar"]
    nav = hex_color(next(v for v in s["scene"]["views"] if v["id"] == "navView")["color"])
    shot = Screenshot(driver)
    assert close_to(shot.pixel(*to_css(driver, layout, 300, 72)), nav)  # below the old 62 pt edge
    assert console_errors(driver) == []


def test_conflict_is_shown(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    driver.find_element(By.CSS_SELECTOR, "#add-box > summary").click()
    field = driver.find_element(By.ID, "add-equation")
    field.send_keys("navView.height == 100", Keys.ENTER)
    wait_for(driver, "return document.querySelector('#log .log-conflict') !== null")
    wait_for(driver, "return document.querySelector('.constraint.is-broken') !== null")
    text = driver.find_element(By.CSS_SELECTOR, "#log .log-conflict").text
    assert "navHeight" in text or "c1" in text
    detail = driver.find_element(By.CSS_SELECTOR, "#log .log-conflict .log-detail").get_attribute("textContent")
    assert "Unable to simultaneously satisfy constraints" in detail
    badge = driver.find_element(By.CSS_SELECTOR, ".constraint.is-broken .badge-broken")
    assert badge.is_displayed()
    assert driver.find_element(By.ID, "log-count").text != "0"
    # Selecting the view draws the broken constraint in red on the canvas.
    driver.execute_script("window.playground.select('navView')")
    layout = settle(driver)
    shot = Screenshot(driver)
    x0, y0 = to_css(driver, layout, 0, 0)
    x1, y1 = to_css(driver, layout, 375, 62)
    red = [(x, y) for x in range(int(x0), int(x1)) for y in range(int(y0), int(y1))
           if close_to(shot.pixel(x, y), (0xd9, 0x2d, 0x20), 24)]
    assert len(red) > 20


def test_dragging_moves_a_view_through_the_solver(driver, server):
    doc = {"name": "drag-test", "root": {"size": [375, 667]},
           "views": [{"id": "card", "color": "#e26d5a"}],
           "constraints": [{"id": "w", "first": "card.width", "constant": 120},
                           {"id": "h", "first": "card.height", "constant": 80},
                           {"id": "top", "first": "card.top", "second": "root.top", "constant": 200,
                            "priority": 500}]}
    layout = open_page(driver, f"{server.url}#s={encoded(doc)}", scene="drag-test")
    assert state(driver)["frames"]["card"]["frame"] == [0, 200, 120, 80]
    wait_for(driver, "return (window.playground.ambiguity.card || []).includes('horizontal')")
    scale = layout["scale"]
    canvas = driver.find_element(By.ID, "canvas")
    left, top = canvas_origin(driver)
    cx, cy = to_css(driver, layout, 60, 240)
    size = canvas.size
    start = (cx - left - size["width"] / 2, cy - top - size["height"] / 2)
    driver.execute_script("window.playground.clearHistory()")
    chain = ActionChains(driver, duration=20)
    chain.move_to_element_with_offset(canvas, *start).click_and_hold()
    for step in range(1, 9):
        chain.move_to_element_with_offset(canvas, start[0] + 10 * step, start[1] + 7.5 * step)
    chain.perform()
    # While held, both coordinates follow (800 beats the top constraint's 500).
    wait_for(driver, f"const f = window.playground.frames.card.frame;"
                     f"return Math.abs(f[1] - (200 + 60 / {scale})) < 0.6 && Math.abs(f[0] - 80 / {scale}) < 0.6")
    ActionChains(driver).release().move_to_element(driver.find_element(By.ID, "panel")).perform()
    # Released: y goes back to the constraint; x is free and stays where it was dropped.
    wait_for(driver, f"const f = window.playground.frames.card.frame;"
                     f"return f[1] === 200 && Math.abs(f[0] - 80 / {scale}) < 0.6")
    assert driver.execute_script("return window.playground.drags") >= 3
    frame = state(driver)["frames"]["card"]["frame"]
    settle(driver)
    shot = Screenshot(driver)
    assert close_to(shot.pixel(*to_css(driver, layout, frame[0] + 100, 270)), hex_color("#e26d5a"))
    assert not close_to(shot.pixel(*to_css(driver, layout, frame[0] - 6, 270)), hex_color("#e26d5a"))
    # Keyboard: Alt+Right nudges the selected view by one point through the same drag.
    assert driver.execute_script("return window.playground.selected") == "card"
    canvas.send_keys(Keys.ALT, Keys.ARROW_RIGHT)
    wait_for(driver, f"return window.playground.frames.card.frame[0] === {frame[0] + 1}")


def test_export_and_import(driver, server):
    open_page(driver, f"{server.url}#scene=date-picker", scene="date-picker")
    driver.find_element(By.ID, "file-button").click()  # the File menu holds it
    driver.find_element(By.ID, "export-json").click()
    text = wait_for(driver, "const t = document.getElementById('export-text').value;"
                            "return t.startsWith('{') ? t : null")
    doc = json.loads(text)
    assert doc["name"] == "date-picker" and any(c["id"] == "pickerTop" for c in doc["constraints"])
    driver.find_element(By.CSS_SELECTOR, "#export-dialog button[value=close]").click()
    driver.find_element(By.ID, "file-button").click()
    driver.find_element(By.ID, "export-swift").click()
    wait_for(driver, "const t = document.getElementById('export-text').value;"
                     "return t.includes('import UIKit') || !document.getElementById('export-error').hidden")
    driver.find_element(By.CSS_SELECTOR, "#export-dialog button[value=close]").click()
    # Import: the exported document with one constant changed.
    next(c for c in doc["constraints"] if c["id"] == "pickerTop")["constant"] = 400
    doc["name"] = "imported"
    driver.find_element(By.ID, "file-button").click()
    driver.find_element(By.ID, "import").click()
    area = driver.find_element(By.ID, "import-text")
    driver.execute_script("arguments[0].value = arguments[1]", area, json.dumps(doc))
    driver.find_element(By.ID, "import-load").click()
    wait_for(driver, "return document.body.dataset.scene === 'imported'")
    wait_for(driver, "return window.playground.frames.pickerContainer.frame[1] === 400")


def test_keyboard_and_tablet_layout(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    canvas = driver.find_element(By.ID, "canvas")
    canvas.send_keys(Keys.ARROW_RIGHT)
    canvas.send_keys(Keys.ENTER)
    assert driver.execute_script("return window.playground.selected") == "navView"
    assert driver.find_element(By.ID, "inspector-id").text == "navView"
    for width, height in ((1024, 768), (820, 1180), (WIDTH, HEIGHT)):
        set_viewport(driver, width, height)
        wait_for(driver, f"return window.innerWidth === {width}")
        overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (width, overflow)
        # The stage footer stays on one line, nothing in it wrapped or cut.
        footer = driver.execute_script(
            "const f = document.querySelector('.stage-footer');"
            "const parts = [...f.querySelectorAll('#seq, .anim-state, .legend-item, .check span')]"
            ".filter((e) => e.offsetParent !== null);"
            "return {height: f.getBoundingClientRect().height,"
            " lines: parts.map((e) => e.getClientRects().length),"
            " tops: parts.map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2)),"
            " cut: parts.filter((e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0).map((e) => e.className || e.id)};")
        assert footer["height"] <= 42 and set(footer["lines"]) == {1}, (width, footer)
        assert max(footer["tops"]) - min(footer["tops"]) <= 3 and not footer["cut"], (width, footer)
        box = canvas.rect
        assert box["width"] >= 300 and box["height"] >= 300, (width, box)


def test_pause_and_scrub_the_timeline(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    driver.find_element(By.ID, "pause").click()
    wait_for(driver, "return window.playground.paused && document.getElementById('pause').textContent === 'Resume'")
    driver.find_element(By.CSS_SELECTOR, '#actions [data-action="focus"]').click()
    timeline = wait_for(driver, "const t = window.playground.timeline; return t.start !== null ? t : null")
    assert abs(timeline["end"] - timeline["start"] - 0.25) < 1e-9
    # Paused: the nav view has not moved yet.
    assert state(driver)["frames"]["navView"]["frame"][1] == 0
    scrubber = driver.find_element(By.ID, "scrubber")
    assert scrubber.is_enabled()
    scrubber.send_keys(Keys.END)
    wait_for(driver, "return window.playground.frames.navView.frame[1] === -62")
    scrubber.send_keys(Keys.HOME)
    wait_for(driver, "return window.playground.frames.navView.frame[1] === 0")
    # Half way through an easeInOut curve is half way along.
    driver.execute_script("const s = arguments[0]; s.value = String((Number(s.min) + Number(s.max)) / 2);"
                          "s.dispatchEvent(new Event('input'))", scrubber)
    wait_for(driver, "return window.playground.frames.navView.frame[1] === -31")
    driver.find_element(By.ID, "pause").click()
    wait_for(driver, "return !window.playground.paused")
    wait_for(driver, "return window.playground.frames.navView.frame[1] === -62 && window.playground.final")


def test_reconnects_after_a_server_restart_and_restores_the_edited_scene(driver):
    from conftest import Server
    first = Server()
    try:
        open_page(driver, f"{first.url}#scene=search-bar", scene="search-bar")
        number = driver.find_element(By.CSS_SELECTOR, '.constraint[data-id="navHeight"] input[type="number"]')
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", number)
        number.send_keys(Keys.CONTROL, "a")
        number.send_keys("90", Keys.ENTER)
        wait_for(driver, "return location.hash.startsWith('#s=') && window.playground.scene.constraints"
                         ".find((c) => c.id === 'navHeight').constant === 90")
    finally:
        assert first.stop() == 0
    wait_for(driver, "return document.body.dataset.state !== 'open'")
    status = driver.find_element(By.ID, "status-text")
    assert status.text.startswith(("Disconnected", "Reconnecting")) or \
        driver.execute_script("return document.body.dataset.state") == "connecting"
    second = Server(port=first.port)
    try:
        wait_for(driver, "return document.body.dataset.state === 'open'", timeout=20)
        wait_for(driver, "const f = window.playground.frames.navView;"
                         "return f && f.frame[3] === 90 && window.playground.scene.constraints"
                         ".find((c) => c.id === 'navHeight').constant === 90", timeout=10)
        log = driver.find_element(By.ID, "log").text
        assert "Connection closed" in log
    finally:
        driver.get("about:blank")
        # The page's reconnect attempts while no server listened logged refusals: expected here only.
        driver.get_log("browser")
        assert second.stop() == 0


FREE_CARD = {"name": "nudge-test", "root": {"size": [375, 667]},
             "views": [{"id": "card", "color": "#e26d5a"}, {"id": "pinned", "color": "#4a90e2"}],
             "constraints": [{"id": "w", "first": "card.width", "constant": 120},
                             {"id": "h", "first": "card.height", "constant": 80},
                             {"id": "pw", "first": "pinned.width", "constant": 100},
                             {"id": "ph", "first": "pinned.height", "constant": 60},
                             {"id": "pl", "first": "pinned.left", "second": "root.left", "constant": 40,
                              "priority": 500},
                             {"id": "pt", "first": "pinned.top", "second": "root.top", "constant": 400,
                              "priority": 500}]}


def test_alt_arrow_presses_accumulate_and_say_how_the_drag_ends(driver, server):
    open_page(driver, f"{server.url}#s={encoded(FREE_CARD)}", scene="nudge-test")
    wait_for(driver, "return (window.playground.ambiguity.card || []).length === 2")
    start = state(driver)["frames"]["card"]["frame"]
    driver.execute_script("window.playground.select('card')")
    canvas = driver.find_element(By.ID, "canvas")
    # Ten quick presses, Alt held throughout: ten points, not one (free positions stay on release).
    canvas.send_keys(Keys.ALT, Keys.ARROW_DOWN * 10)
    wait_for(driver, f"const f = window.playground.frames.card.frame; return f[1] === {start[1] + 10}"
                     f" && f[0] === {start[0]}")
    canvas.send_keys(Keys.ALT, Keys.SHIFT, Keys.ARROW_RIGHT * 3)
    wait_for(driver, f"return window.playground.frames.card.frame[0] === {start[0] + 30}")
    wait_for(driver, "return !window.playground.nudging")
    assert state(driver)["frames"]["card"]["frame"][:2] == [start[0] + 30, start[1] + 10]
    # A view positioned by optional constraints follows while Alt is held, and goes back on release;
    # the page says so.
    driver.execute_script("window.playground.select('pinned'); arguments[0].focus()", canvas)
    ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_DOWN * 5).perform()
    wait_for(driver, "return window.playground.frames.pinned.frame[1] === 405")
    toast = driver.find_element(By.ID, "toast")
    assert toast.is_displayed() and "goes back on release" in toast.text
    ActionChains(driver).key_up(Keys.ALT).perform()
    wait_for(driver, "return window.playground.frames.pinned.frame[1] === 400")
    # The canvas's description tells the same.
    help_text = driver.find_element(By.ID, "canvas-help").get_attribute("textContent")
    assert "take it back" in help_text
    assert console_errors(driver) == []


def test_number_fields_send_once_and_show_the_value_after_a_refusal(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    driver.find_element(By.ID, "log-clear").click()
    number = driver.find_element(By.CSS_SELECTOR, '.constraint[data-id="navHeight"] input[type="number"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", number)
    number.send_keys(Keys.CONTROL, "a")
    number.send_keys("1e12", Keys.ENTER)
    wait_for(driver, "return document.querySelector('#log .log-error') !== null")
    # Back to the constraint's value, field, slider and equation alike, focus or not.
    wait_for(driver, "return document.querySelector('.constraint[data-id=\"navHeight\"] input[type=number]')"
                     ".value === '62'")
    row = driver.find_element(By.CSS_SELECTOR, '.constraint[data-id="navHeight"]')
    # As the equation field reads it: no "× 1", no "@1000" for a required constraint.
    assert row.find_element(By.CSS_SELECTOR, ".c-eq").text == "navView.height == 62"
    assert row.find_element(By.CSS_SELECTOR, 'input[type="range"]').get_attribute("value") == "62"
    # One request, one error: a round trip later nothing else has come.
    driver.execute_async_script("window.playground.send({type: 'scene'}).then(arguments[0])")
    errors = driver.find_elements(By.CSS_SELECTOR, "#log .log-error")
    assert len(errors) == 1 and errors[0].get_attribute("data-repeats") is None, errors[0].text
    assert "invalid-value" in errors[0].text
    # A good value after Enter goes out once too, and a priority the same way.
    number.send_keys(Keys.CONTROL, "a")
    number.send_keys("70", Keys.ENTER)
    wait_for(driver, "return window.playground.frames.navView.frame[3] === 70")
    driver.execute_script("window.playground.clearSent()")
    priority = row.find_element(By.CSS_SELECTOR, "input.c-priority")
    priority.send_keys(Keys.CONTROL, "a")
    priority.send_keys("999", Keys.ENTER)
    wait_for(driver, "return window.playground.scene.constraints.find((c) => c.id === 'navHeight').priority === 999")
    driver.execute_async_script("window.playground.send({type: 'scene'}).then(arguments[0])")
    sent = driver.execute_script("return window.playground.sent.filter((m) => m.type !== 'scene'"
                                 " && m.type !== 'ambiguity')")
    assert len(sent) == 1, sent
    assert len(driver.find_elements(By.CSS_SELECTOR, "#log .log-error")) == 1


def test_scene_size_undoes_a_device(driver, server):
    from selenium.webdriver.support.ui import Select
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    original = state(driver)["scene"]["root"]
    select = Select(driver.find_element(By.ID, "device-select"))
    select.select_by_value("iphone-x")
    wait_for(driver, "return window.playground.scene.root.device === 'iphone-x'"
                     " && window.playground.frames.root.frame[3] === 812")
    assert driver.find_element(By.ID, "device-select").get_attribute("value") == "iphone-x"
    select.select_by_value("")
    wait_for(driver, "return !window.playground.scene.root.device"
                     " && window.playground.frames.root.frame[3] === 667")
    root = state(driver)["scene"]["root"]
    assert root["size"] == original["size"] and root["safeArea"] == original["safeArea"]
    assert driver.find_element(By.ID, "device-select").get_attribute("value") == ""
    values = [o.get_attribute("value") for o in select.options]
    assert values[0] == "" and "iphone-8" in values and "iphone-x" in values
    # And a device again after that.
    select.select_by_value("ipad")
    wait_for(driver, "return window.playground.scene.root.device === 'ipad'")


def check_labels(driver, where):
    """Every drawn label lies inside its box, at 8 px or more, and nothing drawn later covers it
    unless it sits on its backdrop."""
    labels = [l for l in driver.execute_script("return window.playground.labels") if not l["offscreen"]]
    hits = driver.execute_script(
        "const r = window.playground.renderer; return r.hits.filter((h) => !h.offscreen && h.alpha > 0)"
        ".map((h) => { const ps = [[0, 0], [h.w, 0], [0, h.h], [h.w, h.h]].map(([x, y]) =>"
        " h.matrix.transformPoint(new DOMPoint(x, y))); const d = r.dpr;"
        " return {id: h.id, x0: Math.min(...ps.map((p) => p.x)) / d, y0: Math.min(...ps.map((p) => p.y)) / d,"
        " x1: Math.max(...ps.map((p) => p.x)) / d, y1: Math.max(...ps.map((p) => p.y)) / d}; })")
    order = [h["id"] for h in hits]
    assert labels, where
    for label in labels:
        x, y, w, h = label["rect"]
        bx, by, bw, bh = label["box"]
        assert bx - 0.5 <= x and x + w <= bx + bw + 0.5 and by - 0.5 <= y and y + h <= by + bh + 0.5, (where, label)
        assert label["size"] >= 8, (where, label)
        assert label["text"] == label["full"] or label["text"].endswith("…"), (where, label)
        if label["backdrop"]:
            continue
        for later in hits[order.index(label["id"]) + 1:]:
            covered = later["x0"] < x + w - 1 and later["x1"] > x + 1 and later["y0"] < y + h - 1 and later["y1"] > y + 1
            assert not covered, (where, label["id"], "under", later["id"])
    return {label["id"]: label for label in labels}


def test_labels_fit_their_boxes_and_stay_visible(driver, server):
    try:
        set_viewport(driver, 1024, 768)
        open_page(driver, f"{server.url}#scene=date-picker", scene="date-picker")
        labels = check_labels(driver, "date-picker 1024")
        assert labels["birthdayLabel"]["text"] in ("Birthday", "Birth…", "Birthd…", "Birthda…") \
            or labels["birthdayLabel"]["text"].startswith("Bi")
        open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
        labels = check_labels(driver, "search-bar 1024")
        assert labels["searchBar"]["text"] == "UISearchBar"
        open_page(driver, f"{server.url}#scene=keyboard", scene="keyboard")
        labels = check_labels(driver, "keyboard 1024")
        assert "inputBar" in labels and "sendButton" in labels
        driver.find_element(By.CSS_SELECTOR, '#device-select option[value="ipad"]').click()
        wait_for(driver, "return window.playground.scene.root.device === 'ipad'"
                         " && window.playground.frames.root.frame[2] === 820"
                         " && window.playground.frames.root.frame[3] === 1180")
        settle(driver)
        labels = check_labels(driver, "keyboard on ipad 1024")
        assert "sendButton" in labels and "inputBar" in labels
    finally:
        set_viewport(driver, WIDTH, HEIGHT)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (820, 1180)])
def test_conflicts_show_without_scrolling(driver, server, size):
    try:
        set_viewport(driver, *size)
        open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
        driver.execute_script("window.playground.send({type: 'add', constraint: 'navView.height == 100'})")
        wait_for(driver, "return document.querySelector('#log .log-conflict') !== null")
        assert driver.execute_script("return window.scrollY") == 0
        assert driver.execute_script("return document.getElementById('panel').scrollTop") == 0
        # The newest entry's first line is in the viewport, on top (not under another element).
        script = ("const e = document.querySelector(arguments[0]);"
                  "const r = e.getBoundingClientRect();"
                  "const x = r.left + Math.min(20, r.width / 2), y = r.top + Math.min(8, r.height / 2);"
                  "if (r.bottom > innerHeight || r.top < 0 || r.right > innerWidth || !r.width) return false;"
                  "const at = document.elementFromPoint(x, y); return at === e || e.contains(at);")
        # The log is a strip under the canvas at every size: the entry shows there, and the note that
        # points to a log out of sight stays hidden.
        assert driver.execute_script(script, "#log .log-conflict .log-text"), size
        assert driver.find_element(By.ID, "problem-toast").get_attribute("hidden") is not None
        assert driver.find_element(By.ID, "log-count").is_displayed()
    finally:
        set_viewport(driver, WIDTH, HEIGHT)


@pytest.mark.parametrize("device, orientation, height", [
    ("iphone-8", "portrait", 216), ("iphone-8", "landscape", 162), ("iphone-x", "portrait", 291),
    ("iphone-x", "landscape", 171), ("ipad", "portrait", 313), ("ipad", "landscape", 398)])
def test_keyboard_height_follows_the_device(driver, server, device, orientation, height):
    doc = {"name": "kb-test", "root": {"device": device, "orientation": orientation}, "views": [], "constraints": []}
    open_page(driver, f"{server.url}#s={encoded(doc)}", scene="kb-test")
    driver.find_element(By.ID, "keyboard-show").click()
    wait_for(driver, f"const k = window.playground.keyboard; const r = window.playground.frames.root.frame;"
                     f"return k && k[3] === {height} && k[1] + k[3] === r[3]")
    if device == "iphone-8" and orientation == "portrait":
        # Rotating with the keyboard up gives it the landscape height.
        driver.find_element(By.ID, "rotate").click()
        wait_for(driver, "const k = window.playground.keyboard; const r = window.playground.frames.root.frame;"
                         "return r[2] === 667 && k[3] === 162 && k[1] + k[3] === r[3]")


# The real documents of Tests/fixtures/interface-builder/SOURCES.md, when present (they are not kept
# in the repository; see that file).
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "interface-builder" / "documents"
DEMO_STORYBOARD = FIXTURES / "swiftmessages-demo-main.storyboard"

# A document of our own for the drop test: a 320 × 100 view holding a label pinned 20 pt from the
# leading edge and 30 pt from the top, 100 × 40 by constraints.
CARD_XIB = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES">
    <device id="retina4_7" orientation="portrait" appearance="light"/>
    <objects>
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
        <view contentMode="scaleToFill" id="card-1" userLabel="Card">
            <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
            <subviews>
                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box-1" userLabel="Badge">
                    <rect key="frame" x="20" y="30" width="100" height="40"/>
                </view>
            </subviews>
            <constraints>
                <constraint firstItem="box-1" firstAttribute="leading" secondItem="card-1" secondAttribute="leading" constant="20" id="c-1"/>
                <constraint firstItem="box-1" firstAttribute="top" secondItem="card-1" secondAttribute="top" constant="30" id="c-2"/>
                <constraint firstItem="box-1" firstAttribute="width" constant="100" id="c-3"/>
                <constraint firstItem="box-1" firstAttribute="height" constant="40" id="c-4"/>
            </constraints>
        </view>
    </objects>
</document>
"""


@pytest.mark.skipif(not DEMO_STORYBOARD.exists(), reason="the documents of SOURCES.md are not in fixtures/interface-builder/documents")
def test_open_storyboard_by_file_picker_offers_roots_and_warnings(driver, server):
    open_page(driver, f"{server.url}#scene=date-picker", scene="date-picker")
    picker = driver.find_element(By.ID, "ib-file")
    picker.send_keys(str(DEMO_STORYBOARD))
    # Several roots: the dialog offers them; the initial controller is laid out.
    wait_for(driver, "return document.getElementById('ib-dialog').open")
    options = driver.execute_script("return Array.from(document.querySelectorAll('#ib-root option'), o => o.value)")
    assert "4Pm-kC-YGr" in options and len(options) > 5
    summary = driver.find_element(By.ID, "ib-summary").text
    assert summary.startswith("swiftmessages-demo-main.storyboard:")
    # Choose the table cell "Explore" and lay it out: its title label sits where Xcode saved it,
    # 26 pt in (the content view's 16 pt margin + 10) and 21 pt down (11 + 10), 304.5 pt wide.
    driver.execute_script("document.getElementById('ib-root').value = '4Pm-kC-YGr'")
    driver.find_element(By.ID, "ib-layout").click()
    frame = wait_for(driver, "const f = window.playground.frames.titleLabel; return f && f.frame")
    assert frame == [26, 21, 304.5, 16]


def test_drop_a_xib_on_the_canvas(driver, server):
    open_page(driver, f"{server.url}#scene=date-picker", scene="date-picker")
    driver.execute_script("""
        const file = new File([arguments[0]], 'Card.xib', { type: 'application/xml' });
        const data = new DataTransfer();
        data.items.add(file);
        const stage = document.getElementById('stage');
        stage.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
        stage.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    """, CARD_XIB)
    # The badge: leading 20, top 30, 100 × 40, from its four constraints.
    frame = wait_for(driver, "const f = window.playground.frames.badge; return f && f.frame")
    assert frame == [20, 30, 100, 40]


def test_switching_scenes_with_a_view_selected_logs_nothing(driver, server):
    # tableView is in search-bar but not in date-picker: the explain panel must not ask about it.
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    driver.execute_script("window.playground.select('tableView')")
    settle(driver)
    driver.find_element(By.CSS_SELECTOR, '#scene-select option[value="date-picker"]').click()
    wait_for(driver, "return window.playground.scene && window.playground.scene.name === 'date-picker'")
    settle(driver)
    assert driver.find_elements(By.CSS_SELECTOR, "#log .log-error") == []
    assert console_errors(driver) == []
