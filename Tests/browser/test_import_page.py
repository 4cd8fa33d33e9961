"""An Interface Builder document imported in the page as a new user meets it: the scene picker shows
the document's title (not the identifier made from it), the log says what was imported and lists
each element the importer did not model.

Tests/browser/documents/Controls.xib is a document of our own: a 375 × 300 view "Sign in form" with a
text field (placeholder "Email address"), a button "Sign in", a switch, a segmented control (Day,
Week, Month) and an image view whose image "avatar" has no size in <resources> (one warning).
"""
from pathlib import Path

from selenium.webdriver.common.by import By

from conftest import open_page, settle, wait_for

CONTROLS_XIB = Path(__file__).resolve().parent / "documents" / "Controls.xib"


def drop(driver, name, text):
    """Drops a file named `name` holding `text` on the stage, as a drag from the desktop does."""
    driver.execute_script("""
        const file = new File([arguments[1]], arguments[0], { type: 'application/xml' });
        const data = new DataTransfer();
        data.items.add(file);
        const stage = document.getElementById('stage');
        stage.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
        stage.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    """, name, text)


def import_controls(driver, server):
    open_page(driver, f"{server.url}#scene=search-bar", scene="search-bar")
    driver.execute_script("document.getElementById('log-clear').click()")
    drop(driver, "Controls.xib", CONTROLS_XIB.read_text())
    wait_for(driver, "return window.playground.scene && window.playground.scene.name === 'signInForm'")
    if driver.execute_script("return document.getElementById('ib-dialog').open"):
        driver.execute_script("document.getElementById('ib-dialog').close()")
    return settle(driver)


def test_an_imported_scene_shows_its_title_and_logs_the_import_and_its_warnings(driver, server):
    import_controls(driver, server)
    picker = driver.find_element(By.ID, "scene-select")
    shown = driver.execute_script("return arguments[0].options[arguments[0].selectedIndex].text", picker)
    assert shown == "Sign in form", shown
    entries = driver.execute_script("return [...document.querySelectorAll('#log .log-entry')].map((e) => [e.className, e.querySelector('.log-text').textContent])")
    texts = [text for _, text in entries]
    assert "Imported Controls.xib: Sign in form (UIView), 5 views, 13 constraints. 1 not modelled:" in texts, texts
    warning = [entry for entry in entries if "avatar" in entry[1]]
    assert len(warning) == 1 and "log-warning" in warning[0][0], entries
    assert warning[0][1] == "Controls.xib: imageView image-1 (line 29): image 'avatar' has no size in <resources>: its saved frame stands in"
    # A warning is not a problem: the log's problem count stays hidden.
    assert driver.find_element(By.ID, "log-count").get_attribute("hidden") is not None
