// Test hooks for the browser tests, loaded only when the page is opened with ?test-hooks:
// window.playground exposes the page's state and a few actions, and records the requests sent, the
// drag messages asked for and the frames received. The page itself never reads any of it.
//
// Exports installTestHooks(parts).

import { viewsOf } from './frames.js';

/** Requests kept: at most this many, the oldest half dropped when exceeded. */
const MAX_SENT = 1000;
/** `frames` messages kept: at most this many, the oldest half dropped when exceeded. */
const MAX_HISTORY = 2000;

/**
 * Installs window.playground; call it before the connection starts so that every request is recorded.
 * @param {{ connection, sender, renderer, frames, scenes, devices, selection, timeline, pointer, link, explain }} parts
 *   the page's parts, as app.js builds them
 *
 * window.playground:
 * - frames (view id → { frame, bounds, alpha, transform }), lastSeq, lastTime, keyboard, final: the stream
 * - scene, scenes, devices, ambiguity (view id → axes), clips (ids), selected, paused,
 *   timeline ({ start, end, expected } in session seconds), state (the connection's)
 * - draws, layout ({ ox, oy, scale, W, H }: root points → CSS px), renderer, and what the last drawing
 *   put where (CSS px in the canvas): labels (view names), texts (text views' lines), overlayLabels
 *   (the safe area's and keyboard's captions), badges (the constraint badges of the selected view and
 *   of a standing conflict), edgeMarkers ({ id, side, x, y }: arrows to conflicting views off screen),
 *   chrome ({ part, rect }: notch or Dynamic Island, status bar time, home indicator)
 * - sent (requests, newest last) and clearSent(); drags (drag messages asked for); history
 *   ({ seq, time, final, views } per `frames` message) and clearHistory(); nudging (an Alt+arrow
 *   nudge is held or drag messages await their answers)
 * - explained: the last `explain` answer the inspector shows (null: none)
 * - redraw(), hitTest(x, y) (CSS px in the canvas), send(message), load(name), refresh() (re-reads the scene,
 *   as the page does after its own edits), select(id), shareUrl()
 */
export function installTestHooks({ connection, sender, renderer, frames, scenes, devices, selection, timeline, pointer, link, explain }) {
  const sent = [];
  const request = connection.request.bind(connection);
  connection.request = (message) => {
    sent.push(message);
    if (sent.length > MAX_SENT) sent.splice(0, MAX_SENT / 2);
    return request(message);
  };

  let drags = 0;
  const sendDrag = pointer.sendDrag.bind(pointer);
  pointer.sendDrag = (...args) => {
    drags += 1;
    return sendDrag(...args);
  };

  let history = [];
  connection.addEventListener('message', (event) => {
    const message = event.detail;
    if (message.type !== 'frames') return;
    history.push({ seq: message.seq, time: message.time, final: message.final === true, views: viewsOf(message) });
    if (history.length > MAX_HISTORY) history.splice(0, MAX_HISTORY / 2);
  });

  window.playground = {
    get frames() { return frames.views; },
    get lastSeq() { return frames.lastSeq; },
    get lastTime() { return frames.lastTime; },
    get keyboard() { return frames.keyboard; },
    get final() { return frames.final; },
    get scene() { return scenes.scene; },
    get scenes() { return scenes.list; },
    get devices() { return devices.list; },
    get state() { return connection.state; },
    get draws() { return renderer.drawCount; },
    get layout() { return renderer.layout; },
    get selected() { return selection.selected; },
    get explained() { return explain.answer; },
    get ambiguity() { return scenes.ambiguity; },
    get paused() { return timeline.paused; },
    get timeline() { return { start: timeline.start, end: timeline.end, expected: timeline.expected }; },
    get drags() { return drags; },
    get labels() { return renderer.labels; },
    get texts() { return renderer.texts; },
    get overlayLabels() { return renderer.overlayLabels; },
    get badges() { return renderer.badges; },
    get edgeMarkers() { return renderer.edgeMarkers; },
    get chrome() { return renderer.chrome; },
    get renderer() { return renderer; },
    get sent() { return sent; },
    clearSent: () => { sent.length = 0; },
    get nudging() { return pointer.nudge !== null || sender.busy('drag:'); },
    get history() { return history; },
    clearHistory: () => { history = []; },
    redraw: () => renderer.invalidate(), // the next draw shows everything received so far
    get clips() { return [...scenes.clips]; },
    hitTest: (x, y) => renderer.hitTest(x, y),
    send: (message) => connection.request(message),
    load: (name) => scenes.choose(name),
    refresh: () => scenes.refresh(),
    select: (id) => selection.select(id),
    shareUrl: () => link.shareUrl(),
  };
}
