// Canvas drawing: the device rectangle scaled to fit, every view as a labelled
// rounded box at its on-screen rect (parent's on-screen origin + frame.origin
// − parent's bounds.origin, then the transform about the center), alpha
// multiplied down the tree, children after parents. At most one draw per
// animation frame: callers mark the picture dirty with invalidate().

const PALETTE = [
  '#4a90e2', '#50b37d', '#f5a623', '#9b6bd3', '#e26d5a',
  '#3bb3c3', '#c9a227', '#7c8da6', '#e07bb5', '#6cbf4a',
];
const DEVICE_PAD = 28; // CSS px around the device
const BEZEL = 7; // CSS px
const LABEL_PX = 12;
const ACCENT = '#1d5fd1';
const GHOST_ALPHA = 0.3; // views outside the screen are drawn this faint
const HIT_MIN_ALPHA = 0.01; // UIKit ignores views with alpha < 0.01 when hit testing

export function paletteColor(index) {
  return PALETTE[index % PALETTE.length];
}

/** Relative luminance of #rgb/#rrggbb/rgb(), or null when not parseable. */
function luminance(color) {
  let r, g, b;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color || '');
  if (hex) {
    let h = hex[1];
    if (h.length === 3) h = h.replace(/./g, (c) => c + c);
    r = parseInt(h.slice(0, 2), 16); g = parseInt(h.slice(2, 4), 16); b = parseInt(h.slice(4, 6), 16);
  } else {
    const rgb = /^rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)/i.exec(color || '');
    if (!rgb) return null;
    [r, g, b] = rgb.slice(1, 4).map(Number);
  }
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function labelColorFor(fill) {
  const l = luminance(fill);
  if (l === null) return '#111827';
  // Pick whichever of near-black / white contrasts more with the fill.
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#111827' : '#ffffff';
}

function isIdentity(t) {
  return !t || (t[0] === 1 && t[1] === 0 && t[2] === 0 && t[3] === 1 && t[4] === 0 && t[5] === 0);
}

function roundedRect(ctx, x, y, w, h, r) {
  const rr = Math.max(0, Math.min(r, Math.abs(w) / 2, Math.abs(h) / 2));
  ctx.beginPath();
  if (ctx.roundRect) ctx.roundRect(x, y, w, h, rr);
  else ctx.rect(x, y, w, h);
}

export class Renderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{ getFrames: () => object, onDraw?: () => void }} options
   */
  constructor(canvas, { getFrames, getKeyboard, onDraw } = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.getFrames = getFrames || (() => ({}));
    this.getKeyboard = getKeyboard || (() => null);
    this.onDraw = onDraw || (() => {});
    this.scene = null;
    this.views = new Map(); // id -> scene view (root included)
    this.children = new Map(); // id -> [child ids] in scene order
    this.colors = new Map();
    this.hovered = null;
    this.showOffscreen = true;
    this.hits = []; // [{ id, matrix: DOMMatrix (device px), w, h, alpha, offscreen }] in draw order
    this.cssWidth = 0;
    this.cssHeight = 0;
    this.dpr = 1;
    this.layout = null; // { ox, oy, scale, W, H } of the last draw
    this.rafId = 0;
    this.drawCount = 0;

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(canvas);
    this.resize();
  }

  setScene(scene) {
    this.scene = scene;
    this.views.clear();
    this.children.clear();
    this.colors.clear();
    this.hovered = null;
    if (scene) {
      const [W, H] = scene.root?.size || [375, 667];
      this.views.set('root', { id: 'root', parent: null, label: 'root', size: [W, H] });
      this.children.set('root', []);
      (scene.views || []).forEach((view, index) => {
        this.views.set(view.id, view);
        this.children.set(view.id, this.children.get(view.id) || []);
        this.colors.set(view.id, view.color || paletteColor(index));
      });
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

  setShowOffscreen(on) {
    this.showOffscreen = on;
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

    const [W, H] = this.scene.root?.size || [375, 667];
    const scale = Math.max(0.05, Math.min((cw - 2 * DEVICE_PAD) / W, (ch - 2 * DEVICE_PAD) / H));
    // Snap the device origin to device pixels so its edges stay crisp.
    const ox = Math.round(((cw - W * scale) / 2) * dpr) / dpr;
    const oy = Math.round(((ch - H * scale) / 2) * dpr) / dpr;
    this.layout = { ox, oy, scale, W, H };

    // Bezel and screen.
    ctx.save();
    ctx.shadowColor = 'rgba(15, 23, 42, 0.22)';
    ctx.shadowBlur = 24;
    ctx.shadowOffsetY = 8;
    ctx.fillStyle = '#1f2430';
    roundedRect(ctx, ox - BEZEL, oy - BEZEL, W * scale + 2 * BEZEL, H * scale + 2 * BEZEL, 14);
    ctx.fill();
    ctx.restore();
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(ox, oy, W * scale, H * scale);

    const frames = this.getFrames() || {};
    const base = new DOMMatrix([dpr, 0, 0, dpr, 0, 0]).translate(ox, oy).scale(scale);

    // Ghost pass: what lies outside the screen, faint, clipped to the outside.
    if (this.showOffscreen) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(0, 0, cw, ch);
      ctx.rect(ox, oy, W * scale, H * scale);
      ctx.clip('evenodd');
      ctx.setTransform(base);
      this.drawView('root', frames, GHOST_ALPHA, scale, true);
      ctx.restore();
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    }

    // The screen itself: the root device rect clips.
    ctx.save();
    ctx.beginPath();
    ctx.rect(ox, oy, W * scale, H * scale);
    ctx.clip();
    ctx.setTransform(base);
    this.drawView('root', frames, 1, scale, false);
    this.drawKeyboard(frames, scale);
    ctx.restore();

    ctx.setTransform(base);
    this.drawSafeArea(W, H, scale);
    this.drawHover();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.onDraw();
  }

  fontFamily() {
    return 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
  }

  /**
   * Draw a view and its subtree. On entry the context maps the parent's
   * bounds coordinate space to the canvas.
   */
  drawView(id, frames, parentAlpha, scale, ghost) {
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
      if (alpha > 0) this.drawBox(id, view, w, h, alpha, scale);
    }

    const kids = this.children.get(id);
    if (kids && kids.length) {
      const bounds = state.bounds;
      if (bounds) ctx.translate(-bounds[0], -bounds[1]);
      for (const child of kids) this.drawView(child, frames, alpha, scale, ghost);
    }
    ctx.restore();
  }

  drawBox(id, view, w, h, alpha, scale) {
    const { ctx } = this;
    const fill = this.colorOf(id);
    const px = 1 / scale; // one CSS pixel in points
    ctx.globalAlpha = alpha;
    roundedRect(ctx, 0, 0, w, h, 6 * px);
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.lineWidth = px;
    ctx.strokeStyle = 'rgba(17, 24, 39, 0.35)';
    ctx.stroke();

    // Label, clipped to the box; skipped when the box is too small to read.
    if (w / px >= 24 && h / px >= 16) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(0, 0, w, h);
      ctx.clip();
      ctx.fillStyle = labelColorFor(fill);
      ctx.font = `600 ${LABEL_PX * px}px ${this.fontFamily()}`;
      ctx.textBaseline = 'top';
      ctx.fillText(view.label || id, 6 * px, 5 * px);
      ctx.restore();
    }
    ctx.globalAlpha = 1;
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
    ctx.fillStyle = '#374151';
    ctx.font = `600 ${11 * px}px ${this.fontFamily()}`;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    ctx.fillText(`keyboard ${Math.round(h)} pt`, x + w - 6 * px, y + h - 4 * px);
    ctx.restore();
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
    ctx.strokeStyle = '#d9480f';
    ctx.strokeRect(left, top, W - left - right, H - top - bottom);
    ctx.setLineDash([]);
    ctx.fillStyle = '#d9480f';
    ctx.font = `600 ${10 * px}px ${this.fontFamily()}`;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    ctx.fillText('safe area', W - right - 4 * px, top - 2 * px > 10 * px ? top - 2 * px : top + 12 * px);
    ctx.restore();
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
