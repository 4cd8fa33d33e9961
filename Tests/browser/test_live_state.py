"""What the page says about the live state: a follower's banner is live only while its connection is
(two browsers, the follower's through a proxy that drops its connection), and the timeline's total is
the animation's duration under the real-time clock, before and after the session is taken back.

The search-bar scene's "focus" action animates for 0.25 s (its description: "navTop goes from 0 to
-62 and the cover fades to 0.4 in 0.25 s").
"""
import json

import pytest
from selenium.webdriver.common.by import By

from conftest import make_driver, open_page, wait_for
from test_rejoin import CuttableProxy

RED = "rgb(239, 68, 68)"


@pytest.fixture(scope="module")
def follower_driver():
    browser = make_driver()
    yield browser
    browser.quit()


def dot_color(browser):
    return browser.execute_script("return getComputedStyle(document.querySelector('#follow-banner .follow-live')).backgroundColor")


def test_a_followers_banner_is_live_only_while_connected(driver, follower_driver, server):
    proxy = CuttableProxy(server.port)
    try:
        open_page(driver, server.url + "#scene=search-bar", scene="search-bar")
        driver.find_element(By.ID, "present-share").click()
        code = wait_for(driver, "return document.getElementById('share-dialog').open && window.playground.presenting.code")
        driver.execute_script("document.getElementById('share-dialog').close()")
        follower = follower_driver
        follower.get("about:blank")
        follower.get(proxy.url(f"#follow={code}"))
        wait_for(follower, f"return document.body.dataset.following === {json.dumps(code)} && window.playground.layout !== null")
        assert follower.find_element(By.ID, "follow-text").text.endswith("· live")
        assert dot_color(follower) == RED
        # The link drops and stays down: the page says Disconnected, the banner no longer says live.
        proxy.refusing.set()
        proxy.cut()
        wait_for(follower, "return document.body.dataset.state !== 'open'")
        wait_for(follower, "return !document.getElementById('follow-text').textContent.includes('· live')")
        assert dot_color(follower) != RED
        assert "Disconnected" in follower.find_element(By.ID, "status-text").text or \
            "Reconnecting" in follower.find_element(By.ID, "status-text").text
        # The link is back: the follower follows again, live.
        proxy.refusing.clear()
        follower.execute_script("document.getElementById('retry').click()")
        wait_for(follower, "return document.body.dataset.state === 'open' && "
                           "document.getElementById('follow-text').textContent.includes('· live')", timeout=20)
        assert dot_color(follower) == RED
        follower.find_element(By.ID, "follow-leave").click()
    finally:
        proxy.close()
    driver.find_element(By.ID, "present-share").click()
    wait_for(driver, "return document.getElementById('share-dialog').open")
    driver.find_element(By.ID, "unshare").click()
    wait_for(driver, "return window.playground.presenting.code === null")


def run_focus_and_read_total(browser):
    """Runs search-bar's focus (0.25 s) under the real-time clock; the timeline's text once it ends."""
    browser.find_element(By.CSS_SELECTOR, '#actions [data-action="focus"]').click()
    wait_for(browser, "return window.playground.final && window.playground.frames.navView.frame[1] === -62"
                      " && window.playground.timeline.start !== null")
    return wait_for(browser, "const t = document.getElementById('scrub-time').textContent; return t.includes('/') && t")


def test_the_timeline_total_is_the_animations_duration(driver, server):
    proxy = CuttableProxy(server.port)
    try:
        open_page(driver, proxy.url("#scene=search-bar"), scene="search-bar")
        for _ in range(3):
            assert run_focus_and_read_total(driver) == "0.250 / 0.250 s"
            driver.find_element(By.CSS_SELECTOR, '#actions [data-action="cancel"]').click()
            wait_for(driver, "return window.playground.final && window.playground.frames.navView.frame[1] === 0")
            assert driver.find_element(By.ID, "scrub-time").text.endswith("/ 0.250 s")
        # The connection drops and the page takes its session back: the same.
        proxy.cut()
        wait_for(driver, "return document.body.dataset.session === 'rejoined' && document.body.dataset.state === 'open'",
                 timeout=20)
        assert run_focus_and_read_total(driver) == "0.250 / 0.250 s"
    finally:
        proxy.close()
