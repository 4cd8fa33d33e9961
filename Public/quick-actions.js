// Interface Builder's Pin and Align menus as quick actions on the selected view: pin an edge at its
// current spacing to the nearest neighbour (the nearest sibling on that side, else the superview's
// edge, the root's safe area for a view of the root), equal widths or heights with another view,
// centre in the container, aspect ratio as it is now. Each builds constraints as equations (the
// grammar of `add`, docs/PROTOCOL.md) from the streamed frames; edits.js sends them as one batch.
//
// Exports QuickActions, pinEquation(...) and nearestNeighbour(...).

import { formatNumber } from './controls.js';

/** Rounds a spacing or ratio for an equation: points to 1/1000 (frames are exact to that). */
const round = (v) => Number(v.toFixed(3));

/** `a + d` / `a - d` for a constant d (nothing for 0). */
function plus(d) {
  if (d === 0) return '';
  return d < 0 ? ` - ${formatNumber(round(-d))}` : ` + ${formatNumber(round(d))}`;
}

/**
 * The sibling nearest to `frame` on `side` ("top", "bottom", "leading", "trailing"): one whose frame
 * lies wholly on that side and overlaps it across the axis; null when there is none.
 * @param {number[]} frame  [x, y, w, h] in the superview's bounds space
 * @param {Array<{ id: string, frame: number[] }>} siblings  the other subviews of the same superview
 */
export function nearestNeighbour(frame, side, siblings) {
  const [x, y, w, h] = frame;
  const eps = 0.5;
  let best = null;
  for (const s of siblings) {
    const [sx, sy, sw, sh] = s.frame;
    const acrossX = sx < x + w && sx + sw > x;
    const acrossY = sy < y + h && sy + sh > y;
    let gap = null;
    if (side === 'top' && acrossX && sy + sh <= y + eps) gap = y - (sy + sh);
    if (side === 'bottom' && acrossX && sy >= y + h - eps) gap = sy - (y + h);
    if (side === 'leading' && acrossY && sx + sw <= x + eps) gap = x - (sx + sw);
    if (side === 'trailing' && acrossY && sx >= x + w - eps) gap = sx - (x + w);
    if (gap !== null && (!best || gap < best.gap)) best = { id: s.id, gap };
  }
  return best;
}

const OPPOSITE = { top: 'bottom', bottom: 'top', leading: 'trailing', trailing: 'leading' };

/**
 * The equation that pins `side` of view `id` where it is now: to the nearest sibling's facing edge,
 * else to its container (`container`: an item name such as "root.safeArea" or "card", with its rect
 * [x, y, w, h] in the same space as `frame`).
 */
export function pinEquation(id, side, frame, siblings, container) {
  const [x, y, w, h] = frame;
  const near = nearestNeighbour(frame, side, siblings);
  if (near) {
    // view.top == other.bottom + gap; view.bottom == other.top - gap (and the same across).
    const sign = side === 'top' || side === 'leading' ? 1 : -1;
    return `${id}.${side} == ${near.id}.${OPPOSITE[side]}${plus(sign * near.gap)}`;
  }
  const [cx, cy, cw, ch] = container.rect;
  const offset = { top: y - cy, leading: x - cx, bottom: (y + h) - (cy + ch), trailing: (x + w) - (cx + cw) }[side];
  return `${id}.${side} == ${container.item}.${side}${plus(offset)}`;
}

/** The Pin and Align buttons of the inspector, for the selected view. */
export class QuickActions {
  /**
   * @param {{ node: HTMLElement, frames, scenes }} parts  the element to fill, the frame store and
   *   the scene store (the scene document: views, parents, root safe area)
   * @param {{ onAdd: (equations: string[]) => Promise<object>, onEmbed: () => Promise<object> }} callbacks
   *   onAdd: adds the constraints; onEmbed: embeds the selected views in a stack view
   */
  constructor({ node, frames, scenes }, callbacks) {
    this.node = node;
    this.frames = frames;
    this.scenes = scenes;
    this.cb = callbacks;
    this.viewId = null;
    this.shownKey = '';
    this.build();
  }

  build() {
    const button = (action, text, title) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn btn-small';
      b.dataset.action = action;
      b.textContent = text;
      b.title = title;
      b.addEventListener('click', () => this.run(action));
      return b;
    };
    const pin = document.createElement('div');
    pin.className = 'button-row';
    pin.setAttribute('role', 'group');
    pin.setAttribute('aria-label', 'Pin');
    pin.append(
      button('pin-top', 'Pin top', 'The top edge at its current spacing to the nearest view above (or the container)'),
      button('pin-leading', 'Pin leading', 'The leading edge at its current spacing to the nearest view before it'),
      button('pin-trailing', 'Pin trailing', 'The trailing edge at its current spacing to the nearest view after it'),
      button('pin-bottom', 'Pin bottom', 'The bottom edge at its current spacing to the nearest view below'),
    );
    const align = document.createElement('div');
    align.className = 'button-row';
    align.setAttribute('role', 'group');
    align.setAttribute('aria-label', 'Align');
    this.other = document.createElement('select');
    this.other.setAttribute('aria-label', 'The other view for equal widths and heights');
    align.append(
      button('center', 'Centre in container', 'centerX and centerY equal to the superview\'s'),
      button('aspect', 'Aspect ratio', 'width = height × the current ratio'),
      this.other,
      button('equal-widths', 'Equal widths', 'width equal to the chosen view\'s width'),
      button('equal-heights', 'Equal heights', 'height equal to the chosen view\'s height'),
    );
    const stack = document.createElement('div');
    stack.className = 'button-row';
    stack.append(button('embed-stack', 'Embed in stack',
      'A stack view of the selected view and those Shift-clicked in the outline, where they stand'));
    this.error = document.createElement('p');
    this.error.className = 'add-error';
    this.error.setAttribute('role', 'alert');
    this.error.hidden = true;
    this.node.replaceChildren(pin, align, stack, this.error);
  }

  /** Follows the selected view (null: none): refills the list of other views when the scene changed. */
  show(viewId) {
    this.viewId = viewId;
    const views = this.scenes.scene?.views || [];
    const key = `${viewId}|${views.map((v) => v.id).join(',')}`;
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.error.hidden = true;
    const others = views.filter((v) => v.id !== viewId);
    const before = this.other.value;
    this.other.replaceChildren(...others.map((v) => new Option(v.id, v.id)));
    if (others.some((v) => v.id === before)) this.other.value = before;
  }

  /** The equations of `action` for the selected view; throws an Error saying why there are none. */
  equations(action) {
    const id = this.viewId;
    const scene = this.scenes.scene;
    const view = scene?.views?.find((v) => v.id === id);
    const frame = this.frames.views[id]?.frame;
    if (!view || !frame) throw new Error('select a view first');
    const parent = view.parent && view.parent !== 'root' ? view.parent : 'root';
    if (action.startsWith('pin-')) {
      const siblings = (scene.views || [])
        .filter((v) => v.id !== id && (v.parent || 'root') === parent && this.frames.views[v.id]?.frame && !this.frames.views[v.id]?.hidden)
        .map((v) => ({ id: v.id, frame: this.frames.views[v.id].frame }));
      return [pinEquation(id, action.slice(4), frame, siblings, this.container(parent))];
    }
    if (action === 'embed-stack') return [];
    if (action === 'center') return [`${id}.centerX == ${parent}.centerX`, `${id}.centerY == ${parent}.centerY`];
    if (action === 'aspect') {
      if (!(frame[3] > 0)) throw new Error('the view has no height: no ratio to keep');
      return [`${id}.width == ${id}.height * ${formatNumber(round(frame[2] / frame[3]))}`];
    }
    const other = this.other.value;
    if (!other) throw new Error('choose the other view');
    return [action === 'equal-widths' ? `${id}.width == ${other}.width` : `${id}.height == ${other}.height`];
  }

  /** The container an edge pins to when no sibling is on that side: its item name and rect. */
  container(parent) {
    if (parent !== 'root') {
      const f = this.frames.views[parent]?.frame || [0, 0, 0, 0];
      const b = this.frames.views[parent]?.bounds || [0, 0, f[2], f[3]];
      return { item: parent, rect: [b[0], b[1], f[2], f[3]] };
    }
    // A view of the root pins to the safe area, as Interface Builder does.
    const root = this.frames.views.root?.frame || [0, 0, ...(this.scenes.scene?.root?.size || [0, 0])];
    const [t, l, b, r] = this.scenes.scene?.root?.safeArea || [0, 0, 0, 0];
    return { item: 'root.safeArea', rect: [l, t, root[2] - l - r, root[3] - t - b] };
  }

  async run(action) {
    this.error.hidden = true;
    let equations;
    try {
      equations = this.equations(action);
    } catch (error) {
      this.error.textContent = error.message;
      this.error.hidden = false;
      return;
    }
    const answer = action === 'embed-stack' ? await this.cb.onEmbed() : await this.cb.onAdd(equations);
    if (answer?.type === 'error') {
      this.error.textContent = `${answer.code}: ${answer.message}`;
      this.error.hidden = false;
    }
  }
}
