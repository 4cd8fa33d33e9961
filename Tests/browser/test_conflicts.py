"""Conflicts on the canvas, in headless Chromium against the real server: the broken constraint and
its set are drawn without a selection, a view of the set outside the screen gets an edge marker
pointing at it, and the log says in a plain sentence what conflicts, above UIKit's own log. Expected
values come from the date-picker scene's document read by hand; nothing sleeps."""
from selenium.webdriver.common.by import By

from conftest import open_page, send, settle, wait_for


def test_a_conflict_on_an_off_screen_view_is_drawn_and_explained(driver, server):
    layout = open_page(driver, f"{server.url}#scene=date-picker", scene="date-picker")
    # pickerContainer: top = root.top + 667 and height 207 (pickerHeight): 667…874 pt, below the
    # 375 × 667 screen. A second, required height of 300 conflicts; the newest (pickerTall) breaks.
    answer = send(driver, {"type": "add", "constraint": {"id": "pickerTall", "equation": "pickerContainer.height == 300"}})
    assert answer["type"] != "error", answer
    wait_for(driver, "return document.querySelector('#log .log-conflict') !== null")
    text = driver.find_element(By.CSS_SELECTOR, "#log .log-conflict .log-text").text
    assert text.startswith("pickerContainer.height == 300 (pickerTall) cannot hold together with"
                           " pickerContainer.height == 207 (pickerHeight): UIKit broke pickerTall"), text
    detail = driver.find_element(By.CSS_SELECTOR, "#log .log-conflict .log-detail").get_attribute("textContent")
    assert detail.startswith("Unable to simultaneously satisfy constraints.\n\t")  # UIKit's layout kept
    # No selection: the set is drawn anyway, and the off-screen picker gets a marker on the bottom edge,
    # at its centre's x (187.5 pt) and 16 CSS px inside the screen's bottom (667 pt).
    driver.execute_script("window.playground.refresh()")
    wait_for(driver, "return document.querySelector('.constraint[data-id=\"pickerTall\"].is-broken') !== null")
    assert driver.execute_script("return window.playground.selected") is None
    settle(driver)
    badges = {b["id"] for b in driver.execute_script("return window.playground.badges")}
    assert badges == {"pickerHeight", "pickerTall"}, badges
    markers = driver.execute_script("return window.playground.edgeMarkers")
    assert [m["id"] for m in markers] == ["pickerContainer"], markers
    marker = markers[0]
    assert marker["side"] == "bottom"
    assert abs(marker["x"] - (layout["ox"] + 187.5 * layout["scale"])) < 0.5
    assert abs(marker["y"] - (layout["oy"] + 667 * layout["scale"] - 16)) < 0.5
    # The conflict healed (pickerTall removed): nothing of it is drawn any more.
    assert send(driver, {"type": "remove", "constraint": "pickerTall"})["type"] != "error"
    driver.execute_script("window.playground.refresh()")
    wait_for(driver, "return document.querySelector('.constraint[data-id=\"pickerTall\"]') === null")
    settle(driver)
    assert driver.execute_script("return window.playground.edgeMarkers") == []
    assert driver.execute_script("return window.playground.badges") == []
