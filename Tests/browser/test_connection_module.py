"""Public/connection.js imported on its own into a document that is not the page (the server's
/healthz answer), as another page would: no DOM parts, no page wiring. The search-bar scene pins
navView to the root's top (navTop, constant 0), 375 wide and 62 tall; navTop's constant −10 moves it
to [0, −10, 375, 62]."""
import json

SCRIPT = """
const [url, done] = arguments;
import('/connection.js').then(async ({ Connection }) => {
  const connection = new Connection({ url, reconnect: false });
  const frames = [];
  connection.addEventListener('message', (e) => { if (e.detail.type === 'frames') frames.push(e.detail); });
  connection.start();
  const hello = await connection.ready();
  const scene = await connection.request({ type: 'load', name: 'search-bar' });
  const ok = await connection.request({ type: 'set', constraint: 'navTop', constant: -10 });
  const frame = frames.at(-1).views.navView.frame;
  const error = await connection.request({ type: 'set', constraint: 'navTop', constant: 1, priorty: 750 });
  connection.stop();
  done(JSON.stringify({ protocol: hello.protocol, scene: scene.type, ok: ok.type, code: error.code,
                        frame }));
}).catch((error) => done(JSON.stringify({ failed: String(error) })));
"""


def test_connection_module_works_without_the_page(driver, server):
    driver.get(server.http_url + "healthz")
    driver.set_script_timeout(10)
    result = json.loads(driver.execute_async_script(SCRIPT, server.ws_url))
    assert result == {"protocol": "layout-playground.v1", "scene": "scene", "ok": "ok", "code": "unknown-field",
                      "frame": [0, -10, 375, 62]}
