// Zoom and pan of the canvas: − and + (about the selected view, else the canvas's centre), Fit, 1:1
// (one CSS pixel a point), Ctrl/Cmd+wheel (a trackpad pinch) zooming about the pointer, and a drag
// on the empty stage panning. The renderer keeps the device centred and fitted at zoom 1; the level
// shows CSS pixels a point (100% is 1:1); names and badges stay at their CSS pixel size at every zoom.
//
// Exports CanvasZoom, ZOOM_STEP, MIN_ZOOM and MAX_ZOOM.

/** Each − or + press multiplies the zoom by this (and a wheel notch by its square root). */
export const ZOOM_STEP = 1.25;
export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 8;

/** The zoom controls and gestures of one canvas. */
export class CanvasZoom {
  /**
   * @param {{ canvas: HTMLCanvasElement, renderer, zoomIn: HTMLButtonElement, zoomOut: HTMLButtonElement,
   *   zoomFit: HTMLButtonElement, zoomActual: HTMLButtonElement, level: HTMLElement,
   *   focus: () => ({ x: number, y: number } | null) }} parts  the canvas, its renderer, the buttons, the
   *   element that shows the zoom in percent, and the point the buttons zoom about (the selected
   *   view's centre in CSS px on the canvas; null: the canvas's centre)
   */
  constructor({ canvas, renderer, zoomIn, zoomOut, zoomFit, zoomActual, level, focus }) {
    this.canvas = canvas;
    this.renderer = renderer;
    this.level = level;
    this.focus = focus || (() => null);
    this.pan = null; // { pointerId, x, y } while the empty stage is dragged
    zoomIn.addEventListener('click', () => this.zoomBy(ZOOM_STEP, this.focus()));
    zoomOut.addEventListener('click', () => this.zoomBy(1 / ZOOM_STEP, this.focus()));
    zoomFit.addEventListener('click', () => this.fit());
    zoomActual.addEventListener('click', () => this.actualSize());
    // Capture: before the scroll views' wheel (which scrolls the view under the pointer without Ctrl).
    canvas.addEventListener('wheel', (event) => this.wheel(event), { passive: false, capture: true });
    canvas.addEventListener('pointerdown', (event) => this.down(event), { capture: true });
    canvas.addEventListener('pointermove', (event) => this.move(event), { capture: true });
    canvas.addEventListener('pointerup', (event) => this.up(event), { capture: true });
    canvas.addEventListener('pointercancel', (event) => this.up(event), { capture: true });
    this.show();
  }

  point(event) {
    const rect = this.canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  /** Zooms by `factor` about a canvas point (CSS px; default: the canvas's centre). */
  zoomBy(factor, at = null) {
    const { renderer } = this;
    const point = at || { x: renderer.cssWidth / 2, y: renderer.cssHeight / 2 };
    renderer.zoomAt(point.x, point.y, factor, MIN_ZOOM, MAX_ZOOM);
    this.show();
  }

  /** One CSS pixel a point, about the selected view (else the canvas's centre). */
  actualSize() {
    const scale = this.renderer.layout?.scale;
    if (scale) this.zoomBy(1 / scale, this.focus());
  }

  /** Back to the fitted, centred device. */
  fit() {
    this.renderer.fit.reset();
    this.renderer.setViewport(1, 0, 0);
    this.show();
  }

  wheel(event) {
    if (!(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const lines = event.deltaMode === 1 ? 16 : 1;
    // 100 px of wheel (a notch) zooms by √ZOOM_STEP, smoothly for a trackpad's small deltas.
    this.zoomBy(Math.sqrt(ZOOM_STEP) ** (-(event.deltaY * lines) / 100), this.point(event));
  }

  down(event) {
    if (event.button !== 0 || event.shiftKey || event.altKey) return;
    const point = this.point(event);
    if (this.renderer.hitTest(point.x, point.y)) return; // a view: the pointer drags it
    this.pan = { pointerId: event.pointerId, ...point };
  }

  move(event) {
    if (!this.pan || event.pointerId !== this.pan.pointerId) return;
    const point = this.point(event);
    const { renderer } = this;
    renderer.setViewport(renderer.zoom, renderer.panX + point.x - this.pan.x, renderer.panY + point.y - this.pan.y);
    this.pan = { ...this.pan, ...point };
  }

  up(event) {
    if (this.pan && event.pointerId === this.pan.pointerId) this.pan = null;
  }

  /** The level as last drawn: CSS pixels a point, in percent (the renderer calls it after each draw). */
  show() {
    const scale = this.renderer.layout?.scale;
    if (scale) this.level.textContent = `${Math.round(scale * 100)}%`;
  }
}
