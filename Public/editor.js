// The "selected view" inspector and the "add" form (equation, Visual Format Language, a constraint
// form, a view). It builds messages and reports through callbacks; edits.js sends them.
//
// Exports Editor and errorText(answer, source).

const ATTRIBUTES = ['top', 'bottom', 'leading', 'trailing', 'left', 'right', 'centerX', 'centerY', 'width',
  'height', 'firstBaseline', 'lastBaseline', 'topMargin', 'bottomMargin', 'leadingMargin', 'trailingMargin',
  'leftMargin', 'rightMargin', 'centerXWithinMargins', 'centerYWithinMargins'];
const GUIDE_ATTRIBUTES = ['top', 'bottom', 'leading', 'trailing', 'left', 'right', 'centerX', 'centerY',
  'width', 'height'];

const $ = (id) => document.getElementById(id);

function option(value, text = value) {
  return new Option(text, value);
}

/** Text of an error with a position: the message and a caret under the culprit. */
export function errorText(answer, source = '') {
  const base = `${answer.code || 'error'}: ${answer.message || ''}`;
  if (typeof answer.position !== 'number' || !source || /\^/.test(answer.message || '')) return base;
  return `${base}\n${source}\n${' '.repeat(answer.position)}^`;
}

export class Editor {
  constructor(callbacks) {
    this.cb = callbacks;
    this.scene = null;
    this.viewId = null;
    this.kind = 'equation';
    this.bind();
  }

  bind() {
    for (const radio of document.querySelectorAll('input[name="add-kind"]')) {
      radio.addEventListener('change', () => { if (radio.checked) this.setKind(radio.value); });
    }
    $('add-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    $('add-first-item').addEventListener('change', () => this.fillAttributes('add-first-attr', $('add-first-item').value));
    $('add-second-item').addEventListener('change', () => this.fillAttributes('add-second-attr', $('add-second-item').value, true));
    $('clips').addEventListener('change', (event) => this.viewId && this.cb.onClips(this.viewId, event.target.checked));
    $('exercise').addEventListener('click', () => this.viewId && this.cb.onExercise(this.viewId));
    $('remove-view').addEventListener('click', () => this.viewId && this.cb.onRemoveView(this.viewId));
  }

  setKind(kind) {
    this.kind = kind;
    for (const pane of document.querySelectorAll('.add-pane')) pane.hidden = pane.dataset.kind !== kind;
    $('add-error').hidden = true;
    $('add-submit').textContent = kind === 'view' ? 'Add view' : 'Add constraint';
  }

  /** Item and parent lists follow the scene's views. */
  setScene(scene) {
    this.scene = scene;
    const views = (scene.views || []).map((v) => v.id);
    const items = ['root', 'root.safeArea', 'root.margins', 'root.keyboard'];
    for (const id of views) items.push(id, `${id}.margins`);
    for (const guide of scene.guides || []) if (guide?.id && guide?.owner) items.push(`${guide.owner}.${guide.id}`);
    const keep = (select, values, extra = []) => {
      const before = select.value;
      select.replaceChildren(...extra, ...values.map((v) => option(v)));
      if ([...select.options].some((o) => o.value === before)) select.value = before;
    };
    keep($('add-first-item'), items.filter((i) => i !== 'root'));
    if (!$('add-first-item').value && views.length) $('add-first-item').value = views[0];
    keep($('add-second-item'), items, [option('', '(none: a constant)')]);
    if ($('add-second-item').value === '' && !this.secondTouched) $('add-second-item').value = 'root';
    keep($('add-parent'), ['root', ...views]);
    this.fillAttributes('add-first-attr', $('add-first-item').value);
    this.fillAttributes('add-second-attr', $('add-second-item').value, true);
  }

  fillAttributes(selectId, item, optional = false) {
    const select = $(selectId);
    const before = select.value;
    const guide = item.includes('.');
    const list = !item && optional ? [] : (guide ? GUIDE_ATTRIBUTES : ATTRIBUTES);
    select.replaceChildren(...list.map((a) => option(a)));
    select.disabled = list.length === 0;
    if (list.includes(before)) select.value = before;
    else if (selectId === 'add-second-attr' && list.includes($('add-first-attr').value)) select.value = $('add-first-attr').value;
    if (selectId === 'add-first-attr') {
      select.onchange = () => {
        if ($('add-second-attr').options.length) $('add-second-attr').value = select.value;
      };
    }
  }

  /** The add message for the current tab, or throws an Error with what is missing. */
  message() {
    switch (this.kind) {
      case 'equation': {
        const text = $('add-equation').value.trim();
        if (!text) throw new Error('write an equation, e.g. box.top == root.top + 20');
        return { type: 'add', constraint: text, source: text };
      }
      case 'vfl': {
        const format = $('add-vfl').value.trim();
        if (!format) throw new Error('write a format, e.g. H:|-[box]-|');
        const message = { type: 'add', format, source: format };
        const metrics = $('add-metrics').value.trim();
        if (metrics) {
          let parsed;
          try { parsed = JSON.parse(metrics); } catch { throw new Error('metrics must be a JSON object, e.g. {"pad": 20}'); }
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('metrics must be a JSON object');
          message.metrics = parsed;
        }
        return message;
      }
      case 'form': {
        const constraint = {
          first: `${$('add-first-item').value}.${$('add-first-attr').value}`,
          relation: $('add-relation').value,
          multiplier: Number.parseFloat($('add-multiplier').value),
          constant: Number.parseFloat($('add-constant').value),
          priority: Number.parseFloat($('add-priority').value),
        };
        const second = $('add-second-item').value;
        if (second) constraint.second = `${second}.${$('add-second-attr').value}`;
        const id = $('add-cid').value.trim();
        if (id) constraint.id = id;
        for (const key of ['multiplier', 'constant', 'priority']) {
          if (!Number.isFinite(constraint[key])) throw new Error(`${key} must be a number`);
        }
        return { type: 'add', constraint };
      }
      default: {
        const id = $('add-vid').value.trim();
        if (!id) throw new Error('give the view an id');
        const w = Number.parseFloat($('add-iw').value);
        const h = Number.parseFloat($('add-ih').value);
        return {
          type: 'add',
          view: {
            id,
            parent: $('add-parent').value || 'root',
            intrinsicSize: [Number.isFinite(w) ? w : -1, Number.isFinite(h) ? h : -1],
            color: $('add-color').value,
          },
        };
      }
    }
  }

  async submit() {
    const error = $('add-error');
    error.hidden = true;
    let message;
    try {
      message = this.message();
    } catch (e) {
      error.textContent = e.message;
      error.hidden = false;
      return;
    }
    const { source, ...outgoing } = message;
    const answer = await this.cb.onAdd(outgoing);
    if (answer?.type === 'error') {
      error.textContent = errorText(answer, source);
      error.hidden = false;
      return;
    }
    if (this.kind === 'equation') $('add-equation').value = '';
    if (this.kind === 'vfl') $('add-vfl').value = '';
    if (this.kind === 'view') {
      const id = outgoing.view.id;
      $('add-vid').value = '';
      this.cb.onSelect?.(id);
    }
  }

  /** Shows the selected view (or none). */
  showView(info) {
    const body = $('inspector-body');
    $('inspector-empty').hidden = Boolean(info);
    body.hidden = !info;
    $('deselect').hidden = !info;
    this.viewId = info?.id || null;
    if (!info) return;
    $('inspector-id').textContent = info.id;
    $('inspector-label').textContent = info.label && info.label !== info.id ? info.label : '';
    $('inspector-swatch').style.setProperty('--swatch', info.color);
    $('inspector-frame').textContent = info.frame ? info.frame.map((v) => Number(v.toFixed(3))).join(', ') : '—';
    const ambiguous = info.ambiguous.length > 0;
    const layout = ambiguous ? `ambiguous (${info.ambiguous.join(', ')})` : 'fully determined';
    // A scroll view's own frame may be determined while its content size is not (Xcode's warning).
    const content = typeof info.contentSizeAmbiguity === 'string' ? info.contentSizeAmbiguity : '';
    $('inspector-ambiguity').textContent = content ? `${layout}. ${content}` : layout;
    $('inspector-ambiguity').classList.toggle('is-ambiguous', ambiguous || Boolean(content));
    $('exercise').hidden = !ambiguous;
    $('clips').checked = info.clips;
  }
}
