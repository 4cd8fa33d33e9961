"""A follower's copy of the scene document follows the presenter's edits (Public/scene-changes.js):
the presenter sets navHeight's constant to 90 in its page; the follower's box is 90 tall and its scene
copy says 90, from the `changes` event alone. The presenter's own copy is kept from its `ok` answers,
without asking for `scene` again."""
import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import make_driver, open_page, send, wait_for


@pytest.fixture(scope="module")
def follower_driver():
    browser = make_driver()
    yield browser
    browser.quit()


def constant(browser, constraint):
    return browser.execute_script(
        "return (window.playground.scene?.constraints || []).find((c) => c.id === arguments[0])?.constant ?? null",
        constraint)


def test_a_followers_scene_copy_shows_the_presenters_constant(driver, follower_driver, server):
    presenter, follower = driver, follower_driver
    open_page(presenter, server.url + "#scene=search-bar", scene="search-bar")
    presenter.find_element(By.ID, "present-share").click()
    code = wait_for(presenter, "return document.getElementById('share-dialog').open && window.playground.presenting.code")
    presenter.execute_script("document.getElementById('share-dialog').close()")
    follower.get("about:blank")
    follower.get(f"{server.url}#follow={code}")
    wait_for(follower, f"return document.body.dataset.following === {json.dumps(code)}")
    wait_for(follower, "return window.playground.lastSeq !== null && window.playground.scene !== null")
    assert constant(follower, "navHeight") == 62

    # The presenter drags navHeight's slider (through the panel, as a person would): 8 steps of 0.5 pt,
    # 90 → 86. The follower's box and copy follow; neither page asks for `scene` or `ambiguity`.
    presenter.execute_script("window.playground.sent.length = 0")
    slider = presenter.find_element(By.CSS_SELECTOR, '.constraint[data-id="navHeight"] input[type="range"]')
    presenter.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", slider)
    answer = send(presenter, {"type": "set", "constraint": "navHeight", "constant": 90})
    assert answer["type"] == "ok", answer
    assert [c["id"] for c in answer["changes"]["constraints"]] == ["navHeight"]
    # navView's box: 90 tall on the follower, and the follower's copy of the document says 90 too.
    wait_for(follower, "return window.playground.frames.navView?.frame?.[3] === 90")
    wait_for(follower, "return (window.playground.scene.constraints.find((c) => c.id === 'navHeight') || {}).constant === 90",
             message="the follower's scene copy still has the old constant")
    wait_for(presenter, "return (window.playground.scene.constraints.find((c) => c.id === 'navHeight') || {}).constant === 90")
    slider.send_keys(*([Keys.ARROW_LEFT] * 8))
    wait_for(follower, "return (window.playground.scene.constraints.find((c) => c.id === 'navHeight') || {}).constant === 86")
    wait_for(follower, "return window.playground.frames.navView?.frame?.[3] === 86")
    wait_for(presenter, "return (window.playground.scene.constraints.find((c) => c.id === 'navHeight') || {}).constant === 86")
    presenter.execute_script("return new Promise((done) => setTimeout(done, 400))")
    asked = presenter.execute_script("return window.playground.sent.map((m) => m.type)")
    assert "set" in asked and "scene" not in asked and "ambiguity" not in asked, asked
