"""What the canvas draws at the default zoom (at 1280 × 800 and 1440 × 900) stays readable: on every built-in scene, with
nothing and then each view selected, no constraint badge overlaps another badge or a view's name, no
caption of an overlay (the status bar's "9:41", "safe area") overlaps a name, the safe area's dashed
edges cross no name, and no name is cut short ("Cancel", not "Can…"). Rectangles are the ones the
drawing recorded (window.playground.labels, badges, overlayLabels; CSS px).
"""
import json

import pytest

from conftest import HEIGHT, WIDTH, Screenshot, canvas_origin, open_page, screen_rects, set_viewport, settle, wait_for


def overlap(a, b):
    """Whether two [x, y, w, h] rectangles share more than a hairline."""
    return a[0] < b[0] + b[2] - 0.5 and b[0] < a[0] + a[2] - 0.5 and a[1] < b[1] + b[3] - 0.5 and b[1] < a[1] + a[3] - 0.5


def problems(driver):
    layout = settle(driver)
    drawn = driver.execute_script("const p = window.playground;"
                                  "return { labels: p.labels, badges: p.badges, captions: p.overlayLabels, root: p.scene.root }")
    names = [label for label in drawn["labels"] if not label.get("offscreen")]
    found = [f"{n['id']} cut to {n['text']!r}" for n in names if n["text"] != n["full"]]
    badges = drawn["badges"]
    for i, badge in enumerate(badges):
        found += [f"badge {badge['id']} over badge {other['id']}" for other in badges[i + 1:] if overlap(badge["rect"], other["rect"])]
        found += [f"badge {badge['id']} over name {n['id']}" for n in names if overlap(badge["rect"], n["rect"])]
    for caption in drawn["captions"]:
        found += [f"{caption['id']} over name {n['id']}" for n in names if overlap(caption["rect"], n["rect"])]
    # The safe area's edges inside the screen: horizontal lines at its top and bottom insets.
    top, _, bottom, _ = drawn["root"].get("safeArea", [0, 0, 0, 0])
    for inset, y in ((top, top), (bottom, layout["H"] - bottom)):
        if inset <= 0:
            continue
        line = layout["oy"] + y * layout["scale"]
        found += [f"safe area's edge through name {n['id']}" for n in names if n["rect"][1] < line < n["rect"][1] + n["rect"][3]]
    return found


@pytest.mark.parametrize("size", [(1280, 800), (1440, 900)])
def test_names_badges_and_captions_stay_apart_on_every_scene(driver, server, size):
    set_viewport(driver, *size)
    open_page(driver, server.url)
    found = {}
    for name in driver.execute_script("return window.playground.scenes"):
        driver.execute_script("window.playground.load(arguments[0])", name)
        wait_for(driver, f"return document.body.dataset.scene === {json.dumps(name)} && !document.body.dataset.loading")
        for view in [None] + [v["id"] for v in driver.execute_script("return window.playground.scene.views")]:
            driver.execute_script("window.playground.select(arguments[0])", view)
            if view:
                wait_for(driver, f"return window.playground.selected === {json.dumps(view)}")
            if found_here := problems(driver):
                found[f"{name}/{view}"] = found_here
    driver.execute_script("window.playground.select(null)")
    set_viewport(driver, WIDTH, HEIGHT)
    assert found == {}


def test_a_form_labels_text_is_not_boxed_in_an_outline(driver, server):
    # keyboard-form's labels: white UILabels, 335 × 21 pt, "First name" left-aligned (about 80 pt
    # wide at 17 pt). The middle of the box's top row holds no glyph; a UILabel draws no outline
    # there, so the pixel is as light as the form behind it (#f5f6fa), not a grey hairline.
    layout = open_page(driver, f"{server.url}#scene=keyboard-form", scene="keyboard-form")
    scene, frames = driver.execute_script("return [window.playground.scene, window.playground.frames]")
    # On screen: in the form (a scroll view) less its bounds origin (its adjusted content inset).
    rects = {entry["id"]: entry["rect"] for entry in screen_rects(scene, frames)}
    shot = Screenshot(driver)
    left, top = canvas_origin(driver)
    for label in ("firstNameLabel", "lastNameLabel", "emailLabel"):
        x, y, w, h = rects[label]
        px = left + layout["ox"] + (x + w / 2) * layout["scale"]
        py = top + layout["oy"] + y * layout["scale"] + 0.5
        assert all(channel >= 236 for channel in shot.pixel(px, py)), (label, shot.pixel(px, py))
