// What the presenter points at, on both sides of a shared session: the owner's page sends where the
// pointer is on the canvas (root points) and which view is selected (`pointer`, latest wins, so a
// fast mouse never queues); a follower's page draws the dot there and selects the same view.
//
// Exports PresenterPointer.

/** Follows and shows a presenter's pointer. */
export class PresenterPointer {
  /**
   * @param {{ canvas: HTMLCanvasElement, dot: HTMLElement, renderer, selection, sender }} parts
   *   the canvas, the dot drawn over it for followers, the renderer (its layout maps root points to
   *   CSS px), the selection, and the latest-wins sender the owner's positions go through
   */
  constructor({ canvas, dot, renderer, selection, sender }) {
    this.canvas = canvas;
    this.dot = dot;
    this.renderer = renderer;
    this.selection = selection;
    this.sender = sender;
    /** True while this page owns a shared session: its moves are sent. */
    this.sending = false;
    /** The owner's last position sent, root points (null: off the canvas). */
    this.location = null;
    /** The selection last sent, so a change alone is sent too. */
    this.sentView = null;
    /** A follower's last `pointer` event: { x, y, view } (x and y null when off the canvas), or null. */
    this.shown = null;
    canvas.addEventListener('pointermove', (event) => this.moved(event));
    canvas.addEventListener('pointerleave', () => this.moved(null));
  }

  /** Starts or stops sending (the owner shared or stopped sharing). */
  setSending(on) {
    this.sending = on;
    if (on) this.send();
  }

  /** A move over the canvas (null: it left), converted to root points with the last drawing's layout. */
  moved(event) {
    if (!this.sending) return;
    const layout = this.renderer.layout;
    if (!event || !layout) {
      this.location = null;
    } else {
      const rect = this.canvas.getBoundingClientRect();
      const x = (event.clientX - rect.left - layout.ox) / layout.scale;
      const y = (event.clientY - rect.top - layout.oy) / layout.scale;
      this.location = { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
    }
    this.send();
  }

  /** After each drawing: the owner sends a new selection; a follower's dot follows the layout. */
  afterDraw() {
    if (this.sending && this.selection.selected !== this.sentView) this.send();
    this.place();
  }

  send() {
    this.sentView = this.selection.selected;
    this.sender.send('pointer', () => {
      const message = { type: 'pointer' };
      if (this.location) Object.assign(message, this.location);
      if (this.sentView) message.view = this.sentView;
      return message;
    }, { refresh: false });
  }

  /** A follower's `pointer` event: the dot moves there and the presenter's selection is shown. */
  show(message) {
    const number = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    this.shown = { x: number(message.x), y: number(message.y), view: typeof message.view === 'string' ? message.view : null };
    if (this.selection.selected !== this.shown.view) this.selection.select(this.shown.view);
    this.place();
  }

  /** Hides the dot and forgets the presenter's pointer (the follow ended). */
  reset() {
    this.shown = null;
    this.dot.hidden = true;
  }

  /**
   * Puts the dot over the canvas at the presenter's position, in CSS px within the stage; over a
   * constraint's badge it moves just clear of it (dotOffset), so the badge stays readable.
   */
  place() {
    const layout = this.renderer.layout;
    const shown = this.shown;
    if (!shown || shown.x === null || shown.y === null || !layout) {
      this.dot.hidden = true;
      return;
    }
    const at = { x: layout.ox + shown.x * layout.scale, y: layout.oy + shown.y * layout.scale };
    const pills = this.renderer.badges.map((b) => b.rect);
    if (this.renderer.badgeFold) pills.push(this.renderer.badgeFold.rect);
    this.offset = dotOffset(at, pills);
    this.dot.hidden = false;
    this.dot.style.left = `${this.canvas.offsetLeft + at.x + this.offset.x}px`;
    this.dot.style.top = `${this.canvas.offsetTop + at.y + this.offset.y}px`;
  }
}

/** CSS px from the dot's centre to the outside of its ring and shadow (18 px across, a 2 px halo). */
export const DOT_RADIUS = 11;
/** CSS px the dot keeps from a badge it was moved off. */
const DOT_GAP = 2;

/**
 * How far (CSS px, { x, y }) the dot at `at` moves so that its box covers none of `rects` ([x, y, w,
 * h], the badges as drawn): none when it covers none; else the smallest move that clears the badges
 * (above, below, left or right of a badge under it); the smallest move of all when none clears them.
 * - Complexity: O(rects²).
 */
export function dotOffset(at, rects) {
  const r = DOT_RADIUS;
  const covers = (p) => rects.some(([x, y, w, h]) => p.x + r > x && p.x - r < x + w && p.y + r > y && p.y - r < y + h);
  if (!covers(at)) return { x: 0, y: 0 };
  const moves = [];
  for (const [x, y, w, h] of rects) {
    if (!(at.x + r > x && at.x - r < x + w && at.y + r > y && at.y - r < y + h)) continue;
    moves.push({ x: 0, y: y - DOT_GAP - r - at.y }, { x: 0, y: y + h + DOT_GAP + r - at.y },
      { x: x - DOT_GAP - r - at.x, y: 0 }, { x: x + w + DOT_GAP + r - at.x, y: 0 });
  }
  const clear = moves.filter((m) => !covers({ x: at.x + m.x, y: at.y + m.y }));
  const pick = (list) => list.reduce((best, m) => (Math.hypot(m.x, m.y) < Math.hypot(best.x, best.y) ? m : best));
  return clear.length ? pick(clear) : pick(moves);
}
