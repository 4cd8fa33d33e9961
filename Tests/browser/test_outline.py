"""The document outline, in headless Chromium against the real server: the search-bar scene's view
tree in scene order, indented under superviews, hidden and ambiguous views marked, and the selection
the same on the outline and the canvas. Expected trees are read by hand from the scene document
(Sources/Playground/Scenes/SearchBarScene.swift); nothing sleeps."""
from selenium.webdriver.common.by import By

from conftest import open_page, send, settle, wait_for


def tree(browser):
    return browser.execute_script(
        "return [...document.querySelectorAll('#outline li[data-id]')].map((li) => [li.dataset.id,"
        " Number(li.style.getPropertyValue('--depth')), li.classList.contains('is-hidden'),"
        " li.classList.contains('is-ambiguous'), li.classList.contains('is-selected')])")


def test_outline_shows_the_tree_marks_and_follows_the_selection(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    wait_for(driver, "return document.querySelectorAll('#outline li[data-id]').length === 7")
    # navView holds titleLabel; searchBar holds searchField and cancelButton; the rest hang off root.
    assert [(i, d) for i, d, *_ in tree(driver)] == [
        ("navView", 1), ("titleLabel", 2), ("searchBar", 1), ("searchField", 2), ("cancelButton", 2),
        ("tableView", 1), ("cover", 1)]
    assert not any(hidden or ambiguous or selected for _, _, hidden, ambiguous, selected in tree(driver))
    # The canvas selects: the outline follows.
    driver.execute_script("window.playground.select('searchField')")
    settle(driver)
    assert [i for i, *_, selected in tree(driver) if selected] == ["searchField"]
    # The outline selects: the canvas follows.
    driver.find_element(By.CSS_SELECTOR, '#outline li[data-id="tableView"] button').click()
    wait_for(driver, "return window.playground.selected === 'tableView'")
    settle(driver)
    assert [i for i, *_, selected in tree(driver) if selected] == ["tableView"]
    # Hidden: the cover hidden. Ambiguous: navView loses navLeading, so only its trailing edge
    # holds it across (no width, no intrinsic size): x and width are free, horizontally ambiguous.
    assert send(driver, {"type": "set", "view": "cover", "hidden": True})["type"] != "error"
    assert send(driver, {"type": "remove", "constraint": "navLeading"})["type"] != "error"
    driver.execute_script("window.playground.refresh()")
    wait_for(driver, "return (window.playground.ambiguity.navView || []).includes('horizontal')")
    settle(driver)
    marks = {i: (hidden, ambiguous) for i, _, hidden, ambiguous, _ in tree(driver)}
    # The title is centred on the nav view (titleCenterX), so its x is as free as the nav view's.
    assert {i for i, (h, _) in marks.items() if h} == {"cover"}, marks
    assert {i for i, (_, a) in marks.items() if a} == {"navView", "titleLabel"}, marks
    navView = driver.find_element(By.CSS_SELECTOR, '#outline li[data-id="navView"]').text
    assert "ambiguous H" in navView


def test_selecting_in_the_outline_shows_the_inspector_from_its_top(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    driver.execute_script("window.playground.select('navView')")
    wait_for(driver, "return !document.getElementById('inspector-body').hidden")
    # Scrolled down to the outline, below the inspector's constraints, Pin and Align, size and Explain.
    driver.execute_script("document.getElementById('outline-card').scrollIntoView({ block: 'start' })")
    assert driver.execute_script("return document.getElementById('panel').scrollTop") > 200
    item = driver.find_element(By.CSS_SELECTOR, '#outline li[data-id="searchBar"] button')
    item.click()
    wait_for(driver, "return window.playground.selected === 'searchBar'")
    # The inspector's top (its title) is in sight at the panel's top.
    wait_for(driver, "const p = document.getElementById('panel').getBoundingClientRect();"
                     "const i = document.getElementById('inspector').getBoundingClientRect();"
                     "return i.top >= p.top && i.top <= p.top + 16")
    assert driver.find_element(By.ID, "inspector-id").text == "searchBar"
