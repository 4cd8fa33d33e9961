"""The inspector's Explain section and the history (Undo, Redo, their shortcuts, Reset scene), in
headless Chromium against the real server. Expected values come from the seed scenes' constraints read
by hand; nothing sleeps: every wait polls page state."""
import json

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import open_page, send, wait_for


def frames(browser):
    """Every view's streamed frame, by id."""
    return browser.execute_script(
        "const out = {}; for (const [id, v] of Object.entries(window.playground.frames))"
        " { if (id !== 'root' && v.frame) out[id] = v.frame; } return out;")


def listed(browser, value, kind="determined-by"):
    items = browser.find_elements(By.CSS_SELECTOR, f'#explain .explain-value[data-value="{value}"] .explain-{kind} li')
    return [item.get_attribute("data-id") for item in items]


def test_explain_lists_the_constraints_that_place_the_nav_view(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    driver.execute_script("window.playground.select('navView')")
    wait_for(driver, "return window.playground.explained?.view === 'navView'")
    wait_for(driver, "return document.querySelectorAll('#explain .explain-value').length === 4")
    # navTop: navView.top == root.top → y = 0; navHeight: navView.height == 62; navLeading: x = 0.
    assert listed(driver, "y") == ["navTop"]
    assert listed(driver, "height") == ["navHeight"]
    assert listed(driver, "x") == ["navLeading"]
    # width = root.width − x: navTrailing, then navLeading and the root's width one link further.
    assert sorted(listed(driver, "width")) == ["UIView-Encapsulated-Layout-Width", "navLeading", "navTrailing"]
    y = driver.find_element(By.CSS_SELECTOR, '#explain .explain-value[data-value="y"]')
    assert "y = 0" in y.text
    # The equation is shown as the equation field reads it back: add it under a new id, with an
    # optional priority so it neither conflicts nor moves anything.
    equation = y.find_element(By.CSS_SELECTOR, "code").text
    assert equation == "navView.top == root.top"
    answer = send(driver, {"type": "add", "constraint": {"id": "navTopAgain", "equation": f"{equation} + 30 @250"}})
    assert answer["type"] != "error", answer
    # The new constraint wants y = 30 at priority 250; navTop (required) keeps 0: lost by 30 pt.
    driver.execute_script("window.playground.select(null)")
    driver.execute_script("window.playground.select('navView')")
    wait_for(driver, "return (window.playground.explained?.y?.lost || []).length === 1")
    wait_for(driver, "return document.querySelectorAll('#explain .explain-value[data-value=\"y\"] .explain-lost li').length === 1")
    lost = driver.find_element(By.CSS_SELECTOR, '#explain .explain-value[data-value="y"] .explain-lost li')
    assert "lost by 30 pt" in lost.text


EDITS = [
    {"type": "set", "constraint": "navTop", "constant": -10},
    {"type": "set", "constraint": "navHeight", "constant": 80},
    {"type": "set", "constraint": "searchHeight", "constant": 50},
    {"type": "set", "constraint": "navTop", "constant": -20},
    {"type": "set", "constraint": "fieldLeading", "constant": 16},
    {"type": "add", "constraint": {"id": "navShort", "first": "navView.height", "constant": 40, "priority": 750}},
    {"type": "set", "constraint": "navHeight", "active": False},
    {"type": "set", "view": "cover", "alpha": 0.5},
    {"type": "remove", "constraint": "coverTop"},
    {"type": "add", "constraint": {"id": "coverTop2", "first": "cover.top", "second": "navView.bottom"}},
]


def same(actual, expected):
    return set(actual) == set(expected) and all(
        all(abs(a - e) < 1e-6 for a, e in zip(actual[id], expected[id])) for id in expected)


def wait_frames(browser, expected, step):
    wait_for(browser, "const want = arguments[0];"
             "const got = window.playground.frames;"
             "return Object.entries(want).every(([id, f]) => got[id] && got[id].frame"
             " && got[id].frame.every((v, i) => Math.abs(v - f[i]) < 1e-6));".replace("arguments[0]", json.dumps(expected)),
             message=f"frames of step {step}")
    assert same(frames(browser), expected), (step, frames(browser), expected)


def press(browser, shift=False):
    chain = ActionChains(browser).key_down(Keys.CONTROL)
    if shift:
        chain = chain.key_down(Keys.SHIFT)
    chain = chain.send_keys("z")
    if shift:
        chain = chain.key_up(Keys.SHIFT)
    chain.key_up(Keys.CONTROL).perform()


def test_undo_and_redo_round_trip_ten_edits(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    steps = [frames(driver)]
    for edit in EDITS:
        answer = send(driver, edit)
        assert answer["type"] != "error", (edit, answer)
        steps.append(frames(driver))
    # By hand, the loaded scene: navView 0…62, searchBar 62…106.
    assert steps[0]["navView"] == [0, 0, 375, 62]
    assert steps[0]["searchBar"] == [0, 62, 375, 44]
    # And after the ten: navTop −20; navHeight off, so navShort (@750) gives 40; searchBar at 20, 50 tall;
    # the cover hangs under the nav view now: 20…667.
    assert steps[10]["navView"] == [0, -20, 375, 40]
    assert steps[10]["searchBar"] == [0, 20, 375, 50]
    assert steps[10]["cover"] == [0, 20, 375, 647]
    # The edits went around the page's own controls: re-read the scene as the page does after its
    # edits; the answer says there are ten steps to undo.
    driver.execute_script("window.playground.refresh()")
    wait_for(driver, "return !document.getElementById('undo').disabled && document.getElementById('redo').disabled")
    driver.execute_script("document.activeElement?.blur()")
    # The first undo by its button, the rest by Ctrl+Z.
    driver.find_element(By.ID, "undo").click()
    wait_frames(driver, steps[9], 9)
    driver.execute_script("document.activeElement?.blur()")
    for step in range(8, -1, -1):
        press(driver)
        wait_frames(driver, steps[step], step)
    wait_for(driver, "return document.getElementById('undo').disabled"
             " && !document.getElementById('redo').disabled")
    for step in range(1, 11):
        press(driver, shift=True)
        wait_frames(driver, steps[step], step)
    wait_for(driver, "return document.getElementById('redo').disabled"
             " && !document.getElementById('undo').disabled")
    # Reset scene: the built-in scene again, nothing left to undo.
    driver.find_element(By.ID, "reset-scene").click()
    wait_frames(driver, steps[0], 0)
    wait_for(driver, "return document.getElementById('undo').disabled")
