// Where the device sits on the canvas at zoom 1: scaled to fit the canvas with the views that lie
// beside the screen (a nav bar pushed above it, a picker waiting below) in sight too, each side's
// reach limited so a view parked far away does not shrink the device to nothing. The reach is
// measured from resting layouts only (the renderer skips mid-animation frames, so the zoom holds
// still while views move) and only grows while a scene is shown (a view that animates off and back
// does not make the device pump); a new scene, a new screen size, or Fit, measures it again.
//
// Exports StageFit and REACH_LIMIT.

/** Root points beyond each edge of the screen that the fit keeps in sight, at most. */
export const REACH_LIMIT = 100;
/** CSS px around the device (or the views beside it). */
const PAD = 28;

/** The fitted scale and centred origin of a device on a canvas, for one scene's views. */
export class StageFit {
  constructor() {
    /** Root points the root's subviews reach beyond the screen's top, left, bottom and right. */
    this.reach = { top: 0, left: 0, bottom: 0, right: 0 };
    /** The [W, H] screen the reach was measured on (root points), null before the first drawing. */
    this.screen = null;
  }

  /** Forgets the reach (a new scene, or Fit). */
  reset() {
    this.reach = { top: 0, left: 0, bottom: 0, right: 0 };
  }

  /**
   * Grows the reach by the frames of the root's subviews ([x, y, w, h] in root points) on a W × H
   * screen; hidden and fully transparent views do not count.
   * - Complexity: O(n) in the subviews.
   */
  extend(states, W, H) {
    const { reach } = this;
    for (const state of states) {
      const frame = state?.frame;
      if (!frame || state.hidden === true || state.alpha === 0) continue;
      const [x, y, w, h] = frame;
      reach.top = Math.max(reach.top, Math.min(REACH_LIMIT, -y));
      reach.left = Math.max(reach.left, Math.min(REACH_LIMIT, -x));
      reach.bottom = Math.max(reach.bottom, Math.min(REACH_LIMIT, y + h - H));
      reach.right = Math.max(reach.right, Math.min(REACH_LIMIT, x + w - W));
    }
  }

  /**
   * The scale (CSS px a root point) that fits a fitW × fitH device and the reach on a cw × ch canvas
   * (CSS px), times `zoom`; at least 0.05.
   */
  scale(cw, ch, fitW, fitH, zoom) {
    const { top, left, bottom, right } = this.reach;
    return Math.max(0.05, Math.min((cw - 2 * PAD) / (fitW + left + right), (ch - 2 * PAD) / (fitH + top + bottom))) * zoom;
  }

  /**
   * The device origin (CSS px) before any pan: the W × H screen and its reach centred together at
   * `scale` on a cw × ch canvas.
   */
  origin(cw, ch, W, H, scale) {
    const { top, left, bottom, right } = this.reach;
    return {
      x: (cw - (W + left + right) * scale) / 2 + left * scale,
      y: (ch - (H + top + bottom) * scale) / 2 + top * scale,
    };
  }
}
