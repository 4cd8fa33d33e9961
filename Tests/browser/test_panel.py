"""The side panel at 1280 × 800 (the smallest desktop size the page is laid out for), in headless
Chromium against the real server: one scroll area, the selected view's constraints in sight without
scrolling, nothing cut, the log beside (not over) the inspector, titles in the pickers, and an edited
scene that says so. Expected constraint lists are read by hand from the seed scenes' documents
(Sources/Playground/Scenes); nothing sleeps: every wait polls page state."""
import pytest
from selenium.webdriver.common.by import By

from conftest import open_page, settle, wait_for

# Every constraint naming the view as its first or second item, from the scene documents by hand.
SELECTED = {
    # search-bar: searchBar's own four, the search field's four and the cancel button's two inside
    # it, and the table and the cover hung under it.
    ("search-bar", "searchBar"): {"searchTop", "searchLeading", "searchTrailing", "searchHeight",
                                  "fieldLeading", "fieldTrailing", "fieldTop", "fieldBottom",
                                  "cancelTrailing", "cancelCenterY", "tableTop", "coverTop"},
    # keyboard-guide: the input bar's five, the messages above it, the field's two and the button's two.
    ("keyboard-guide", "inputBar"): {"messagesBottom", "barLeading", "barTrailing", "barHeight",
                                     "inputBottom", "fieldLeading", "fieldCenterY", "sendTrailing",
                                     "sendCenterY"},
}

IN_SIGHT = """
const e = arguments[0];
const r = e.getBoundingClientRect();
if (!r.width || !r.height || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
const at = document.elementFromPoint(r.left + Math.min(12, r.width / 2), r.top + r.height / 2);
return at === e || e.contains(at);
"""

SCROLLERS = """
return [...document.querySelectorAll('#panel *, #panel')].filter((e) => {
  const style = getComputedStyle(e);
  return ['auto', 'scroll'].includes(style.overflowY) && e.scrollHeight > e.clientHeight + 1;
}).map((e) => e.id || e.className);
"""

CUT = """
const panel = document.getElementById('panel').getBoundingClientRect();
return [...document.querySelectorAll('#panel button, #panel select, #panel input, #panel code, #panel h2, #panel h3,'
  + ' #scene-select, #device-select')]
  .filter((e) => e.offsetParent !== null && e.getClientRects().length)
  .filter((e) => {
    const r = e.getBoundingClientRect();
    const inTopbar = e.closest('.topbar') !== null;
    const outside = !inTopbar && (r.left < panel.left - 0.5 || r.right > panel.right + 0.5);
    return outside || e.scrollWidth > e.clientWidth + 1 || r.right > innerWidth;
  }).map((e) => e.id || e.className || e.tagName);
"""


@pytest.mark.parametrize("scene, view", sorted(SELECTED))
def test_selected_view_constraints_in_sight_at_1280_by_800(driver, server, scene, view):
    open_page(driver, f"{server.url}#scene={scene}", scene=scene)
    driver.execute_script("window.playground.select(arguments[0])", view)
    wait_for(driver, "return document.querySelectorAll('#view-constraints li[data-id]').length > 0")
    settle(driver)
    rows = driver.find_elements(By.CSS_SELECTOR, "#view-constraints li[data-id]")
    assert {row.get_attribute("data-id") for row in rows} == SELECTED[(scene, view)]
    assert driver.find_element(By.ID, "view-constraints-count").text == str(len(SELECTED[(scene, view)]))
    # Every row in the viewport and on top (neither the log nor anything else over it), unscrolled.
    assert driver.execute_script("return window.scrollY") == 0
    assert driver.execute_script("return document.getElementById('panel').scrollTop") == 0
    for row in rows:
        assert driver.execute_script(IN_SIGHT, row), row.get_attribute("data-id")
    # One scroll area on the right: the panel (it may scroll, nothing inside it does).
    scrollers = driver.execute_script(SCROLLERS)
    assert set(scrollers) <= {"panel"}, scrollers
    assert driver.execute_script(CUT) == []
    # The log is under the canvas, not over the inspector.
    log, inspector = (driver.find_element(By.ID, i).rect for i in ("log-card", "inspector"))
    apart = log["x"] + log["width"] <= inspector["x"] or inspector["x"] + inspector["width"] <= log["x"] \
        or log["y"] + log["height"] <= inspector["y"] or inspector["y"] + inspector["height"] <= log["y"]
    assert apart, (log, inspector)


def test_a_constraint_is_edited_as_its_equation_keeping_its_id(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    driver.execute_script("window.playground.select('searchBar')")
    wait_for(driver, "return document.querySelector('#view-constraints li[data-id=\"fieldTrailing\"]') !== null")
    row = driver.find_element(By.CSS_SELECTOR, '#view-constraints li[data-id="fieldTrailing"]')
    # fieldTrailing: searchField.trailing = searchBar.trailing × 1 − 8, required: as the equation field takes it.
    assert row.find_element(By.CSS_SELECTOR, "code").text == "searchField.trailing == searchBar.trailing - 8"
    row.find_element(By.TAG_NAME, "button").click()
    field = wait_for(driver, "return document.querySelector('#view-constraints li[data-id=\"fieldTrailing\"] input')")
    assert field.get_attribute("value") == "searchField.trailing == searchBar.trailing - 8"
    # A bad equation is refused with the server's words; nothing changes.
    field.clear()
    field.send_keys("searchField.trailing === searchBar.trailing\n")
    wait_for(driver, "return document.querySelector('#view-constraints .add-error')?.textContent.includes('equation-syntax')")
    # Relation, multiplier, second item, constant and priority at once: the trailing edge at most
    # half of the cancel button's leading edge plus 10, optional at 750.
    field = driver.find_element(By.CSS_SELECTOR, '#view-constraints li[data-id="fieldTrailing"] input')
    field.clear()
    field.send_keys("searchField.trailing <= cancelButton.leading * 0.5 + 10 @750\n")
    wait_for(driver, "const c = window.playground.scene.constraints.find((c) => c.id === 'fieldTrailing');"
                     " return c && c.relation === '<=' && c.second === 'cancelButton.leading' && c.multiplier === 0.5"
                     " && c.constant === 10 && c.priority === 750")
    # It no longer ties searchBar: it is listed under searchField (and cancelButton) now.
    wait_for(driver, "return document.querySelector('#view-constraints li[data-id=\"fieldTrailing\"]') === null")
    driver.execute_script("window.playground.select('searchField')")
    wait_for(driver, "return document.querySelector('#view-constraints li[data-id=\"fieldTrailing\"] code')?.textContent"
                     " === 'searchField.trailing <= cancelButton.leading * 0.5 + 10 @750'")
    # One step to undo: the constraint as it was.
    driver.execute_script("document.activeElement?.blur()")
    driver.find_element(By.ID, "undo").click()
    wait_for(driver, "const c = window.playground.scene.constraints.find((c) => c.id === 'fieldTrailing');"
                     " return c && c.second === 'searchBar.trailing' && c.constant === -8 && (c.priority ?? 1000) === 1000")


def test_pickers_show_titles_and_an_edited_scene_says_so(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    texts = driver.execute_script("return [...document.querySelectorAll('#scene-select option')]"
                                  ".map((o) => [o.value, o.textContent])")
    titles = dict(texts)
    # The titles of the scene documents (Sources/Playground/Scenes) and Device.presets.
    assert titles["search-bar"] == "Search bar pushes the nav bar away"
    assert titles["date-picker"] == "Date picker and root bounds"
    assert titles["keyboard-guide"] == "Input bar pinned to the keyboard layout guide"
    devices = dict(driver.execute_script("return [...document.querySelectorAll('#device-select option')]"
                                         ".map((o) => [o.value, o.textContent])"))
    assert devices["iphone-8"] == "iPhone 8" and devices["ipad"] == "iPad Air" and devices[""] == "Scene size"
    assert not driver.find_element(By.ID, "scene-edited").is_displayed()
    # One edit: the scene says it is edited, in the picker and on its card; undone, it is not.
    driver.execute_script("window.playground.send({type: 'set', constraint: 'navHeight', constant: 80})"
                          ".then(() => window.playground.refresh())")
    wait_for(driver, "return document.body.dataset.edited === 'true'")
    assert driver.find_element(By.ID, "scene-edited").is_displayed()
    selected = driver.execute_script("const s = document.getElementById('scene-select');"
                                     " return s.options[s.selectedIndex].textContent")
    assert selected == "Search bar pushes the nav bar away (edited)"
    driver.execute_script("document.activeElement?.blur()")
    driver.find_element(By.ID, "undo").click()
    wait_for(driver, "return document.body.dataset.edited === 'false'")
    assert not driver.find_element(By.ID, "scene-edited").is_displayed()


def size_field(driver, field, index=None):
    selector = f'#size-inspector input[data-field="{field}"]' + (f'[data-index="{index}"]' if index is not None else "")
    return driver.find_element(By.CSS_SELECTOR, selector)


def test_size_inspector_shows_and_sets_the_view_fields(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    driver.execute_script("window.playground.select('titleLabel')")
    wait_for(driver, "return document.querySelector('#size-inspector input[data-field=\"intrinsicSize\"]').value === '120'")
    # titleLabel: intrinsicSize [120, 22] in the document; UIKit's defaults for the rest.
    assert size_field(driver, "intrinsicSize", 1).get_attribute("value") == "22"
    assert [size_field(driver, "contentHugging", i).get_attribute("value") for i in (0, 1)] == ["250", "250"]
    assert [size_field(driver, "compressionResistance", i).get_attribute("value") for i in (0, 1)] == ["750", "750"]
    assert [size_field(driver, "layoutMargins", i).get_attribute("value") for i in range(4)] == ["8"] * 4
    assert size_field(driver, "alpha").get_attribute("value") == "1"
    assert not size_field(driver, "hidden").is_selected()
    # A wider intrinsic width: centred in the 375 pt nav view (titleCenterX), x = 187.5 − 200 / 2 = 87.5.
    width = size_field(driver, "intrinsicSize", 0)
    width.clear()
    width.send_keys("200\n")
    wait_for(driver, "const f = window.playground.frames.titleLabel.frame; return f[0] === 87.5 && f[2] === 200")
    # Hugging per axis goes out as the pair.
    hugging = size_field(driver, "contentHugging", 0)
    hugging.clear()
    hugging.send_keys("251\n")
    wait_for(driver, "const v = window.playground.scene.views.find((v) => v.id === 'titleLabel');"
                     " return JSON.stringify(v.contentHugging) === '[251,250]'")
    # Hidden, from its checkbox.
    size_field(driver, "hidden").click()
    wait_for(driver, "return window.playground.scene.views.find((v) => v.id === 'titleLabel').hidden === true")
    # A navView has no intrinsic size: the fields are empty ("none").
    driver.execute_script("window.playground.select('navView')")
    wait_for(driver, "return document.querySelector('#size-inspector input[data-field=\"intrinsicSize\"]').value === ''")
