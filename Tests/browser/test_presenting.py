"""Presenting in the page: the share dialog and its QR code, a second browser following the first
(frames, step titles, the pointer, the follower count), presenter mode at 1280 × 800, hand-over.

The QR encoder (Public/qr.js) is checked against two independent implementations from PyPI: every
symbol, mask by mask, module for module against python-qrcode, and the drawn code decoded by
zxing-cpp.
"""
import base64
import json

import numpy
import pytest
import qrcode
import zxingcpp
from qrcode.util import MODE_8BIT_BYTE, QRData
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import decode_png, make_driver, open_page, send, settle, wait_for


@pytest.fixture(scope="module")
def follower_driver():
    browser = make_driver()
    yield browser
    browser.quit()


def encode_in_page(driver, cases):
    """Public/qr.js's symbols for (text, mask or None) cases, as lists of row strings."""
    return driver.execute_async_script("""
        const [cases, done] = arguments;
        import('./qr.js').then(({ encodeQR }) => done(cases.map(([text, mask]) => {
          const qr = encodeQR(text, mask === null ? {} : { mask });
          const rows = [];
          for (let y = 0; y < qr.size; y += 1) rows.push(Array.from(qr.modules.slice(y * qr.size, (y + 1) * qr.size)).join(''));
          return { version: qr.version, mask: qr.mask, rows };
        })));""", cases)


def reference_rows(text, version, mask):
    """python-qrcode's symbol for the same bytes, version, level M and mask (no quiet zone)."""
    symbol = qrcode.QRCode(version=version, error_correction=qrcode.constants.ERROR_CORRECT_M,
                           mask_pattern=mask, border=0)
    symbol.add_data(QRData(text.encode(), mode=MODE_8BIT_BYTE), optimize=0)
    symbol.make(fit=False)
    return ["".join("1" if dark else "0" for dark in row) for row in symbol.modules]


def decode(rows, module_px=4):
    """zxing-cpp's reading of a symbol given as row strings (1 dark), with a 4-module quiet zone."""
    image = numpy.array([[0 if c == "1" else 255 for c in row] for row in rows], dtype=numpy.uint8)
    image = numpy.pad(image, 4, constant_values=255).repeat(module_px, 0).repeat(module_px, 1)
    return [result.text for result in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


# Lengths chosen for every version from 1 to 10 at level M (capacities 14, 26, 42, 62, 84, 106, 122,
# 152, 180, 213 bytes): one text per version (the UTF-8 one is 6 × 19 = 114 bytes, version 7).
TEXTS = ["HELLO", "x" * 15, "http://127.0.0.1:8080/#follow=K7QD3MZA", "y" * 60, "z" * 84, "w" * 100,
         "Ünïcødé · ✓ " * 6, "a" * 150, "b" * 180, "c" * 213]


def test_qr_symbols_match_an_independent_encoder_for_every_version_and_mask(driver, server):
    open_page(driver, server.url)
    cases = [[text, mask] for text in TEXTS for mask in range(8)]
    ours = encode_in_page(driver, cases)
    assert sorted({symbol["version"] for symbol in ours}) == list(range(1, 11))
    for (text, mask), symbol in zip(cases, ours):
        assert symbol["mask"] == mask
        assert symbol["rows"] == reference_rows(text, symbol["version"], mask), (len(text.encode()), mask)
    # The mask chosen by the penalty rules gives a symbol a decoder reads back.
    for text, symbol in zip(TEXTS, encode_in_page(driver, [[text, None] for text in TEXTS])):
        assert decode(symbol["rows"]) == [text]
    # Past version 10: a RangeError, not a symbol.
    error = driver.execute_async_script("""
        const done = arguments[0];
        import('./qr.js').then(({ encodeQR }) => { try { encodeQR('d'.repeat(214)); done(null); } catch (e) { done(e.name); } });""")
    assert error == "RangeError"


def canvas_rows(driver, selector, module_px, quiet=4):
    """The QR canvas read back as row strings: its pixels sampled at each module's centre."""
    data_url = driver.execute_script(f"return document.querySelector({json.dumps(selector)}).toDataURL('image/png')")
    width, height, rows, channels = decode_png(base64.b64decode(data_url.split(",", 1)[1]))
    size = width // module_px - 2 * quiet
    return ["".join("1" if rows[(quiet + y) * module_px + module_px // 2][((quiet + x) * module_px + module_px // 2) * channels] < 128
                    else "0" for x in range(size)) for y in range(size)]


def share(driver):
    driver.find_element(By.ID, "present-share").click()
    wait_for(driver, "return document.getElementById('share-dialog').open && window.playground.presenting.code")
    return driver.execute_script("return window.playground.presenting")


def close_share_dialog(driver):
    driver.execute_script("document.getElementById('share-dialog').close()")


def test_share_shows_the_link_the_code_and_a_qr_code_that_reads_back(driver, server):
    open_page(driver, server.url)
    presenting = share(driver)
    code = presenting["code"]
    assert len(code) == 8
    link = driver.find_element(By.ID, "share-link").get_attribute("value")
    assert link == f"{server.http_url}#follow={code}"
    assert driver.find_element(By.ID, "share-code").text == code
    # The drawn canvas (4 px a module at scale 1) is the encoded symbol, and a decoder reads the link.
    drawn = canvas_rows(driver, "#share-qr", 4)
    qr = presenting["qr"]
    assert drawn == ["".join(str(v) for v in qr["modules"][y * qr["size"]:(y + 1) * qr["size"]]) for y in range(qr["size"])]
    assert decode(drawn) == [link]
    driver.find_element(By.ID, "unshare").click()
    wait_for(driver, "return window.playground.presenting.code === null && !document.body.dataset.sharing")


def rects(browser):
    return browser.execute_script("return window.playground.presenting.rects")


def test_a_follower_sees_the_presenters_frames_steps_and_pointer(driver, follower_driver, server):
    presenter, follower = driver, follower_driver
    open_page(presenter, server.url + "#scene=search-bar", scene="search-bar")
    presenter.execute_script("return window.playground.send({ type: 'clock', mode: 'manual' })")
    code = share(presenter)["code"]
    close_share_dialog(presenter)

    # The follow link: the canvas alone, the banner, the presenter told of one follower.
    follower.get("about:blank")
    follower.get(f"{server.url}#follow={code}")
    wait_for(follower, f"return document.body.dataset.following === {json.dumps(code)}")
    wait_for(follower, "return window.playground.lastSeq !== null && window.playground.layout !== null")
    assert follower.execute_script("return getComputedStyle(document.getElementById('panel')).display") == "none"
    assert follower.find_element(By.ID, "follow-text").text == "following Search bar pushes the nav bar away · live"
    wait_for(presenter, "return window.playground.presenting.followers === 1")
    assert presenter.find_element(By.ID, "present-count").text == "1 following"

    # Steps: Next twice (step 1, then step 2, focus, which animates 0.25 s); the follower reads the title.
    presenter.find_element(By.ID, "steps-next").click()
    wait_for(follower, "return window.playground.presenting.stepTitle.startsWith('Step 1 of 4: The nav view sits on top')")
    presenter.find_element(By.ID, "steps-next").click()
    wait_for(presenter, "return window.playground.presenting.step.index === 1")
    wait_for(follower, "return window.playground.presenting.stepTitle.startsWith('Step 2 of 4: Focus')")
    presenter.execute_script("return window.playground.send({ type: 'advance', seconds: 0.25 })")
    # Focused: navTop = −62, so the search bar sits at the top (0, 0, 375, 44) and the table under it
    # from 44 to 667; both pages draw those boxes, in root points, whatever their canvas sizes.
    expected = {"searchBar": [0, 0, 375, 44], "tableView": [0, 44, 375, 623]}
    for browser in (presenter, follower):
        wait_for(browser, "return window.playground.final && window.playground.frames.searchBar.frame[1] === 0")
        settle(browser)
        drawn = rects(browser)
        for view, rect in expected.items():
            # Within 10⁻³ pt: the drawing matrices carry single-precision rounding (about 10⁻⁵ pt here).
            assert drawn[view] == pytest.approx(rect, abs=1e-3), (view, drawn[view])
    ours, theirs = rects(presenter), rects(follower)
    assert ours.keys() == theirs.keys()
    for view in ours:
        assert theirs[view] == pytest.approx(ours[view], abs=1e-3), view

    # The pointer: the presenter's mouse over the search bar's centre (187.5, 22 in root points).
    presenter.execute_script("window.playground.select('searchBar')")
    layout = settle(presenter)
    canvas = presenter.find_element(By.ID, "canvas")
    size = canvas.size
    css_x = layout["ox"] + 187.5 * layout["scale"]
    css_y = layout["oy"] + 22 * layout["scale"]
    ActionChains(presenter).move_to_element_with_offset(
        canvas, round(css_x - size["width"] / 2), round(css_y - size["height"] / 2)).perform()
    shown = wait_for(follower, "const p = window.playground.presenting.pointer; return p && p.x !== null && !p.dotHidden && p")
    # Within two CSS pixels of the target, in root points: the mouse moves by whole pixels from the
    # element's centre, which Selenium rounds too.
    assert shown["x"] == pytest.approx(187.5, abs=2 / layout["scale"])
    assert shown["y"] == pytest.approx(22, abs=2 / layout["scale"])
    assert shown["view"] == "searchBar"
    wait_for(follower, "return window.playground.selected === 'searchBar'")
    theirs = follower.execute_script("return window.playground.presenting")
    left = theirs["canvasOffset"][0] + theirs["layout"]["ox"] + shown["x"] * theirs["layout"]["scale"]
    top = theirs["canvasOffset"][1] + theirs["layout"]["oy"] + shown["y"] * theirs["layout"]["scale"]
    # At the point, or moved just clear of a badge drawn there (its own test below).
    offset = theirs["pointer"]["offset"]
    assert theirs["pointer"]["left"] == pytest.approx(left + offset["x"], abs=0.01)
    assert theirs["pointer"]["top"] == pytest.approx(top + offset["y"], abs=0.01)

    # Back a step: step 1 is the scene as loaded, at once; the follower sees it and its title.
    presenter.find_element(By.ID, "steps-prev").click()
    wait_for(follower, "return window.playground.presenting.stepTitle.startsWith('Step 1 of 4')")
    wait_for(follower, "return window.playground.frames.searchBar.frame[1] === 62")

    # Hand-over: shown while someone follows, hidden for good if the server does not know it.
    presenter.execute_script("document.getElementById('share-dialog').showModal()")
    assert presenter.execute_script("return window.playground.presenting.handOverHidden") is False
    presenter.find_element(By.ID, "hand-over").click()
    answer = wait_for(presenter, "return window.playground.presenting.handOverAnswer")
    hidden = presenter.execute_script("return window.playground.presenting.handOverHidden")
    assert hidden == (answer.get("code") == "unknown-type")
    close_share_dialog(presenter)

    # The follower leaves: the count drops, and it has a scene of its own again.
    follower.find_element(By.ID, "follow-leave").click()
    wait_for(presenter, "return window.playground.presenting.followers === 0")
    wait_for(follower, "return !document.body.dataset.following && Boolean(document.body.dataset.scene)")
    assert [e for e in follower.get_log("browser") if e["level"] == "SEVERE"] == []
    presenter.execute_script("return window.playground.send({ type: 'unshare' })")


def test_the_presenters_pointer_on_a_badge_leaves_it_readable(driver, follower_driver, server):
    presenter, follower = driver, follower_driver
    open_page(presenter, server.url + "#scene=search-bar", scene="search-bar")
    code = share(presenter)["code"]
    close_share_dialog(presenter)
    try:
        follower.get("about:blank")
        follower.get(f"{server.url}#follow={code}")
        wait_for(follower, f"return document.body.dataset.following === {json.dumps(code)}")
        wait_for(follower, "return window.playground.lastSeq !== null && window.playground.layout !== null")
        presenter.execute_script("window.playground.select('navView')")
        wait_for(follower, "return window.playground.selected === 'navView' && window.playground.badges.length > 0")
        layout = settle(follower)
        badge = next(b for b in follower.execute_script("return window.playground.badges") if b["id"] == "navHeight")
        x, y, w, h = badge["rect"]
        # The presenter points at the middle of the nav view's height badge ("62"), in root points.
        at = ((x + w / 2 - layout["ox"]) / layout["scale"], (y + h / 2 - layout["oy"]) / layout["scale"])
        assert send(presenter, {"type": "pointer", "x": at[0], "y": at[1], "view": "navView"})["type"] != "error"
        shown = wait_for(follower, "const p = window.playground.presenting.pointer;"
                                   f" return p && Math.abs(p.x - {at[0]}) < 0.01 && !p.dotHidden && p")
        settle(follower)
        shown = follower.execute_script("return window.playground.presenting.pointer")
        badges = [b["rect"] for b in follower.execute_script("return window.playground.badges")]
        offset_x, offset_y = follower.execute_script("return window.playground.presenting.canvasOffset")
        # The dot (18 px across with a 2 px halo: 11 px from its centre) sits clear of every badge...
        cx, cy = shown["left"] - offset_x, shown["top"] - offset_y
        for bx, by, bw, bh in badges:
            assert not (cx + 11 > bx and cx - 11 < bx + bw and cy + 11 > by and cy - 11 < by + bh), (shown, badges)
        # ...and no further from the point than half the badge, the dot's 11 px and a 2 px gap.
        moved = (shown["offset"]["x"] ** 2 + shown["offset"]["y"] ** 2) ** 0.5
        assert 0 < moved <= max(w, h) / 2 + 11 + 2 + 0.01, shown
    finally:
        presenter.execute_script("window.playground.select(null)")
        presenter.execute_script("return window.playground.send({ type: 'unshare' })")


def test_a_wrong_code_is_refused_in_the_follow_dialog(driver, server):
    open_page(driver, server.url)
    driver.find_element(By.ID, "present-follow").click()
    field = driver.find_element(By.ID, "follow-code")
    field.send_keys("abc")
    driver.find_element(By.ID, "follow-go").click()
    assert "8 letters" in wait_for(driver, "const e = document.getElementById('follow-error'); return !e.hidden && e.textContent")
    field.clear()
    field.send_keys("zzzzzzzz")
    driver.find_element(By.ID, "follow-go").click()
    assert "ZZZZZZZZ" in wait_for(driver, "const e = document.getElementById('follow-error'); return e.textContent.includes('ZZZZZZZZ') && e.textContent")
    driver.execute_script("document.getElementById('follow-dialog').close()")
    assert driver.execute_script("return document.body.dataset.following") is None


def test_presenter_mode_fits_1280_by_800_and_folds_the_panels(driver, server):
    open_page(driver, server.url)
    before = driver.find_element(By.ID, "canvas").size["width"]
    driver.find_element(By.ID, "presenter-mode").click()
    wait_for(driver, "return document.body.dataset.presenter === 'on'")
    assert driver.execute_script("return parseFloat(getComputedStyle(document.body).fontSize)") == 18
    # Nothing runs off the side at 1280 px; the page still fits the window's height.
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 1280
    assert driver.execute_script("return document.documentElement.scrollHeight") <= 800
    # The panels fold away on entering; the canvas takes their room. "Show panels" brings them back.
    wait_for(driver, "return getComputedStyle(document.getElementById('panel')).display === 'none'")
    wait_for(driver, f"return document.getElementById('canvas').getBoundingClientRect().width > {before} + 300")
    driver.find_element(By.ID, "panels-toggle").click()
    wait_for(driver, "return getComputedStyle(document.getElementById('panel')).display !== 'none'")
    driver.find_element(By.ID, "presenter-mode").click()
    wait_for(driver, "return !document.body.dataset.presenter && getComputedStyle(document.getElementById('panel')).display !== 'none'")
