// Where a label goes on the canvas: the first candidate box that covers nothing already taken,
// preferring one that also keeps off the lines to avoid. View names, overlay captions and constraint
// badges are all placed with it, in one shared set of taken boxes per drawing, so none covers another.
//
// Exports Placement.

/**
 * Boxes taken so far and lines to keep off, all { x0, y0, x1, y1 } in one unit (device px for names
 * and badges). Two boxes clash when they overlap by more than `slack` each way; a box is free when it
 * also keeps `gap` from every taken one, so two texts never touch.
 */
export class Placement {
  /**
   * @param {{ taken?: object[], avoid?: object[], slack?: number, gap?: number }} options  boxes
   *   already drawn, bands to keep off where a candidate allows (the safe area's dashed edges), the
   *   overlap allowed, the room kept around taken boxes
   */
  constructor({ taken = [], avoid = [], slack = 0, gap = 0 } = {}) {
    this.taken = [...taken];
    this.avoid = avoid;
    this.slack = slack;
    this.gap = gap;
  }

  /** Whether boxes `a` and `b` overlap by more than the slack each way (`gap`: come nearer than it). */
  clash(a, b, gap = 0) {
    const s = this.slack - gap;
    return a.x0 < b.x1 - s && a.x1 > b.x0 + s && a.y0 < b.y1 - s && a.y1 > b.y0 + s;
  }

  /** Whether `box` covers no taken box and keeps the gap from each. */
  free(box) {
    return !this.taken.some((b) => this.clash(b, box, this.gap));
  }

  /** Whether `box` keeps off every band to avoid. */
  apart(box) {
    return !this.avoid.some((b) => this.clash(b, box));
  }

  /**
   * The first of `candidates` whose box (`boxOf(candidate)`) is free and apart, else the first that is
   * free (and passes `allowed`, when given); null when none is. Nothing is taken: call take().
   * - Complexity: O(candidates × taken).
   */
  choose(candidates, boxOf, allowed = () => true) {
    let fallback = null;
    for (const candidate of candidates) {
      const box = boxOf(candidate);
      if (!this.free(box) || !allowed(box)) continue;
      if (this.apart(box)) return candidate;
      fallback ??= candidate;
    }
    return fallback;
  }

  /** Marks `box` taken. */
  take(box) {
    this.taken.push(box);
  }
}
