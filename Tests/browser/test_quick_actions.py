"""Pin and Align quick actions on the selected view, in headless Chromium against the real server.
The equations they send are checked against the date-picker scene's frames worked out by hand from
its document (Sources/Playground/Scenes/DatePickerScene.swift: safe area top 20; header at 20 + 16 =
36, 44 tall; nameField at 80 + 24 = 104, 44 tall; emailField at 148 + 16 = 164, 44 tall, x = 20,
width 375 − 40 = 335; bioField at 208 + 16 = 224). Nothing sleeps."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import open_page, wait_for


def last_constraints(driver):
    """The constraints (equations) of the newest add or batch of adds the page sent."""
    return driver.execute_script(
        "const m = window.playground.sent.filter((m) => m.type === 'add' || m.type === 'batch').at(-1);"
        "return (m.type === 'batch' ? m.ops : [m]).map((op) => op.constraint);")


def click(driver, action):
    count = driver.execute_script("return window.playground.sent.length")
    driver.find_element(By.CSS_SELECTOR, f'#quick-actions button[data-action="{action}"]').click()
    wait_for(driver, f"return window.playground.sent.length > {count}")
    return last_constraints(driver)


def test_pin_and_align_send_the_constraints_that_hold_the_view_where_it_is(driver, server):
    open_page(driver, f"{server.url}#scene=date-picker", scene="date-picker")
    driver.execute_script("window.playground.select('emailField')")
    wait_for(driver, "return document.querySelector('#quick-actions select').options.length > 0")
    frame = driver.execute_script("return window.playground.frames.emailField.frame")
    assert frame == [20, 164, 335, 44]
    # Above it nameField (bottom 148): 16 pt; below it bioField (top 224): 16 pt; nothing beside it,
    # so leading and trailing go to the safe area's edges, 20 pt in.
    assert click(driver, "pin-top") == ["emailField.top == nameField.bottom + 16"]
    assert click(driver, "pin-bottom") == ["emailField.bottom == bioField.top - 16"]
    assert click(driver, "pin-leading") == ["emailField.leading == root.safeArea.leading + 20"]
    assert click(driver, "pin-trailing") == ["emailField.trailing == root.safeArea.trailing - 20"]
    # They hold it where it was: no conflict, the same frame.
    wait_for(driver, "return window.playground.scene.constraints.length === 30 + 4")
    assert driver.execute_script("return document.querySelector('#log .log-conflict')") is None
    assert driver.execute_script("return window.playground.frames.emailField.frame") == [20, 164, 335, 44]
    # Equal widths with nameField (also 335 wide), and centring (x centre 187.5 = the root's): no conflict.
    Select(driver.find_element(By.CSS_SELECTOR, "#quick-actions select")).select_by_value("nameField")
    assert click(driver, "equal-widths") == ["emailField.width == nameField.width"]
    assert click(driver, "center")[0] == "emailField.centerX == root.centerX"
    # The aspect ratio as it is: 335 / 44 = 7.6136…, to three decimals.
    assert click(driver, "aspect") == ["emailField.width == emailField.height * 7.614"]
