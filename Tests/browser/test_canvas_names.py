"""What the canvas draws at the default zoom (at 1280 × 800 and 1440 × 900) stays readable: on every built-in scene, with
nothing and then each view selected, no constraint badge overlaps another badge or a view's name, no
caption of an overlay (the status bar's "9:41", "safe area") overlaps a name, the safe area's dashed
edges cross no name, and no name is cut short ("Cancel", not "Can…"). Rectangles are the ones the
drawing recorded (window.playground.labels, badges, overlayLabels; CSS px).
"""
import json

import pytest

from conftest import HEIGHT, WIDTH, Screenshot, canvas_origin, open_page, screen_rects, send, set_viewport, settle, wait_for


def overlap(a, b, gap=0.0):
    """Whether two [x, y, w, h] rectangles share more than a hairline, or come nearer than `gap` px."""
    s = 0.5 - gap
    return a[0] < b[0] + b[2] - s and b[0] < a[0] + a[2] - s and a[1] < b[1] + b[3] - s and b[1] < a[1] + a[3] - s


# The room the page keeps (CSS px) around a badge and an overlay's caption, less a hairline's rounding:
# a badge 2 px from names, text, captions and badges, a caption 3 px from names and text.
BADGE_GAP = 2 - 0.6
CAPTION_GAP = 3 - 0.6


def problems(driver, edges=True):
    """What overlaps what on the last drawing; `edges`: also the safe area's edges crossing names
    (which names keep off only where their box has room)."""
    layout = settle(driver)
    drawn = driver.execute_script("const p = window.playground;"
                                  "return { labels: p.labels, texts: p.texts, badges: p.badges, captions: p.overlayLabels, root: p.scene.root }")
    names = [label for label in drawn["labels"] if not label.get("offscreen")]
    texts = [text for text in drawn["texts"] if not text.get("offscreen")]
    found = [f"{n['id']} cut to {n['text']!r}" for n in names if n["text"] != n["full"]]
    badges = drawn["badges"]
    for i, badge in enumerate(badges):
        found += [f"badge {badge['id']} at {other['id']}" for other in badges[i + 1:] if overlap(badge["rect"], other["rect"], BADGE_GAP)]
        found += [f"badge {badge['id']} at name {n['id']}" for n in names if overlap(badge["rect"], n["rect"], BADGE_GAP)]
        found += [f"badge {badge['id']} at text of {t['id']}" for t in texts if overlap(badge["rect"], t["rect"], BADGE_GAP)]
        found += [f"badge {badge['id']} at caption {c['id']}" for c in drawn["captions"] if overlap(badge["rect"], c["rect"], BADGE_GAP)]
    for caption in drawn["captions"]:
        found += [f"{caption['id']} at name {n['id']}" for n in names if overlap(caption["rect"], n["rect"], CAPTION_GAP)]
        found += [f"{caption['id']} at text of {t['id']}" for t in texts if overlap(caption["rect"], t["rect"], CAPTION_GAP)]
    # The safe area's edges inside the screen: horizontal lines at its top and bottom insets.
    top, _, bottom, _ = drawn["root"].get("safeArea", [0, 0, 0, 0])
    for inset, y in ((top, top), (bottom, layout["H"] - bottom)):
        if inset <= 0 or not edges:
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


def test_names_badges_and_the_status_bar_keep_apart_with_the_nav_bar_pushed_up(driver, server):
    """navTop at −25 puts the nav bar's Title (its name) in the status bar's 20 pt: the time keeps
    3 px from it, each selection's badges 2 px from every name, text and caption, and the Title's
    badges take spots on the screen rather than on the bezel above it."""
    set_viewport(driver, WIDTH, HEIGHT)
    open_page(driver, server.url + "#scene=search-bar", scene="search-bar")
    assert send(driver, {"type": "set", "constraint": "navTop", "constant": -25})["type"] == "ok"
    wait_for(driver, "return window.playground.frames.navView.frame[1] === -25")
    found = {}
    for view in [None] + [v["id"] for v in driver.execute_script("return window.playground.scene.views")]:
        driver.execute_script("window.playground.select(arguments[0])", view)
        if view:
            wait_for(driver, f"return window.playground.selected === {json.dumps(view)}")
        # The Title's 22 pt box straddles the safe area's top edge at 20 pt: its name cannot keep off it.
        if found_here := problems(driver, edges=False):
            found[str(view)] = found_here
    assert found == {}
    driver.execute_script("window.playground.select('titleLabel')")
    layout = settle(driver)
    screen = [layout["ox"], layout["oy"], layout["W"] * layout["scale"], layout["H"] * layout["scale"]]
    badges = driver.execute_script("return window.playground.badges")
    assert {b["id"] for b in badges} == {"titleCenterX", "titleBottom"}
    for badge in badges:
        x, y, w, h = badge["rect"]
        assert screen[0] <= x and x + w <= screen[0] + screen[2] and screen[1] <= y and y + h <= screen[1] + screen[3], (badge, screen)
    driver.execute_script("window.playground.select(null)")


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


@pytest.mark.parametrize("scene", ["search-bar", "keyboard", "keyboard-guide"])
def test_a_name_is_not_drawn_across_the_edge_of_a_subview(driver, server, scene):
    """UISearchBar's field and Input bar's text field fill their boxes but for 8 pt: each parent's
    name lies wholly inside a subview or clear of it, never across its edge (drawn boxes, CSS px,
    a pixel of slack)."""
    set_viewport(driver, WIDTH, HEIGHT)
    open_page(driver, f"{server.url}#scene={scene}", scene=scene)
    layout = settle(driver)
    state = driver.execute_script("const p = window.playground; return { labels: p.labels, rects: p.presenting.rects,"
                                  " views: p.scene.views.map((v) => [v.id, v.parent || 'root']) }")
    k, ox, oy = layout["scale"], layout["ox"], layout["oy"]
    boxes = {i: [ox + x * k, oy + y * k, w * k, h * k] for i, (x, y, w, h) in state["rects"].items()}
    crossed = []
    for label in state["labels"]:
        if label["offscreen"]:
            continue
        x, y, w, h = label["rect"]
        for child, parent in state["views"]:
            if parent != label["id"] or child not in boxes:
                continue
            cx, cy, cw, ch = boxes[child]
            inside = x >= cx - 1 and y >= cy - 1 and x + w <= cx + cw + 1 and y + h <= cy + ch + 1
            if overlap(label["rect"], boxes[child]) and not inside:
                crossed.append(f"{label['id']} across {child}")
    assert crossed == []
