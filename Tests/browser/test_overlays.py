"""The canvas keeps its text apart: view names, text views' lines, the overlays' captions and the
selected view's constraint badges never overlap, for every seed scene, as the renderer reports what it
drew (CSS px rectangles through the test hooks), and each overlay has its own toggle. Headless
Chromium against the real server; nothing sleeps: every wait polls page state."""
import pytest
from selenium.webdriver.common.by import By

from selenium.webdriver.common.action_chains import ActionChains

from conftest import HEIGHT, WIDTH, open_page, set_viewport, settle, wait_for

SEEDS = ["date-picker", "search-bar", "keyboard", "keyboard-guide", "keyboard-transform"]


def overlap(a, b):
    """Whether CSS-px rectangles [x, y, w, h] share more than half a pixel each way."""
    return a[0] < b[0] + b[2] - 0.5 and b[0] < a[0] + a[2] - 0.5 and a[1] < b[1] + b[3] - 0.5 and b[1] < a[1] + a[3] - 0.5


def drawn(driver):
    return driver.execute_script(
        "const p = window.playground; return {labels: p.labels, texts: p.texts, captions: p.overlayLabels,"
        " badges: p.badges};")


def check_apart(driver, where):
    """No view name covers another name, a line of text, a caption or a badge; no caption or badge
    covers text. Returns what was drawn."""
    d = drawn(driver)
    for group in ("labels", "texts"):
        d[group] = [item for item in d[group] if not item["offscreen"]]
    names = [("label " + l["id"], l["rect"]) for l in d["labels"]]
    texts = [("text " + t["id"], t["rect"]) for t in d["texts"]]
    captions = [("caption " + c["id"], c["rect"]) for c in d["captions"]]
    badges = [("badge " + b["id"], b["rect"]) for b in d["badges"]]
    marks = names + captions + badges
    for i, (a, ra) in enumerate(marks):
        for b, rb in marks[i + 1:] + texts:
            assert not overlap(ra, rb), (where, a, ra, b, rb)
    for label in d["labels"]:
        assert label["size"] >= 8, (where, label)
    return d


@pytest.mark.parametrize("size", [(WIDTH, HEIGHT), (1024, 768)])
@pytest.mark.parametrize("name", SEEDS)
def test_names_captions_and_text_never_overlap(driver, server, name, size):
    try:
        set_viewport(driver, *size)
        open_page(driver, f"{server.url}#scene={name}", scene=name)
        d = check_apart(driver, (name, size))
        assert d["labels"], (name, size)
        # Every view drawn on screen that is large enough for its name (70 × 22 CSS px, no text of
        # its own, nothing drawn over it) is named.
        ids = {label["id"] for label in d["labels"]}
        assert "root" not in ids
        # Select each view in turn: its badges join in and must stay apart too.
        views = driver.execute_script("return window.playground.scene.views.map((v) => v.id)")
        for view in views:
            driver.execute_script("window.playground.select(arguments[0])", view)
            settle(driver)
            check_apart(driver, (name, size, view))
    finally:
        set_viewport(driver, WIDTH, HEIGHT)


TEXT_SCENE = {
    "name": "card",
    "root": {"size": [375, 667]},
    "views": [
        {"id": "card", "label": "Card", "color": "#dfe6e9"},
        {"id": "title", "parent": "card", "kind": "label", "color": "#ffffff", "text": "Birthday reminders"},
        {"id": "done", "parent": "card", "kind": "button", "color": "#ffffff", "title": "Done"},
    ],
    "constraints": [
        {"first": "card.leading", "second": "root.leading", "constant": 20},
        {"first": "card.trailing", "second": "root.trailing", "constant": -20},
        {"first": "card.top", "second": "root.top", "constant": 100},
        {"first": "card.height", "constant": 60},
        {"first": "title.leading", "second": "card.leading", "constant": 8},
        {"first": "title.centerY", "second": "card.centerY"},
        {"first": "done.trailing", "second": "card.trailing", "constant": -8},
        {"first": "done.centerY", "second": "card.centerY"},
    ],
}


def test_a_name_stays_off_its_subviews_text(driver, server):
    # The card is 335 × 60 pt with its title and button centred on its middle line (y = 130 pt); the
    # card's name fits above or below them (18 pt bands at 1280 × 800, where a point is about 1.05 px),
    # never across their text.
    from test_page import encoded
    open_page(driver, f"{server.url}#s={encoded(TEXT_SCENE)}", scene="card")
    wait_for(driver, "return document.fonts.check('400 17px \"Playground Inter\"')")
    settle(driver)
    d = check_apart(driver, "card")
    assert {t["id"] for t in d["texts"]} == {"title", "done"}
    assert [label["id"] for label in d["labels"]] == ["card"]
    # Hand: 100 pt + (60 − 20.574) / 2 pt: the title's line starts 119.7 pt down; its name is above it.
    name = d["labels"][0]["rect"]
    title = next(t["rect"] for t in d["texts"] if t["id"] == "title")
    assert name[1] + name[3] <= title[1] + 0.5 or name[1] >= title[1] + title[3] - 0.5, (name, title)


def test_each_overlay_has_a_toggle(driver, server):
    open_page(driver, f"{server.url}#scene=keyboard", scene="keyboard")
    driver.find_element(By.ID, "keyboard-show").click()
    wait_for(driver, "return (window.playground.keyboard || [0, 0, 0, 0])[3] > 0 && window.playground.final")
    settle(driver)
    captions = {c["id"] for c in drawn(driver)["captions"]}
    assert "keyboard" in captions, captions
    # The footer's Overlays button opens the menu of toggles.
    driver.find_element(By.ID, "overlays-button").click()
    assert driver.find_element(By.ID, "overlays-menu").is_displayed()
    for overlay, caption in (("keyboard", "keyboard"), ("safeArea", "safeArea")):
        box = driver.find_element(By.CSS_SELECTOR, f'input[data-overlay="{overlay}"]')
        box.click()
        settle(driver)
        assert caption not in {c["id"] for c in drawn(driver)["captions"]}, overlay
        box.click()
        settle(driver)
    assert driver.execute_script("return window.playground.renderer.overlays") == \
        {"safeArea": True, "margins": False, "keyboard": True, "chrome": True}
    driver.find_element(By.CSS_SELECTOR, 'input[data-overlay="margins"]').click()
    assert driver.execute_script("return window.playground.renderer.overlays.margins") is True


def chrome(driver):
    return {c["part"]: c["rect"] for c in driver.execute_script("return window.playground.chrome")}


def close(a, b):
    return all(abs(x - y) < 0.5 for x, y in zip(a, b))


def test_device_chrome_explains_the_safe_area(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    # iPhone 8 (safe area top 20): a status bar, no sensor housing, no home indicator.
    assert set(chrome(driver)) == {"statusBar"}
    for device, part, rect, size in (("iphone-x", "notch", (83, 0, 209, 30), (375, 812)),
                                     ("iphone-15-pro-max", "dynamicIsland", (152, 11, 126, 37), (430, 932))):
        # By hand: the housing centred, (W − w) / 2; the home indicator 134 × 5, 8 pt above the bottom.
        driver.find_element(By.CSS_SELECTOR, f'#device-select option[value="{device}"]').click()
        wait_for(driver, f"return window.playground.scene.root.device === '{device}'"
                         f" && window.playground.frames.root.frame[3] === {size[1]}")
        layout = settle(driver)
        parts = chrome(driver)
        assert set(parts) == {part, "statusBar", "homeIndicator"}, parts
        to_css = lambda x, y, w, h: (layout["ox"] + x * layout["scale"], layout["oy"] + y * layout["scale"],
                                     w * layout["scale"], h * layout["scale"])
        assert close(parts[part], to_css(*rect)), (parts[part], to_css(*rect))
        assert close(parts["homeIndicator"], to_css((size[0] - 134) / 2, size[1] - 13, 134, 5))
        check_apart(driver, device)


def test_zoom_and_pan(driver, server):
    layout = open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    fitted = layout["scale"]
    for _ in range(2):
        driver.find_element(By.ID, "zoom-in").click()
    # Two presses: 1.25² = 1.5625 × the fitted scale, about the canvas's centre (which stays put:
    # the device's centre moves only by the pixel snapping of its origin).
    zoomed = settle(driver)
    assert abs(zoomed["scale"] - fitted * 1.5625) < 1e-9
    # The level is CSS pixels a point (100% is 1:1), not the factor over the fit.
    assert driver.find_element(By.ID, "zoom-level").text == f"{round(zoomed['scale'] * 100)}%"
    centre = lambda L: (L["ox"] + L["W"] * L["scale"] / 2, L["oy"] + L["H"] * L["scale"] / 2)
    assert all(abs(a - b) < 1 for a, b in zip(centre(zoomed), centre(layout)))
    # Names stay at their CSS size (12 px at most) and apart at this zoom.
    d = check_apart(driver, "zoomed")
    assert all(label["size"] <= 12 for label in d["labels"])
    # A drag on the empty stage (left of the device) pans by the drag: 40 px right, 30 px down.
    canvas = driver.find_element(By.ID, "canvas")
    ActionChains(driver).move_to_element_with_offset(canvas, -canvas.rect["width"] / 2 + 8, 0) \
        .click_and_hold().move_by_offset(20, 15).move_by_offset(20, 15).release().perform()
    panned = settle(driver)
    assert abs(panned["ox"] - zoomed["ox"] - 40) < 1 and abs(panned["oy"] - zoomed["oy"] - 30) < 1
    # Fit: the fitted, centred device again.
    driver.find_element(By.ID, "zoom-fit").click()
    back = settle(driver)
    assert back == layout


def test_zoom_about_the_selection_and_at_actual_size(driver, server):
    layout = open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    assert driver.find_element(By.ID, "zoom-level").text == f"{round(layout['scale'] * 100)}%"
    # The cancel button (the search bar's right end) selected: + keeps its centre where it was, so it
    # stays on screen however far one zooms in.
    driver.execute_script("window.playground.select('cancelButton')")
    settle(driver)
    before = driver.execute_script("return window.playground.renderer.centerOf('cancelButton')")
    for _ in range(4):
        driver.find_element(By.ID, "zoom-in").click()
    zoomed = settle(driver)
    assert abs(zoomed["scale"] - layout["scale"] * 1.25 ** 4) < 1e-9
    after = driver.execute_script("return window.playground.renderer.centerOf('cancelButton')")
    assert abs(after["x"] - before["x"]) < 1 and abs(after["y"] - before["y"]) < 1, (before, after)
    # 1:1: one CSS pixel a point, about the selection too.
    driver.find_element(By.ID, "zoom-actual").click()
    actual = settle(driver)
    assert abs(actual["scale"] - 1) < 1e-9
    assert driver.find_element(By.ID, "zoom-level").text == "100%"
    centre = driver.execute_script("return window.playground.renderer.centerOf('cancelButton')")
    assert abs(centre["x"] - before["x"]) < 1 and abs(centre["y"] - before["y"]) < 1
    driver.find_element(By.ID, "zoom-fit").click()
    assert settle(driver) == layout
    driver.execute_script("window.playground.select(null)")


def test_the_safe_area_caption_keeps_off_the_controls_at_every_zoom(driver, server):
    """With the search bar focused its field and Cancel button fill the top inset's edge: at 1:1 and
    zoomed in, "safe area" stays off both (their drawn boxes, CSS px) and on the canvas, or is left
    out while its edge is off the canvas."""
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    driver.find_element(By.CSS_SELECTOR, '#actions [data-action="focus"]').click()
    wait_for(driver, "return window.playground.final && window.playground.frames.navView.frame[1] === -62")
    found = {}
    for button in ("zoom-fit", "zoom-actual", "zoom-in", "zoom-in"):
        driver.find_element(By.ID, button).click()
        layout = settle(driver)
        level = driver.find_element(By.ID, "zoom-level").text
        state = driver.execute_script("const p = window.playground; return { captions: p.overlayLabels,"
                                      " rects: p.presenting.rects, size: [p.renderer.cssWidth, p.renderer.cssHeight] }")
        caption = next((c for c in state["captions"] if c["id"] == "safeArea"), None)
        top = driver.execute_script("return window.playground.scene.root.safeArea[0]")
        edge = layout["oy"] + top * layout["scale"]
        if caption is None:
            # Zoomed in, the inset's edge (20 pt down) can run above the canvas: no caption then.
            assert not 0 <= edge <= state["size"][1], (level, edge)
            continue
        x, y, w, h = caption["rect"]
        assert x >= 0 and y >= 0 and x + w <= state["size"][0] and y + h <= state["size"][1], (level, caption)
        for view in ("searchField", "cancelButton"):
            px, py, pw, ph = state["rects"][view]
            box = [layout["ox"] + px * layout["scale"], layout["oy"] + py * layout["scale"], pw * layout["scale"], ph * layout["scale"]]
            if overlap(caption["rect"], box):
                found.setdefault(level, []).append(view)
    driver.find_element(By.ID, "zoom-fit").click()
    settle(driver)
    assert found == {}
