"""Constraint badges as a new user first sees them: on every built-in scene at the default zoom
(1280 × 800, and 1920 × 1080 with the panels and in presenter mode), with the view that has the most
constraints selected, no two drawn labels (view names, badges, the "+N" pill of folded badges)
intersect, no badge covers the status bar's time or crosses the safe area's dashed edges, and every
constraint of the selected view has its badge drawn or counted in the "+N" pill. Rectangles are the
ones the drawing recorded (window.playground.labels, badges, badgeFold, foldedBadges, overlayLabels;
CSS px).
"""
import json

import pytest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import HEIGHT, WIDTH, open_page, set_viewport, settle, wait_for


def intersect(a, b):
    """Whether two [x, y, w, h] rectangles share any area (edges that touch do not)."""
    return a[0] < b[0] + b[2] - 1e-6 and b[0] < a[0] + a[2] - 1e-6 and a[1] < b[1] + b[3] - 1e-6 and b[1] < a[1] + a[3] - 1e-6


def owner(anchor):
    """The view an anchor belongs to: "form" for "form.content.leading", "navView" for "navView.top"."""
    return anchor.rsplit(".", 1)[0].split(".")[0] if anchor else None


def most_constrained(scene):
    """The view named by the most active constraints (as first or second item), and their ids."""
    ties = {view["id"]: [] for view in scene["views"]}
    for c in scene["constraints"]:
        if c.get("active", True) is False:
            continue
        for view in {owner(c["first"]), owner(c.get("second"))} & ties.keys():
            ties[view].append(c["id"])
    view = max(ties, key=lambda v: len(ties[v]))
    return view, ties[view]


def problems(driver, constraint_ids):
    layout = settle(driver)
    d = driver.execute_script(
        "const p = window.playground; return { labels: p.labels, badges: p.badges, fold: p.badgeFold,"
        " folded: p.foldedBadges, captions: p.overlayLabels, root: p.scene.root }")
    boxes = [(f"name {n['id']}", n["rect"]) for n in d["labels"] if not n["offscreen"]]
    boxes += [(f"badge {b['id']}", b["rect"]) for b in d["badges"]]
    if d["fold"]:
        boxes.append((d["fold"]["text"], d["fold"]["rect"]))
    found = [f"{a} over {b}" for i, (a, ra) in enumerate(boxes) for b, rb in boxes[i + 1:] if intersect(ra, rb)]
    badges = boxes[len(boxes) - len(d["badges"]) - (1 if d["fold"] else 0):]
    time = [c["rect"] for c in d["captions"] if c["id"] == "statusBar"]
    found += [f"{name} over the time" for name, rect in badges for t in time if intersect(rect, t)]
    # The safe area's dashed top and bottom edges: lines from its left inset to its right one.
    top, left, bottom, right = d["root"].get("safeArea", [0, 0, 0, 0])
    x0, x1 = (layout["ox"] + x * layout["scale"] for x in (left, layout["W"] - right))
    for inset, y in ((top, top), (bottom, layout["H"] - bottom)):
        if inset > 0:
            line = layout["oy"] + y * layout["scale"]
            found += [f"{name} across the safe area's edge" for name, rect in badges
                      if rect[1] < line < rect[1] + rect[3] and rect[0] < x1 and x0 < rect[0] + rect[2]]
    drawn = {b["id"] for b in d["badges"]}
    folded = {b["id"] for b in d["folded"] or []}
    found += [f"constraint {c} has no badge" for c in constraint_ids if c not in drawn | folded]
    if folded and not (d["fold"] and d["fold"]["text"] == f"+{len(folded)}"):
        found.append(f"{len(folded)} folded badges but the pill is {d['fold']}")
    return found


@pytest.mark.parametrize("size, presenter", [((1280, 800), False), ((1920, 1080), False), ((1920, 1080), True)])
def test_badges_of_the_most_constrained_view_stay_apart_on_every_scene(driver, server, size, presenter):
    set_viewport(driver, *size)
    try:
        open_page(driver, server.url)
        if presenter:
            driver.find_element(By.ID, "presenter-mode").click()
            wait_for(driver, "return document.body.dataset.presenter === 'on'")
        found = {}
        for name in driver.execute_script("return window.playground.scenes"):
            driver.execute_script("window.playground.load(arguments[0])", name)
            wait_for(driver, f"return document.body.dataset.scene === {json.dumps(name)} && !document.body.dataset.loading")
            view, ids = most_constrained(driver.execute_script("return window.playground.scene"))
            driver.execute_script("window.playground.select(arguments[0])", view)
            wait_for(driver, f"return window.playground.selected === {json.dumps(view)}")
            if found_here := problems(driver, ids):
                found[f"{name}/{view}"] = found_here
        assert found == {}
    finally:
        driver.execute_script("window.playground.select(null)")
        if presenter and driver.execute_script("return document.body.dataset.presenter === 'on'"):
            driver.find_element(By.ID, "presenter-mode").click()
        set_viewport(driver, WIDTH, HEIGHT)


def test_hovering_the_fold_names_the_folded_constraints(driver, server):
    # The form of keyboard-form ties 47 constraints (4 to the root, 43 to its content and frame
    # guides): more badges than its edges hold at 1280 × 800, so some fold into the "+N" pill.
    open_page(driver, f"{server.url}#scene=keyboard-form", scene="keyboard-form")
    try:
        driver.execute_script("window.playground.select('form')")
        settle(driver)
        fold, folded = driver.execute_script("return [window.playground.badgeFold, window.playground.foldedBadges]")
        assert fold and folded, (fold, folded)
        x, y, w, h = fold["rect"]
        canvas = driver.find_element(By.ID, "canvas")
        # Selenium's offsets run from the element's centre.
        ActionChains(driver).move_to_element_with_offset(
            canvas, x + w / 2 - canvas.rect["width"] / 2, y + h / 2 - canvas.rect["height"] / 2).perform()
        tip = wait_for(driver, "const t = document.getElementById('tooltip'); return !t.hidden && t.textContent")
        n = len(folded)
        assert tip.startswith(f"{n} more constraint"), tip
        for badge in folded:
            assert badge["id"] + badge["text"] in tip, (badge, tip)
    finally:
        driver.execute_script("window.playground.select(null)")
