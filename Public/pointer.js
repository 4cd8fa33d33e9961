// The canvas under the pointer and the keyboard: hover, click to select, drag a view through the
// solver's edit variables (`drag` messages), arrow keys to walk the views, Alt+arrows to nudge the
// selected view. Exports CanvasPointer.

import { formatNumber } from './controls.js';
import { dragOutcome, rectText } from './tooltip.js';

/** CSS px a press moves before it becomes a drag. */
const DRAG_SLOP = 3;

/** Arrow keys as [dx, dy] steps. */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function round2(v) {
  return Math.round(v * 100) / 100;
}

/** The canvas's pointer and keyboard handling; a drag or a nudge goes out as `drag` messages. */
export class CanvasPointer {
  /**
   * @param {{ canvas, announcer: HTMLElement, renderer, controls, frames, selection, sender, tooltip }} parts
   *   the canvas, the screen-reader announcer, and the page's parts they act on
   * @param {{ ambiguityOf: (id) => string[] | undefined, toast: (text) => void }} callbacks
   *   ambiguityOf: a view's ambiguous axes (undefined: none); toast: shows a short note
   */
  constructor({ canvas, announcer, renderer, controls, frames, selection, sender, tooltip }, callbacks) {
    this.canvas = canvas;
    this.announcer = announcer;
    this.renderer = renderer;
    this.controls = controls;
    this.frames = frames;
    this.selection = selection;
    this.sender = sender;
    this.tooltip = tooltip;
    this.cb = callbacks;
    /** The pointer press on a view: { id, pointerId, x, y, grab, dragging, sent, last } (CSS px), or null. */
    this.press = null;
    /** Where an ongoing Alt+arrow nudge takes the view: { id, x, y, sent } (presses accumulate), or null. */
    this.nudge = null;
    this.bind();
  }

  bind() {
    const { canvas } = this;
    canvas.addEventListener('pointerdown', (event) => this.pointerDown(event));
    canvas.addEventListener('pointermove', (event) => this.pointerMove(event));
    canvas.addEventListener('pointerup', (event) => this.endPress(event));
    canvas.addEventListener('pointercancel', (event) => this.endPress(event, true));
    canvas.addEventListener('pointerleave', () => { if (!this.press) this.clearHover(); });
    canvas.addEventListener('keydown', (event) => this.keyDown(event));
    canvas.addEventListener('keyup', (event) => { if (event.key === 'Alt') this.endNudge(); });
    canvas.addEventListener('blur', () => {
      this.endNudge();
      this.clearHover();
    });
  }

  canvasPoint(event) {
    const rect = this.canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  hoverAt(point) {
    const id = this.renderer.hitTest(point.x, point.y);
    this.renderer.setHovered(id);
    this.controls.highlightView(id || this.selection.selected);
    this.canvas.classList.toggle('is-pointing', Boolean(id));
    this.tooltip.showAt(point);
  }

  clearHover() {
    this.renderer.setHovered(null);
    this.controls.highlightView(this.selection.selected);
    this.canvas.classList.remove('is-pointing');
    this.tooltip.showAt(null);
  }

  /** The drag point: where the view's frame origin goes, in its superview's bounds space (or null). */
  dragOrigin(id, point) {
    const { renderer } = this;
    const parent = renderer.views.get(id)?.parent || 'root';
    return renderer.toBoundsSpace(renderer.views.has(parent) ? parent : 'root', point.x, point.y);
  }

  /** Sends a drag phase ("begin", "move", "end") taking view `id`'s origin to `origin` (points). */
  sendDrag(id, phase, origin) {
    const message = { type: 'drag', view: id, phase, point: [round2(origin.x), round2(origin.y)] };
    this.sender.send(`drag:${id}`, () => message, { refresh: phase === 'end' });
  }

  pointerDown(event) {
    if (event.button !== 0) return;
    const point = this.canvasPoint(event);
    const id = this.renderer.hitTest(point.x, point.y);
    if (!id) {
      this.selection.select(null);
      return;
    }
    const frame = this.frames.views[id]?.frame;
    const at = this.dragOrigin(id, point);
    this.press = {
      id, pointerId: event.pointerId, x: point.x, y: point.y, dragging: false,
      grab: frame && at ? { x: at.x - frame[0], y: at.y - frame[1] } : null,
    };
    this.canvas.setPointerCapture(event.pointerId);
  }

  pointerMove(event) {
    const point = this.canvasPoint(event);
    const { press } = this;
    if (!press || press.pointerId !== event.pointerId) {
      this.hoverAt(point);
      return;
    }
    if (!press.dragging) {
      if (Math.hypot(point.x - press.x, point.y - press.y) < DRAG_SLOP || !press.grab) return;
      press.dragging = true;
      this.endNudge();
      this.selection.select(press.id);
      this.canvas.classList.add('is-dragging');
      this.dragHint(press.id);
    }
    const at = this.dragOrigin(press.id, point);
    if (!at) return;
    this.sendDrag(press.id, press.sent ? 'move' : 'begin', { x: at.x - press.grab.x, y: at.y - press.grab.y });
    press.sent = true;
    press.last = point;
  }

  endPress(event, cancelled = false) {
    const done = this.press;
    if (!done || done.pointerId !== event.pointerId) return;
    this.press = null;
    this.canvas.classList.remove('is-dragging');
    if (done.dragging && done.sent) {
      const at = this.dragOrigin(done.id, done.last || this.canvasPoint(event));
      if (at) this.sendDrag(done.id, 'end', { x: at.x - done.grab.x, y: at.y - done.grab.y });
    } else if (!cancelled) {
      this.selection.select(done.id);
    }
  }

  /**
   * With the canvas focused, arrow keys walk through the views (parents first), Enter selects,
   * Alt+arrows nudge the selected view through a drag, Escape clears.
   */
  keyDown(event) {
    const { renderer, selection } = this;
    const ids = renderer.drawnViews();
    if (!ids.length) return;
    if (event.altKey && ARROWS[event.key] && selection.selected) {
      event.preventDefault();
      const step = event.shiftKey ? 10 : 1;
      const [dx, dy] = ARROWS[event.key];
      this.nudgeBy(selection.selected, dx * step, dy * step);
      return;
    }
    let index = ids.indexOf(renderer.hovered);
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
      index = (index + 1) % ids.length;
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
      index = index <= 0 ? ids.length - 1 : index - 1;
    } else if (event.key === 'Escape') {
      this.clearHover();
      selection.select(null);
      return;
    } else if ((event.key === 'Enter' || event.key === ' ') && renderer.hovered) {
      event.preventDefault();
      selection.select(renderer.hovered);
      this.announcer.textContent = `${renderer.hovered} selected: its constraints are drawn`;
      return;
    } else {
      return;
    }
    event.preventDefault();
    const id = ids[index];
    renderer.setHovered(id);
    this.controls.highlightView(id);
    this.tooltip.showAt(renderer.centerOf(id));
    const frame = this.frames.views[id]?.frame;
    this.announcer.textContent = frame ? `${id}: frame ${rectText(frame)}` : id;
  }

  /**
   * Alt+arrows drag the selected view while Alt is held: the target position is kept here and each
   * press moves it on from there (not from the last frame received, which lags behind quick presses).
   * Releasing Alt ends the drag: the constraints take over again (free positions stay).
   */
  nudgeBy(id, dx, dy) {
    this.endNudgeUnless(id);
    if (!this.nudge) {
      const frame = this.frames.views[id]?.frame;
      if (!frame) return;
      this.nudge = { id, x: frame[0], y: frame[1], sent: false };
      this.dragHint(id);
    }
    const n = this.nudge;
    n.x += dx;
    n.y += dy;
    this.sendDrag(id, n.sent ? 'move' : 'begin', n);
    n.sent = true;
    this.announcer.textContent = `${id} dragged to ${formatNumber(round2(n.x))}, ${formatNumber(round2(n.y))}`;
  }

  /** Ends an Alt+arrow nudge (its drag, if one was sent). */
  endNudge() {
    const n = this.nudge;
    if (!n) return;
    this.nudge = null;
    if (n.sent) this.sendDrag(n.id, 'end', n);
  }

  /** Ends a nudge of any view but `id`. */
  endNudgeUnless(id) {
    if (this.nudge && this.nudge.id !== id) this.endNudge();
  }

  /** Says, when a drag or nudge starts, that constraints take the view back when it ends. */
  dragHint(id) {
    const outcome = dragOutcome(this.cb.ambiguityOf(id));
    if (outcome === 'stays where dropped') return;
    const which = outcome === 'returns on release' ? 'position' : `${outcome.startsWith('x') ? 'vertical' : 'horizontal'} position`;
    this.cb.toast(`${id}: its constraints decide its ${which}; it moves only while held (as far as they allow) `
      + 'and goes back on release. Free (ambiguous) positions stay where dropped.');
  }
}
