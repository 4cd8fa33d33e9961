"""An Interface Builder document imported in the page as a new user meets it: the scene picker shows
the document's title (not the identifier made from it), the log says what was imported and lists
each element the importer did not model.

Tests/browser/documents/Controls.xib is a document of our own: a 375 × 300 view "Sign in form" with a
text field (placeholder "Email address"), a button "Sign in", a switch, a segmented control (Day,
Week, Month) and an image view whose image "avatar" has no size in <resources> (one warning).
"""
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import Screenshot, canvas_origin, close_to, hex_color, open_page, send, settle, wait_for

CONTROLS_XIB = Path(__file__).resolve().parent / "documents" / "Controls.xib"


def drop(driver, name, text):
    """Drops a file named `name` holding `text` on the stage, as a drag from the desktop does."""
    driver.execute_script("""
        const file = new File([arguments[1]], arguments[0], { type: 'application/xml' });
        const data = new DataTransfer();
        data.items.add(file);
        const stage = document.getElementById('stage');
        stage.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
        stage.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    """, name, text)


def import_controls(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    driver.execute_script("document.getElementById('log-clear').click()")
    drop(driver, "Controls.xib", CONTROLS_XIB.read_text())
    wait_for(driver, "return window.playground.scene && window.playground.scene.name === 'signInForm'")
    if driver.execute_script("return document.getElementById('ib-dialog').open"):
        driver.execute_script("document.getElementById('ib-dialog').close()")
    return settle(driver)


def test_an_imported_scene_shows_its_title_and_logs_the_import_and_its_warnings(driver, server):
    import_controls(driver, server)
    picker = driver.find_element(By.ID, "scene-select")
    shown = driver.execute_script("return arguments[0].options[arguments[0].selectedIndex].text", picker)
    assert shown == "Sign in form", shown
    entries = driver.execute_script("return [...document.querySelectorAll('#log .log-entry')].map((e) => [e.className, e.querySelector('.log-text').textContent])")
    texts = [text for _, text in entries]
    assert "Imported Controls.xib: Sign in form (UIView), 5 views, 13 constraints. 1 not modelled:" in texts, texts
    warning = [entry for entry in entries if "avatar" in entry[1]]
    assert len(warning) == 1 and "log-warning" in warning[0][0], entries
    assert warning[0][1] == "Controls.xib: imageView image-1 (line 29): image 'avatar' has no size in <resources>: its saved frame stands in"
    # A warning is not a problem: the log's problem count stays hidden.
    assert driver.find_element(By.ID, "log-count").get_attribute("hidden") is not None


TWEET_CELL_XIB = Path(__file__).resolve().parent / "documents" / "TweetCell.xib"
BEZEL = hex_color("#1f2430")


def beside_the_screen(driver):
    """The pixel 4 px left of the screen's left edge, half way down (inside a phone's 7 px bezel)."""
    layout = settle(driver)
    left, top = canvas_origin(driver)
    return Screenshot(driver).pixel(left + layout["ox"] - 4, top + layout["oy"] + layout["H"] * layout["scale"] / 2)


def test_a_cell_root_is_drawn_without_a_phone_bezel(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    assert close_to(beside_the_screen(driver), BEZEL)
    drop(driver, "TweetCell.xib", TWEET_CELL_XIB.read_text())
    wait_for(driver, "return window.playground.scene && window.playground.frames.avatar"
                     " && window.playground.frames.root.frame[3] === 80")
    # The cell's avatar: 16 pt in and down, 48 × 48, from its four constraints.
    assert driver.execute_script("return window.playground.frames.avatar.frame") == [16, 16, 48, 48]
    assert driver.find_element(By.ID, "scene-select").get_attribute("value") == driver.execute_script("return window.playground.scene.name")
    shown = driver.execute_script("const s = document.getElementById('scene-select'); return s.options[s.selectedIndex].text")
    assert shown == "Tweet cell", shown
    pixel = beside_the_screen(driver)
    assert not close_to(pixel, BEZEL, tolerance=40), pixel


def test_imported_controls_are_drawn_as_they_show(driver, server):
    layout = import_controls(driver, server)
    scene = driver.execute_script("return window.playground.scene")
    controls = {view["id"]: view.get("control") for view in scene["views"]}
    # What the document says each control shows, carried by the scene document.
    assert controls == {
        "emailAddress": {"kind": "textField", "placeholder": "Email address"},
        "signIn": {"kind": "button", "title": "Sign in"},
        "switch": {"kind": "switch", "on": True},
        "segmentedControl": {"kind": "segmentedControl", "segments": ["Day", "Week", "Month"], "selectedSegment": 0},
        "avatar": {"kind": "imageView", "image": "avatar"},
    }
    texts = {}
    for text in driver.execute_script("return window.playground.texts"):
        if not text["offscreen"]:
            texts.setdefault(text["id"], []).append(text["rect"])
    frames = driver.execute_script("return window.playground.frames")
    to_css = lambda x, y: (layout["ox"] + x * layout["scale"], layout["oy"] + y * layout["scale"])

    def inside(rect, view):
        x, y, w, h = frames[view]["frame"]
        (x0, y0), (x1, y1) = to_css(x, y), to_css(x + w, y + h)
        return x0 - 0.5 <= rect[0] and rect[0] + rect[2] <= x1 + 0.5 and y0 - 0.5 <= rect[1] and rect[1] + rect[3] <= y1 + 0.5

    # The button's title, the field's placeholder and the three segments' titles are drawn in their boxes.
    assert len(texts["signIn"]) == 1 and inside(texts["signIn"][0], "signIn")
    assert len(texts["emailAddress"]) == 1 and inside(texts["emailAddress"][0], "emailAddress")
    assert len(texts["segmentedControl"]) == 3 and all(inside(r, "segmentedControl") for r in texts["segmentedControl"])
    # The three segments' titles sit left to right, one in each third.
    x, _, w, _ = frames["segmentedControl"]["frame"]
    for i, rect in enumerate(texts["segmentedControl"]):
        centre = rect[0] + rect[2] / 2
        assert to_css(x + w * i / 3, 0)[0] < centre < to_css(x + w * (i + 1) / 3, 0)[0]
    # Pixels: the switch is on (green track at its left end, a white knob at its right end); the
    # field is white inside; the image view shows its grey placeholder picture at its centre.
    shot = Screenshot(driver)
    left, top = canvas_origin(driver)
    at = lambda px, py: shot.pixel(left + px, top + py)
    sx, sy, sw, sh = frames["switch"]["frame"]   # 49 × 31: the 51 pt pill's alignment rectangle
    assert close_to(at(*to_css(sx + 6, sy + sh / 2)), hex_color("#34c759"), tolerance=24)
    assert close_to(at(*to_css(sx + sw - 15, sy + sh / 2)), (255, 255, 255), tolerance=24)
    # No name is drawn over the switch (its pill fills the box, as in Xcode's canvas).
    assert "switch" not in {n["id"] for n in driver.execute_script("return window.playground.labels")}
    fx, fy, fw, fh = frames["emailAddress"]["frame"]
    assert close_to(at(*to_css(fx + fw - 20, fy + fh / 2)), (255, 255, 255), tolerance=6)
    ix, iy, iw, ih = frames["avatar"]["frame"]
    # The placeholder's hills: 60 % of the side, their peak 38 % across and down; under it, filled.
    side = min(iw, ih) * 0.6
    hill = to_css(ix + (iw - side) / 2 + side * 0.38, iy + (ih - side) / 2 + side * 0.55)
    assert close_to(at(*hill), hex_color("#8a94a6"), tolerance=24)


def test_a_scene_documents_control_field_is_kept_and_checked(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    control = {"kind": "segmentedControl", "segments": ["Day", "Week"], "selectedSegment": 1}
    doc = {"name": "control-doc", "root": {"size": [375, 200]},
           "views": [{"id": "picker", "control": control, "intrinsicSize": [160, 31]}], "constraints": []}
    answer = send(driver, {"type": "load", "scene": doc})
    assert answer["type"] == "scene", answer
    assert next(v for v in answer["scene"]["views"] if v["id"] == "picker")["control"] == control
    for bad, field in (({"kind": "stepper"}, "control.kind"),
                       ({"kind": "segmentedControl", "segments": ["Day"], "selectedSegment": 1}, "control.selectedSegment"),
                       ({"kind": "button", "title": "x" * 201}, "control.title"),
                       ({"title": "Sign in"}, "kind")):
        answer = send(driver, {"type": "load", "scene": {**doc, "views": [{"id": "picker", "control": bad}]}})
        assert answer["type"] == "error" and field in answer["message"], (bad, answer)


STATUS_BAR_XIB = Path(__file__).resolve().parent / "documents" / "StatusBarView.xib"


def import_document(driver, server, path, ready):
    """Drops the document at `path` on a fresh page and waits until `ready` (a JavaScript expression
    after `return`) holds, the roots dialog closed; returns the drawing's layout."""
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    drop(driver, path.name, path.read_text())
    wait_for(driver, f"return window.playground.scene && {ready}")
    if driver.execute_script("return document.getElementById('ib-dialog').open"):
        driver.execute_script("document.getElementById('ib-dialog').close()")
    return settle(driver)


def test_a_xib_view_under_a_status_bar_is_drawn_without_a_phone_bezel(driver, server):
    # StatusBarView.xib: a 375 × 667 top-level view that simulates the status bar, so its safe area's
    # top is 20 pt and its banner, pinned to it, sits at y = 20. It is a view, not a screen.
    import_document(driver, server, STATUS_BAR_XIB,
                    "window.playground.scene.name === 'statusPanel' && window.playground.frames.banner")
    root = driver.execute_script("return window.playground.scene.root")
    assert root["safeArea"] == [20, 0, 0, 0] and root["screen"] is False, root
    assert driver.execute_script("return window.playground.frames.banner.frame") == [0, 20, 375, 44]
    pixel = beside_the_screen(driver)
    assert not close_to(pixel, BEZEL, tolerance=40), pixel


LIST_STORYBOARD = Path(__file__).resolve().parent / "documents" / "List.storyboard"


def test_a_storyboard_opens_on_its_first_screen_with_its_prototype_cells_in_the_table(driver, server):
    # List.storyboard: a navigation controller (the initial one) whose root is "List View", a table
    # view controller; its table's one prototype cell was saved at (0, 28), 375 × 52, its label
    # pinned to the content view's margins at (16, 11) (the cell's 11 pt top and 16 pt side margins).
    import_document(driver, server, LIST_STORYBOARD,
                    "window.playground.scene.name === 'listView' && window.playground.frames.listCell")
    frames = driver.execute_script("return window.playground.frames")
    assert frames["listCell"]["frame"] == [0, 28, 375, 52]
    assert frames["row"]["frame"] == [16, 11, 33, 22]
    # Drawn on the screen (root points): the cell in the table, its label 16 pt in and 28 + 11 down.
    drawn = driver.execute_script("return window.playground.presenting.rects")
    assert drawn["listCell"] == pytest.approx([0, 28, 375, 52], abs=1e-3)
    assert drawn["row"] == pytest.approx([16, 39, 33, 22], abs=1e-3)
    # A controller's view at the phone's size: a screen, in a bezel.
    assert close_to(beside_the_screen(driver), BEZEL)
    shown = driver.execute_script("const s = document.getElementById('scene-select'); return s.options[s.selectedIndex].text")
    assert shown == "List View", shown


def test_a_wide_imported_view_is_fitted_below_the_zoom_controls(driver, server):
    # Controls.xib's 375 × 300 form is wider than tall: fitted 28 px from the canvas's top it would
    # reach under the zoom controls in the top right corner, so it is fitted 14 px below them.
    layout = import_controls(driver, server)
    bar = driver.execute_script("const b = document.querySelector('.zoom-controls').getBoundingClientRect();"
                                " const c = document.getElementById('canvas').getBoundingClientRect();"
                                " return [b.left - c.left, b.top - c.top, b.width, b.height]")
    x, y, w, h = bar
    right = layout["ox"] + layout["W"] * layout["scale"]
    assert right > x, (layout, bar)  # the device spans the controls' columns...
    assert layout["oy"] >= y + h + 14 - 0.5, (layout, bar)  # ...and starts below them
    # The search bar's phone, narrower than the canvas's left of the controls, keeps its 28 px.
    assert open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")["oy"] == 28
