// The document outline: the scene's view tree (root first, subviews indented under their superview,
// in scene order), each view a button that selects it; hidden views and ambiguous ones are marked,
// and the selected view is highlighted, following the canvas (and the canvas follows it). Shift-,
// Ctrl- or Cmd-clicking a view adds it to (or takes it from) the group chosen with the selected view,
// `extra` (what "Embed in stack" stacks).
//
// Exports Outline.

/** The outline card's tree. */
export class Outline {
  /**
   * @param {{ node: HTMLElement }} parts  the list to fill (an <ul>)
   * @param {{ onSelect: (id: string) => void, onHover: (id: string | null) => void }} callbacks
   *   onSelect: a view was chosen; onHover: the pointer is over a view's entry (null: left it)
   */
  constructor({ node }, callbacks) {
    this.node = node;
    this.cb = callbacks;
    /** What the tree shows now, so that an unchanged redraw costs one string comparison. */
    this.shown = '';
    /** Views chosen along with the selected one (Shift/Ctrl/Cmd-click), in the order chosen. */
    this.extra = [];
  }

  /**
   * Shows the tree of `views` (scene views: { id, parent, label, hidden }) with `selected` highlighted;
   * `hiddenOf(id)` and `ambiguityOf(id)` (axes or undefined) give each view's state as streamed.
   */
  show(views, selected, { hiddenOf, ambiguityOf }) {
    const items = (views || []).map((v) => ({
      id: v.id,
      parent: v.parent && v.parent !== 'root' ? v.parent : 'root',
      label: v.label && v.label !== v.id ? v.label : '',
      hidden: Boolean(hiddenOf(v.id)),
      ambiguous: ambiguityOf(v.id) || [],
    }));
    const known = new Set(items.map((i) => i.id));
    this.extra = this.extra.filter((id) => id !== selected && known.has(id) && selected);
    const key = JSON.stringify([selected, this.extra, items]);
    if (key === this.shown) return;
    this.shown = key;
    const children = new Map();
    for (const item of items) {
      const parent = known.has(item.parent) ? item.parent : 'root';
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(item);
    }
    const branch = (parent, depth, seen) => {
      const list = [];
      for (const item of children.get(parent) || []) {
        if (seen.has(item.id) || depth > 64) continue; // a cycle in a bad document draws nothing more
        seen.add(item.id);
        list.push(this.entry(item, depth, selected === item.id));
        list.push(...branch(item.id, depth + 1, seen));
      }
      return list;
    };
    const root = document.createElement('li');
    root.className = 'outline-root';
    root.textContent = 'root';
    this.node.replaceChildren(root, ...branch('root', 1, new Set()));
  }

  entry(item, depth, isSelected) {
    const li = document.createElement('li');
    li.dataset.id = item.id;
    li.style.setProperty('--depth', String(Math.min(depth, 12)));
    li.classList.toggle('is-selected', isSelected);
    li.classList.toggle('is-extra', this.extra.includes(item.id));
    li.classList.toggle('is-hidden', item.hidden);
    li.classList.toggle('is-ambiguous', item.ambiguous.length > 0);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'outline-item';
    button.setAttribute('aria-pressed', String(isSelected));
    const name = document.createElement('span');
    name.className = 'outline-id';
    name.textContent = item.id;
    button.append(name);
    if (item.label) {
      const label = document.createElement('span');
      label.className = 'muted';
      label.textContent = ` ${item.label}`;
      button.append(label);
    }
    if (item.hidden) button.append(tag('hidden', 'outline-tag'));
    if (item.ambiguous.length) {
      const axes = item.ambiguous.map((a) => (a === 'horizontal' ? 'H' : 'V')).join('');
      button.append(tag(`ambiguous ${axes}`, 'outline-tag outline-tag-ambiguous'));
    }
    button.addEventListener('click', (event) => {
      if ((event.shiftKey || event.ctrlKey || event.metaKey) && !isSelected) {
        this.extra = this.extra.includes(item.id) ? this.extra.filter((id) => id !== item.id) : [...this.extra, item.id];
        this.shown = '';
        this.cb.onGroup?.();
        return;
      }
      this.extra = [];
      this.cb.onSelect(item.id);
    });
    button.addEventListener('pointerenter', () => this.cb.onHover(item.id));
    button.addEventListener('pointerleave', () => this.cb.onHover(null));
    li.append(button);
    return li;
  }
}

function tag(text, className) {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}
