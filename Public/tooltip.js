// The hover tooltip over the canvas: a view's frame, bounds, alpha, transform, ambiguity and how a
// drag of it ends, or over the "+N" pill the constraint badges folded into, kept inside the stage
// next to the pointer.
//
// Exports Tooltip, dragOutcome(axes) and rectText(values).

import { formatNumber } from './controls.js';

/** Numbers as a comma-separated list ("0, 20, 375, 44"), in formatNumber's compact form. */
export function rectText(values) {
  return values.map(formatNumber).join(', ');
}

/**
 * How a drag of a view ends, from its ambiguous axes ("horizontal", "vertical"): free axes stay
 * where dropped, the others go back to where the constraints put them.
 * @returns {string} "stays where dropped", "returns on release" or "x stays, y returns on release" (or y, x)
 */
export function dragOutcome(axes) {
  const free = axes || [];
  const x = free.includes('horizontal');
  const y = free.includes('vertical');
  if (x && y) return 'stays where dropped';
  if (!x && !y) return 'returns on release';
  return x ? 'x stays, y returns on release' : 'y stays, x returns on release';
}

/** Whether CSS-px point { x, y } lies in rectangle [x, y, w, h]. */
function within(point, [x, y, w, h]) {
  return point.x >= x && point.x <= x + w && point.y >= y && point.y <= y + h;
}

/** Offset of the tooltip from the pointer, and its margin inside the stage, CSS px. */
const OFFSET = 14;
const MARGIN = 8;

/** The #tooltip element over the #stage: shows the hovered view at the pointer. */
export class Tooltip {
  /**
   * @param {{ node: HTMLElement, stage: HTMLElement, canvas: HTMLCanvasElement, renderer, frames }} parts
   * @param {{ ambiguityOf: (id) => string[] | undefined }} callbacks  a view's ambiguous axes, if any
   */
  constructor({ node, stage, canvas, renderer, frames }, { ambiguityOf }) {
    this.node = node;
    this.stage = stage;
    this.canvas = canvas;
    this.renderer = renderer;
    this.frames = frames;
    this.ambiguityOf = ambiguityOf;
    /** The pointer's position { x, y } in CSS px within the canvas, or null when it is away. */
    this.point = null;
  }

  /** Moves the tooltip to `point` (null: hides it) for the renderer's hovered view. */
  showAt(point) {
    this.point = point;
    this.update();
  }

  /**
   * Redraws the tooltip at the last point: the folded constraint badges over the "+N" pill, else the
   * hovered view (hidden without either).
   */
  update() {
    const { node, renderer } = this;
    const fold = this.point && renderer.badgeFold && within(this.point, renderer.badgeFold.rect) ? renderer.badgeFold : null;
    const id = this.point ? renderer.hovered : null;
    if (fold) {
      this.fill(`${fold.ids.length} more constraint${fold.ids.length === 1 ? '' : 's'}`, renderer.foldedBadges.map((b) => [b.id, b.text]));
      return;
    }
    if (!id) {
      node.hidden = true;
      return;
    }
    const view = renderer.views.get(id) || {};
    const s = this.frames.views[id] || {};
    const ambiguous = this.ambiguityOf(id);
    const lines = [];
    if (s.frame) lines.push(['frame', rectText(s.frame)]);
    if (s.bounds && (s.bounds[0] || s.bounds[1])) lines.push(['bounds', rectText(s.bounds)]);
    if (s.alpha !== undefined && s.alpha !== 1) lines.push(['alpha', formatNumber(s.alpha)]);
    if (s.transform && s.transform.join(',') !== '1,0,0,1,0,0') lines.push(['transform', rectText(s.transform)]);
    if (ambiguous) lines.push(['ambiguous', ambiguous.join(', ')]);
    lines.push(['drag', dragOutcome(ambiguous)]);
    this.fill(view.label && view.label !== id ? `${id} · ${view.label}` : id, lines);
  }

  /** Shows `heading` over a list of [key, value] `lines` beside the pointer, inside the stage. */
  fill(heading, lines) {
    const { node } = this;
    const title = document.createElement('strong');
    title.textContent = heading;
    const table = document.createElement('dl');
    for (const [key, value] of lines) {
      const dt = document.createElement('dt');
      dt.textContent = key;
      const dd = document.createElement('dd');
      dd.textContent = value;
      table.append(dt, dd);
    }
    node.replaceChildren(title, table);
    node.hidden = false;
    // Keep the tooltip inside the stage, offset from the pointer.
    const stageRect = this.stage.getBoundingClientRect();
    const canvasRect = this.canvas.getBoundingClientRect();
    const px = this.point.x + canvasRect.left - stageRect.left;
    const py = this.point.y + canvasRect.top - stageRect.top;
    const w = node.offsetWidth;
    const h = node.offsetHeight;
    let x = px + OFFSET;
    let y = py + OFFSET;
    if (x + w > stageRect.width - MARGIN) x = px - w - OFFSET;
    if (y + h > stageRect.height - MARGIN) y = py - h - OFFSET;
    node.style.transform = `translate(${Math.max(MARGIN, x)}px, ${Math.max(MARGIN, y)}px)`;
  }
}
