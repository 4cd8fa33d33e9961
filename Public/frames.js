// The streamed view state: each view's latest fields merged from `frames` messages, the keyboard's
// frame, and where the stream stands (sequence number, session time, final or mid-animation).
//
// Exports FrameStore.

/** What the server has streamed so far, merged view by view. */
export class FrameStore {
  constructor() {
    /** View id → { frame, bounds, alpha, transform } as last received (points, root space for the root). */
    this.views = {};
    /** The keyboard's [x, y, w, h] in root points, once the server sends it; null before. */
    this.keyboard = null;
    /** The last `frames` message's `seq`; null before the first. */
    this.lastSeq = null;
    /** The last `frames` message's session time in seconds; null before the first. */
    this.lastTime = null;
    /** Whether the last `frames` message was final (no animation running). */
    this.final = true;
  }

  /**
   * Merges one `frames` message (fields that are not objects are skipped).
   * @returns {{ time: number|null, final: boolean, wasFinal: boolean }} the message's time (the
   *   previous one when it has none), whether it is final, and whether the message before it was.
   */
  receive(message) {
    for (const [id, fields] of Object.entries(viewsOf(message))) {
      if (!fields || typeof fields !== 'object') continue;
      const current = this.views[id] || (this.views[id] = {});
      Object.assign(current, fields);
    }
    if (Array.isArray(message.keyboard)) this.keyboard = message.keyboard;
    if (message.seq !== undefined) this.lastSeq = message.seq;
    const time = typeof message.time === 'number' ? message.time : this.lastTime;
    if (message.time !== undefined) this.lastTime = message.time;
    const wasFinal = this.final;
    this.final = message.final === true;
    return { time, final: this.final, wasFinal };
  }

  /** Forgets the views whose ids are not in `ids` (a Set), once another scene is loaded. */
  retain(ids) {
    for (const id of Object.keys(this.views)) if (!ids.has(id)) delete this.views[id];
  }
}

/** A `frames` message's `views` object, or {} when it has none (or not an object). */
export function viewsOf(message) {
  return message.views && typeof message.views === 'object' ? message.views : {};
}
