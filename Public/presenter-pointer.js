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

  /** Puts the dot over the canvas at the presenter's position, in CSS px within the stage. */
  place() {
    const layout = this.renderer.layout;
    const shown = this.shown;
    if (!shown || shown.x === null || shown.y === null || !layout) {
      this.dot.hidden = true;
      return;
    }
    this.dot.hidden = false;
    this.dot.style.left = `${this.canvas.offsetLeft + layout.ox + shown.x * layout.scale}px`;
    this.dot.style.top = `${this.canvas.offsetTop + layout.oy + shown.y * layout.scale}px`;
  }
}
