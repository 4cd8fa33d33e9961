// Wiring: connection ⇄ state ⇄ renderer / controls / log.
//
// For browser tests: document.body.dataset.state is "connecting" | "open" |
// "closed", document.body.dataset.scene is the loaded scene's name, and
// window.playground exposes { frames, lastSeq, … } (frames: the latest merged
// per-view state { id: { frame, bounds, alpha, transform } }).

import { Connection } from './connection.js';
import { Renderer } from './renderer.js';
import { Controls, formatNumber } from './controls.js';
import { LogPanel } from './log.js';

const $ = (id) => document.getElementById(id);

const state = {
  scenes: [],
  session: null,
  scene: null, // the loaded scene document
  wanted: null, // name of the scene we want loaded (survives reconnects)
  frames: {}, // id -> { frame, bounds, alpha, transform }
  keyboard: null, // [x, y, w, h] in root space, when the server sends it
  lastSeq: null,
  lastTime: null,
  final: true,
  conflict: null, // { broken, ids, load } from the last conflict message
  loads: 0, // load requests sent
  wasOpen: false,
  pointer: null, // { x, y } CSS px within the stage
};

const stage = $('stage');
const canvas = $('canvas');
const tooltip = $('tooltip');
const seqText = $('seq');
const animText = $('anim-state');

const connection = new Connection();
const log = new LogPanel($('log'), $('log-count'));

const renderer = new Renderer(canvas, {
  getFrames: () => state.frames,
  getKeyboard: () => state.keyboard,
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
  curve: $('curve'),
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
  onHoverView: (id) => renderer.setHovered(id),
  colorOf: (id) => (id === 'root' ? '#1f2430' : renderer.colorOf(id)),
});

// ---------------------------------------------------------------- test hooks

window.playground = {
  get frames() { return state.frames; },
  get lastSeq() { return state.lastSeq; },
  get lastTime() { return state.lastTime; },
  get keyboard() { return state.keyboard; },
  get final() { return state.final; },
  get scene() { return state.scene; },
  get scenes() { return state.scenes; },
  get state() { return connection.state; },
  get draws() { return renderer.drawCount; },
  hitTest: (x, y) => renderer.hitTest(x, y), // CSS px relative to the canvas
  send: (message) => connection.request(message),
  load: (name) => chooseScene(name),
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

function onHello(message) {
  state.session = message.session ?? null;
  state.scenes = Array.isArray(message.scenes) ? message.scenes : [];
  $('status-text').textContent = state.session ? `Connected · ${state.session}` : 'Connected';
  log.info(`Connected${state.session ? ` (session ${state.session})` : ''}; ${state.scenes.length} scenes`);
  const first = sceneFromHash() || state.wanted || state.scenes[0];
  controls.setScenes(state.scenes, first);
  if (first) loadScene(first);
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
  if (message.time !== undefined) state.lastTime = message.time;
  state.final = message.final === true;
  renderer.invalidate();
}

function onConflict(message) {
  const ids = Array.isArray(message.constraints) ? message.constraints : [];
  state.conflict = { broken: message.broken, ids, load: state.loads };
  controls.markConflict(message.broken, ids);
  log.conflict(message);
  // A constraint we do not list yet (added by someone else's message): re-read the scene.
  if (message.broken && !controls.rows.has(message.broken)) refreshScene();
}

// ---------------------------------------------------------------- scenes

function sceneFromHash() {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return params.get('scene') || null;
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

window.addEventListener('hashchange', () => {
  const name = sceneFromHash();
  if (name && name !== state.scene?.name) loadScene(name);
});

async function loadScene(name) {
  state.wanted = name;
  state.loads += 1;
  document.body.dataset.loading = name;
  let answer;
  try {
    answer = await connection.request({ type: 'load', name });
  } catch (error) {
    if (state.wanted === name) delete document.body.dataset.loading;
    return; // closed: the reconnect loads it again
  }
  if (state.wanted === name) delete document.body.dataset.loading;
  if (answer.type === 'scene' && answer.scene) {
    applyScene(answer.scene);
  } else if (answer.type === 'error' && !state.scene && state.scenes.length && name !== state.scenes[0]) {
    // A bad #scene=… on first load: fall back to the first built-in scene.
    chooseScene(state.scenes[0]);
  } else if (state.scene) {
    controls.selectScene(state.scene.name);
  }
}

function applyScene(scene) {
  state.scene = scene;
  // A conflict reported while this scene loaded belongs to it; older ones do not.
  if (state.conflict && state.conflict.load !== state.loads) state.conflict = null;
  // Drop per-view state of views that are not in this scene.
  const ids = new Set(['root', ...(scene.views || []).map((v) => v.id)]);
  for (const id of Object.keys(state.frames)) if (!ids.has(id)) delete state.frames[id];
  renderer.setScene(scene);
  controls.setScene(scene);
  if (state.conflict) controls.markConflict(state.conflict.broken, state.conflict.ids);
  document.body.dataset.scene = scene.name || '';
  const count = (scene.views || []).length;
  canvas.setAttribute('aria-label', `Preview of the scene ${scene.name}: ${count} views`);
  document.title = `${scene.title || scene.name} · Layout Playground`;
}

/** Re-read the scene document (after actions change constants server-side). */
async function refreshScene() {
  let answer;
  try {
    answer = await connection.request({ type: 'scene' });
  } catch {
    return;
  }
  if (answer.type !== 'scene' || !answer.scene) return;
  const scene = answer.scene;
  if (state.scene && scene.name && scene.name !== state.scene.name) return;
  const sameViews = JSON.stringify((scene.views || []).map((v) => [v.id, v.parent, v.color]))
    === JSON.stringify((state.scene?.views || []).map((v) => [v.id, v.parent, v.color]));
  state.scene = { ...state.scene, ...scene };
  if (!sameViews) renderer.setScene(state.scene);
  controls.refresh(state.scene);
  if (state.conflict) controls.markConflict(state.conflict.broken, state.conflict.ids);
}

// ---------------------------------------------------------------- edits

// Latest-wins sending: while a message for a key awaits its answer, newer
// values replace the queued one, so dragging a slider never floods the socket.
const channels = new Map();

function sendLatest(key, build) {
  let channel = channels.get(key);
  if (!channel) {
    channel = { busy: false, next: null };
    channels.set(key, channel);
  }
  channel.next = build;
  if (!channel.busy) pump(channel);
}

async function pump(channel) {
  channel.busy = true;
  while (channel.next) {
    const build = channel.next;
    channel.next = null;
    try {
      await connection.request(build());
    } catch {
      channel.next = null; // closed; the scene is reloaded on reconnect
    }
  }
  channel.busy = false;
  refreshIfBroken();
}

/** Wrap ops in an animation block when "animate changes" is on. */
function edit(ops) {
  const animation = controls.animation();
  if (animation.enabled) {
    return {
      type: 'animate',
      duration: animation.duration,
      curve: animation.curve,
      ops: [...ops, { type: 'layoutIfNeeded', view: 'root' }],
    };
  }
  return ops.length === 1 ? ops[0] : { type: 'batch', ops };
}

/** After an edit, re-read the scene while something is broken: it may have healed. */
function refreshIfBroken() {
  if (state.conflict || controls.hasBroken()) {
    state.conflict = null;
    refreshScene();
  }
}

function changeConstant(id, constant, final) {
  // Animated edits go out when the slider is released (or a step is taken
  // with the keyboard); plain edits follow the slider live.
  if (controls.animation().enabled && !final) return;
  sendLatest(`constant:${id}`, () => edit([{ type: 'set', constraint: id, constant }]));
}

function changeConstraint(id, fields) {
  sendLatest(`fields:${id}`, () => edit([{ type: 'set', constraint: id, ...fields }]));
}

async function runAction(name) {
  try {
    await connection.request({ type: 'action', name });
  } catch {
    return;
  }
  refreshScene();
}

async function moveKeyboard(show) {
  try {
    await connection.request({ type: 'keyboard', show });
  } catch {
    // closed; nothing to do
  }
}

// ---------------------------------------------------------------- canvas hover


function hoverAt(event) {
  const rect = canvas.getBoundingClientRect();
  const x = event.clientX - rect.left;
  const y = event.clientY - rect.top;
  state.pointer = { x, y };
  const id = renderer.hitTest(x, y);
  renderer.setHovered(id);
  controls.highlightView(id);
  canvas.classList.toggle('is-pointing', Boolean(id));
  updateTooltip();
}

canvas.addEventListener('pointermove', hoverAt);
canvas.addEventListener('pointerleave', () => clearHover());
canvas.addEventListener('click', (event) => {
  const rect = canvas.getBoundingClientRect();
  const id = renderer.hitTest(event.clientX - rect.left, event.clientY - rect.top);
  if (id) controls.highlightView(id, { scroll: true });
});

// Keyboard: with the canvas focused, arrow keys walk through the views (parents
// first), Enter shows the view's constraints, Escape clears.
canvas.addEventListener('keydown', (event) => {
  const ids = renderer.drawnViews();
  if (!ids.length) return;
  let index = ids.indexOf(renderer.hovered);
  if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
    index = (index + 1) % ids.length;
  } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
    index = index <= 0 ? ids.length - 1 : index - 1;
  } else if (event.key === 'Escape') {
    clearHover();
    return;
  } else if (event.key === 'Enter' && renderer.hovered) {
    controls.highlightView(renderer.hovered, { scroll: true });
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
canvas.addEventListener('blur', () => clearHover());

function clearHover() {
  state.pointer = null;
  renderer.setHovered(null);
  controls.highlightView(null);
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
    : `frame ${state.lastSeq} · t ${formatNumber(Math.round((state.lastTime ?? 0) * 1000) / 1000)} s`;
  animText.textContent = state.final ? 'idle' : 'animating';
  animText.classList.toggle('is-animating', !state.final);
  if (state.pointer) updateTooltip();
}

$('offscreen').addEventListener('change', (event) => renderer.setShowOffscreen(event.target.checked));
renderer.setShowOffscreen($('offscreen').checked);
$('log-clear').addEventListener('click', () => log.clear());

// ---------------------------------------------------------------- start

setConnectionState({ state: 'connecting' });
connection.start();
