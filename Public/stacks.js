// Stack views in the page: "Embed in stack" makes a UIStackView of the selected views (as Interface
// Builder's Editor ▸ Embed In ▸ Stack View does), and the stack inspector edits a stack's axis,
// distribution, alignment and spacing. Both send the protocol's `add`, `remove` and `set` (view) ops.
//
// Exports embedInStackOps(scene, frames, ids, stackId) and StackInspector.

/** Fields of the scene document's view form that `scene` reports but `add` does not take. */
const OUTPUT_ONLY = ['lines', 'fontMetrics', 'frame'];
const TEXT_KINDS = new Set(['label', 'button', 'textField']);

/** A view's spec for `add`, from its `scene` form: output-only fields dropped, `stack.arranged` left for later. */
function addable(view, parent) {
  const spec = { ...view, parent };
  for (const key of OUTPUT_ONLY) delete spec[key];
  if (TEXT_KINDS.has(spec.kind)) delete spec.intrinsicSize; // measured from the text, not set
  if (spec.stack) spec.stack = { ...spec.stack, arranged: [] };
  delete spec.translatesAutoresizingMaskIntoConstraints;
  return spec;
}

/**
 * The ops that put views `ids` (siblings) into a new stack view `stackId` where they stand: the stack
 * is added under their superview, each view is taken out and added back inside it with its subtree
 * and the constraints within that subtree (constraints to views outside go, as when Interface Builder
 * embeds views), the stack arranges them in on-screen order along the axis they are spread on, with
 * the spacing between the first two, and it is pinned at their union's top-left corner.
 * Throws an Error (its message for the page) when the views are not siblings or fewer than one.
 * @param {object} scene  the scene document (`scene` answer): views, constraints
 * @param {Object<string, { frame?: number[] }>} frames  streamed frames by view id
 */
export function embedInStackOps(scene, frames, ids, stackId) {
  const views = scene?.views || [];
  const byId = new Map(views.map((v) => [v.id, v]));
  const chosen = ids.map((id) => byId.get(id)).filter(Boolean);
  if (!chosen.length) throw new Error('select the views to stack');
  const parent = chosen[0].parent || 'root';
  if (chosen.some((v) => (v.parent || 'root') !== parent)) throw new Error('the views to stack must share a superview');
  const rects = chosen.map((v) => frames[v.id]?.frame);
  if (rects.some((r) => !Array.isArray(r))) throw new Error('the views have no frames yet');
  const x0 = Math.min(...rects.map((r) => r[0]));
  const y0 = Math.min(...rects.map((r) => r[1]));
  const spreadX = Math.max(...rects.map((r) => r[0] + r[2] / 2)) - Math.min(...rects.map((r) => r[0] + r[2] / 2));
  const spreadY = Math.max(...rects.map((r) => r[1] + r[3] / 2)) - Math.min(...rects.map((r) => r[1] + r[3] / 2));
  const axis = spreadY >= spreadX ? 'vertical' : 'horizontal';
  const order = chosen.map((v, i) => ({ id: v.id, r: rects[i] }))
    .sort((a, b) => (axis === 'vertical' ? a.r[1] - b.r[1] : a.r[0] - b.r[0]));
  const gap = order.length > 1
    ? (axis === 'vertical' ? order[1].r[1] - (order[0].r[1] + order[0].r[3]) : order[1].r[0] - (order[0].r[0] + order[0].r[2]))
    : 0;
  const spacing = Math.max(0, Number(gap.toFixed(3)));
  // Each chosen view's subtree, parents first.
  const subtree = new Set();
  const walk = (id) => {
    subtree.add(id);
    for (const v of views) if ((v.parent || 'root') === id && !subtree.has(v.id)) walk(v.id);
  };
  for (const v of chosen) walk(v.id);
  const inside = (anchor) => !anchor || subtree.has(String(anchor).split('.')[0]);
  const kept = (scene.constraints || []).filter((c) => inside(c.first) && inside(c.second));
  const ops = [{ type: 'add', view: { id: stackId, parent, label: 'UIStackView', stack: { axis, spacing } } }];
  for (const v of chosen) ops.push({ type: 'remove', view: v.id });
  for (const v of views.filter((view) => subtree.has(view.id))) {
    ops.push({ type: 'add', view: addable(v, chosen.includes(v) ? stackId : (v.parent || 'root')) });
  }
  for (const v of views.filter((view) => subtree.has(view.id) && view.stack?.arranged?.length)) {
    ops.push({ type: 'set', view: v.id, stack: { arranged: v.stack.arranged } });
  }
  for (const c of kept) {
    const { broken, ...constraint } = c;
    void broken;
    ops.push({ type: 'add', constraint });
  }
  ops.push({ type: 'set', view: stackId, stack: { arranged: order.map((o) => o.id) } });
  const edge = (side, value) => ({ type: 'add', constraint: { id: `${stackId}-${side}`, first: `${stackId}.${side}`,
    second: `${parent}.${side}`, constant: Number(value.toFixed(3)) } });
  ops.push(edge('top', y0), edge('leading', x0));
  return { ops, axis, spacing, arranged: order.map((o) => o.id) };
}

const CHOICES = {
  axis: ['horizontal', 'vertical'],
  distribution: ['fill', 'fillEqually', 'fillProportionally', 'equalSpacing', 'equalCentering'],
  alignment: ['fill', 'leading', 'center', 'trailing', 'firstBaseline', 'lastBaseline'],
};

/** The selected stack view's fields: axis, distribution, alignment (pickers) and spacing (points). */
export class StackInspector {
  /**
   * @param {{ node: HTMLElement }} parts  the element to fill (hidden unless a stack is selected)
   * @param {{ onChange: (id: string, stack: object) => void }} callbacks  onChange: `set` view `id`'s
   *   `stack` fields
   */
  constructor({ node }, callbacks) {
    this.node = node;
    this.cb = callbacks;
    this.viewId = null;
    this.shown = '';
    this.inputs = {};
    const grid = document.createElement('div');
    grid.className = 'size-grid';
    for (const [field, values] of Object.entries(CHOICES)) {
      const select = document.createElement('select');
      select.dataset.stack = field;
      select.replaceChildren(...values.map((v) => new Option(v, v)));
      select.addEventListener('change', () => this.viewId && this.cb.onChange(this.viewId, { [field]: select.value }));
      grid.append(labelled(field[0].toUpperCase() + field.slice(1), select));
      this.inputs[field] = select;
    }
    const spacing = document.createElement('input');
    spacing.type = 'number';
    spacing.step = 'any';
    spacing.dataset.stack = 'spacing';
    spacing.addEventListener('change', () => {
      const value = Number.parseFloat(spacing.value);
      if (this.viewId && Number.isFinite(value)) this.cb.onChange(this.viewId, { spacing: value });
    });
    grid.append(labelled('Spacing', spacing));
    this.inputs.spacing = spacing;
    node.replaceChildren(grid);
    node.hidden = true;
  }

  /** Shows view `view`'s stack fields (hidden when it is not a stack view, or no view). */
  show(view) {
    const stack = view?.stack || null;
    const key = JSON.stringify([view?.id, stack]);
    if (key === this.shown) return;
    this.shown = key;
    this.viewId = stack ? view.id : null;
    this.node.hidden = !stack;
    if (!stack) return;
    for (const field of Object.keys(CHOICES)) {
      const value = field === 'alignment' && stack.alignment === 'top' ? 'leading'
        : field === 'alignment' && stack.alignment === 'bottom' ? 'trailing' : stack[field];
      this.inputs[field].value = value ?? CHOICES[field][0];
    }
    if (document.activeElement !== this.inputs.spacing) this.inputs.spacing.value = String(stack.spacing ?? 0);
  }
}

function labelled(text, control) {
  const label = document.createElement('label');
  label.className = 'field';
  const span = document.createElement('span');
  span.textContent = text;
  label.append(span, control);
  return label;
}
