// The page's entry point: builds the connection, the panels and the page's parts, wires them
// together (server messages in, user actions out) and connects. Exports nothing.
//
// document.body.dataset.state ("connecting" | "open" | "closed"), .session ("new" | "rejoined": the
// settled session, status.js), .scene (the loaded scene's name), .loading and .paused tell the
// stylesheet, and tests, where the page stands. Opened with
// ?test-hooks (the browser tests do), the page also loads test-hooks.js: window.playground.

import { CanvasScrolling } from './scrolling.js';
import { pageConnection } from './page-connection.js';
import { Renderer } from './renderer.js';
import { Controls, formatNumber } from './controls.js';
import { LogPanel } from './log.js';
import { Editor } from './editor.js';
import { FrameStore } from './frames.js';
import { LatestSender } from './sender.js';
import { Timeline } from './timeline.js';
import { Selection } from './selection.js';
import { Scenes } from './scenes.js';
import { followChanges } from './scene-changes.js';
import { SceneLink } from './link.js';
import { Devices } from './devices.js';
import { Edits } from './edits.js';
import { Tooltip } from './tooltip.js';
import { CanvasPointer } from './pointer.js';
import { ConnectionStatus } from './status.js';
import { Footer } from './footer.js';
import { ExportImport } from './export-import.js';
import { IBImport } from './ib-import.js';
import { ExplainPanel } from './explain.js';
import { History } from './history.js';
import { Presenting } from './presenting.js';
import { ViewConstraints } from './view-constraints.js';
import { Outline } from './outline.js';
import { SizeInspector } from './size-inspector.js';
import { QuickActions } from './quick-actions.js';
import { StackInspector } from './stacks.js';
import { toast, watchProblems } from './toast.js';
import { CanvasZoom } from './zoom.js';
import { menuButton } from './menu.js';

const $ = (id) => document.getElementById(id);

const canvas = $('canvas');
const connection = pageConnection();
const log = new LogPanel($('log'), $('log-count'));
watchProblems(log);
const frames = new FrameStore();

// The renderer draws once while it is built (a blank canvas), before the parts that follow a
// drawing exist: afterDraw is attached below, once they do.
const renderer = new Renderer(canvas, {
  getFrames: () => frames.views,
  isResting: () => frames.final,
  getKeyboard: () => frames.keyboard,
  getConstraints: () => controls.currentConstraints(),
  getReserved: () => {
    // The zoom controls float over the canvas's top right corner.
    const bar = document.querySelector('.zoom-controls');
    if (!bar || bar.offsetParent === null) return [];
    const r = bar.getBoundingClientRect();
    const c = canvas.getBoundingClientRect();
    return [[r.left - c.left, r.top - c.top, r.width, r.height]];
  },
});

const controls = new Controls({
  panel: $('panel'),
  sceneSelect: $('scene-select'),
  sceneTitle: $('scene-title'),
  sceneDescription: $('scene-description'),
  sceneEdited: $('scene-edited'),
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
  onSceneChange: (name) => scenes.choose(name),
  onAction: (name) => edits.runAction(name),
  onKeyboard: (show) => edits.moveKeyboard(show),
  onConstant: (id, value, { final }) => edits.changeConstant(id, value, final),
  onActive: (id, active) => edits.changeConstraint(id, { active }),
  onPriority: (id, value, old, active) => edits.changePriority(id, value, old, active),
  onRemoveConstraint: (id) => edits.removeConstraint(id),
  onHoverView: (id) => renderer.setHovered(id),
  colorOf: (id) => (id === 'root' ? '#1f2430' : renderer.colorOf(id)),
});

const editor = new Editor({
  onAdd: (message) => edits.addFromForm(message),
  onSelect: (id) => selection.select(id),
  onClips: (id, on) => scenes.setClips(id, on),
  onExercise: (id) => edits.exerciseAmbiguity(id),
  onRemoveView: (id) => edits.removeView(id),
});

const ambiguityOf = (id) => scenes.ambiguity[id];

const sender = new LatestSender(connection, {
  // An edit went through: a conflict reported before it is no longer news; read the scene again.
  onSettled: () => {
    scenes.conflict = null;
    scenes.scheduleRefresh();
  },
});
const timeline = new Timeline({ connection, frames, sender });
const selection = new Selection({ renderer, controls, editor, frames }, {
  ambiguityOf,
  contentSizeAmbiguityOf: (id) => scenes.scrollAmbiguity[id]?.message,
  clipsOf: (id) => scenes.clips.has(id),
  willSelect: (id) => pointer.endNudgeUnless(id),
});
const scenes = new Scenes({ connection, log, renderer, controls, editor, frames, selection, canvas }, {
  onRoot: () => devices.sync(),
  onChanged: () => {
    link.update();
    // A view the new scene lacks is not asked about: the selection lets it go after this.
    const kept = scenes.scene?.views?.some((view) => view.id === explain.viewId);
    if (kept) explain.refresh();
    else explain.follow(null);
    presenting.sceneChanged();
  },
  onHistory: (left) => history.show(left),
});
const link = new SceneLink(scenes);
const devices = new Devices({ connection, scenes, timeline });
const explain = new ExplainPanel({ connection, node: $('explain') });
const outline = new Outline({ node: $('outline') }, {
  // The inspector moves to the panel's top with a selection: the panel scrolls there too, so the
  // person lands on the view's name and constraints, not in the middle of what was below.
  onSelect: (id) => {
    selection.select(id);
    $('panel').scrollTo({ top: 0 });
  },
  onHover: (id) => renderer.setHovered(id),
  onGroup: () => renderer.invalidate(),
});
const quickActions = new QuickActions({ node: $('quick-actions'), frames, scenes }, {
  onAdd: (equations) => edits.addEquations(equations),
  onEmbed: () => edits.embedInStack([selection.selected, ...outline.extra].filter(Boolean)),
});
const stackInspector = new StackInspector({ node: $('stack-inspector') }, {
  onChange: (id, stack) => edits.changeView(id, { stack }),
});
const sizeInspector = new SizeInspector({ node: $('size-inspector') }, {
  onChange: (id, fields) => edits.changeView(id, fields),
});
const viewConstraints = new ViewConstraints({ list: $('view-constraints'), count: $('view-constraints-count'), controls }, {
  onReplace: (id, equation, active) => edits.replaceConstraint(id, equation, active),
});
const history = new History({ connection, scenes, undo: $('undo'), redo: $('redo'), reset: $('reset-scene') }, {
  onRestored: () => explain.refresh(),
  onEdited: (edited) => controls.showEdited(edited),
});
const edits = new Edits({ connection, sender, controls, log, timeline, scenes, selection });
const tooltip = new Tooltip({ node: $('tooltip'), stage: $('stage'), canvas, renderer, frames }, { ambiguityOf });
const pointer = new CanvasPointer({
  canvas, announcer: $('announcer'), renderer, controls, frames, selection, sender, tooltip,
}, { ambiguityOf, toast });
const zoom = new CanvasZoom({
  canvas, renderer, zoomIn: $('zoom-in'), zoomOut: $('zoom-out'), zoomFit: $('zoom-fit'), zoomActual: $('zoom-actual'),
  level: $('zoom-level'), focus: () => (selection.selected ? renderer.centerOf(selection.selected) : null),
});
new CanvasScrolling({ canvas, renderer, frames, sender }); // the wheel and Shift+drag scroll scroll views
const status = new ConnectionStatus({ connection, controls, log, timeline });
const footer = new Footer({ frames, timeline });
new ExportImport({ connection, scenes }); // it only listens to its buttons
const presenting = new Presenting({ connection, scenes, controls, renderer, selection, sender, canvas }, {
  onOwnSession: () => status.showOwnSession(connection.session?.id ?? null),
});
new IBImport({ scenes, log, stage: $('stage') }); // the same: its button, the canvas drop, its dialog

/** What the outline, Pin and Align, and the size and stack inspectors show, as of the last drawing. */
let panelInputs = [];

/**
 * After each drawing: the footer, and the tooltip and inspector of what moved. The panel parts that
 * follow only the scene document, the selection, ambiguity and hidden views are refreshed when one
 * of those changed, not on every frame of an animation.
 */
renderer.onDraw = () => {
  footer.update();
  zoom.show();
  if (tooltip.point) tooltip.update();
  if (selection.selected) selection.updateInspector();
  viewConstraints.show(selection.selected);
  explain.follow(selection.selected);
  presenting.afterDraw();
  const hidden = (scenes.scene?.views || []).filter((v) => frames.views[v.id]?.hidden === true).map((v) => v.id).join(',');
  const inputs = [scenes.scene, selection.selected, scenes.ambiguity, hidden, outline.extra.join(',')];
  if (inputs.every((value, i) => value === panelInputs[i])) return;
  panelInputs = inputs;
  const view = selection.selected ? renderer.views.get(selection.selected) : null;
  quickActions.show(selection.selected);
  stackInspector.show(view);
  sizeInspector.show(view);
  outline.show(scenes.scene?.views, selection.selected, {
    hiddenOf: (id) => frames.views[id]?.hidden === true,
    ambiguityOf,
  });
};

function updateAnimationNote() {
  const a = controls.animation();
  $('animation-note').textContent = a.enabled
    ? `${formatNumber(a.duration)} s${a.classicBug ? ' · classic bug' : ''}`
    : 'off';
}
for (const id of ['animate', 'duration', 'curve', 'classic-bug']) $(id).addEventListener('change', updateAnimationNote);

$('deselect').addEventListener('click', () => selection.select(null));
$('offscreen').addEventListener('change', (event) => renderer.setShowOffscreen(event.target.checked));
renderer.setShowOffscreen($('offscreen').checked);
menuButton($('overlays-button'), $('overlays-menu'));
menuButton($('file-button'), $('file-menu'));
for (const box of document.querySelectorAll('input[data-overlay]')) {
  box.addEventListener('change', () => renderer.setOverlay(box.dataset.overlay, box.checked));
  renderer.setOverlay(box.dataset.overlay, box.checked);
}
$('log-clear').addEventListener('click', () => log.clear());

// ---------------------------------------------------------------- server messages

/** Whether a scene document is the one a session starts with (or a follower is left with): nothing in it. */
function isEmptySession(scene) {
  return scene.name === 'empty' && (!Array.isArray(scene.views) || scene.views.length === 0);
}

/**
 * A settled session (the connection's "session" event): the old one taken back (`rejoined`) continues
 * as it stands; a new one opens the wanted scene or follows again.
 */
function onSession({ hello, rejoined, refused }) {
  const names = Array.isArray(hello.scenes) ? hello.scenes : [];
  const reconnected = status.reconnecting;
  controls.setSceneTitles(hello.sceneTitles);
  devices.fill(Array.isArray(hello.devices) ? hello.devices : [], hello.deviceTitles || {});
  if (rejoined) {
    // Scene, clock, animations and share are the server's as they were: nothing is loaded again,
    // and the complete `frames` before the answer brought the canvas up to date.
    const following = typeof rejoined.following === 'string' ? `following ${rejoined.following}` : null;
    status.showSession(following ?? rejoined.session ?? null, { rejoined: true });
    log.info(`Rejoined session ${rejoined.session}: scene, clock and share as they were`);
    if (rejoined.scene && !following && isEmptySession(rejoined.scene)) {
      // Nothing to take back (a follower's session after its share ended, reloaded): the page's own
      // scene is opened in it rather than a blank canvas.
      scenes.open(names);
    } else if (rejoined.scene) {
      scenes.rejoined(rejoined.scene, names);
    }
    // The clock as the session runs it (speed, paused), not a new page's 1× and running.
    if (rejoined.clock && typeof rejoined.clock === 'object') timeline.restore(rejoined.clock);
    return;
  }
  const session = hello.session ?? null;
  status.showSession(session);
  if (refused && !presenting.following) log.info(`The session could not be taken back (${refused}); the scene is loaded into a new one`);
  log.info(`Connected${session ? ` (session ${session})` : ''}; ${names.length} scenes`);
  timeline.startSession();
  // A follow link (#follow=CODE) watches someone else's session instead of opening a scene; a
  // follower whose connection dropped follows again by its code. While the notice of an ended follow
  // waits for the user's choice (null), nothing is opened.
  const following = presenting.onHello();
  if (following) {
    scenes.list = names;
    following.then((code) => {
      if (code && reconnected) status.showSession(`following ${code}`, { rejoined: true });
    });
  } else if (following === null) {
    scenes.list = names;
  } else {
    scenes.open(names);
  }
}

function onFrames(message) {
  timeline.onFrames(frames.receive(message));
  renderer.invalidate();
  timeline.sync();
}

followChanges(connection, scenes);
connection.addEventListener('state', (event) => status.show(event.detail));
connection.addEventListener('session', (event) => onSession(event.detail));
connection.addEventListener('message', (event) => {
  const message = event.detail;
  switch (message.type) {
    case 'frames': onFrames(message); break;
    case 'conflict': scenes.onConflict(message); break;
    case 'error': log.error(message.code, message.message, message.re != null ? `(request #${message.re})` : ''); break;
    default: break; // hello is the session event's; ok, scene and animationEnd are handled by the requests that caused them
  }
});

// ---------------------------------------------------------------- start

if (new URLSearchParams(window.location.search).has('test-hooks')) {
  const { installTestHooks } = await import('./test-hooks.js');
  installTestHooks({ connection, sender, renderer, frames, scenes, devices, selection, timeline, pointer, link, explain, presenting });
}
status.show({ state: 'connecting' });
updateAnimationNote();
connection.start();
