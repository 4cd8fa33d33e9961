// The side panel: scene picker, scene actions, keyboard buttons, animation
// options and the constraint list (grouped by first view, one slider + number
// input + active checkbox per constraint). It only reports what the user did
// through callbacks; it never talks to the server itself.
//
// Exports Controls, formatNumber(n), equationText(c), sliderRange(v) and constraintAxis(c).

const SLIDER_SPAN = 400;
const SLIDER_STEP = 0.5;

/** Compact number text: integers as is, others to at most 3 decimals. */
export function formatNumber(n) {
  if (typeof n !== 'number' || !Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return String(n);
  return String(Number(n.toFixed(3)));
}

/**
 * A constraint as the equation field (and `add`'s equation grammar, docs/PROTOCOL.md) reads it back:
 * "picker.top == root.top + 667", "a.width >= b.width * 0.5 - 10 @750", "picker.height == 207".
 * The multiplier shows only when it is not 1, the constant only when it is not 0 (or there is no
 * second item), the priority only when it is not required.
 */
export function equationText(c) {
  const relation = c.relation || '==';
  const constant = c.constant ?? 0;
  const priority = c.priority ?? 1000;
  let rhs;
  if (c.second) {
    const multiplier = c.multiplier ?? 1;
    rhs = multiplier === 1 ? c.second : `${c.second} * ${formatNumber(multiplier)}`;
    if (constant !== 0) rhs += ` ${constant < 0 ? '-' : '+'} ${formatNumber(Math.abs(constant))}`;
  } else {
    rhs = formatNumber(constant);
  }
  return `${c.first} ${relation} ${rhs}${priority < 1000 ? ` @${formatNumber(priority)}` : ''}`;
}

/** Slider range around a value: [min(v − 400, −400), v + 400]. */
export function sliderRange(v) {
  const value = Number.isFinite(v) ? v : 0;
  return {
    min: Math.floor(Math.min(value - SLIDER_SPAN, -SLIDER_SPAN)),
    max: Math.ceil(value + SLIDER_SPAN),
  };
}

function firstView(c) {
  return String(c.first || '').split('.')[0] || '?';
}

const HORIZONTAL = /^(left|right|leading|trailing|centerX|width|leftMargin|rightMargin|leadingMargin|trailingMargin|centerXWithinMargins)$/;

/** "horizontal" or "vertical": the axis of the constraint's first attribute. */
export function constraintAxis(c) {
  const first = String(c.first || '');
  return HORIZONTAL.test(first.slice(first.lastIndexOf('.') + 1)) ? 'horizontal' : 'vertical';
}

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key in node && typeof value !== 'string') node[key] = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

export class Controls {
  /**
   * @param {object} elements  DOM elements of the panel (app.js passes them)
   * @param {object} callbacks onSceneChange(name), onAction(name), onKeyboard(show),
   *                           onConstant(id, value, { final }), onActive(id, active),
   *                           onHoverView(id | null)
   */
  constructor(elements, callbacks) {
    this.el = elements;
    this.cb = callbacks;
    this.rows = new Map(); // constraint id -> { row, range, number, active, eq, constraint }
    this.groups = new Map(); // view id -> group element
    this.dragging = null; // constraint id whose slider has the pointer down
    this.uid = 0;
    this.bindStatic();
  }

  bindStatic() {
    const { el } = this;
    el.sceneSelect.addEventListener('change', () => this.cb.onSceneChange(el.sceneSelect.value));
    el.keyboardShow.addEventListener('click', () => this.cb.onKeyboard(true));
    el.keyboardHide.addEventListener('click', () => this.cb.onKeyboard(false));
    el.animate.addEventListener('change', () => this.syncAnimationInputs());
    el.curve.addEventListener('change', () => this.syncAnimationInputs());
    el.filter.addEventListener('input', () => this.applyFilter());
    this.syncAnimationInputs();
    document.addEventListener('pointerup', () => { this.dragging = null; });
    document.addEventListener('pointercancel', () => { this.dragging = null; });
  }

  syncAnimationInputs() {
    const on = this.el.animate.checked;
    for (const key of ['duration', 'delay', 'curve', 'damping', 'velocity', 'classicBug']) {
      if (this.el[key]) this.el[key].disabled = !on;
    }
    if (this.el.springFields) this.el.springFields.hidden = this.el.curve.value !== 'spring';
  }

  /** { enabled, duration (s), delay (s), curve, classicBug } from the animation options. */
  animation() {
    const number = (input, fallback, min, max) => {
      const v = Number.parseFloat(input?.value);
      return Number.isFinite(v) && v >= min && v <= max ? v : fallback;
    };
    const curveValue = this.el.curve.value;
    const curve = curveValue === 'spring'
      ? { spring: { damping: number(this.el.damping, 0.7, 0.01, 1), velocity: number(this.el.velocity, 0, -100, 100) } }
      : curveValue;
    return {
      enabled: this.el.animate.checked,
      duration: number(this.el.duration, 0.25, 0, 60),
      delay: number(this.el.delay, 0, 0, 60),
      curve,
      classicBug: Boolean(this.el.classicBug?.checked),
    };
  }

  setConnected(open) {
    this.el.panel.classList.toggle('is-offline', !open);
    for (const node of this.el.panel.querySelectorAll('button, input, select')) {
      if (node.dataset.alwaysEnabled !== undefined) continue;
      node.disabled = !open;
    }
    this.el.sceneSelect.disabled = !open || this.el.sceneSelect.options.length === 0;
    if (open) this.syncAnimationInputs();
  }

  /** Scene titles by name (`hello.sceneTitles`): what the scene picker shows in place of the names. */
  setSceneTitles(titles) {
    this.sceneTitles = titles && typeof titles === 'object' ? titles : {};
  }

  /** A scene's title for the picker (its name when it has none), marked when it is edited. */
  sceneOptionText(name, edited = false) {
    const title = this.sceneTitles?.[name] || name;
    return edited ? `${title} (edited)` : title;
  }

  /**
   * Says whether the loaded scene is edited (there are steps to undo): "(edited)" after its title in
   * the picker and the scene card, and body[data-edited].
   */
  showEdited(edited) {
    document.body.dataset.edited = String(edited);
    const select = this.el.sceneSelect;
    const option = select.options[select.selectedIndex];
    if (option) option.textContent = this.sceneOptionText(option.value, edited);
    this.el.sceneEdited.hidden = !edited;
  }

  setScenes(names, current) {
    const select = this.el.sceneSelect;
    select.replaceChildren(...names.map((name) => el('option', { value: name, text: this.sceneOptionText(name) })));
    if (current && !names.includes(current)) {
      select.append(el('option', { value: current, text: this.sceneOptionText(current) }));
    }
    if (current) select.value = current;
    select.disabled = names.length === 0;
  }

  selectScene(name) {
    const select = this.el.sceneSelect;
    if (![...select.options].some((o) => o.value === name)) {
      select.append(el('option', { value: name, text: this.sceneOptionText(name) }));
    }
    for (const option of select.options) option.textContent = this.sceneOptionText(option.value);
    select.value = name;
  }

  /** Rebuild everything that depends on the scene. */
  setScene(scene) {
    // A scene from a document (an import, a link) names itself: its title is what the picker shows.
    if (scene.title && scene.name) this.sceneTitles = { ...this.sceneTitles, [scene.name]: scene.title };
    this.selectScene(scene.name);
    this.el.sceneTitle.textContent = scene.title || scene.name || 'Scene';
    this.el.sceneDescription.textContent = scene.description || '';
    this.el.sceneDescription.hidden = !scene.description;
    this.buildActions(scene.actions || []);
    this.buildConstraints(scene);
    this.applyFilter();
  }

  buildActions(actions) {
    const container = this.el.actions;
    if (!actions.length) {
      container.replaceChildren(el('p', { class: 'muted', text: 'This scene has no actions.' }));
      return;
    }
    container.replaceChildren(...actions.map((action) => {
      const button = el('button', {
        type: 'button',
        class: 'btn btn-primary',
        text: action.title || action.name,
        dataset: { action: action.name },
      });
      button.addEventListener('click', () => this.cb.onAction(action.name));
      return button;
    }));
  }

  buildConstraints(scene) {
    this.rows.clear();
    this.groups.clear();
    const list = this.el.constraints;
    const constraints = scene.constraints || [];
    const order = ['root', ...(scene.views || []).map((v) => v.id)];
    const byView = new Map();
    for (const c of constraints) {
      const key = firstView(c);
      if (!byView.has(key)) byView.set(key, []);
      byView.get(key).push(c);
    }
    const keys = [...byView.keys()].sort((a, b) => {
      const ia = order.indexOf(a); const ib = order.indexOf(b);
      return (ia < 0 ? 1e9 : ia) - (ib < 0 ? 1e9 : ib);
    });
    const colorOf = this.cb.colorOf || (() => '#9aa3b2');
    const groups = keys.map((viewId) => {
      const items = byView.get(viewId);
      const swatch = el('span', { class: `swatch${viewId === 'root' ? ' swatch-root' : ''}`, 'aria-hidden': 'true' });
      swatch.style.setProperty('--swatch', colorOf(viewId));
      const heading = el('h3', { class: 'group-title' }, [
        swatch,
        el('span', { text: viewId }),
        el('span', { class: 'group-count', text: `${items.length}` }),
      ]);
      // One sub-list per axis, horizontal first (as Interface Builder's size inspector lists them).
      const axes = ['horizontal', 'vertical'].map((axis) => {
        const rows = items.filter((c) => constraintAxis(c) === axis);
        if (!rows.length) return null;
        return el('li', { class: 'axis-group', dataset: { axis } }, [
          el('h4', { class: 'axis-title', text: axis === 'horizontal' ? 'Horizontal' : 'Vertical' }),
          el('ul', { class: 'constraint-rows' }, rows.map((c) => this.buildRow(c))),
        ]);
      }).filter(Boolean);
      const ul = el('ul', { class: 'axis-groups' }, axes);
      const group = el('li', { class: 'constraint-group', dataset: { view: viewId } }, [heading, ul]);
      group.addEventListener('pointerenter', () => this.cb.onHoverView?.(viewId));
      group.addEventListener('pointerleave', () => this.cb.onHoverView?.(null));
      this.groups.set(viewId, group);
      return group;
    });
    list.replaceChildren(...groups);
    list.scrollTop = 0;
    this.el.constraintCount.textContent = String(constraints.length);
    this.el.constraintsEmpty.hidden = constraints.length > 0;
  }

  buildRow(c) {
    const n = ++this.uid;
    const value = c.constant ?? 0;
    const range = sliderRange(value);
    const active = el('input', { type: 'checkbox', id: `c${n}-active`, checked: c.active !== false });
    const activeLabel = el('label', { class: 'c-id', for: `c${n}-active` }, [
      el('span', { text: c.id }),
      el('span', { class: 'sr-only', text: ' active' }),
    ]);
    const badge = el('span', { class: 'badge badge-broken', text: 'broken', hidden: true });
    const eq = el('code', { class: 'c-eq', id: `c${n}-eq`, text: equationText(c) });
    const slider = el('input', {
      type: 'range',
      id: `c${n}-range`,
      min: String(range.min),
      max: String(range.max),
      step: String(SLIDER_STEP),
      value: String(value),
      'aria-label': `Constant of ${c.id}`,
      'aria-describedby': `c${n}-eq`,
    });
    const number = el('input', {
      type: 'number',
      id: `c${n}-number`,
      step: 'any',
      value: formatNumber(value),
      inputmode: 'decimal',
      'aria-label': `Constant of ${c.id}, exact value`,
      'aria-describedby': `c${n}-eq`,
    });
    const priority = c.priority ?? 1000;
    const prioRange = el('input', {
      type: 'range', id: `c${n}-prange`, min: '1', max: '1000', step: '1', value: String(priority),
      'aria-label': `Priority of ${c.id}`, 'aria-describedby': `c${n}-eq`,
    });
    const prioNumber = el('input', {
      type: 'number', id: `c${n}-priority`, min: '1', max: '1000', step: 'any', value: formatNumber(priority),
      inputmode: 'decimal', 'aria-label': `Priority of ${c.id}, exact value`, 'aria-describedby': `c${n}-eq`,
      class: 'c-priority',
    });
    const remove = el('button', {
      type: 'button', class: 'btn-icon c-remove', title: `Remove ${c.id}`, 'aria-label': `Remove constraint ${c.id}`, text: '×',
    });
    const row = el('li', { class: 'constraint', dataset: { id: c.id } }, [
      el('div', { class: 'c-head' }, [active, activeLabel, eq, badge, remove]),
      el('div', { class: 'c-edit' }, [
        el('span', { class: 'c-label', 'aria-hidden': 'true', text: 'const' }),
        slider,
        number,
      ]),
      el('div', { class: 'c-edit c-edit-priority' }, [
        el('span', { class: 'c-label', 'aria-hidden': 'true', text: 'prio' }),
        prioRange,
        prioNumber,
      ]),
    ]);
    row.classList.toggle('is-inactive', c.active === false);
    const entry = {
      row, range: slider, number, active, eq, badge, prioRange, prioNumber, constraint: { ...c },
    };
    const sendPriority = (value) => {
      // Enter and the change that follows it (or a blur) report the same value: send it once.
      if (value === (entry.constraint.priority ?? 1000)) return;
      if (!(value > 0 && value <= 1000)) {
        prioNumber.value = formatNumber(entry.constraint.priority ?? 1000);
        prioRange.value = String(entry.constraint.priority ?? 1000);
        return;
      }
      const was = entry.constraint.priority ?? 1000;
      entry.constraint.priority = value;
      entry.eq.textContent = equationText(entry.constraint);
      prioNumber.value = formatNumber(value);
      prioRange.value = String(value);
      this.cb.onPriority?.(c.id, value, was, entry.constraint.active !== false);
    };
    prioRange.addEventListener('change', () => sendPriority(Number.parseFloat(prioRange.value)));
    prioRange.addEventListener('input', () => { prioNumber.value = prioRange.value; });
    prioNumber.addEventListener('change', () => sendPriority(Number.parseFloat(prioNumber.value)));
    prioNumber.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') prioNumber.dispatchEvent(new Event('change'));
    });
    remove.addEventListener('click', () => this.cb.onRemoveConstraint?.(c.id));
    this.rows.set(c.id, entry);
    this.showBroken(entry, c.broken === true);

    slider.addEventListener('pointerdown', () => { this.dragging = c.id; });
    slider.addEventListener('input', () => {
      const v = Number.parseFloat(slider.value);
      this.showConstant(entry, v);
      this.cb.onConstant(c.id, v, { final: false });
    });
    slider.addEventListener('change', () => {
      const v = Number.parseFloat(slider.value);
      this.showConstant(entry, v);
      this.cb.onConstant(c.id, v, { final: true });
    });
    number.addEventListener('change', () => {
      const v = Number.parseFloat(number.value);
      if (!Number.isFinite(v)) {
        number.value = formatNumber(entry.constraint.constant ?? 0);
        return;
      }
      // Enter and the change that follows it (or a blur) report the same value: send it once.
      if (v === entry.constraint.constant) return;
      this.showConstant(entry, v, { recenter: true });
      this.cb.onConstant(c.id, v, { final: true });
    });
    number.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') number.dispatchEvent(new Event('change'));
    });
    active.addEventListener('change', () => {
      entry.constraint.active = active.checked;
      row.classList.toggle('is-inactive', !active.checked);
      this.cb.onActive(c.id, active.checked);
    });
    return row;
  }

  /** Reflect a constant in a row (equation text, slider, number). */
  showConstant(entry, v, { recenter = false, fromServer = false } = {}) {
    entry.constraint.constant = v;
    entry.eq.textContent = equationText(entry.constraint);
    const min = Number(entry.range.min);
    const max = Number(entry.range.max);
    if (recenter || v < min || v > max) {
      const r = sliderRange(v);
      entry.range.min = String(r.min);
      entry.range.max = String(r.max);
    }
    if (!(fromServer && this.dragging === entry.constraint.id)) entry.range.value = String(v);
    if (document.activeElement !== entry.number || fromServer === false) {
      entry.number.value = formatNumber(v);
    }
  }

  /**
   * Update values from a fresh scene document without rebuilding the DOM
   * (falls back to a rebuild when the constraint set changed).
   */
  refresh(scene) {
    const constraints = scene.constraints || [];
    const sameSet = constraints.length === this.rows.size && constraints.every((c) => this.rows.has(c.id));
    if (!sameSet) {
      this.setScene(scene);
      return;
    }
    for (const c of constraints) {
      const entry = this.rows.get(c.id);
      entry.constraint = { ...entry.constraint, ...c };
      if (this.dragging !== c.id) this.showConstant(entry, c.constant ?? 0, { fromServer: true });
      entry.eq.textContent = equationText(entry.constraint);
      if (document.activeElement !== entry.prioNumber && document.activeElement !== entry.prioRange) {
        entry.prioNumber.value = formatNumber(entry.constraint.priority ?? 1000);
        entry.prioRange.value = String(entry.constraint.priority ?? 1000);
      }
      entry.active.checked = c.active !== false;
      entry.row.classList.toggle('is-inactive', c.active === false);
      if (c.broken !== undefined) this.showBroken(entry, c.broken === true);
    }
    // Once nothing is broken any more, the conflict has healed.
    if (!this.hasBroken()) this.clearConflicts();
  }

  /** Show a constraint's values as last read from the server (after a refused edit), focus or not. */
  revert(id) {
    const entry = this.rows.get(id);
    if (!entry) return;
    const c = entry.constraint;
    this.showConstant(entry, c.constant ?? 0);
    entry.prioNumber.value = formatNumber(c.priority ?? 1000);
    entry.prioRange.value = String(c.priority ?? 1000);
    entry.active.checked = c.active !== false;
    entry.row.classList.toggle('is-inactive', c.active === false);
  }

  showBroken(entry, broken) {
    entry.row.classList.toggle('is-broken', broken);
    entry.badge.hidden = !broken;
  }

  /** The listed constraints with their current values and broken flags (for the canvas). */
  currentConstraints() {
    return [...this.rows.values()].map((entry) => ({
      ...entry.constraint,
      active: entry.active.checked,
      broken: entry.row.classList.contains('is-broken'),
    }));
  }

  hasBroken() {
    for (const entry of this.rows.values()) if (entry.row.classList.contains('is-broken')) return true;
    return false;
  }

  markConflict(broken, ids = []) {
    this.clearConflicts();
    for (const id of ids) this.rows.get(id)?.row.classList.add('is-conflict');
    const entry = this.rows.get(broken);
    if (entry) {
      this.showBroken(entry, true);
      this.scrollListTo(entry.row);
    }
  }

  /** Scroll the constraint list (only the list, never the page) to show a row. */
  scrollListTo(node) {
    const list = this.el.constraints;
    if (list.scrollHeight <= list.clientHeight + 1) return;
    let top = 0;
    for (let n = node; n && n !== list; n = n.offsetParent) top += n.offsetTop;
    if (top < list.scrollTop || top + node.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTo({ top: Math.max(0, top - 8), behavior: 'smooth' });
    }
  }

  clearConflicts() {
    for (const entry of this.rows.values()) {
      entry.row.classList.remove('is-conflict');
      this.showBroken(entry, false);
    }
  }

  /** Highlight (and scroll to) the constraints of a view, e.g. on canvas hover/click. */
  highlightView(viewId, { scroll = false } = {}) {
    for (const [id, group] of this.groups) group.classList.toggle('is-highlighted', id === viewId);
    if (scroll && viewId && this.groups.has(viewId)) {
      // Scroll only the list (never the page, which would move the canvas away).
      this.scrollListTo(this.groups.get(viewId));
    }
  }

  applyFilter() {
    const query = this.el.filter.value.trim().toLowerCase();
    for (const entry of this.rows.values()) {
      const text = `${entry.constraint.id} ${entry.eq.textContent}`.toLowerCase();
      entry.row.hidden = query !== '' && !text.includes(query);
    }
    for (const group of this.groups.values()) {
      for (const axis of group.querySelectorAll('.axis-group')) {
        axis.hidden = [...axis.querySelectorAll('.constraint')].every((row) => row.hidden);
      }
      group.hidden = [...group.querySelectorAll('.constraint')].every((row) => row.hidden);
    }
  }
}
