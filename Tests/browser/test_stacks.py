"""Stack views from the page, in headless Chromium against the real server: two views embedded in a
stack where they stood, then the stack's spacing, axis and alignment edited. Expected frames are worked
out by hand from the date-picker document (Sources/Playground/Scenes/DatePickerScene.swift: nameField
at (20, 104), 44 tall; emailField at (20, 164), 44 tall; 16 pt between them). Nothing sleeps."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import open_page, wait_for


def test_embed_two_views_in_a_stack_and_edit_it(driver, server):
    open_page(driver, f"{server.url}#scene=date-picker", scene="date-picker")
    driver.find_element(By.CSS_SELECTOR, '#outline li[data-id="nameField"] button').click()
    wait_for(driver, "return window.playground.selected === 'nameField'")
    email = driver.find_element(By.CSS_SELECTOR, '#outline li[data-id="emailField"] button')
    ActionChains(driver).key_down(Keys.SHIFT).click(email).key_up(Keys.SHIFT).perform()
    wait_for(driver, "return document.querySelector('#outline li[data-id=\"emailField\"]').classList.contains('is-extra')")
    driver.find_element(By.CSS_SELECTOR, '#quick-actions button[data-action="embed-stack"]').click()
    wait_for(driver, "return window.playground.selected === 'stack'")
    stack = driver.execute_script("return window.playground.scene.views.find((v) => v.id === 'stack')")
    # Spread vertically, so a vertical stack; the 16 pt between them becomes the spacing.
    assert stack["stack"]["axis"] == "vertical" and stack["stack"]["spacing"] == 16
    assert stack["stack"]["arranged"] == ["nameField", "emailField"]
    # Pinned where they stood: top 104, leading 20; 44 + 16 + 44 = 104 tall; emailField 60 down inside it.
    wait_for(driver, "const f = window.playground.frames; return f.stack && f.stack.frame[0] === 20"
                     " && f.stack.frame[1] === 104 && f.stack.frame[3] === 104 && f.emailField.frame[1] === 60")
    # The stack inspector shows it and edits it: spacing 10 → 44 + 10 + 44 = 98, emailField at 54.
    assert Select(driver.find_element(By.CSS_SELECTOR, '#stack-inspector select[data-stack="axis"]')).first_selected_option.text == "vertical"
    spacing = driver.find_element(By.CSS_SELECTOR, '#stack-inspector input[data-stack="spacing"]')
    assert spacing.get_attribute("value") == "16"
    spacing.clear()
    spacing.send_keys("10\n")
    wait_for(driver, "const f = window.playground.frames; return f.stack.frame[3] === 98 && f.emailField.frame[1] === 54")
    # Horizontal: side by side, 10 apart; the stack as tall as the taller (44).
    Select(driver.find_element(By.CSS_SELECTOR, '#stack-inspector select[data-stack="axis"]')).select_by_value("horizontal")
    wait_for(driver, "const f = window.playground.frames; return f.stack.frame[3] === 44 && f.emailField.frame[1] === 0")
    # Three undos: the axis, the spacing, then the stack itself (the views back where they were).
    driver.execute_script("document.activeElement?.blur()")
    for _ in range(3):
        driver.find_element(By.ID, "undo").click()
    wait_for(driver, "return !window.playground.scene.views.some((v) => v.id === 'stack')")
    wait_for(driver, "const f = window.playground.frames; return f.nameField.frame[1] === 104 && f.emailField.frame[1] === 164")
