// Wiring: connection ⇄ state ⇄ renderer / controls / log.
//
// For browser tests: document.body.dataset.state is "connecting" | "open" |
// "closed", document.body.dataset.scene is the loaded scene's name, and
// window.playground exposes { frames, lastSeq, layout, … } (frames: the latest merged
// per-view state { id: { frame, bounds, alpha, transform } }; layout: the
// canvas mapping { ox, oy, scale } from root points to CSS px).

import { Connection } from './connection.js';
import { Renderer } from './renderer.js';
import { Controls, formatNumber } from './controls.js';
import { LogPanel } from './log.js';
import { Editor } from './editor.js';
import {
  encodeScene, decodeScene, shareableScene, clipsOf, sceneFromText, opsDuration,
} from './share.js';

const $ = (id) => document.getElementById(id);

const state = {
  scenes: [],
  devices: [],
  session: null,
  scene: null, // the current scene document (refreshed after edits)
  wanted: null, // { name } or { doc } we want loaded (survives reconnects)
  frames: {}, // id -> { frame, bounds, alpha, transform }
  keyboard: null, // [x, y, w, h] in root space, when the server sends it
  lastSeq: null,
  lastTime: null,
  final: true,
  conflict: null, // { broken, ids, load } from the last conflict message
  loads: 0, // load requests sent
  wasOpen: false,
  pointer: null, // { x, y } CSS px within the canvas
  selected: null, // selected view id
  ambiguity: {}, // view id -> axes
  clips: new Set(), // views that clip their subviews (drawing only)
  edited: false, // the scene differs from the built-in one: share it as #s=…
  paused: false,
  speed: 1,
  timeline: { start: null, end: null, expected: 0.25 },
  seeking: 0, // seek requests in flight
  clockTime: null, // the session time while paused (known from the last seek)
  scrubbing: false,
  drags: 0, // drag messages sent (tests)
  nudge: null, // { id, x, y, sent }: where an ongoing Alt+arrow nudge takes the view (presses accumulate)
  baseRoot: null, // the loaded scene's own root (size, safe area, scale): what "Scene size" goes back to
  history: [], // the last frames messages { seq, time, final, views } (tests, debugging)
};

const stage = $('stage');
const canvas = $('canvas');
const tooltip = $('tooltip');
const seqText = $('seq');
const animText = $('anim-state');

const connection = new Connection();
// The requests sent, newest last (tests count them).
const sent = [];
const rawRequest = connection.request.bind(connection);
connection.request = (message) => {
  sent.push(message);
  if (sent.length > 1000) sent.splice(0, 500);
  return rawRequest(message);
};
const log = new LogPanel($('log'), $('log-count'));

// A new conflict or error while the log is out of sight (narrow layouts, where the page scrolls):
// a note at the bottom of the window with a button that brings the log into view.
let problemTimer = 0;
log.onProblem = (text) => {
  const list = $('log').getBoundingClientRect();
  const shown = Math.min(list.bottom, window.innerHeight) - Math.max(list.top, 0);
  if (shown >= Math.min(40, list.height)) return;
  $('problem-text').textContent = text;
  $('problem-toast').hidden = false;
  clearTimeout(problemTimer);
  problemTimer = setTimeout(() => { $('problem-toast').hidden = true; }, 8000);
};
$('problem-show').addEventListener('click', () => {
  $('problem-toast').hidden = true;
  $('log').closest('.card').scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  $('log').focus({ preventScroll: true });
});
$('problem-close').addEventListener('click', () => { $('problem-toast').hidden = true; });

const renderer = new Renderer(canvas, {
  getFrames: () => state.frames,
  getKeyboard: () => state.keyboard,
  getConstraints: () => controls.currentConstraints(),
  onDraw: () => afterDraw(),
});

const controls = new Controls({
  panel: $('panel'),
  sceneSelect: $('scene-select'),
  sceneTitle: $('scene-title'),
  sceneDescription: $('scene-description'),
  actions: $('actions'),
  keyboardShow: $('keyboard-show'),
  keyboardHide: $('keyboard-hide'),
  animate: $('animate'),
  duration: $('duration'),
  delay: $('delay'),
  curve: $('curve'),
  damping: $('damping'),
  velocity: $('velocity'),
  springFields: $('spring-fields'),
  classicBug: $('classic-bug'),
  filter: $('filter'),
  constraints: $('constraints'),
  constraintCount: $('constraint-count'),
  constraintsEmpty: $('constraints-empty'),
}, {
  onSceneChange: (name) => chooseScene(name),
  onAction: (name) => runAction(name),
  onKeyboard: (show) => moveKeyboard(show),
  onConstant: (id, value, { final }) => changeConstant(id, value, final),
  onActive: (id, active) => changeConstraint(id, { active }),
  onPriority: (id, value, old, active) => changePriority(id, value, old, active),
  onRemoveConstraint: (id) => removeConstraint(id),
  onHoverView: (id) => renderer.setHovered(id),
  colorOf: (id) => (id === 'root' ? '#1f2430' : renderer.colorOf(id)),
});

const editor = new Editor({
  onAdd: (message) => addFromForm(message),
  onSelect: (id) => select(id),
  onClips: (id, on) => setClips(id, on),
  onExercise: (id) => exerciseAmbiguity(id),
  onRemoveView: (id) => removeView(id),
});

const topControls = ['device-select', 'rotate', 'share', 'export-json', 'export-swift', 'import', 'pause', 'speed']
  .map((id) => $(id));

function updateAnimationNote() {
  const a = controls.animation();
  $('animation-note').textContent = a.enabled
    ? `${formatNumber(a.duration)} s${a.classicBug ? ' · classic bug' : ''}`
    : 'off';
}
for (const id of ['animate', 'duration', 'curve', 'classic-bug']) $(id).addEventListener('change', updateAnimationNote);

// ---------------------------------------------------------------- test hooks

window.playground = {
  get frames() { return state.frames; },
  get lastSeq() { return state.lastSeq; },
  get lastTime() { return state.lastTime; },
  get keyboard() { return state.keyboard; },
  get final() { return state.final; },
  get scene() { return state.scene; },
  get scenes() { return state.scenes; },
  get devices() { return state.devices; },
  get state() { return connection.state; },
  get draws() { return renderer.drawCount; },
  get layout() { return renderer.layout; },
  get selected() { return state.selected; },
  get ambiguity() { return state.ambiguity; },
  get paused() { return state.paused; },
  get timeline() { return { ...state.timeline }; },
  get drags() { return state.drags; },
  get labels() { return renderer.labels; }, // view labels as drawn: { id, text, size, rect, box, backdrop }
  get renderer() { return renderer; },
  get sent() { return sent; },
  clearSent: () => { sent.length = 0; },
  // An Alt+arrow nudge is held, or drag messages still await their answers.
  get nudging() { return state.nudge !== null || [...channels].some(([key, c]) => key.startsWith('drag:') && c.busy); },
  get history() { return state.history; },
  clearHistory: () => { state.history = []; },
  redraw: () => renderer.invalidate(), // the next draw shows everything received so far
  get clips() { return [...state.clips]; },
  hitTest: (x, y) => renderer.hitTest(x, y), // CSS px relative to the canvas
  send: (message) => connection.request(message),
  load: (name) => chooseScene(name),
  select: (id) => select(id),
  shareUrl: () => shareUrl(),
};

// ---------------------------------------------------------------- connection

let countdown = 0;

function setConnectionState({ state: s, retryIn }) {
  document.body.dataset.state = s;
  const text = $('status-text');
  const retry = $('retry');
  clearInterval(countdown);
  if (s === 'connecting') {
    text.textContent = 'Connecting…';
  } else if (s === 'open') {
    text.textContent = 'Connected';
  } else if (retryIn) {
    const due = performance.now() + retryIn;
    const tick = () => {
      const seconds = Math.max(1, Math.ceil((due - performance.now()) / 1000));
      text.textContent = `Disconnected · retrying in ${seconds} s`;
    };
    tick();
    countdown = setInterval(tick, 250);
  } else {
    text.textContent = 'Disconnected';
  }
  retry.hidden = s !== 'closed';
  controls.setConnected(s === 'open');
  for (const node of topControls) node.disabled = s !== 'open';
  syncTimeline();
  if (s === 'open') {
    state.wasOpen = true;
  } else if (s === 'closed' && state.wasOpen) {
    state.wasOpen = false;
    log.info('Connection closed; reconnecting…');
  }
}

connection.addEventListener('state', (event) => setConnectionState(event.detail));
connection.addEventListener('message', (event) => onMessage(event.detail));
$('retry').addEventListener('click', () => connection.retryNow());

function onMessage(message) {
  switch (message.type) {
    case 'hello': onHello(message); break;
    case 'frames': onFrames(message); break;
    case 'conflict': onConflict(message); break;
    case 'error': log.error(message.code, message.message, message.re != null ? `(request #${message.re})` : ''); break;
    default: break; // ok, scene and animationEnd are handled by the requests that caused them
  }
}

async function onHello(message) {
  state.session = message.session ?? null;
  state.scenes = Array.isArray(message.scenes) ? message.scenes : [];
  state.devices = Array.isArray(message.devices) ? message.devices : [];
  $('status-text').textContent = state.session ? `Connected · ${state.session}` : 'Connected';
  log.info(`Connected${state.session ? ` (session ${state.session})` : ''}; ${state.scenes.length} scenes`);
  fillDevices();
  // A new session (first visit or server restart): a fresh, running clock.
  state.paused = false;
  state.clockTime = null;
  if (state.speed !== 1) connection.request({ type: 'clock', speed: state.speed }).catch(() => {});
  syncTimeline();
  let wanted = state.wanted;
  if (!wanted) wanted = (await wantedFromHash()) || (state.scenes[0] ? { name: state.scenes[0] } : null);
  controls.setScenes(state.scenes, wanted?.name || wanted?.doc?.name);
  if (wanted?.doc) loadDocument(wanted.doc, { edited: state.edited || !wanted.name });
  else if (wanted?.name) loadScene(wanted.name);
}

function onFrames(message) {
  const views = message.views && typeof message.views === 'object' ? message.views : {};
  for (const [id, fields] of Object.entries(views)) {
    if (!fields || typeof fields !== 'object') continue;
    const current = state.frames[id] || (state.frames[id] = {});
    Object.assign(current, fields);
  }
  if (Array.isArray(message.keyboard)) state.keyboard = message.keyboard;
  if (message.seq !== undefined) state.lastSeq = message.seq;
  state.history.push({ seq: message.seq, time: message.time, final: message.final === true, views });
  if (state.history.length > 2000) state.history.splice(0, 1000);
  const time = typeof message.time === 'number' ? message.time : state.lastTime;
  if (message.time !== undefined) state.lastTime = message.time;
  const final = message.final === true;
  // The timeline: an animation starts at the first non-final frames, ends at the final one.
  if (!state.seeking && typeof time === 'number') {
    const t = state.timeline;
    if (!final && state.final) {
      t.start = time;
      t.end = time + Math.max(0.05, t.expected);
    } else if (final && !state.final && time > t.start) {
      t.end = Math.max(time, t.start + 0.05);
    }
  }
  state.final = final;
  renderer.invalidate();
  syncTimeline();
}

function onConflict(message) {
  const ids = Array.isArray(message.constraints) ? message.constraints : [];
  state.conflict = { broken: message.broken, ids, load: state.loads };
  controls.markConflict(message.broken, ids);
  log.conflict(message);
  renderer.invalidate();
  // A constraint we do not list yet (added by someone else's message): re-read the scene.
  if (message.broken && !controls.rows.has(message.broken)) refreshScene();
}

// ---------------------------------------------------------------- scenes

/** What the URL asks for: { name } for #scene=…, { doc } for #s=… (compressed), or null. */
async function wantedFromHash() {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const packed = params.get('s');
  if (packed) {
    try {
      return { doc: await decodeScene(packed) };
    } catch (error) {
      log.error('bad-link', `the scene in the link could not be read (${error.message})`);
    }
  }
  const name = params.get('scene');
  return name ? { name } : null;
}

function chooseScene(name) {
  if (!name) return Promise.resolve();
  const hash = `#scene=${encodeURIComponent(name)}`;
  if (window.location.hash !== hash) {
    // hashchange (below) performs the load, which keeps back/forward working.
    window.location.hash = hash;
    return Promise.resolve();
  }
  return loadScene(name);
}

window.addEventListener('hashchange', async () => {
  const wanted = await wantedFromHash();
  if (!wanted) return;
  if (wanted.doc) loadDocument(wanted.doc, { edited: true });
  else if (wanted.name !== state.scene?.name || state.edited) loadScene(wanted.name);
});

async function loadScene(name) {
  state.wanted = { name };
  return sendLoad({ type: 'load', name }, name, { edited: false });
}

/** Loads a scene document (a shared link, an import, or the edited scene after a reconnect). */
async function loadDocument(doc, { edited = true } = {}) {
  state.wanted = { doc, name: state.wanted?.name };
  state.clips = clipsOf(doc);
  return sendLoad({ type: 'load', scene: shareableScene(doc, state.clips) }, doc.name || 'scene', { edited });
}

async function sendLoad(message, label, { edited }) {
  state.loads += 1;
  document.body.dataset.loading = label;
  let answer;
  try {
    answer = await connection.request(message);
  } catch (error) {
    if (document.body.dataset.loading === label) delete document.body.dataset.loading;
    return answer; // closed: the reconnect loads it again
  }
  if (document.body.dataset.loading === label) delete document.body.dataset.loading;
  if (answer.type === 'scene' && answer.scene) {
    if (message.name) state.clips = new Set();
    const root = answer.scene.root || {};
    if (!root.device) state.baseRoot = { ...root };
    else if (message.name) state.baseRoot = null;
    state.edited = edited;
    applyScene(answer.scene);
    updateHash();
  } else if (answer.type === 'error' && !state.scene && state.scenes.length && message.name !== state.scenes[0]) {
    // A bad link on first load: fall back to the first built-in scene.
    state.wanted = null;
    chooseScene(state.scenes[0]);
  } else if (state.scene) {
    controls.selectScene(state.scene.name);
  }
  return answer;
}

function applyScene(scene) {
  state.scene = scene;
  // A conflict reported while this scene loaded belongs to it; older ones do not.
  if (state.conflict && state.conflict.load !== state.loads) state.conflict = null;
  // Drop per-view state of views that are not in this scene.
  const ids = new Set(['root', ...(scene.views || []).map((v) => v.id)]);
  for (const id of Object.keys(state.frames)) if (!ids.has(id)) delete state.frames[id];
  for (const id of [...state.clips]) if (!ids.has(id)) state.clips.delete(id);
  if (state.selected && !ids.has(state.selected)) state.selected = null;
  renderer.setScene(scene);
  renderer.setClips(state.clips);
  renderer.setSelected(state.selected);
  controls.setScene(scene);
  editor.setScene(scene);
  if (state.conflict) controls.markConflict(state.conflict.broken, state.conflict.ids);
  document.body.dataset.scene = scene.name || '';
  const count = (scene.views || []).length;
  canvas.setAttribute('aria-label', `Preview of the scene ${scene.name}: ${count} views`);
  document.title = `${scene.title || scene.name} · Layout Playground`;
  syncDevice();
  updateInspector();
  refreshAmbiguity();
}

/** Re-read the scene document (after edits and actions change it server-side). */
async function refreshScene() {
  let answer;
  try {
    answer = await connection.request({ type: 'scene' });
  } catch {
    return;
  }
  if (answer.type !== 'scene' || !answer.scene) return;
  const scene = answer.scene;
  const key = (s) => JSON.stringify((s?.views || []).map((v) => [v.id, v.parent, v.color, v.label]));
  const sameViews = key(scene) === key(state.scene);
  state.scene = scene;
  if (!sameViews) {
    applyScene(scene);
  } else {
    renderer.scene = scene;
    controls.refresh(scene);
    editor.setScene(scene);
    if (state.conflict) controls.markConflict(state.conflict.broken, state.conflict.ids);
    syncDevice();
    refreshAmbiguity();
    renderer.invalidate();
  }
  if (state.edited) state.wanted = { doc: shareableScene(scene, state.clips), name: state.wanted?.name };
  updateHash();
}

let refreshTimer = 0;
/** Coalesces refreshes after a burst of edits (a slider drag sends many). */
function scheduleRefresh() {
  state.edited = true;
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => refreshScene(), 120);
}

async function refreshAmbiguity() {
  let answer;
  try {
    answer = await connection.request({ type: 'ambiguity' });
  } catch {
    return;
  }
  if (answer.type !== 'ambiguity') return;
  state.ambiguity = answer.views && typeof answer.views === 'object' ? answer.views : {};
  renderer.setAmbiguous(state.ambiguity);
  updateInspector();
}

// ---------------------------------------------------------------- URL sharing

let hashTimer = 0;
/** Keeps the URL in step: #scene=name for a built-in scene as loaded, #s=… once edited. */
function updateHash() {
  clearTimeout(hashTimer);
  hashTimer = setTimeout(async () => {
    if (!state.scene) return;
    let hash;
    if (state.edited) {
      hash = `#s=${await encodeScene(shareableScene(state.scene, state.clips))}`;
    } else {
      hash = `#scene=${encodeURIComponent(state.scene.name)}`;
    }
    if (window.location.hash !== hash) history.replaceState(null, '', hash);
  }, 60);
}

async function shareUrl() {
  if (!state.scene) return window.location.href;
  const packed = await encodeScene(shareableScene(state.scene, state.clips));
  const url = new URL(window.location.href);
  url.hash = `s=${packed}`;
  state.edited = true;
  history.replaceState(null, '', url.hash);
  return url.toString();
}

let toastTimer = 0;
function toast(text) {
  const node = $('toast');
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, 3500);
}

$('share').addEventListener('click', async () => {
  const url = await shareUrl();
  try {
    await navigator.clipboard.writeText(url);
    toast(`Link copied (${url.length} characters): it holds the whole scene.`);
  } catch {
    toast('The link in the address bar holds the whole scene; copy it from there.');
  }
});

// ---------------------------------------------------------------- export / import

const exportDialog = $('export-dialog');
let downloadUrl = '';

async function exportScene(format) {
  const text = $('export-text');
  const error = $('export-error');
  const link = $('export-download');
  error.hidden = true;
  text.value = 'Exporting…';
  $('export-title').textContent = format === 'swift' ? 'Export as Swift (UIKit)' : 'Export as JSON';
  if (!exportDialog.open) exportDialog.showModal();
  let answer;
  try {
    answer = await connection.request({ type: 'export', format });
  } catch (e) {
    answer = { type: 'error', code: 'closed', message: e.message };
  }
  let body = null;
  if (answer.type === 'export' && typeof answer.text === 'string') {
    body = answer.text;
    if (format === 'json') {
      try {
        body = `${JSON.stringify(shareableScene(JSON.parse(body), state.clips), null, 2)}\n`;
      } catch { /* keep the server's text */ }
    }
  } else if (format === 'json' && answer.code === 'unknown-type' && state.scene) {
    body = `${JSON.stringify(shareableScene(state.scene, state.clips), null, 2)}\n`;
  }
  if (body === null) {
    text.value = '';
    error.textContent = `Export failed: ${answer.code || 'error'}: ${answer.message || 'no answer'}`;
    error.hidden = false;
    link.hidden = true;
    return;
  }
  text.value = body;
  if (downloadUrl) URL.revokeObjectURL(downloadUrl);
  downloadUrl = URL.createObjectURL(new Blob([body], { type: format === 'swift' ? 'text/x-swift' : 'application/json' }));
  link.href = downloadUrl;
  link.download = `${state.scene?.name || 'scene'}.${format === 'swift' ? 'swift' : 'json'}`;
  link.hidden = false;
  text.focus();
  text.select();
}

$('export-json').addEventListener('click', () => exportScene('json'));
$('export-swift').addEventListener('click', () => exportScene('swift'));
$('export-copy').addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText($('export-text').value);
    $('export-copy').textContent = 'Copied';
  } catch {
    $('export-text').select();
    $('export-copy').textContent = 'Press Ctrl+C';
  }
  setTimeout(() => { $('export-copy').textContent = 'Copy'; }, 2000);
});

const importDialog = $('import-dialog');
$('import').addEventListener('click', () => {
  $('import-error').hidden = true;
  importDialog.showModal();
  $('import-text').focus();
});
$('import-file').addEventListener('change', async (event) => {
  const file = event.target.files?.[0];
  if (file) $('import-text').value = await file.text();
});
$('import-load').addEventListener('click', async () => {
  const error = $('import-error');
  error.hidden = true;
  let doc;
  try {
    doc = sceneFromText($('import-text').value);
  } catch (e) {
    error.textContent = `Not a scene document: ${e.message}`;
    error.hidden = false;
    return;
  }
  const answer = await loadDocument(doc, { edited: true });
  if (answer?.type === 'scene') {
    importDialog.close();
    toast(`Imported "${answer.scene.name}".`);
  } else {
    error.textContent = answer ? `${answer.code}: ${answer.message}` : 'Not connected.';
    error.hidden = false;
  }
});

// ---------------------------------------------------------------- devices

function fillDevices() {
  const select = $('device-select');
  const options = [new Option('Scene size', '')];
  for (const name of state.devices) options.push(new Option(name, name));
  select.replaceChildren(...options);
  syncDevice();
}

function syncDevice() {
  const root = state.scene?.root || {};
  const select = $('device-select');
  const name = root.device || '';
  if (![...select.options].some((o) => o.value === name)) select.append(new Option(name, name));
  select.value = name;
  const landscape = root.orientation === 'landscape';
  $('rotate').setAttribute('aria-pressed', String(landscape));
  $('rotate').textContent = 'Rotate';
  $('rotate').setAttribute('aria-label', landscape ? 'Rotate to portrait' : 'Rotate to landscape');
}

async function setDevice(name, orientation) {
  const message = { type: 'device', orientation };
  if (name) message.name = name;
  expectAnimation(0.4);
  try {
    const answer = await connection.request(message);
    if (answer.type !== 'error') {
      state.edited = true;
      await refreshScene();   // a keyboard that is up follows the rotation on the server
    } else {
      syncDevice();
    }
  } catch { /* closed */ }
}

$('device-select').addEventListener('change', (event) => {
  const name = event.target.value;
  if (name) setDevice(name, state.scene?.root?.orientation || 'portrait');
  else sceneSize();
});

/** "Scene size": the edited scene again, on the root it was loaded with (no device preset). */
async function sceneSize() {
  const root = state.scene?.root;
  if (!root?.device) return;
  const doc = shareableScene(state.scene, state.clips);
  doc.root = state.baseRoot
    ? { ...state.baseRoot }
    : { size: root.size, safeArea: root.safeArea, scale: root.scale };
  const answer = await loadDocument(doc, { edited: true });
  if (answer?.type !== 'scene') syncDevice();
}
$('rotate').addEventListener('click', () => {
  const landscape = state.scene?.root?.orientation === 'landscape';
  setDevice(state.scene?.root?.device || $('device-select').value || null, landscape ? 'portrait' : 'landscape');
});

// ---------------------------------------------------------------- timeline

const pauseButton = $('pause');
const scrubber = $('scrubber');

function syncTimeline() {
  const open = connection.state === 'open';
  pauseButton.textContent = state.paused ? 'Resume' : 'Pause';
  pauseButton.setAttribute('aria-pressed', String(state.paused));
  scrubber.disabled = !open || !state.paused;
  const t = state.timeline;
  if (t.start === null) {
    $('scrub-time').textContent = 'no animation yet';
    return;
  }
  const min = t.start;
  const max = Math.max(t.end, t.start + 0.05);
  // Whole microseconds: the range's steps count from min, and float noise in max - min would
  // leave End one step short of the end.
  scrubber.min = String(Math.round(min * 1e6) / 1e6);
  scrubber.max = String(Math.round(max * 1e6) / 1e6);
  if (!state.scrubbing && typeof state.lastTime === 'number') {
    scrubber.value = String(Math.min(max, Math.max(min, state.lastTime)));
  }
  const now = typeof state.lastTime === 'number' ? Math.min(max, Math.max(min, state.lastTime)) - min : 0;
  $('scrub-time').textContent = `${now.toFixed(3)} / ${(max - min).toFixed(3)} s`;
  scrubber.setAttribute('aria-valuetext', `${now.toFixed(3)} of ${(max - min).toFixed(3)} seconds`);
  document.body.dataset.paused = String(state.paused);
}

pauseButton.addEventListener('click', async () => {
  const type = state.paused ? 'resume' : 'pause';
  try {
    const answer = await connection.request({ type });
    if (answer.type !== 'error') state.paused = type === 'pause';
    state.clockTime = null;
    if (state.paused && typeof state.lastTime === 'number') {
      // Stop on the instant last drawn, so the session's time is known while paused: animations
      // started now begin there (a paused clock streams no frames to tell).
      state.seeking += 1;
      try {
        const sought = await connection.request({ type: 'seek', time: state.lastTime });
        if (sought.type !== 'error') state.clockTime = state.lastTime;
      } finally {
        state.seeking -= 1;
      }
    }
  } catch { /* closed */ }
  syncTimeline();
});

/** Before a message that may animate: while paused, its animations start at the known clock time. */
function expectAnimation(seconds) {
  const t = state.timeline;
  t.expected = seconds;
  if (state.paused && state.clockTime !== null) {
    t.start = state.clockTime;
    t.end = state.clockTime + Math.max(0.05, seconds);
    syncTimeline();
  }
}

$('speed').addEventListener('change', async (event) => {
  const speed = Number.parseFloat(event.target.value) || 1;
  try {
    const answer = await connection.request({ type: 'clock', speed });
    if (answer.type !== 'error') state.speed = speed;
  } catch { /* closed */ }
});

scrubber.addEventListener('pointerdown', () => { state.scrubbing = true; });
document.addEventListener('pointerup', () => { state.scrubbing = false; });
scrubber.addEventListener('input', () => {
  const time = Number.parseFloat(scrubber.value);
  if (!Number.isFinite(time)) return;
  state.clockTime = time;
  sendLatest('seek', () => ({ type: 'seek', time }), { seek: true });
});

// ---------------------------------------------------------------- edits

// Latest-wins sending: while a message for a key awaits its answer, newer
// values replace the queued one, so dragging a slider never floods the socket.
const channels = new Map();

function sendLatest(key, build, { seek = false, refresh = true, onError = null } = {}) {
  let channel = channels.get(key);
  if (!channel) {
    channel = { busy: false, next: null };
    channels.set(key, channel);
  }
  channel.next = build;
  channel.onError = onError;
  channel.refresh = refresh;
  if (!channel.busy) pump(channel, { seek });
}

async function pump(channel, { seek }) {
  channel.busy = true;
  while (channel.next) {
    const build = channel.next;
    const onError = channel.onError;
    channel.next = null;
    if (seek) state.seeking += 1;
    try {
      const answer = await connection.request(build());
      if (answer?.type === 'error') onError?.(answer);
    } catch {
      channel.next = null; // closed; the scene is reloaded on reconnect
    } finally {
      if (seek) state.seeking -= 1;
    }
  }
  channel.busy = false;
  if (channel.refresh && !seek) {
    if (state.conflict || controls.hasBroken()) state.conflict = null;
    scheduleRefresh();
  }
}

/** Wrap ops in an animation block when "animate changes" is on. */
function edit(ops) {
  const animation = controls.animation();
  if (animation.enabled) {
    expectAnimation(animation.delay + animation.duration);
    return {
      type: 'animate',
      duration: animation.duration,
      delay: animation.delay,
      curve: animation.curve,
      // The classic bug: no layoutIfNeeded() inside the block, so the change jumps at the end of the turn.
      ops: animation.classicBug ? ops : [...ops, { type: 'layoutIfNeeded', view: 'root' }],
    };
  }
  return ops.length === 1 ? ops[0] : { type: 'batch', ops };
}

function changeConstant(id, constant, final) {
  // Animated edits go out when the slider is released (or a step is taken
  // with the keyboard); plain edits follow the slider live.
  if (controls.animation().enabled && !final) return;
  sendLatest(`constant:${id}`, () => edit([{ type: 'set', constraint: id, constant }]),
    { onError: () => revertConstraint(id) });
}

function changeConstraint(id, fields) {
  sendLatest(`fields:${id}`, () => edit([{ type: 'set', constraint: id, ...fields }]),
    { onError: () => revertConstraint(id) });
}

/** After a refused edit: the row shows the constraint as the server has it again. */
async function revertConstraint(id) {
  await refreshScene();
  controls.revert(id);
}

function changePriority(id, priority, old, active) {
  const crossing = (old >= 1000) !== (priority >= 1000);
  if (crossing && active) {
    // UIKit refuses to move an installed constraint between required and optional:
    // deactivate, change, reactivate (what you would write in an app).
    log.info(`${id}: required ⇄ optional, so it is deactivated, changed and reactivated`);
    sendLatest(`fields:${id}`, () => edit([
      { type: 'set', constraint: id, active: false },
      { type: 'set', constraint: id, priority },
      { type: 'set', constraint: id, active: true },
    ]), { onError: () => revertConstraint(id) });
  } else {
    sendLatest(`fields:${id}`, () => edit([{ type: 'set', constraint: id, priority }]),
      { onError: () => revertConstraint(id) });
  }
}

async function request(message) {
  try {
    return await connection.request(message);
  } catch (error) {
    return { type: 'error', code: 'closed', message: error.message };
  }
}

async function removeConstraint(id) {
  const answer = await request(edit([{ type: 'remove', constraint: id }]));
  if (answer.type !== 'error') scheduleRefresh();
}

async function removeView(id) {
  const answer = await request(edit([{ type: 'remove', view: id }]));
  if (answer.type !== 'error') {
    if (state.selected === id) select(null);
    scheduleRefresh();
  }
}

async function addFromForm(message) {
  const answer = await request(message.type === 'add' && !message.view ? edit([message]) : message);
  if (answer.type !== 'error') scheduleRefresh();
  return answer;
}

async function exerciseAmbiguity(id) {
  const answer = await request({ type: 'exerciseAmbiguity', view: id });
  if (answer.type !== 'error') scheduleRefresh();
}

function setClips(id, on) {
  if (on) state.clips.add(id); else state.clips.delete(id);
  renderer.setClips(state.clips);
  state.edited = true;
  updateHash();
}

async function runAction(name) {
  const action = (state.scene?.actions || []).find((a) => a.name === name);
  expectAnimation(action ? opsDuration(action.ops, state.scene.actions) : 0.25);
  try {
    await connection.request({ type: 'action', name });
  } catch {
    return;
  }
  state.edited = true;
  refreshScene();
}

// Keyboard heights in points, portrait and landscape, without the QuickType bar. Approximations of
// UIKit's English keyboard (they vary with the iOS version, the language and the predictive bar):
// home-button iPhones 216 / 162; iPhones with a home indicator 291 / 171 (216 plus the 75 pt area
// under the keys, with the home indicator); the iPad 313 / 398.
const KEYBOARD_HEIGHTS = {
  'iphone-se': [216, 162],
  'iphone-8': [216, 162],
  'iphone-x': [291, 171],
  'iphone-15-pro-max': [291, 171],
  ipad: [313, 398],
};

/** The keyboard height for the scene's device and orientation (guessed from the root without a preset). */
function keyboardHeight(root = {}) {
  const [w, h] = Array.isArray(root.size) ? root.size : [375, 667];
  const landscape = root.device ? root.orientation === 'landscape' : w > h;
  let heights = KEYBOARD_HEIGHTS[root.device];
  if (!heights) {
    const safe = Array.isArray(root.safeArea) ? root.safeArea : [0, 0, 0, 0];
    if (Math.min(w, h) >= 700) heights = KEYBOARD_HEIGHTS.ipad;
    else if (safe[2] > 0 || safe[1] > 0 || safe[3] > 0) heights = KEYBOARD_HEIGHTS['iphone-x'];
    else heights = KEYBOARD_HEIGHTS['iphone-8'];
  }
  return heights[landscape ? 1 : 0];
}

async function moveKeyboard(show) {
  expectAnimation(0.25);
  const message = { type: 'keyboard', show };
  if (show) message.height = keyboardHeight(state.scene?.root);
  try {
    await connection.request(message);
  } catch {
    return; // closed; nothing to do
  }
  state.edited = true;
  refreshScene();
}

// ---------------------------------------------------------------- selection

function select(id) {
  if (state.nudge && state.nudge.id !== id) endNudge();
  state.selected = id && renderer.views.has(id) && id !== 'root' ? id : null;
  renderer.setSelected(state.selected);
  controls.highlightView(state.selected, { scroll: Boolean(state.selected) });
  updateInspector();
}

function updateInspector() {
  const id = state.selected;
  const view = id ? renderer.views.get(id) : null;
  editor.showView(view ? {
    id,
    label: view.label,
    color: renderer.colorOf(id),
    frame: state.frames[id]?.frame,
    ambiguous: state.ambiguity[id] || [],
    clips: state.clips.has(id),
  } : null);
}

$('deselect').addEventListener('click', () => select(null));

// ---------------------------------------------------------------- canvas pointer: hover, select, drag

let press = null; // { id, pointerId, x, y, grab, dragging }
const DRAG_SLOP = 3; // CSS px before a press becomes a drag

function canvasPoint(event) {
  const rect = canvas.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

function hoverAt(point) {
  state.pointer = point;
  const id = renderer.hitTest(point.x, point.y);
  renderer.setHovered(id);
  controls.highlightView(id || state.selected);
  canvas.classList.toggle('is-pointing', Boolean(id));
  updateTooltip();
}

/** The drag point: where the view's frame origin goes, in its superview's bounds space. */
function dragOrigin(id, point) {
  const parent = renderer.views.get(id)?.parent || 'root';
  return renderer.toBoundsSpace(renderer.views.has(parent) ? parent : 'root', point.x, point.y);
}

function sendDrag(id, phase, origin) {
  state.drags += 1;
  const message = { type: 'drag', view: id, phase, point: [round2(origin.x), round2(origin.y)] };
  sendLatest(`drag:${id}`, () => message, { refresh: phase === 'end' });
}

function round2(v) {
  return Math.round(v * 100) / 100;
}

canvas.addEventListener('pointerdown', (event) => {
  if (event.button !== 0) return;
  const point = canvasPoint(event);
  const id = renderer.hitTest(point.x, point.y);
  if (!id) {
    select(null);
    return;
  }
  const frame = state.frames[id]?.frame;
  const at = dragOrigin(id, point);
  press = {
    id, pointerId: event.pointerId, x: point.x, y: point.y, dragging: false,
    grab: frame && at ? { x: at.x - frame[0], y: at.y - frame[1] } : null,
  };
  canvas.setPointerCapture(event.pointerId);
});

canvas.addEventListener('pointermove', (event) => {
  const point = canvasPoint(event);
  if (!press || press.pointerId !== event.pointerId) {
    hoverAt(point);
    return;
  }
  if (!press.dragging) {
    if (Math.hypot(point.x - press.x, point.y - press.y) < DRAG_SLOP || !press.grab) return;
    press.dragging = true;
    endNudge();
    select(press.id);
    canvas.classList.add('is-dragging');
    dragHint(press.id);
  }
  const at = dragOrigin(press.id, point);
  if (!at) return;
  sendDrag(press.id, press.sent ? 'move' : 'begin', { x: at.x - press.grab.x, y: at.y - press.grab.y });
  press.sent = true;
  press.last = point;
});

function endPress(event, cancelled = false) {
  if (!press || press.pointerId !== event.pointerId) return;
  const done = press;
  press = null;
  canvas.classList.remove('is-dragging');
  if (done.dragging && done.sent) {
    const at = dragOrigin(done.id, done.last || canvasPoint(event));
    if (at) sendDrag(done.id, 'end', { x: at.x - done.grab.x, y: at.y - done.grab.y });
  } else if (!cancelled) {
    select(done.id);
  }
}

canvas.addEventListener('pointerup', (event) => endPress(event));
canvas.addEventListener('pointercancel', (event) => endPress(event, true));
canvas.addEventListener('pointerleave', () => { if (!press) clearHover(); });

// Keyboard: with the canvas focused, arrow keys walk through the views (parents
// first), Enter selects, Alt+arrows nudge the selected view through a drag, Escape clears.
canvas.addEventListener('keydown', (event) => {
  const ids = renderer.drawnViews();
  if (!ids.length) return;
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (event.altKey && arrows[event.key] && state.selected) {
    event.preventDefault();
    const step = event.shiftKey ? 10 : 1;
    const [dx, dy] = arrows[event.key];
    nudge(state.selected, dx * step, dy * step);
    return;
  }
  let index = ids.indexOf(renderer.hovered);
  if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
    index = (index + 1) % ids.length;
  } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
    index = index <= 0 ? ids.length - 1 : index - 1;
  } else if (event.key === 'Escape') {
    clearHover();
    select(null);
    return;
  } else if ((event.key === 'Enter' || event.key === ' ') && renderer.hovered) {
    event.preventDefault();
    select(renderer.hovered);
    $('announcer').textContent = `${renderer.hovered} selected: its constraints are drawn`;
    return;
  } else {
    return;
  }
  event.preventDefault();
  const id = ids[index];
  renderer.setHovered(id);
  controls.highlightView(id);
  state.pointer = renderer.centerOf(id);
  updateTooltip();
  const frame = state.frames[id]?.frame;
  $('announcer').textContent = frame ? `${id}: frame ${rectText(frame)}` : id;
});
canvas.addEventListener('keyup', (event) => { if (event.key === 'Alt') endNudge(); });
canvas.addEventListener('blur', () => {
  endNudge();
  clearHover();
});

/**
 * Alt+arrows drag the selected view while Alt is held: the target position is kept here and each
 * press moves it on from there (not from the last frame received, which lags behind quick presses).
 * Releasing Alt ends the drag: the constraints take over again (free positions stay).
 */
function nudge(id, dx, dy) {
  if (state.nudge && state.nudge.id !== id) endNudge();
  if (!state.nudge) {
    const frame = state.frames[id]?.frame;
    if (!frame) return;
    state.nudge = { id, x: frame[0], y: frame[1], sent: false };
    dragHint(id);
  }
  const n = state.nudge;
  n.x += dx;
  n.y += dy;
  sendDrag(id, n.sent ? 'move' : 'begin', n);
  n.sent = true;
  $('announcer').textContent = `${id} dragged to ${formatNumber(round2(n.x))}, ${formatNumber(round2(n.y))}`;
}

function endNudge() {
  const n = state.nudge;
  if (!n) return;
  state.nudge = null;
  if (n.sent) sendDrag(n.id, 'end', n);
}

/** How a drag of the view ends, from its ambiguous axes: "stays", "returns" or "x stays, y returns". */
function dragOutcome(id) {
  const free = state.ambiguity[id] || [];
  const x = free.includes('horizontal');
  const y = free.includes('vertical');
  if (x && y) return 'stays where dropped';
  if (!x && !y) return 'returns on release';
  return x ? 'x stays, y returns on release' : 'y stays, x returns on release';
}

/** Says, when a drag or nudge starts, that constraints take the view back when it ends. */
function dragHint(id) {
  const outcome = dragOutcome(id);
  if (outcome === 'stays where dropped') return;
  const which = outcome === 'returns on release' ? 'position' : `${outcome.startsWith('x') ? 'vertical' : 'horizontal'} position`;
  toast(`${id}: its constraints decide its ${which}; it moves only while held (as far as they allow) `
    + 'and goes back on release. Free (ambiguous) positions stay where dropped.');
}

function clearHover() {
  state.pointer = null;
  renderer.setHovered(null);
  controls.highlightView(state.selected);
  canvas.classList.remove('is-pointing');
  updateTooltip();
}

function rectText(values) {
  return values.map(formatNumber).join(', ');
}

function updateTooltip() {
  const id = state.pointer ? renderer.hovered : null;
  if (!id) {
    tooltip.hidden = true;
    return;
  }
  const view = renderer.views.get(id) || {};
  const s = state.frames[id] || {};
  const lines = [];
  if (s.frame) lines.push(['frame', rectText(s.frame)]);
  if (s.bounds && (s.bounds[0] || s.bounds[1])) lines.push(['bounds', rectText(s.bounds)]);
  if (s.alpha !== undefined && s.alpha !== 1) lines.push(['alpha', formatNumber(s.alpha)]);
  if (s.transform && s.transform.join(',') !== '1,0,0,1,0,0') lines.push(['transform', rectText(s.transform)]);
  if (state.ambiguity[id]) lines.push(['ambiguous', state.ambiguity[id].join(', ')]);
  lines.push(['drag', dragOutcome(id)]);
  const title = document.createElement('strong');
  title.textContent = view.label && view.label !== id ? `${id} · ${view.label}` : id;
  const table = document.createElement('dl');
  for (const [key, value] of lines) {
    const dt = document.createElement('dt');
    dt.textContent = key;
    const dd = document.createElement('dd');
    dd.textContent = value;
    table.append(dt, dd);
  }
  tooltip.replaceChildren(title, table);
  tooltip.hidden = false;
  // Keep the tooltip inside the stage, offset from the pointer.
  const stageRect = stage.getBoundingClientRect();
  const canvasRect = canvas.getBoundingClientRect();
  const px = state.pointer.x + canvasRect.left - stageRect.left;
  const py = state.pointer.y + canvasRect.top - stageRect.top;
  const w = tooltip.offsetWidth;
  const h = tooltip.offsetHeight;
  let x = px + 14;
  let y = py + 14;
  if (x + w > stageRect.width - 8) x = px - w - 14;
  if (y + h > stageRect.height - 8) y = py - h - 14;
  tooltip.style.transform = `translate(${Math.max(8, x)}px, ${Math.max(8, y)}px)`;
}

// ---------------------------------------------------------------- footer

function afterDraw() {
  seqText.textContent = state.lastSeq === null
    ? 'no frames yet'
    : `frame ${state.lastSeq} · ${formatNumber(Math.round((state.lastTime ?? 0) * 1000) / 1000)} s`;
  const label = state.paused ? 'paused' : state.final ? 'idle' : 'animating';
  animText.textContent = label;
  animText.classList.toggle('is-animating', label !== 'idle');
  if (state.pointer) updateTooltip();
  if (state.selected) updateInspector();
}

$('offscreen').addEventListener('change', (event) => renderer.setShowOffscreen(event.target.checked));
renderer.setShowOffscreen($('offscreen').checked);
$('log-clear').addEventListener('click', () => log.clear());

// ---------------------------------------------------------------- start

setConnectionState({ state: 'connecting' });
updateAnimationNote();
connection.start();
