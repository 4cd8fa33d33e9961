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
 *   timeline ({ start, end, expected } in session seconds), state (the connection's), session (the
 *   connection's settled session: { id, rejoined }, null while none is)
 * - draws, layout ({ ox, oy, scale, W, H }: root points → CSS px), renderer, and what the last drawing
 *   put where (CSS px in the canvas): labels (view names), texts (text views' lines), overlayLabels
 *   (the safe area's and keyboard's captions), badges (the constraint badges of the selected view and
 *   of a standing conflict: { id, text, size, rect }), foldedBadges ({ id, text }: the badges no spot
 *   held) and badgeFold ({ text: "+N", ids, rect }: the pill standing for them, null when none is), edgeMarkers ({ id, side, x, y }: arrows to conflicting views off screen),
 *   chrome ({ part, rect }: notch or Dynamic Island, status bar time, home indicator)
 * - sent (requests, newest last) and clearSent(); drags (drag messages asked for); history
 *   ({ seq, time, final, views } per `frames` message) and clearHistory(); nudging (an Alt+arrow
 *   nudge is held or drag messages await their answers)
 * - explained: the last `explain` answer the inspector shows (null: none)
 * - redraw(), hitTest(x, y) (CSS px in the canvas), send(message), load(name), refresh() (re-reads the scene,
 *   as the page does after its own edits), select(id), shareUrl()
 * - presenting: { code, link, followers, following, stepTitle, step ({ index, title, count } of the
 *   steps bar), controller (owner: the follower holding the controls), hasControls (follower),
 *   takeBackHidden, pointer (the last `pointer` shown, with the dot's CSS position), qr ({ version,
 *   mask, size, modules } drawn in the share dialog), rects (each drawn view's bounding box in root
 *   points, so two pages of different sizes compare) }
 */
export function installTestHooks({ connection, sender, renderer, frames, scenes, devices, selection, timeline, pointer, link, explain, presenting }) {
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
    get session() { return connection.session; },
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
    get foldedBadges() { return renderer.foldedBadges; },
    get badgeFold() { return renderer.badgeFold; },
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
    get presenting() { return presentingState(presenting, renderer); },
  };
}

/** What window.playground.presenting reports (see installTestHooks). */
function presentingState(presenting, renderer) {
  const dot = document.getElementById('presenter-pointer');
  const layout = renderer.layout;
  const rects = {};
  for (const hit of renderer.hits || []) {
    if (hit.offscreen || !layout) continue;
    const corners = [[0, 0], [hit.w, 0], [0, hit.h], [hit.w, hit.h]]
      .map(([x, y]) => hit.matrix.transformPoint(new DOMPoint(x, y)))
      .map((p) => [(p.x / renderer.dpr - layout.ox) / layout.scale, (p.y / renderer.dpr - layout.oy) / layout.scale]);
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    rects[hit.id] = [Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
  }
  return {
    code: presenting.code,
    link: presenting.link,
    followers: presenting.followers,
    following: presenting.following,
    stepTitle: presenting.stepTitle,
    step: presenting.steps.current,
    pointer: presenting.pointer.shown && {
      ...presenting.pointer.shown, dotHidden: dot.hidden, left: parseFloat(dot.style.left), top: parseFloat(dot.style.top),
      offset: presenting.pointer.offset,
    },
    handOverAnswer: presenting.lastHandOver,
    controller: presenting.controller,
    hasControls: presenting.hasControls,
    takeBackHidden: document.getElementById('take-back').hidden,
    handOverHidden: document.getElementById('hand-over-row').hidden,
    qr: presenting.qr ? { ...presenting.qr, modules: Array.from(presenting.qr.modules) } : null,
    layout,
    canvasOffset: [renderer.canvas.offsetLeft, renderer.canvas.offsetTop],
    rects,
  };
}
