"""The keyboard-avoiding form from the page: an edit action brings the keyboard up and scrolls the field
above it, as the server's handlers say (iPhone X: the postcode field's bottom, 581 pt in the content,
meets the keyboard's top at 812 − 291 = 521 pt when the offset is 581 − 521 = 60)."""
from selenium.webdriver.common.by import By

from conftest import open_page, wait_for

from scroll_scenes import AMBIGUOUS_CONTENT_WIDTH
from test_page import console_errors, encoded


def test_edit_action_scrolls_the_field_above_the_keyboard(driver, server):
    driver.get_log("browser")
    open_page(driver, f"{server.url}#scene=keyboard-form", scene="keyboard-form")
    frames = driver.execute_script("return window.playground.frames")
    assert frames["form"]["bounds"] == [0, -44, 375, 812]
    driver.find_element(By.CSS_SELECTOR, '#actions [data-action="edit-postcode"]').click()
    wait_for(driver, "const f = window.playground.frames.form;"
                     "return window.playground.final && f.bounds[1] === 60", timeout=15)
    keyboard = driver.execute_script("return window.playground.keyboard")
    assert keyboard is None or keyboard[1] == 521, keyboard
    driver.find_element(By.CSS_SELECTOR, '#actions [data-action="hideKeyboard"]').click()
    wait_for(driver, "return window.playground.final", timeout=15)
    assert console_errors(driver) == []



def test_inspector_says_the_scrollable_content_size_is_ambiguous(driver, server):
    open_page(driver, f"{server.url}#s={encoded(AMBIGUOUS_CONTENT_WIDTH)}", scene="scroll")
    # The content view is ambiguous across too: its entry means the ambiguity answer has arrived.
    wait_for(driver, "return Boolean((window.playground.ambiguity || {}).content)", timeout=15)
    driver.execute_script("window.playground.select('scroller')")
    text = driver.find_element(By.ID, "inspector-ambiguity").text
    # The scroll view's frame is pinned to the root; the width of its content is not determined.
    assert text.startswith("fully determined."), text
    assert 'Scrollable content size is ambiguous for "scroller": content width' in text, text
