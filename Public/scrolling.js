// Scroll views on the canvas: the wheel scrolls the scroll view under the pointer, and so does a drag
// with Shift held (a plain drag moves views through the solver, see pointer.js). Each step goes out as
// `set` of the scroll view's `bounds` (its contentOffset), clamped as UIKit clamps touch scrolling:
// from −adjustedContentInset.top to contentSize.height − height + adjustedContentInset.bottom (and
// the same across). Exports CanvasScrolling.

/** The nearest scroll view at or above `id` in the scene, or null. */
function scrollViewAt(renderer, id) {
  for (let at = id; at && at !== 'root'; at = renderer.views.get(at)?.parent) {
    if (renderer.views.get(at)?.scroll) return at;
  }
  return null;
}

function clamp(value, low, high) {
  return Math.min(Math.max(value, low), Math.max(low, high));
}

export class CanvasScrolling {
  /** @param {{ canvas, renderer, frames, sender }} parts the canvas and the page's parts it acts on */
  constructor({ canvas, renderer, frames, sender }) {
    Object.assign(this, { canvas, renderer, frames, sender });
    /** A Shift-drag in progress: { id, pointerId, x, y } (CSS px), or null. */
    this.press = null;
    canvas.addEventListener('wheel', (event) => this.wheel(event), { passive: false });
    // Capture: a Shift-press on a scroll view is a scroll, not a view drag for pointer.js.
    canvas.addEventListener('pointerdown', (event) => this.down(event), { capture: true });
    canvas.addEventListener('pointermove', (event) => this.move(event), { capture: true });
    canvas.addEventListener('pointerup', (event) => this.up(event), { capture: true });
    canvas.addEventListener('pointercancel', (event) => this.up(event), { capture: true });
  }

  point(event) {
    const rect = this.canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  /** Scrolls view `id` by (dx, dy) CSS px of content movement. */
  scrollBy(id, dx, dy) {
    const view = this.renderer.views.get(id);
    const state = this.frames.views[id] || {};
    const frame = state.frame;
    const scale = this.renderer.layout?.scale;
    if (!view?.scroll || !frame || !scale) return;
    const [x, y] = state.bounds || view.scroll.contentOffset || [0, 0];
    const [cw, ch] = view.scroll.contentSize || [0, 0];
    const [top, left, bottom, right] = view.scroll.adjustedContentInset || [0, 0, 0, 0];
    const nx = clamp(x + dx / scale, -left, cw - frame[2] + right);
    const ny = clamp(y + dy / scale, -top, ch - frame[3] + bottom);
    if (nx === x && ny === y) return;
    const bounds = [Math.round(nx * 100) / 100, Math.round(ny * 100) / 100, frame[2], frame[3]];
    this.frames.views[id] = { ...state, bounds }; // the next step starts from here, before the echo
    this.sender.send(`scroll:${id}`, () => ({ type: 'set', view: id, bounds }));
  }

  wheel(event) {
    const point = this.point(event);
    const id = scrollViewAt(this.renderer, this.renderer.hitTest(point.x, point.y));
    if (!id) return;
    event.preventDefault();
    const lines = event.deltaMode === 1 ? 16 : 1; // DOM_DELTA_LINE: about 16 px a line
    this.scrollBy(id, event.deltaX * lines, event.deltaY * lines);
  }

  down(event) {
    if (!event.shiftKey || event.button !== 0) return;
    const point = this.point(event);
    const id = scrollViewAt(this.renderer, this.renderer.hitTest(point.x, point.y));
    if (!id) return;
    event.stopImmediatePropagation();
    this.canvas.setPointerCapture?.(event.pointerId);
    this.press = { id, pointerId: event.pointerId, ...point };
  }

  move(event) {
    if (!this.press || event.pointerId !== this.press.pointerId) return;
    event.stopImmediatePropagation();
    const point = this.point(event);
    // Content follows the finger: dragging down shows what is above (the offset decreases).
    this.scrollBy(this.press.id, this.press.x - point.x, this.press.y - point.y);
    this.press = { ...this.press, ...point };
  }

  up(event) {
    if (!this.press || event.pointerId !== this.press.pointerId) return;
    event.stopImmediatePropagation();
    this.press = null;
  }
}
