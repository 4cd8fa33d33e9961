"""Takes the README's screenshots of the page (docs/screenshots/*.png) against the real server.

    swift build && python3 Tests/browser/screenshots.py

Uses the same server and headless Chromium setup as the browser tests.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from conftest import REPO, Server, open_page, set_viewport, settle, wait_for, _chromedriver  # noqa: E402

OUT = REPO / "docs" / "screenshots"


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    server = Server()
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                     "--force-color-profile=srgb"):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(_chromedriver()), options=options)
    try:
        set_viewport(browser, 1280, 800)
        # 1. The search bar scene with navView selected: its constraints drawn on the canvas.
        open_page(browser, f"{server.url}#scene=search-bar", scene="search-bar")
        browser.execute_script("window.playground.select('searchBar')")
        settle(browser)
        browser.save_screenshot(str(OUT / "search-bar-constraints.png"))
        # 2. The date picker half way through its animation: paused and scrubbed.
        open_page(browser, f"{server.url}#scene=date-picker", scene="date-picker")
        browser.find_element(By.ID, "pause").click()
        wait_for(browser, "return window.playground.paused")
        browser.find_element(By.CSS_SELECTOR, '#actions [data-action="showPicker"]').click()
        wait_for(browser, "return window.playground.timeline.start !== null")
        browser.execute_script("const s = document.getElementById('scrubber');"
                               "s.value = String((Number(s.min) + Number(s.max)) / 2);"
                               "s.dispatchEvent(new Event('input'))")
        wait_for(browser, "return window.playground.frames.pickerContainer.frame[1] > 544"
                          " && window.playground.frames.pickerContainer.frame[1] < 667")
        browser.execute_script("window.playground.select('pickerContainer')")
        settle(browser)
        browser.save_screenshot(str(OUT / "date-picker-timeline.png"))
        # 3. A conflict: a second height for the nav view, broken and logged.
        open_page(browser, f"{server.url}#scene=search-bar", scene="search-bar")
        browser.find_element(By.CSS_SELECTOR, "#add-box > summary").click()
        browser.find_element(By.ID, "add-equation").send_keys("navView.height == 100\n")
        wait_for(browser, "return document.querySelector('#log .log-conflict') !== null")
        browser.execute_script("window.playground.select('navView');"
                               " document.activeElement?.blur(); document.getElementById('panel').scrollTop = 0")
        settle(browser)
        browser.save_screenshot(str(OUT / "conflict.png"))
        # 4. An Interface Builder document dropped on the canvas: its controls drawn as they show.
        from test_import_page import CONTROLS_XIB, drop  # noqa: E402 (the test's own document)
        open_page(browser, f"{server.url}#scene=search-bar", scene="search-bar")
        drop(browser, "Controls.xib", CONTROLS_XIB.read_text())
        wait_for(browser, "return window.playground.scene && window.playground.scene.name === 'signInForm'")
        browser.execute_script("const d = document.getElementById('ib-dialog'); if (d.open) d.close();"
                               "document.getElementById('toast').hidden = true")
        settle(browser)
        browser.save_screenshot(str(OUT / "imported-controls.png"))
        # 5. Presenter mode on a 1920 × 1080 projector, the demo at its second step.
        set_viewport(browser, 1920, 1080)
        open_page(browser, f"{server.url}#scene=search-bar", scene="search-bar")
        browser.find_element(By.ID, "presenter-mode").click()
        wait_for(browser, "return document.body.dataset.presenter === 'on'"
                          " && getComputedStyle(document.getElementById('panel')).display === 'none'")
        browser.find_element(By.ID, "steps-next").click()
        wait_for(browser, "return window.playground.presenting.step && window.playground.presenting.step.index === 0")
        settle(browser)
        browser.save_screenshot(str(OUT / "presenter-mode.png"))
        browser.find_element(By.ID, "presenter-mode").click()
        # 6. Tablet size, keyboard shown.
        set_viewport(browser, 820, 1180)
        open_page(browser, f"{server.url}#scene=keyboard-guide", scene="keyboard-guide")
        browser.find_element(By.ID, "keyboard-show").click()
        wait_for(browser, "return window.playground.keyboard && window.playground.keyboard[3] > 0"
                          " && window.playground.final")
        settle(browser)
        browser.save_screenshot(str(OUT / "tablet-keyboard.png"))
    finally:
        browser.quit()
        server.stop()
    for path in sorted(OUT.glob("*.png")):
        print(path.relative_to(REPO))


if __name__ == "__main__":
    main()
