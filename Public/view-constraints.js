// The inspector's "Constraints" list: every constraint that ties the selected view (as its first or
// second item, its guides included), one line each, as the equation field reads it back, with its
// state (broken, inactive). It sits near the top of the inspector so the selected view's
// constraints show without scrolling at 1280 × 800. Choosing one opens its equation for editing:
// relation, second item, multiplier, constant and priority in one line, applied as `remove` and `add`
// under the same id (UIKit cannot change a constraint's items, relation or multiplier in place).
//
// Exports ViewConstraints.

import { equationText } from './controls.js';
import { errorText } from './editor.js';
import { touches } from './renderer.js';

/** A new element with `props` set on it ({ className, textContent, type, … }). */
function make(tag, props) {
  return Object.assign(document.createElement(tag), props);
}

/** The selected view's constraints in the inspector. */
export class ViewConstraints {
  /**
   * @param {{ list: HTMLElement, count: HTMLElement, controls }} parts  the list to fill, its count
   *   and the side panel's constraint list (its current constraints and rows)
   * @param {{ onReplace: (id: string, equation: string, active: boolean) => Promise<object> }} callbacks
   *   onReplace: rewrite constraint `id` as `equation`; resolves to the server's answer
   */
  constructor({ list, count, controls }, callbacks) {
    this.list = list;
    this.count = count;
    this.controls = controls;
    this.cb = callbacks;
    /** What the list shows now (view id and constraint text), so unchanged redraws cost nothing. */
    this.shown = '';
    /** The constraint whose equation is open for editing: { id, draft, error } or null. */
    this.editing = null;
  }

  /** Shows view `viewId`'s constraints (null: empties the list). Cheap when nothing changed. */
  show(viewId) {
    this.lastViewId = viewId;
    const mine = viewId ? this.controls.currentConstraints().filter((c) => touches(c, viewId)) : [];
    const lines = mine.map((c) => ({ c, text: equationText(c) }));
    if (this.editing && !mine.some((c) => c.id === this.editing.id)) this.editing = null;
    const key = `${viewId}\n${this.editing?.id}\n${this.editing?.error}\n${lines.map(({ c, text }) => `${c.id}|${text}|${c.active}|${c.broken}`).join('\n')}`;
    if (key === this.shown) return;
    this.shown = key;
    this.count.textContent = String(mine.length);
    if (viewId && !mine.length) {
      const empty = document.createElement('li');
      empty.className = 'muted';
      empty.textContent = 'No constraint ties this view.';
      this.list.replaceChildren(empty);
      return;
    }
    this.list.replaceChildren(...lines.map(({ c, text }) => this.row(c, text)));
  }

  row(c, text) {
    const li = document.createElement('li');
    li.dataset.id = c.id;
    li.classList.toggle('is-broken', c.broken);
    li.classList.toggle('is-inactive', !c.active);
    const button = make('button', { type: 'button', className: 'view-constraint', title: 'Edit this constraint as an equation' });
    // The equation first (what places the view), its id after it, quieter.
    button.append(make('code', { className: 'explain-equation', textContent: text }), ' ',
      make('span', { className: 'view-constraint-id', textContent: c.id }));
    if (c.broken || !c.active) {
      const state = document.createElement('span');
      state.className = c.broken ? 'badge badge-broken' : 'muted';
      state.textContent = c.broken ? 'broken' : 'inactive';
      button.append(' ', state);
    }
    button.setAttribute('aria-expanded', String(this.editing?.id === c.id));
    button.addEventListener('click', () => this.open(c, text));
    li.append(button);
    if (this.editing?.id === c.id) li.append(this.form(c));
    return li;
  }

  /** Opens (or closes, when it is open) constraint `c`'s equation for editing. */
  open(c, text) {
    this.editing = this.editing?.id === c.id ? null : { id: c.id, draft: text, error: '' };
    this.shown = '';
    this.show(this.lastViewId);
    this.list.querySelector(`li[data-id="${CSS.escape(c.id)}"] input`)?.focus();
  }

  /** The inline editor: the equation, Apply, Cancel, and the server's refusal when there is one. */
  form(c) {
    const form = document.createElement('form');
    form.className = 'constraint-editor';
    const input = document.createElement('input');
    input.type = 'text';
    input.spellcheck = false;
    input.autocomplete = 'off';
    input.value = this.editing.draft;
    input.setAttribute('aria-label', `Equation of ${c.id}`);
    input.addEventListener('input', () => { this.editing.draft = input.value; });
    const apply = make('button', { type: 'submit', className: 'btn btn-small btn-primary', textContent: 'Apply' });
    const cancel = make('button', { type: 'button', className: 'btn btn-small', textContent: 'Cancel' });
    cancel.addEventListener('click', () => { this.editing = null; this.shown = ''; this.show(this.lastViewId); });
    const row = document.createElement('div');
    row.className = 'button-row';
    row.append(apply, cancel);
    form.append(input, row);
    if (this.editing.error) {
      const error = document.createElement('p');
      error.className = 'add-error';
      error.setAttribute('role', 'alert');
      error.textContent = this.editing.error;
      form.append(error);
    }
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const editing = this.editing;
      const equation = input.value.trim();
      const answer = await this.cb.onReplace(c.id, equation, c.active);
      if (this.editing !== editing) return;
      if (answer?.type === 'error') {
        this.editing = { ...editing, draft: equation, error: errorText(answer, equation) };
      } else {
        this.editing = null;
      }
      this.shown = '';
      this.show(this.lastViewId);
    });
    return form;
  }
}
