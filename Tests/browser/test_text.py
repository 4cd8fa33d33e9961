"""Text in the page: labels drawn in the Inter files the server measures with, broken into the same
lines as the server's (the page recomputes them with canvas measureText; the scene's `lines` are the
server's), and text pixels where the label's frame is."""
import math

from conftest import Screenshot, close_to, open_page, wait_for

from test_page import console_errors, encoded, to_css

SCENE = {
    "name": "text",
    "root": {"size": [375, 667]},
    "views": [
        {"id": "body", "kind": "label", "color": "#ffffff", "numberOfLines": 0,
         "text": "Auto Layout measures every label with HarfBuzz on Inter and wraps it greedily"},
        {"id": "title", "kind": "label", "color": "#ffffff", "text": "Hello", "font": {"textStyle": "title1"}},
    ],
    "constraints": [
        {"first": "body.leading", "second": "root.leading", "constant": 20},
        {"first": "body.top", "second": "root.top", "constant": 120},
        {"id": "bodyWidth", "first": "body.width", "constant": 150},
        {"first": "title.leading", "second": "root.leading", "constant": 20},
        {"first": "title.top", "second": "root.top", "constant": 40},
    ],
}

PAGE_LINES = """
const done = arguments[arguments.length - 1];
import('./text.js').then((text) => {
  const view = window.playground.scene.views.find((v) => v.id === 'body');
  const frame = window.playground.frames.body.frame;
  const ctx = document.createElement('canvas').getContext('2d');
  const [size, weight] = text.fontOf(view.font);
  ctx.font = `${weight} ${size}px ${text.TEXT_FAMILY}`;
  ctx.letterSpacing = `${text.trackingOf(size)}px`;
  done({ page: text.breakLines(ctx, view.text, frame[2], false), server: view.lines,
         loaded: document.fonts.check(`${weight} ${size}px ${text.TEXT_FAMILY}`) });
});
"""


def test_labels_wrap_like_the_server_and_draw_text(driver, server):
    driver.get_log("browser")
    layout = open_page(driver, f"{server.url}#s={encoded(SCENE)}", scene="text")
    wait_for(driver, "return document.fonts.check('400 17px \"Playground Inter\"')")
    result = driver.execute_async_script(PAGE_LINES)
    assert result["loaded"]
    assert len(result["server"]) >= 3, result
    assert result["page"] == result["server"]
    frames = driver.execute_script("return window.playground.frames")
    x, y, w, h = frames["body"]["frame"]
    # The label is as tall as its lines: n × 17 × 3408 / 2816 pt (20.574 a line), up to the half point.
    assert abs(h - math.ceil(len(result["server"]) * 17 * 3408 / 2816 * 2) / 2) < 1e-6
    # Dark text pixels inside the white label box, none well outside it (the canvas around is grey).
    shot = Screenshot(driver)
    left, top = to_css(driver, layout, x, y)
    right, bottom = to_css(driver, layout, x + w, y + h)
    dark = sum(1 for px in range(int(left) + 1, int(right) - 1) for py in range(int(top) + 1, int(bottom) - 1)
               if sum(shot.pixel(px, py)[:3]) < 300)
    assert dark > 50
    assert console_errors(driver) == []
