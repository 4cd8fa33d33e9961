// The inspector's size section for the selected view, as Interface Builder's size and attributes
// inspectors show it: intrinsic size, content hugging and compression resistance per axis, hidden,
// alpha and layout margins. Each field sends one `set` (view) when it is changed; the scene read back
// afterwards refills it. Values shown are the scene document's, with UIKit's defaults where a view
// does not say (hugging 250, compression resistance 750, margins 8 on every side, alpha 1).
//
// Exports SizeInspector and VIEW_DEFAULTS.

/** UIKit's defaults for a plain UIView (UIView.contentHuggingPriority … layoutMargins). */
export const VIEW_DEFAULTS = Object.freeze({
  contentHugging: [250, 250],
  compressionResistance: [750, 750],
  layoutMargins: [8, 8, 8, 8],
  alpha: 1,
});

/** [field, index or null, label] for each number input, in the order they are shown. */
const NUMBERS = [
  ['intrinsicSize', 0, 'Intrinsic width'], ['intrinsicSize', 1, 'Intrinsic height'],
  ['contentHugging', 0, 'Hugging H'], ['contentHugging', 1, 'Hugging V'],
  ['compressionResistance', 0, 'Compression H'], ['compressionResistance', 1, 'Compression V'],
  ['alpha', null, 'Alpha'],
  ['layoutMargins', 0, 'Margin top'], ['layoutMargins', 1, 'Margin left'],
  ['layoutMargins', 2, 'Margin bottom'], ['layoutMargins', 3, 'Margin right'],
];

/** The size inspector's fields in a container. */
export class SizeInspector {
  /**
   * @param {{ node: HTMLElement }} parts  the element to fill
   * @param {{ onChange: (id: string, fields: object) => void }} callbacks  onChange: view `id` is to get
   *   `fields` (a `set` view message's fields)
   */
  constructor({ node }, callbacks) {
    this.node = node;
    this.cb = callbacks;
    this.viewId = null;
    this.view = null;
    this.shown = '';
    this.inputs = new Map(); // "field:index" -> input
    this.build();
  }

  build() {
    const grid = document.createElement('div');
    grid.className = 'size-grid';
    for (const [field, index, text] of NUMBERS) {
      const label = document.createElement('label');
      label.className = 'field';
      const span = document.createElement('span');
      span.textContent = text;
      const input = document.createElement('input');
      input.type = 'number';
      input.step = field === 'alpha' ? '0.05' : 'any';
      if (field === 'alpha') { input.min = '0'; input.max = '1'; }
      if (field === 'contentHugging' || field === 'compressionResistance') { input.min = '1'; input.max = '1000'; }
      if (field === 'intrinsicSize') input.placeholder = 'none';
      input.dataset.field = field;
      if (index !== null) input.dataset.index = String(index);
      input.addEventListener('change', () => this.changed(field));
      label.append(span, input);
      grid.append(label);
      this.inputs.set(`${field}:${index}`, input);
    }
    const hidden = document.createElement('label');
    hidden.className = 'check';
    this.hidden = document.createElement('input');
    this.hidden.type = 'checkbox';
    this.hidden.dataset.field = 'hidden';
    this.hidden.addEventListener('change', () => this.viewId && this.cb.onChange(this.viewId, { hidden: this.hidden.checked }));
    const hiddenText = document.createElement('span');
    hiddenText.textContent = 'Hidden';
    hidden.append(this.hidden, hiddenText);
    this.node.replaceChildren(grid, hidden);
  }

  /** Shows view `view` (a scene document view; null: none). Fields being edited are left alone. */
  show(view) {
    this.viewId = view?.id ?? null;
    this.view = view;
    const key = JSON.stringify(view ? [view.id, view.intrinsicSize, view.contentHugging, view.compressionResistance,
      view.alpha, view.layoutMargins, view.hidden] : null);
    if (key === this.shown) return;
    this.shown = key;
    if (!view) return;
    const values = {
      intrinsicSize: Array.isArray(view.intrinsicSize) ? view.intrinsicSize : [-1, -1],
      contentHugging: view.contentHugging || VIEW_DEFAULTS.contentHugging,
      compressionResistance: view.compressionResistance || VIEW_DEFAULTS.compressionResistance,
      layoutMargins: view.layoutMargins || VIEW_DEFAULTS.layoutMargins,
      alpha: view.alpha ?? VIEW_DEFAULTS.alpha,
    };
    for (const [field, index] of NUMBERS) {
      const input = this.inputs.get(`${field}:${index}`);
      if (document.activeElement === input) continue;
      const value = index === null ? values[field] : values[field][index];
      input.value = field === 'intrinsicSize' && !(value >= 0) ? '' : String(value);
    }
    this.hidden.checked = view.hidden === true;
  }

  /** The numbers of `field` as the inputs hold them; null when one is not a number. */
  read(field) {
    const parts = NUMBERS.filter(([f]) => f === field).map(([, index]) => this.inputs.get(`${field}:${index}`));
    const values = parts.map((input) => {
      if (field === 'intrinsicSize' && input.value.trim() === '') return -1; // no intrinsic metric
      const v = Number.parseFloat(input.value);
      return Number.isFinite(v) ? v : null;
    });
    if (values.some((v) => v === null)) return null;
    return field === 'alpha' ? values[0] : values;
  }

  changed(field) {
    if (!this.viewId) return;
    const value = this.read(field);
    if (value === null) {
      this.shown = ''; // put the scene's values back
      this.show(this.view);
      return;
    }
    this.cb.onChange(this.viewId, { [field]: value });
  }
}
