"""The page audited by axe-core (the engine behind most accessibility audits; axe-selenium-python
bundles axe.min.js): every built-in scene, a view selected, presenter mode, and a follower's view.
No critical or serious violation may appear in any of them.
"""
import json
from pathlib import Path

import axe_selenium_python
import pytest
from selenium.webdriver.common.by import By

from conftest import make_driver, open_page, settle, wait_for

AXE = Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("critical", "serious")


@pytest.fixture(scope="module")
def follower_driver():
    browser = make_driver()
    yield browser
    browser.quit()


def audit(browser):
    """axe-core's violations on the page as it stands, as 'rule (impact): targets' strings, the
    critical and serious ones only."""
    browser.execute_script(AXE.read_text(encoding="utf8"))
    results = browser.execute_async_script(
        "const done = arguments[arguments.length - 1]; axe.run(document).then(done, (e) => done({ error: String(e) }));")
    assert "error" not in results, results
    return [f"{v['id']} ({v['impact']}): {len(v['nodes'])} × {[n['target'] for n in v['nodes'][:4]]}"
            for v in results["violations"] if v["impact"] in BLOCKING]


def test_every_built_in_scene_has_no_critical_or_serious_violation(driver, server):
    open_page(driver, server.url)
    names = driver.execute_script("return window.playground.scenes.map((s) => s.name ?? s)")
    assert len(names) >= 5, names
    found = {}
    for name in names:
        driver.execute_script("window.playground.load(arguments[0])", name)
        wait_for(driver, f"return document.body.dataset.scene === {json.dumps(name)} && !document.body.dataset.loading")
        settle(driver)
        problems = audit(driver)
        if problems:
            found[name] = problems
    assert found == {}


def test_a_selected_view_and_presenter_mode_have_no_critical_or_serious_violation(driver, server):
    open_page(driver, server.url + "#scene=search-bar", scene="search-bar")
    driver.execute_script("window.playground.select('searchBar')")
    wait_for(driver, "return window.playground.selected === 'searchBar' && !document.getElementById('inspector-body').hidden")
    assert audit(driver) == []
    driver.find_element(By.ID, "presenter-mode").click()
    wait_for(driver, "return document.body.dataset.presenter === 'on'")
    settle(driver)
    assert audit(driver) == []
    driver.find_element(By.ID, "presenter-mode").click()
    wait_for(driver, "return !document.body.dataset.presenter")


def test_a_followers_view_has_no_critical_or_serious_violation(driver, follower_driver, server):
    open_page(driver, server.url + "#scene=search-bar", scene="search-bar")
    driver.find_element(By.ID, "present-share").click()
    code = wait_for(driver, "return document.getElementById('share-dialog').open && window.playground.presenting.code")
    # The share dialog, open, is part of what the presenter sees.
    assert audit(driver) == []
    driver.execute_script("document.getElementById('share-dialog').close()")
    follower_driver.get("about:blank")
    follower_driver.get(f"{server.url}#follow={code}")
    wait_for(follower_driver, f"return document.body.dataset.following === {json.dumps(code)}")
    wait_for(follower_driver, "return window.playground.lastSeq !== null && window.playground.layout !== null")
    settle(follower_driver)
    assert audit(follower_driver) == []
    follower_driver.find_element(By.ID, "follow-leave").click()
    driver.find_element(By.ID, "present-share").click()
    wait_for(driver, "return document.getElementById('share-dialog').open")
    driver.find_element(By.ID, "unshare").click()
    wait_for(driver, "return window.playground.presenting.code === null")
