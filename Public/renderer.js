// Canvas drawing: the device rectangle scaled to fit, every view as a labelled
// rounded box at its on-screen rect (parent's on-screen origin + frame.origin
// − parent's bounds.origin, then the transform about the center), alpha
// multiplied down the tree, children after parents. At most one draw per
// animation frame: callers mark the picture dirty with invalidate().
//
// Exports Renderer, axisOf(attribute), splitAnchor(name), touches(constraint, id) and paletteColor(index).

import { drawText, loadFonts } from './text.js';
import { deviceBox, labelColorFor, roundedRect } from './draw-utils.js';
import { drawLabels as placeLabels } from './labels.js';
import { StageFit } from './stage-fit.js';
import { Placement } from './placement.js';
import { drawControl, drawsOwnText } from './control-drawing.js';
import { badgeSpots } from './badge-spots.js';

const PALETTE = [
  '#4a90e2', '#50b37d', '#f5a623', '#9b6bd3', '#e26d5a',
  '#3bb3c3', '#c9a227', '#7c8da6', '#e07bb5', '#6cbf4a',
];
const BEZEL = 7; // CSS px
const ACCENT = '#1d5fd1';
const GHOST_ALPHA = 0.3; // views outside the screen are drawn this faint
const HIT_MIN_ALPHA = 0.01; // UIKit ignores views with alpha < 0.01 when hit testing
const LINE_REQUIRED = '#1d5fd1';
const LINE_BROKEN = '#d92d20';
const LINE_CONFLICT = '#ea580c'; // the rest of a conflicting set
const AMBIGUOUS = '#c2410c';
const SAFE_AREA = '#d9480f';
const MARGINS = '#7c3aed';
const FOLD_COLOR = '#374151'; // the "+N" pill of the badges no spot holds
/** Badge sizes tried in turn: font and pill height, CSS px; pad: the pill's width beyond the text. */
const BADGE_SIZES = [{ font: 11, height: 15, pad: 8 }, { font: 9, height: 12, pad: 6 }];
/** Where along a folded line the "+N" pill is tried: 0 is the first anchor, 1 the second. */
const BADGE_ALONG = [0.5, 0.3, 0.7, 0.15, 0.85, 0, 1];
/** CSS px a badge keeps from names, text, captions and other badges, so none touches another. */
const BADGE_GAP = 2;
/** CSS px an overlay's caption (the status bar's time, "safe area") keeps from names and text. */
const CAPTION_GAP = 3;
/** Canvas text in presenter mode grows with the device up to this many times its size. */
const TEXT_SCALE_MAX = 2;

const X_ATTRIBUTES = new Set(['left', 'right', 'leading', 'trailing', 'centerX', 'leftMargin', 'rightMargin',
  'leadingMargin', 'trailingMargin', 'centerXWithinMargins']);
const SIZE_ATTRIBUTES = new Set(['width', 'height']);

/** "horizontal" or "vertical" for an attribute name. */
export function axisOf(attribute) {
  return X_ATTRIBUTES.has(attribute) || attribute === 'width' ? 'horizontal' : 'vertical';
}

/** Splits "root.safeArea.top" into { item: "root.safeArea", attribute: "top" }. */
export function splitAnchor(name) {
  const text = String(name || '');
  const dot = text.lastIndexOf('.');
  return dot < 0 ? { item: text, attribute: '' } : { item: text.slice(0, dot), attribute: text.slice(dot + 1) };
}

/** Position of an attribute along its axis in a rect [x, y, w, h] (margins already applied). */
function attributeValue(attribute, [x, y, w, h]) {
  switch (attribute.replace(/Margin$|WithinMargins$/, '')) {
    case 'left': case 'leading': return x;
    case 'right': case 'trailing': return x + w;
    case 'centerX': return x + w / 2;
    case 'top': return y;
    case 'bottom': case 'firstBaseline': case 'lastBaseline': return y + h;
    case 'centerY': return y + h / 2;
    case 'width': return w;
    case 'height': return h;
    default: return null;
  }
}

/** A box { x0, y0, x1, y1 } of device px as a CSS-px rectangle [x, y, w, h]. */
function cssRectOf(box, dpr) {
  return [box.x0 / dpr, box.y0 / dpr, (box.x1 - box.x0) / dpr, (box.y1 - box.y0) / dpr];
}

/** Whether a constraint names view `id` (or one of its guides) as its first or second item. */
export function touches(c, id) {
  const owner = (anchor) => splitAnchor(anchor).item.split('.')[0];
  return owner(c.first) === id || (Boolean(c.second) && owner(c.second) === id);
}

/** A CSS-px rectangle [x, y, w, h] as the box { x0, y0, x1, y1 } Placement takes, scaled by `k`. */
function boxOf([x, y, w, h], k = 1) {
  return { x0: x * k, y0: y * k, x1: (x + w) * k, y1: (y + h) * k };
}

function insetRect([x, y, w, h], [top, left, bottom, right]) {
  return [x + left, y + top, Math.max(0, w - left - right), Math.max(0, h - top - bottom)];
}

export function paletteColor(index) {
  return PALETTE[index % PALETTE.length];
}

function isIdentity(t) {
  return !t || (t[0] === 1 && t[1] === 0 && t[2] === 0 && t[3] === 1 && t[4] === 0 && t[5] === 0);
}

/** "544", "≥ 8 @750", "× 0.5": the short text drawn on a constraint's line. */
function constraintLabel(c) {
  const rel = c.relation === '<=' ? '≤ ' : c.relation === '>=' ? '≥ ' : '';
  const parts = [];
  const m = c.multiplier ?? 1;
  if (c.second && m !== 1) parts.push(`×${Number(m.toFixed(3))}`);
  const k = c.constant ?? 0;
  if (k !== 0 || !c.second) parts.push(String(Number(k.toFixed(2))));
  let text = `${rel}${parts.join(' ') || '0'}`;
  if ((c.priority ?? 1000) < 1000) text += ` @${Number((c.priority).toFixed(1))}`;
  if (c.broken) text += ' broken';
  return text;
}

export class Renderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{ getFrames: () => object, isResting?: () => boolean, getReserved?: () => number[][],
   *   onDraw?: () => void }} options
   *   isResting: whether the frames are a resting layout (no animation between them and the next), the
   *   only ones the fit measures, so the zoom holds still through an animation; getReserved: CSS-px
   *   rectangles [x, y, w, h] over the canvas (the zoom controls) the fitted device is kept below
   */
  constructor(canvas, { getFrames, getKeyboard, getConstraints, isResting, getReserved, onDraw } = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.getFrames = getFrames || (() => ({}));
    this.isResting = isResting || (() => true);
    this.getReserved = getReserved || (() => []);
    this.padTop = undefined; // CSS px above the fitted device: room for what getReserved names
    this.getKeyboard = getKeyboard || (() => null);
    this.getConstraints = getConstraints || (() => []);
    this.onDraw = onDraw || (() => {});
    this.selected = null; // view whose constraints are drawn
    this.ambiguous = new Map(); // view id -> ["horizontal" | "vertical"]
    this.clips = new Set(); // views that clip their subviews (clipsToBounds, drawing only)
    this.inner = new Map(); // id -> DOMMatrix of the view's bounds space (children space), on screen
    this.guideRects = new Map(); // "owner.guide" -> { owner, rect } in the owner's bounds space
    this.scene = null;
    this.views = new Map(); // id -> scene view (root included)
    this.children = new Map(); // id -> [child ids] in scene order
    this.colors = new Map();
    this.hovered = null;
    this.showOffscreen = true;
    this.hits = []; // [{ id, matrix: DOMMatrix (device px), w, h, alpha, offscreen }] in draw order
    this.labels = []; // [{ id, text, full, size, rect, box, backdrop, offscreen }] as drawn (CSS px, tests)
    this.texts = []; // [{ id, rect, offscreen }]: the lines of text views as drawn (CSS px, tests)
    this.overlayLabels = []; // [{ id, text, rect }]: the safe area's and keyboard's captions (CSS px, tests)
    this.badges = []; // [{ id, text, size, rect, line }]: the selected view's constraint badges and their lines' ends (CSS px, tests)
    this.foldedBadges = []; // [{ id, text }]: badges no spot held, counted in badgeFold
    this.badgeFold = null; // { text: "+N", ids, rect }: the pill standing for foldedBadges, as drawn
    this.conflict = null; // { broken, ids } of the last conflict still standing (drawn without a selection)
    this.edgeMarkers = []; // [{ id, side, x, y }]: arrows to conflicting views outside the screen (CSS px, tests)
    this.overlays = { safeArea: true, margins: false, keyboard: true, chrome: true }; // which overlays are drawn
    this.chrome = []; // [{ part, rect }]: the device chrome as drawn (CSS px, tests)
    this.zoom = 1; // × the scale that fits the device in the canvas
    this.panX = 0; // CSS px the device is moved from the canvas's centre
    this.panY = 0;
    this.fit = new StageFit(); // the fitted scale and origin, with the views beside the screen in sight
    this.labelJobs = null; // labels of the pass being drawn, drawn after its boxes
    this.textJobs = null; // device-px boxes of the text lines of the pass being drawn
    this.cssWidth = 0;
    this.cssHeight = 0;
    this.dpr = 1;
    this.layout = null; // { ox, oy, scale, W, H } of the last draw
    this.presenter = false; // presenter mode: canvas text grows with the fitted device (textScale)
    this.textScale = 1; // × the CSS px size of names, badges and captions in this draw
    this.rafId = 0;
    this.drawCount = 0;

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(canvas);
    this.resize();
  }

  setScene(scene) {
    if (scene?.name !== this.scene?.name) this.fit.reset();
    this.scene = scene;
    this.views.clear();
    this.children.clear();
    this.colors.clear();
    this.hovered = null;
    if (this.selected && !(scene?.views || []).some((v) => v.id === this.selected)) this.selected = null;
    if (scene) {
      const [W, H] = scene.root?.size || [375, 667];
      this.views.set('root', { id: 'root', parent: null, label: 'root', size: [W, H] });
      this.children.set('root', []);
      (scene.views || []).forEach((view, index) => {
        this.views.set(view.id, view);
        this.children.set(view.id, this.children.get(view.id) || []);
        this.colors.set(view.id, view.color || paletteColor(index));
      });
      loadFonts(scene.views || [], () => this.invalidate());
      for (const view of scene.views || []) {
        const parent = this.views.has(view.parent) ? view.parent : 'root';
        if (!this.children.has(parent)) this.children.set(parent, []);
        this.children.get(parent).push(view.id);
      }
    }
    this.invalidate();
  }

  colorOf(id) {
    return this.colors.get(id) || '#9aa3b2';
  }

  setHovered(id) {
    if (id === this.hovered) return;
    this.hovered = id;
    this.invalidate();
  }

  setSelected(id) {
    if (id === this.selected) return;
    this.selected = id;
    this.invalidate();
  }

  setAmbiguous(views) {
    this.ambiguous = new Map(Object.entries(views || {}));
    this.invalidate();
  }

  setClips(ids) {
    this.clips = new Set(ids);
    this.invalidate();
  }

  setShowOffscreen(on) {
    this.showOffscreen = on;
    this.invalidate();
  }

  /**
   * The conflict to draw: `{ broken, ids }` as the server's `conflict` names them (the broken
   * constraint's id and the ids of its set), or null once it is gone.
   */
  setConflict(conflict) {
    this.conflict = conflict && Array.isArray(conflict.ids) ? { broken: conflict.broken, ids: conflict.ids } : null;
    this.invalidate();
  }

  /**
   * Presenter mode on or off: on, names, badges and captions are drawn TEXT_SCALE_MAX times larger
   * at most, as large as the fitted device is over 1 CSS px a point, so a room can read them.
   */
  setPresenter(on) {
    this.presenter = Boolean(on);
    this.invalidate();
  }

  /** Sets the zoom (× the fitted scale) and the pan (CSS px from centred), and redraws. */
  setViewport(zoom, panX, panY) {
    this.zoom = zoom;
    this.panX = panX;
    this.panY = panY;
    this.invalidate();
  }

  /**
   * Zooms by `factor` (the result kept within [min, max]) about a canvas point in CSS px: the root
   * point under it stays under it. With s the scale and o the device origin, p = (c − o) / s must
   * hold before and after, so o' = c − p × s'; the pan is o' less the centred origin.
   */
  zoomAt(cssX, cssY, factor, min, max) {
    const L = this.layout;
    const zoom = Math.min(max, Math.max(min, this.zoom * factor));
    if (!L) {
      this.setViewport(zoom, this.panX, this.panY);
      return;
    }
    const fitted = L.scale / this.zoom;
    const scale = fitted * zoom;
    const px = (cssX - L.ox) / L.scale;
    const py = (cssY - L.oy) / L.scale;
    const ox = cssX - px * scale;
    const oy = cssY - py * scale;
    const centred = this.fit.origin(this.cssWidth, this.cssHeight, L.W, L.H, scale, this.padTop);
    this.setViewport(zoom, ox - centred.x, oy - centred.y);
  }

  /** Turns an overlay on or off: "safeArea", "margins" (the selected view's, else the root's) or "keyboard". */
  setOverlay(name, on) {
    if (!(name in this.overlays)) return;
    this.overlays[name] = Boolean(on);
    this.invalidate();
  }

  /** Schedule one redraw on the next animation frame (coalesces many calls). */
  invalidate() {
    if (this.rafId) return;
    this.rafId = requestAnimationFrame(() => {
      this.rafId = 0;
      this.draw();
    });
  }

  resize() {
    const rect = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(rect.width * dpr));
    const h = Math.max(1, Math.round(rect.height * dpr));
    this.cssWidth = rect.width;
    this.cssHeight = rect.height;
    this.dpr = dpr;
    if (this.canvas.width !== w || this.canvas.height !== h) {
      // Resizing clears the bitmap: repaint now rather than show a blank frame.
      this.canvas.width = w;
      this.canvas.height = h;
      if (this.rafId) cancelAnimationFrame(this.rafId);
      this.rafId = 0;
      this.draw();
      return;
    }
    this.invalidate();
  }

  draw() {
    this.drawCount += 1;
    const { ctx, dpr } = this;
    const cw = this.cssWidth;
    const ch = this.cssHeight;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.hits = [];
    this.labels = [];
    this.texts = [];
    this.overlayLabels = [];
    this.badges = [];
    this.foldedBadges = [];
    this.badgeFold = null;
    this.edgeMarkers = [];
    this.chrome = [];
    this.inner = new Map();

    if (!this.scene) {
      ctx.fillStyle = '#5b6577';
      ctx.font = `14px ${this.fontFamily()}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText('Waiting for a scene…', cw / 2, ch / 2);
      ctx.textAlign = 'start';
      this.layout = null;
      this.onDraw();
      return;
    }

    const frames = this.getFrames() || {};
    const model = this.scene.root?.size || [375, 667];
    const rootFrame = frames.root?.frame;
    const [W, H] = rootFrame ? [rootFrame[2], rootFrame[3]] : model;
    const fitW = Math.max(W, model[0]);
    const fitH = Math.max(H, model[1]);
    // A new screen size (another device, a rotation) is measured afresh; mid-animation frames are
    // not measured at all, so the scale stays put until the views come to rest.
    if (this.fit.screen?.[0] !== W || this.fit.screen?.[1] !== H) this.fit.reset();
    this.fit.screen = [W, H];
    if (this.showOffscreen && this.isResting()) this.fit.measure((this.children.get('root') || []).map((id) => frames[id]), W, H);
    // A device that would reach under the zoom controls is fitted below them.
    this.padTop = this.fit.padTop(cw, ch, fitW, fitH, W, H, this.getReserved());
    const scale = this.fit.scale(cw, ch, fitW, fitH, this.zoom, this.padTop);
    const centred = this.fit.origin(cw, ch, W, H, scale, this.padTop);
    // Snap the device origin to device pixels so its edges stay crisp.
    const ox = Math.round((centred.x + this.panX) * dpr) / dpr;
    const oy = Math.round((centred.y + this.panY) * dpr) / dpr;
    this.layout = { ox, oy, scale, W, H };
    // The fitted scale (zoom 1), so zooming in does not blow the text up with the device.
    this.textScale = this.presenter ? Math.min(TEXT_SCALE_MAX, Math.max(1, scale / this.zoom)) : 1;

    // Bezel and screen: a phone's bezel for a screen (a device, or a view controller's view); a cell
    // or a xib's top-level view has none, it is drawn on a hairline edge.
    ctx.save();
    ctx.shadowColor = 'rgba(15, 23, 42, 0.22)';
    ctx.shadowBlur = 24;
    ctx.shadowOffsetY = 8;
    if (this.isScreen()) {
      ctx.fillStyle = '#1f2430';
      roundedRect(ctx, ox - BEZEL, oy - BEZEL, W * scale + 2 * BEZEL, H * scale + 2 * BEZEL, 14);
    } else {
      ctx.shadowBlur = 10;
      ctx.shadowOffsetY = 2;
      ctx.fillStyle = '#aab3c2';
      ctx.beginPath();
      ctx.rect(ox - 1, oy - 1, W * scale + 2, H * scale + 2);
    }
    ctx.fill();
    ctx.restore();
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(ox, oy, W * scale, H * scale);

    const base = new DOMMatrix([dpr, 0, 0, dpr, 0, 0]).translate(ox, oy).scale(scale);

    // Ghost pass: what lies outside the screen, faint, clipped to the outside.
    if (this.showOffscreen) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(0, 0, cw, ch);
      ctx.rect(ox, oy, W * scale, H * scale);
      ctx.clip('evenodd');
      ctx.setTransform(base);
      this.drawPass(frames, GHOST_ALPHA, scale, true);
      ctx.restore();
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    }

    // The screen itself: the root device rect clips.
    ctx.save();
    ctx.beginPath();
    ctx.rect(ox, oy, W * scale, H * scale);
    ctx.clip();
    ctx.setTransform(base);
    this.drawPass(frames, 1, scale, false);
    if (this.overlays.keyboard) this.drawKeyboard(frames, scale);
    if (this.overlays.chrome) this.drawChrome(W, H, scale);
    ctx.restore();

    ctx.setTransform(base);
    if (this.overlays.safeArea) this.drawSafeArea(W, H, scale);
    if (this.overlays.margins) this.drawMargins();
    this.drawAmbiguity();
    this.drawSelection(); // under the constraints, so their badges stay readable on it
    this.drawConstraints(frames);
    this.drawHover();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.onDraw();
  }

  /**
   * Whether the root is a device's screen, drawn in a bezel: a device preset, or a root the server
   * calls a screen (`root.screen`: a view controller's view; not an imported xib's view or cell).
   */
  isScreen() {
    const root = this.scene?.root || {};
    return Boolean(root.device) || root.screen === true;
  }

  fontFamily() {
    return 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
  }

  /** The boxes of the whole tree, then their labels (so a label can be placed where nothing covers it). */
  drawPass(frames, alpha, scale, ghost) {
    const first = this.hits.length;
    this.labelJobs = [];
    this.textJobs = [];
    this.drawView('root', frames, alpha, scale, ghost, []);
    const jobs = this.labelJobs;
    const texts = this.textJobs;
    this.labelJobs = null;
    this.textJobs = null;
    const { dpr } = this;
    for (const { id, box } of texts) {
      this.texts.push({ id, offscreen: ghost, rect: [box.x0 / dpr, box.y0 / dpr, (box.x1 - box.x0) / dpr, (box.y1 - box.y0) / dpr] });
    }
    this.drawLabels(jobs, this.hits.slice(first), scale, ghost, texts.map((t) => t.box), ghost ? [] : this.safeAreaEdges());
  }

  /**
   * The safe area's dashed edges that lie inside the screen (an inset over 0), as device-px bands
   * 2 CSS px either side of the line, for names to keep off where their box has room; none while the
   * overlay is off.
   */
  safeAreaEdges() {
    const inset = this.scene?.root?.safeArea;
    const L = this.layout;
    if (!this.overlays.safeArea || !inset || !L) return [];
    const [top, left, bottom, right] = inset;
    const { dpr } = this;
    const X = (x) => (L.ox + x * L.scale) * dpr;
    const Y = (y) => (L.oy + y * L.scale) * dpr;
    const band = 2 * dpr;
    const [x0, x1, y0, y1] = [X(left), X(L.W - right), Y(top), Y(L.H - bottom)];
    const edges = [];
    if (top > 0) edges.push({ x0, x1, y0: y0 - band, y1: y0 + band });
    if (bottom > 0) edges.push({ x0, x1, y0: y1 - band, y1: y1 + band });
    if (left > 0) edges.push({ x0: x0 - band, x1: x0 + band, y0, y1 });
    if (right > 0) edges.push({ x0: x1 - band, x1: x1 + band, y0, y1 });
    return edges;
  }

  /**
   * Draw a view and its subtree. On entry the context maps the parent's
   * bounds coordinate space to the canvas; `clipChain` lists the clipping ancestors ({ matrix, w, h }).
   */
  drawView(id, frames, parentAlpha, scale, ghost, clipChain = []) {
    const view = this.views.get(id);
    const state = frames[id] || {};
    let frame = state.frame;
    if (id === 'root' && !frame) frame = [0, 0, view.size[0], view.size[1]];
    if (!view || !frame) return;
    const [x, y, w, h] = frame;
    const alphaValue = state.alpha ?? view.alpha ?? 1;
    const alpha = Math.max(0, Math.min(1, alphaValue)) * parentAlpha;
    const { ctx } = this;

    ctx.save();
    ctx.translate(x + w / 2, y + h / 2);
    if (!isIdentity(state.transform)) {
      const [a, b, c, d, tx, ty] = state.transform;
      ctx.transform(a, b, c, d, tx, ty);
    }
    ctx.translate(-w / 2, -h / 2);

    if (id !== 'root') {
      this.hits.push({ id, matrix: ctx.getTransform(), w, h, alpha: ghost ? alpha / GHOST_ALPHA : alpha, offscreen: ghost });
      if (alpha > 0) {
        // A label's and a control's box is light, its text or content on it (a UILabel is clear).
        this.drawBox(id, w, h, alpha, scale, view.kind === 'label' ? 'label' : view.control ? 'control' : 'view');
        if (view.kind || view.control) {
          const matrix = ctx.getTransform();
          const drawn = view.kind ? drawText(ctx, view, w, h, alpha) : drawControl(ctx, view.control, w, h, alpha);
          for (const [lx, ly, lw, lh] of drawn) {
            this.textJobs?.push({ id, box: deviceBox(matrix, lx, ly, lw, lh) });
          }
        }
        // A text view, or a control with a title, shows its text; its name label would cover it.
        if (!view.kind && !drawsOwnText(view.control)) this.labelJobs?.push({
          id, text: view.label || id, fill: this.colorOf(id), alpha, w, h, matrix: ctx.getTransform(),
          hit: this.hits.length - 1, clipChain,
        });
      }
    } else if (!ghost) {
      this.rootHit = { id, matrix: ctx.getTransform(), w, h };
    }

    // A scroll view clips its content, as UIScrollView's clipsToBounds defaults to true.
    const clips = id !== 'root' && (this.clips.has(id) || Boolean(view.scroll));
    const chain = clips ? [...clipChain, { matrix: ctx.getTransform(), w, h }] : clipChain;
    if (clips) {
      ctx.beginPath();
      ctx.rect(0, 0, w, h);
      ctx.clip();
    }
    const bounds = state.bounds;
    const inner = ctx.getTransform();
    if (bounds) inner.translateSelf(-bounds[0], -bounds[1]);
    if (!ghost) this.inner.set(id, inner);
    const kids = this.children.get(id);
    if (kids && kids.length && !(ghost && clips)) {
      if (bounds) ctx.translate(-bounds[0], -bounds[1]);
      for (const child of kids) this.drawView(child, frames, alpha, scale, ghost, chain);
    }
    ctx.restore();
  }

  /**
   * A view's box (`style` "view"): filled with its colour inside a dark hairline. A label's
   * ("label"): a faint tint of its colour and no outline, as a UILabel is clear and its text runs to
   * its edges. A control's ("control", which draws what it shows over it): the tint inside an outline
   * of its colour, so it reads as on a device.
   */
  drawBox(id, w, h, alpha, scale, style = 'view') {
    const { ctx } = this;
    const fill = this.colorOf(id);
    const px = 1 / scale; // one CSS pixel in points
    ctx.globalAlpha = alpha;
    roundedRect(ctx, 0, 0, w, h, (style === 'view' ? 6 : 2) * px);
    if (style !== 'view') {
      ctx.globalAlpha = alpha * 0.12;
      ctx.fillStyle = fill;
      ctx.fill();
      ctx.globalAlpha = alpha;
      if (style === 'label') {
        ctx.globalAlpha = 1;
        return;
      }
      ctx.lineWidth = 1.5 * px;
      ctx.strokeStyle = fill;
      ctx.stroke();
      ctx.globalAlpha = 1;
      return;
    }
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.lineWidth = px;
    ctx.strokeStyle = 'rgba(17, 24, 39, 0.35)';
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  /** The pass's view names, placed by labels.js (see drawLabels there). */
  drawLabels(jobs, hits, scale, ghost, texts = [], avoid = []) {
    placeLabels(this, jobs, hits, ghost, texts, avoid);
  }

  /**
   * The keyboard (frames.keyboard, root space, below the bottom edge while
   * hidden) drawn above every view, as its own window would be on a device.
   */
  drawKeyboard(frames, scale) {
    const kb = this.getKeyboard();
    if (!Array.isArray(kb) || kb.length < 4 || !(kb[3] > 0)) return;
    const [x, y, w, h] = kb;
    const rootFrame = frames.root?.frame || [0, 0];
    const { ctx } = this;
    const px = 1 / scale;
    ctx.save();
    ctx.translate(rootFrame[0], rootFrame[1]);
    ctx.fillStyle = 'rgba(209, 213, 219, 0.94)';
    ctx.fillRect(x, y, w, h);
    ctx.fillStyle = 'rgba(17, 24, 39, 0.25)';
    ctx.fillRect(x, y, w, px);
    // A few key rows, so it reads as a keyboard at a glance.
    const rows = [10, 9, 7];
    const keyH = Math.min(38, (h - 16) / 4 - 8);
    if (keyH > 6) {
      ctx.fillStyle = 'rgba(255, 255, 255, 0.9)';
      rows.forEach((count, r) => {
        const keyW = (w - 6) / 10 - 6;
        const rowW = count * (keyW + 6);
        const left = x + (w - rowW) / 2 + 3;
        for (let i = 0; i < count; i += 1) {
          roundedRect(ctx, left + i * (keyW + 6), y + 10 + r * (keyH + 10), keyW, keyH, 4);
          ctx.fill();
        }
      });
      roundedRect(ctx, x + w * 0.25, y + 10 + 3 * (keyH + 10), w * 0.5, keyH, 4);
      ctx.fill();
    }
    ctx.restore();
    // Its caption on the keyboard itself (nothing else shows there), in root space for caption().
    const [kx, ky] = [x + rootFrame[0], y + rootFrame[1]];
    this.caption('keyboard', `keyboard ${Math.round(h)} pt`, '#374151', 11 * this.textScale * px,
      [[kx + w - 6 * px, ky + h - 17.2 * px, 'right'], [kx + 6 * px, ky + h - 17.2 * px, 'left']]);
  }

  /**
   * The device's chrome, so the safe area explains itself: the status bar's time in the top inset, the
   * notch (iPhone X: 209 × 30 pt) or the Dynamic Island (iPhone 15 Pro Max: 126 × 37 pt, 11 pt from the
   * edge) on the edge the top inset is on, and the home indicator (134 × 5 pt, 8 pt above the bottom
   * edge) when there is a bottom inset. Sizes are Apple's (Human Interface Guidelines, device
   * templates). In landscape the sensor housing is on the left edge. Context: root space.
   */
  drawChrome(W, H, scale) {
    const root = this.scene.root || {};
    const [top, left, bottom] = root.safeArea || [0, 0, 0, 0];
    const landscape = root.orientation === 'landscape';
    const { ctx } = this;
    const toCss = (x, y, w, h) => [this.layout.ox + x * scale, this.layout.oy + y * scale, w * scale, h * scale];
    const housing = root.device === 'iphone-x' ? { w: 209, h: 30, inset: 0, r: 20 }
      : root.device === 'iphone-15-pro-max' ? { w: 126, h: 37, inset: 11, r: 18.5 } : null;
    ctx.save();
    ctx.fillStyle = '#0b0d12';
    if (housing && (landscape ? left > 0 : top > 0)) {
      // Portrait: centred on the top edge; landscape: centred on the left edge, turned a quarter.
      const rect = landscape ? [housing.inset, (H - housing.w) / 2, housing.h, housing.w]
        : [(W - housing.w) / 2, housing.inset, housing.w, housing.h];
      roundedRect(ctx, ...rect, housing.r);
      ctx.fill();
      this.chrome.push({ part: housing.inset ? 'dynamicIsland' : 'notch', rect: toCss(...rect) });
    }
    if (bottom > 0) {
      const rect = [(W - 134) / 2, H - 8 - 5, 134, 5];
      ctx.globalAlpha = 0.8;
      roundedRect(ctx, ...rect, 2.5);
      ctx.fill();
      ctx.globalAlpha = 1;
      this.chrome.push({ part: 'homeIndicator', rect: toCss(...rect) });
    }
    ctx.restore();
    if (top > 0 && !landscape) {
      // The time where the device shows it (left of the housing, else centred), where it covers no
      // name or text; else at the left or right end of the bar.
      const size = Math.min(12, top * 0.6);
      const y = (top - 1.2 * size) / 2;
      ctx.save();
      ctx.font = `600 ${size}px ${this.fontFamily()}`;
      const w = ctx.measureText('9:41').width;
      ctx.restore();
      const spots = housing ? [[Math.max(8, ((W - housing.w) / 2 - w) / 2), y, 'left']] : [[(W - w) / 2, y, 'left']];
      spots.push([8, y, 'left'], [W - 8, y, 'right']);
      // Dark or light, as iOS picks the status bar's style, against the view under the time.
      const colorAt = ([sx, sy, align]) => {
        const left = align === 'right' ? sx - w : sx;
        const under = this.hitTest(this.layout.ox + (left + w / 2) * scale, this.layout.oy + (sy + 0.6 * size) * scale);
        return labelColorFor(under ? this.colorOf(under) : '#ffffff');
      };
      this.caption('statusBar', '9:41', colorAt, size, spots);
      const drawn = this.overlayLabels.find((c) => c.id === 'statusBar');
      if (drawn) this.chrome.push({ part: 'statusBar', rect: drawn.rect });
    }
  }

  drawSafeArea(W, H, scale) {
    const inset = this.scene.root?.safeArea;
    if (!inset || inset.every((v) => !v)) return;
    const [top, left, bottom, right] = inset;
    const { ctx } = this;
    const px = 1 / scale;
    ctx.save();
    ctx.setLineDash([6 * px, 4 * px]);
    ctx.lineWidth = 1.5 * px;
    ctx.strokeStyle = SAFE_AREA;
    ctx.strokeRect(left, top, W - left - right, H - top - bottom);
    ctx.setLineDash([]);
    ctx.restore();
    // The caption beside one of its edges, wherever it covers no view's name and no text.
    const size = 10 * this.textScale * px;
    const x1 = W - right - 4 * px;
    const x0 = left + 4 * px;
    const above = (edge) => edge - 2 * px - 1.2 * size;
    const below = (edge) => edge + 2 * px;
    const bottomEdge = H - bottom;
    const inside = [
      [x1, above(top), 'right'], [x0, above(top), 'left'], [x1, below(top), 'right'], [x0, below(top), 'left'],
      [x1, above(bottomEdge), 'right'], [x1, below(bottomEdge), 'right']].filter(([, y]) => y >= 0 && y + 1.2 * size <= H);
    // Beside the device, level with its first inset edge, past the bezel: where no control is.
    const edge = (top > 0 ? top : bottomEdge) - 0.6 * size;
    const out = (BEZEL + 4) * px;
    const beside = [[W + out, edge, 'left'], [-out, edge, 'right']];
    const { cssWidth, cssHeight } = this;
    this.caption('safeArea', 'safe area', SAFE_AREA, size, [...inside, ...beside], {
      avoid: this.controlBoxes(W * H / 4),
      allowed: (r) => r.x0 >= 0 && r.y0 >= 0 && r.x1 <= cssWidth && r.y1 <= cssHeight,
    });
  }

  /**
   * CSS-px boxes of the views on the screen that read as controls: a control, or a view without
   * subviews under `maxArea` square points (a field, a button); a caption keeps off them when it can.
   * - Complexity: O(views drawn).
   */
  controlBoxes(maxArea) {
    const { dpr } = this;
    return this.hits.filter((hit) => !hit.offscreen && hit.alpha > 0 && (Boolean(this.views.get(hit.id)?.control)
      || (!(this.children.get(hit.id) || []).length && hit.w * hit.h < maxArea)))
      .map((hit) => {
        const b = deviceBox(hit.matrix, 0, 0, hit.w, hit.h);
        return { x0: b.x0 / dpr, y0: b.y0 / dpr, x1: b.x1 / dpr, y1: b.y1 / dpr };
      });
  }

  /**
   * An overlay's caption (root points, the context in root space): at the first of `spots`
   * ([x, top y, "left" | "right" alignment]) whose box covers no drawn label, no line of text and no
   * caption before it, and keeps CAPTION_GAP from each; none is drawn when every spot would. `color`:
   * a CSS colour, or a function of the spot chosen giving one. `avoid`: CSS-px boxes a spot keeps off
   * when one can (Placement's bands); `allowed`: whether a spot's CSS-px box may be used at all.
   * Recorded in overlayLabels.
   */
  caption(id, text, color, size, spots, { avoid = [], allowed = () => true } = {}) {
    const { ctx, layout } = this;
    if (!layout) return;
    ctx.save();
    ctx.font = `600 ${size}px ${this.fontFamily()}`;
    const w = ctx.measureText(text).width;
    const h = 1.2 * size;
    const toCss = (x, y) => [layout.ox + x * layout.scale, layout.oy + y * layout.scale, w * layout.scale, h * layout.scale];
    const placement = new Placement({
      taken: [...this.labels, ...this.texts].filter((r) => !r.offscreen).concat(this.overlayLabels).map((r) => boxOf(r.rect)),
      avoid,
      slack: 0.5,
      gap: CAPTION_GAP,
    });
    const spot = placement.choose(spots, ([x, y, align]) => boxOf(toCss(align === 'right' ? x - w : x, y)), allowed);
    if (spot) {
      const [x, y, align] = spot;
      const left = align === 'right' ? x - w : x;
      const rect = toCss(left, y);
      ctx.fillStyle = typeof color === 'function' ? color(spot) : color;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      ctx.fillText(text, left, y + h / 2);
      this.overlayLabels.push({ id, text, rect });
    }
    ctx.restore();
  }

  /** The layout margins of the selected view (else the root's): a dotted purple rectangle. */
  drawMargins() {
    const owner = this.selected && this.views.has(this.selected) ? this.selected : 'root';
    const geometry = this.itemGeometry(`${owner}.margins`);
    if (!geometry) return;
    const { ctx, dpr } = this;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.dashedOutline(geometry.matrix, geometry.rect, MARGINS, 1.5 * dpr, [2 * dpr, 3 * dpr]);
    ctx.restore();
  }

  /**
   * Strokes rect [x, y, w, h] of a space that `matrix` maps to device px, dashed; the context must
   * map device px (identity). Returns the device-px corners, clockwise from the top left.
   */
  dashedOutline(matrix, [x, y, w, h], color, width, dash) {
    const { ctx } = this;
    const corners = [[x, y], [x + w, y], [x + w, y + h], [x, y + h]].map(([px, py]) => matrix.transformPoint(new DOMPoint(px, py)));
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.beginPath();
    corners.forEach((p, i) => (i ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
    ctx.closePath();
    ctx.stroke();
    return corners;
  }

  /**
   * Where an item is drawn: { matrix (its bounds space → device px), rect [x, y, w, h] in that space },
   * or null. A view measured against one of its descendants is taken in its bounds space with its edges
   * at 0…width (the common ancestor's space, as the engine measures); otherwise its frame box.
   */
  itemGeometry(name, other) {
    const parts = String(name).split('.');
    const owner = parts[0];
    const view = this.views.get(owner);
    if (!view) return null;
    const hit = owner === 'root' ? this.rootHit : this.hits.find((h) => h.id === owner && !h.offscreen);
    if (!hit) return null;
    const innerMatrix = this.inner.get(owner);
    const frames = this.getFrames() || {};
    const bounds = frames[owner]?.bounds || [0, 0, hit.w, hit.h];
    const inBounds = (rect) => ({ matrix: innerMatrix || hit.matrix, rect });
    const boundsRect = [0, 0, hit.w, hit.h];
    if (parts.length === 1) {
      const otherOwner = String(other || '').split('.')[0];
      if (otherOwner && otherOwner !== owner && this.isAncestor(owner, otherOwner) && innerMatrix) {
        return inBounds(boundsRect);
      }
      return { matrix: hit.matrix, rect: [0, 0, hit.w, hit.h] };
    }
    // Guides live in the owner's bounds space; its visible bounds are [bx, by, w, h].
    const visible = [bounds[0], bounds[1], hit.w, hit.h];
    const guide = parts.slice(1).join('.');
    const root = this.scene?.root || {};
    const safe = root.safeArea || [0, 0, 0, 0];
    if (guide === 'margins') {
      const margins = owner === 'root' ? (root.layoutMargins || [0, 16, 0, 16]) : (view.layoutMargins || [8, 8, 8, 8]);
      const area = owner === 'root' ? insetRect(boundsRect, safe) : boundsRect;
      return inBounds(insetRect(area, margins));
    }
    if (owner === 'root' && guide === 'safeArea') return inBounds(insetRect(boundsRect, safe));
    // A scroll view's contentLayoutGuide: at 0, 0 of its bounds space, the content size large; its
    // frameLayoutGuide: the visible bounds.
    if (view.scroll && guide === 'content') {
      const [cw, ch] = view.scroll.contentSize || [0, 0];
      return inBounds([0, 0, cw, ch]);
    }
    if (view.scroll && guide === 'frame') return inBounds(visible);
    if (owner === 'root' && guide === 'keyboard') {
      const kb = this.getKeyboard();
      const safeRect = insetRect(boundsRect, safe);
      if (Array.isArray(kb) && kb[3] > 0) return inBounds([kb[0], kb[1], kb[2], kb[3]]);
      return inBounds([safeRect[0], safeRect[1] + safeRect[3], safeRect[2], 0]);
    }
    return null; // custom guides: the server does not stream their frames
  }

  isAncestor(ancestor, id) {
    let next = this.views.get(id)?.parent;
    for (let depth = 0; next && depth < 100; depth += 1) {
      if (next === ancestor) return true;
      next = next === 'root' ? null : this.views.get(next)?.parent;
    }
    return false;
  }

  /** Device-px point of an attribute of an item; `across` picks where along the other axis. */
  anchorPoint(geometry, attribute, across) {
    const { matrix, rect } = geometry;
    const isX = X_ATTRIBUTES.has(attribute);
    const along = attributeValue(attribute.endsWith('Margin') || attribute.endsWith('WithinMargins')
      ? attribute : attribute, rect);
    if (along === null) return null;
    const local = isX
      ? new DOMPoint(along, across ?? rect[1] + rect[3] / 2)
      : new DOMPoint(across ?? rect[0] + rect[2] / 2, along);
    return matrix.transformPoint(local);
  }

  /**
   * The constraints of the selected view and those of the last conflict's set, drawn between the
   * anchors they tie: the broken one red, the rest of its set orange, the others blue; then an edge
   * marker for each view of the set that lies outside the screen.
   */
  drawConstraints(frames) {
    const id = this.selected && this.views.has(this.selected) ? this.selected : null;
    const all = this.getConstraints() || [];
    // The conflict's set, while its broken constraint is still broken (it heals once the conflict goes).
    const standing = this.conflict && all.some((c) => c.id === this.conflict.broken && c.broken);
    const inConflict = new Set(standing ? this.conflict.ids : []);
    if (!id && !inConflict.size) return;
    const mine = all.filter((c) => c.active !== false && ((id && touches(c, id)) || inConflict.has(c.id)));
    const { ctx, dpr } = this;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0); // device px
    ctx.font = `600 ${11 * dpr}px ${this.fontFamily()}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const labels = [];
    for (const c of mine) {
      const first = splitAnchor(c.first);
      const second = c.second ? splitAnchor(c.second) : null;
      const g1 = this.itemGeometry(first.item, second?.item);
      if (!g1) continue;
      const color = c.broken ? LINE_BROKEN : inConflict.has(c.id) ? LINE_CONFLICT : LINE_REQUIRED;
      ctx.strokeStyle = color;
      ctx.fillStyle = color;
      ctx.lineWidth = (c.broken ? 2.5 : 1.5) * dpr;
      ctx.setLineDash((c.priority ?? 1000) < 1000 ? [5 * dpr, 4 * dpr] : []);
      let a;
      let b;
      if (SIZE_ATTRIBUTES.has(first.attribute)) {
        const [x, y, w, h] = g1.rect;
        const horizontal = first.attribute === 'width';
        a = g1.matrix.transformPoint(horizontal ? new DOMPoint(x, y + h * 0.72) : new DOMPoint(x + w * 0.72, y));
        b = g1.matrix.transformPoint(horizontal ? new DOMPoint(x + w, y + h * 0.72) : new DOMPoint(x + w * 0.72, y + h));
        this.dimensionLine(a, b, dpr);
        if (second && SIZE_ATTRIBUTES.has(second.attribute)) {
          const g2 = this.itemGeometry(second.item, first.item);
          if (g2) {
            const [x2, y2, w2, h2] = g2.rect;
            const h2z = second.attribute === 'width';
            const c1 = g2.matrix.transformPoint(h2z ? new DOMPoint(x2, y2 + h2 * 0.72) : new DOMPoint(x2 + w2 * 0.72, y2));
            const c2 = g2.matrix.transformPoint(h2z ? new DOMPoint(x2 + w2, y2 + h2 * 0.72) : new DOMPoint(x2 + w2 * 0.72, y2 + h2));
            this.dimensionLine(c1, c2, dpr);
            ctx.save();
            ctx.setLineDash([2 * dpr, 3 * dpr]);
            ctx.lineWidth = dpr;
            ctx.beginPath();
            ctx.moveTo((a.x + b.x) / 2, (a.y + b.y) / 2);
            ctx.lineTo((c1.x + c2.x) / 2, (c1.y + c2.y) / 2);
            ctx.stroke();
            ctx.restore();
          }
        }
      } else {
        if (!second) continue;
        const g2 = this.itemGeometry(second.item, first.item);
        if (!g2) continue;
        a = this.anchorPoint(g1, first.attribute);
        const isX = X_ATTRIBUTES.has(first.attribute);
        const end = this.anchorPoint(g2, second.attribute);
        if (!a || !end) continue;
        // Straight along the axis, at the first item's center across it.
        b = isX ? new DOMPoint(end.x, a.y) : new DOMPoint(a.x, end.y);
        ctx.beginPath();
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
        ctx.stroke();
        // Anchor ticks across the line, and a faint leader to the second anchor when offset.
        const t = 5 * dpr;
        ctx.setLineDash([]);
        ctx.beginPath();
        for (const p of [a, b]) {
          if (isX) { ctx.moveTo(p.x, p.y - t); ctx.lineTo(p.x, p.y + t); } else { ctx.moveTo(p.x - t, p.y); ctx.lineTo(p.x + t, p.y); }
        }
        ctx.stroke();
        if (Math.hypot(end.x - b.x, end.y - b.y) > 2 * dpr) {
          ctx.save();
          ctx.globalAlpha = 0.45;
          ctx.setLineDash([2 * dpr, 3 * dpr]);
          ctx.lineWidth = dpr;
          ctx.beginPath();
          ctx.moveTo(b.x, b.y);
          ctx.lineTo(end.x, end.y);
          ctx.stroke();
          ctx.restore();
        }
      }
      labels.push({ a, b, axis: axisOf(first.attribute), text: constraintLabel(c), color, id: c.id, mine: Boolean(id) && touches(c, id) });
    }
    ctx.setLineDash([]);
    this.drawBadges(labels, id);
    ctx.restore();
    this.drawEdgeMarkers(mine.filter((c) => inConflict.has(c.id)));
    void frames;
  }

  /**
   * The badges of the constraint lines drawn (`labels`: { a, b: device-px ends, axis, text, color,
   * id, mine }), on pills so no line covers them, after everything else is placed: each at the spot
   * nearest its line (badgeSpots: on the line from its middle out, then off it by small steps) where
   * it covers no view's name, no line of text, no caption (the status bar's time among them), no
   * badge placed before it and no dashed edge of the safe area (Placement); a spot off the device's
   * screen (on the bezel or beside it) counts a pill's height further. The selected view's (`mine`)
   * go first, then the rest of a standing conflict's; then the same at BADGE_SIZES' smaller size. A
   * badge keeps BADGE_GAP from what it avoids. A badge no spot holds is folded into one "+N" pill
   * beside the selected view, which the tooltip expands on hover (Tooltip). Sizes grow by the
   * presenter's textScale. Recorded in badges, foldedBadges and badgeFold (CSS px).
   * - Complexity: O(badges × spots × boxes placed).
   */
  drawBadges(labels, selected) {
    const { ctx, dpr } = this;
    const unit = this.textScale * dpr; // device px of a badge's CSS px
    const toBox = (rect) => boxOf(rect, dpr);
    const placement = new Placement({
      taken: [...this.labels, ...this.texts, ...this.overlayLabels].map((r) => toBox(r.rect)),
      avoid: this.safeAreaEdges(),
      gap: BADGE_GAP * unit,
    });
    const within = (r, b) => r.x0 >= b.x0 && r.y0 >= b.y0 && r.x1 <= b.x1 && r.y1 <= b.y1;
    const canvasBox = { x0: 0, y0: 0, x1: this.cssWidth * dpr, y1: this.cssHeight * dpr };
    const L = this.layout;
    const screenBox = L ? boxOf([L.ox, L.oy, L.W * L.scale, L.H * L.scale], dpr) : canvasBox;
    // A badge stays on the canvas and off the safe area's dashed edges (where names only prefer to);
    // on the screen, off the bezel, when a spot there is free.
    const allowed = (r) => within(r, canvasBox) && placement.apart(r);
    const onScreen = (r) => within(r, screenBox) && allowed(r);
    const choose = (spots, boxAt) => placement.choose(spots, boxAt, onScreen) ?? placement.choose(spots, boxAt, allowed);
    const pill = (x, y, w, h, color, text) => {
      ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
      roundedRect(ctx, x - w / 2, y - h / 2, w, h, 4 * unit);
      ctx.fill();
      ctx.strokeStyle = color;
      ctx.lineWidth = dpr;
      ctx.stroke();
      ctx.fillStyle = color;
      ctx.fillText(text, x, y + 0.5 * unit);
    };
    const folded = [];
    for (const label of [...labels.filter((l) => l.mine), ...labels.filter((l) => !l.mine)]) {
      let drawn = false;
      for (const { font, height, pad } of BADGE_SIZES) {
        ctx.font = `600 ${font * unit}px ${this.fontFamily()}`;
        const w = ctx.measureText(label.text).width + pad * unit;
        const h = height * unit;
        const boxAt = (p) => ({ x0: p.x - w / 2, y0: p.y - h / 2, x1: p.x + w / 2, y1: p.y + h / 2 });
        const spots = badgeSpots(label, { w, h }, { step: 4 * dpr, penalty: (p) => (within(boxAt(p), screenBox) ? 0 : h) });
        const spot = placement.choose(spots, boxAt, allowed);
        if (!spot) continue;
        const box = boxAt(spot);
        placement.take(box);
        pill(spot.x, spot.y, w, h, label.color, label.text);
        this.badges.push({ id: label.id, text: label.text, size: font * this.textScale, rect: cssRectOf(box, dpr),
          line: [label.a.x / dpr, label.a.y / dpr, label.b.x / dpr, label.b.y / dpr] });
        drawn = true;
        break;
      }
      if (!drawn) folded.push(label);
    }
    this.foldedBadges = folded.map((l) => ({ id: l.id, text: l.text }));
    if (!folded.length) return;
    // The "+N" pill: beside the selected view's box (outside it, then inside its corners), else along
    // the first folded line.
    const text = `+${folded.length}`;
    const [{ font, height, pad }] = BADGE_SIZES;
    ctx.font = `600 ${font * unit}px ${this.fontFamily()}`;
    const w = ctx.measureText(text).width + pad * unit;
    const h = height * unit;
    const boxAt = (p) => ({ x0: p.x - w / 2, y0: p.y - h / 2, x1: p.x + w / 2, y1: p.y + h / 2 });
    const hit = selected ? this.hits.find((x) => x.id === selected && !x.offscreen) : null;
    const spots = [];
    if (hit) {
      const b = deviceBox(hit.matrix, 0, 0, hit.w, hit.h);
      const [gx, gy] = [w / 2 + 3 * unit, h / 2 + 3 * unit];
      spots.push({ x: b.x1 - gx, y: b.y0 - gy }, { x: b.x1 - gx, y: b.y1 + gy }, { x: b.x0 + gx, y: b.y0 - gy },
        { x: b.x0 + gx, y: b.y1 + gy }, { x: b.x1 + gx, y: b.y0 + gy }, { x: b.x0 - gx, y: b.y0 + gy },
        { x: b.x1 - gx, y: b.y0 + gy }, { x: b.x1 - gx, y: b.y1 - gy }, { x: b.x0 + gx, y: b.y1 - gy });
    }
    for (const l of folded) spots.push(...BADGE_ALONG.map((t) => ({ x: l.a.x + (l.b.x - l.a.x) * t, y: l.a.y + (l.b.y - l.a.y) * t })));
    const spot = choose(spots, boxAt);
    if (!spot) return;
    const box = boxAt(spot);
    placement.take(box);
    pill(spot.x, spot.y, w, h, FOLD_COLOR, text);
    this.badgeFold = { text, ids: folded.map((l) => l.id), rect: cssRectOf(box, dpr) };
  }

  /**
   * For each view the conflicting constraints tie that lies wholly outside the screen: an arrow just
   * inside the screen's nearest edge, pointing at it, with its name on a pill (recorded in edgeMarkers).
   */
  drawEdgeMarkers(constraints) {
    const L = this.layout;
    if (!L || !constraints.length) return;
    const { ctx, dpr } = this;
    const owners = new Set(constraints.flatMap((c) => [c.first, c.second].filter(Boolean)
      .map((anchor) => splitAnchor(anchor).item.split('.')[0])));
    owners.delete('root');
    const [sx0, sy0, sx1, sy1] = [L.ox, L.oy, L.ox + L.W * L.scale, L.oy + L.H * L.scale];
    const inset = 16; // CSS px inside the edge
    for (const id of owners) {
      const hit = this.hits.find((h) => h.id === id && !h.offscreen);
      if (!hit) continue;
      const b = deviceBox(hit.matrix, 0, 0, hit.w, hit.h);
      const [x0, y0, x1, y1] = [b.x0 / dpr, b.y0 / dpr, b.x1 / dpr, b.y1 / dpr];
      if (x0 < sx1 - 1 && x1 > sx0 + 1 && y0 < sy1 - 1 && y1 > sy0 + 1) continue; // on screen, at least in part
      const cx = (x0 + x1) / 2;
      const cy = (y0 + y1) / 2;
      const px = Math.min(sx1 - inset, Math.max(sx0 + inset, cx));
      const py = Math.min(sy1 - inset, Math.max(sy0 + inset, cy));
      const over = { left: sx0 - x1, right: x0 - sx1, top: sy0 - y1, bottom: y0 - sy1 };
      const side = Object.keys(over).reduce((a, k) => (over[k] > over[a] ? k : a), 'left');
      const angle = Math.atan2(cy - py, cx - px);
      ctx.save();
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.translate(px, py);
      ctx.rotate(angle);
      ctx.beginPath();
      ctx.moveTo(9, 0);
      ctx.lineTo(-6, -7);
      ctx.lineTo(-6, 7);
      ctx.closePath();
      ctx.fillStyle = LINE_CONFLICT;
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 1.5;
      ctx.fill();
      ctx.stroke();
      ctx.restore();
      // The name beside the arrow, towards the screen's middle.
      const text = `${this.views.get(id)?.label || id} (off screen)`;
      ctx.save();
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const k = this.textScale;
      ctx.font = `600 ${11 * k}px ${this.fontFamily()}`;
      const w = ctx.measureText(text).width + 10 * k;
      const h = 16 * k;
      const lx = Math.min(sx1 - w - 2, Math.max(sx0 + 2, px - w / 2));
      const ly = side === 'bottom' ? py - 12 - h : side === 'top' ? py + 12 : py - h / 2;
      const tx = side === 'left' ? px + 12 : side === 'right' ? px - 12 - w : lx;
      ctx.fillStyle = 'rgba(255, 255, 255, 0.94)';
      roundedRect(ctx, tx, ly, w, h, 4);
      ctx.fill();
      ctx.strokeStyle = LINE_CONFLICT;
      ctx.lineWidth = 1;
      ctx.stroke();
      ctx.fillStyle = LINE_CONFLICT;
      ctx.textBaseline = 'middle';
      ctx.fillText(text, tx + 5 * k, ly + h / 2 + 0.5);
      ctx.restore();
      this.edgeMarkers.push({ id, side, x: px, y: py });
    }
  }

  dimensionLine(a, b, dpr) {
    const { ctx } = this;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const nx = (-dy / len) * 5 * dpr;
    const ny = (dx / len) * 5 * dpr;
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
    ctx.save();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(a.x - nx, a.y - ny); ctx.lineTo(a.x + nx, a.y + ny);
    ctx.moveTo(b.x - nx, b.y - ny); ctx.lineTo(b.x + nx, b.y + ny);
    ctx.stroke();
    ctx.restore();
  }

  /** Ambiguous views: a dashed orange outline and a "?" tag (like the debugger's purple warnings). */
  drawAmbiguity() {
    if (!this.ambiguous.size) return;
    const { ctx, dpr } = this;
    ctx.save();
    for (const [id, axes] of this.ambiguous) {
      const hit = this.hits.find((h) => h.id === id && !h.offscreen);
      if (!hit) continue;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      const corners = this.dashedOutline(hit.matrix, [0, 0, hit.w, hit.h], AMBIGUOUS, 2 * dpr, [4 * dpr, 3 * dpr]);
      ctx.setLineDash([]);
      const tag = `? ${axes.map((a) => (a === 'horizontal' ? 'H' : 'V')).join('')}`;
      const unit = this.textScale * dpr;
      ctx.font = `700 ${10 * unit}px ${this.fontFamily()}`;
      const w = ctx.measureText(tag).width + 8 * unit;
      const p = corners[1];
      ctx.fillStyle = AMBIGUOUS;
      roundedRect(ctx, p.x - w, p.y - 14 * unit, w, 14 * unit, 3 * unit);
      ctx.fill();
      ctx.fillStyle = '#ffffff';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(tag, p.x - w / 2, p.y - 7 * unit);
    }
    ctx.restore();
  }

  /** The selected view: a thick outline; clipping views show a corner mark. */
  drawSelection() {
    const { ctx, dpr } = this;
    for (const id of this.clips) {
      const hit = this.hits.find((h) => h.id === id && !h.offscreen);
      if (!hit) continue;
      ctx.save();
      ctx.setTransform(hit.matrix);
      const unit = Math.sqrt(Math.abs(hit.matrix.a * hit.matrix.d - hit.matrix.b * hit.matrix.c)) || 1;
      ctx.strokeStyle = '#111827';
      ctx.lineWidth = (1.5 * dpr) / unit;
      const k = (8 * dpr) / unit;
      ctx.beginPath();
      ctx.moveTo(hit.w - k, hit.h); ctx.lineTo(hit.w, hit.h); ctx.lineTo(hit.w, hit.h - k);
      ctx.moveTo(0, k); ctx.lineTo(0, 0); ctx.lineTo(k, 0);
      ctx.stroke();
      ctx.restore();
    }
    if (!this.selected) return;
    const hit = this.hits.find((h) => h.id === this.selected && !h.offscreen)
      || this.hits.find((h) => h.id === this.selected);
    if (!hit) return;
    ctx.save();
    ctx.setTransform(hit.matrix);
    const unit = Math.sqrt(Math.abs(hit.matrix.a * hit.matrix.d - hit.matrix.b * hit.matrix.c)) || 1;
    ctx.lineWidth = (3 * dpr) / unit;
    ctx.strokeStyle = ACCENT;
    ctx.strokeRect(0, 0, hit.w, hit.h);
    ctx.restore();
  }

  /** A point given in CSS px relative to the canvas, in the bounds space of `parent` (or null). */
  toBoundsSpace(parent, cssX, cssY) {
    const matrix = this.inner.get(parent);
    if (!matrix) return null;
    const p = matrix.inverse().transformPoint(new DOMPoint(cssX * this.dpr, cssY * this.dpr));
    return { x: p.x, y: p.y };
  }

  drawHover() {
    if (!this.hovered) return;
    const hit = [...this.hits].reverse().find((h) => h.id === this.hovered && !h.offscreen)
      || this.hits.find((h) => h.id === this.hovered);
    if (!hit) return;
    const { ctx, dpr } = this;
    ctx.save();
    ctx.setTransform(hit.matrix);
    const m = hit.matrix;
    const unit = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) || 1; // device px per point
    ctx.lineWidth = (2 * dpr) / unit;
    ctx.strokeStyle = ACCENT;
    ctx.setLineDash([]);
    ctx.strokeRect(0, 0, hit.w, hit.h);
    ctx.restore();
  }

  /** Ids of the drawn views, parents before children (for keyboard navigation). */
  drawnViews() {
    return this.hits.filter((h) => !h.offscreen).map((h) => h.id);
  }

  /** A view's on-screen center in CSS px relative to the canvas, or null. */
  centerOf(id) {
    const hit = this.hits.find((h) => h.id === id && !h.offscreen);
    if (!hit) return null;
    const p = hit.matrix.transformPoint(new DOMPoint(hit.w / 2, hit.h / 2));
    return { x: p.x / this.dpr, y: p.y / this.dpr };
  }

  /** The topmost view under a point given in CSS px relative to the canvas. */
  hitTest(cssX, cssY) {
    const L = this.layout;
    if (!L) return null;
    const inside = cssX >= L.ox && cssY >= L.oy && cssX <= L.ox + L.W * L.scale && cssY <= L.oy + L.H * L.scale;
    const point = new DOMPoint(cssX * this.dpr, cssY * this.dpr);
    for (let i = this.hits.length - 1; i >= 0; i -= 1) {
      const hit = this.hits[i];
      if (hit.alpha < HIT_MIN_ALPHA) continue;
      if (hit.offscreen ? inside : !inside) continue;
      const p = hit.matrix.inverse().transformPoint(point);
      if (p.x >= 0 && p.y >= 0 && p.x <= hit.w && p.y <= hit.h) return hit.id;
    }
    return null;
  }
}
