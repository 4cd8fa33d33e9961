// Where the device sits on the canvas at zoom 1: scaled to fit the canvas with the views that lie
// beside the screen (a nav bar pushed above it, a picker waiting below) in sight too, whole. A view
// counts when it starts within NEAR_LIMIT of the screen's edge, and each side's reach is at most
// REACH_FRACTION of the screen's size, so a view parked far away does not shrink the device to
// nothing. The reach is measured from resting layouts only (the renderer skips mid-animation frames,
// so the zoom holds still while views move): the scene's first resting layout sets a base that holds
// while the scene is shown (a picker that waits below and animates in does not make the device
// grow), and a later resting layout widens it only while its views lie further out, so the fit comes
// back to the base when they return (the search bar's Focus and Cancel). A new scene, a new screen
// size, or Fit, measures the base again.
//
// Exports StageFit, NEAR_LIMIT and REACH_FRACTION.

/** Root points beyond the screen's edge a view may start at and still be kept in sight. */
export const NEAR_LIMIT = 100;
/** Each side's reach at most, as a fraction of the screen's size along that axis. */
export const REACH_FRACTION = 0.5;
/** CSS px around the device (or the views beside it). */
const PAD = 28;

const NONE = Object.freeze({ top: 0, left: 0, bottom: 0, right: 0 });

/**
 * The root points the root's subviews ([x, y, w, h] frames in root points, on a W × H screen) reach
 * beyond each edge of the screen, by the rules above; hidden and fully transparent views do not count.
 * - Complexity: O(n) in the subviews.
 */
export function reachOf(states, W, H) {
  const reach = { ...NONE };
  const capX = REACH_FRACTION * W;
  const capY = REACH_FRACTION * H;
  for (const state of states) {
    const frame = state?.frame;
    if (!frame || state.hidden === true || state.alpha === 0) continue;
    const [x, y, w, h] = frame;
    // Beyond an edge: the part past it, when the view's near edge is within NEAR_LIMIT of it.
    if (y + h > -NEAR_LIMIT && y < 0) reach.top = Math.max(reach.top, Math.min(capY, -y));
    if (x + w > -NEAR_LIMIT && x < 0) reach.left = Math.max(reach.left, Math.min(capX, -x));
    if (y < H + NEAR_LIMIT && y + h > H) reach.bottom = Math.max(reach.bottom, Math.min(capY, y + h - H));
    if (x < W + NEAR_LIMIT && x + w > W) reach.right = Math.max(reach.right, Math.min(capX, x + w - W));
  }
  return reach;
}

/** The fitted scale and centred origin of a device on a canvas, for one scene's views. */
export class StageFit {
  constructor() {
    /** The reach of the first resting layout since reset() (null before it): the fit holds it. */
    this.base = null;
    /** Root points kept in sight beyond the screen's top, left, bottom and right: the base, widened by the last resting layout. */
    this.reach = { ...NONE };
    /** The [W, H] screen the reach was measured on (root points), null before the first drawing. */
    this.screen = null;
  }

  /** Forgets the reach (a new scene, or Fit): the next resting layout is measured as the base. */
  reset() {
    this.base = null;
    this.reach = { ...NONE };
  }

  /**
   * Measures a resting layout: the frames of the root's subviews on a W × H screen (root points).
   * The first since reset() is the base; each later one gives the reach of the base and its own.
   * Frames not yet received (no state with a frame) measure nothing.
   * - Complexity: O(n) in the subviews.
   */
  measure(states, W, H) {
    if (!states.some((state) => state?.frame)) return;
    const now = reachOf(states, W, H);
    this.base ??= now;
    const { base } = this;
    this.reach = {
      top: Math.max(base.top, now.top),
      left: Math.max(base.left, now.left),
      bottom: Math.max(base.bottom, now.bottom),
      right: Math.max(base.right, now.right),
    };
  }

  /**
   * The scale (CSS px a root point) that fits a fitW × fitH device and the reach on a cw × ch canvas
   * (CSS px) below `padTop` CSS px (PAD by default), times `zoom`; at least 0.05.
   */
  scale(cw, ch, fitW, fitH, zoom, padTop = PAD) {
    const { top, left, bottom, right } = this.reach;
    return Math.max(0.05, Math.min((cw - 2 * PAD) / (fitW + left + right), (ch - padTop - PAD) / (fitH + top + bottom))) * zoom;
  }

  /**
   * The device origin (CSS px) before any pan: the W × H screen and its reach centred together at
   * `scale` on a cw × ch canvas, below `padTop` CSS px (PAD by default).
   */
  origin(cw, ch, W, H, scale, padTop = PAD) {
    const { top, left, bottom, right } = this.reach;
    return {
      x: (cw - (W + left + right) * scale) / 2 + left * scale,
      y: padTop + (ch - padTop - PAD - (H + top + bottom) * scale) / 2 + top * scale,
    };
  }

  /**
   * The top padding (CSS px) that keeps the device fitted at zoom 1 clear of `reserved` (CSS-px
   * rectangles [x, y, w, h] over the canvas's top, such as the zoom controls): PAD when it is clear
   * of them, else PAD below the lowest one it would meet.
   * - Complexity: O(reserved).
   */
  padTop(cw, ch, fitW, fitH, W, H, reserved) {
    const scale = this.scale(cw, ch, fitW, fitH, 1);
    const o = this.origin(cw, ch, W, H, scale);
    const { top, left, bottom, right } = this.reach;
    const box = [o.x - left * scale, o.y - top * scale, o.x + (W + right) * scale, o.y + (H + bottom) * scale];
    const met = reserved.filter(([x, y, w, h]) => x < box[2] && x + w > box[0] && y < box[3] && y + h > box[1]);
    return met.length ? Math.max(...met.map(([, y, , h]) => y + h)) + PAD / 2 : PAD;
  }
}
