// The inspector's "Explain" section: why the selected view is where it is, as the server's `explain`
// answers it (the constraints that determine each of x, y, width and height, those that lost, and
// whether the value is ambiguous). The page asks the engine; it never works this out itself.
// Exports ExplainPanel.

/** The frame values in the order they are shown. */
const VALUES = ['x', 'y', 'width', 'height'];

/** Shows `explain` answers for the selected view in a container. */
export class ExplainPanel {
  /**
   * @param {{ connection, node: HTMLElement }} parts  the connection and the element to fill
   */
  constructor({ connection, node }) {
    this.connection = connection;
    this.node = node;
    /** The view shown (null: none). */
    this.viewId = null;
    /** Requests sent; an answer to an older one is dropped. */
    this.asked = 0;
    /** The last answer shown (tests and the page read it). */
    this.answer = null;
  }

  /** Follows the selection: asks again only when the selected view changed. */
  follow(id) {
    if (id === this.viewId) return;
    this.viewId = id;
    this.refresh();
  }

  /** Asks the server again for the selected view (after an edit, an undo or a load). */
  async refresh() {
    const id = this.viewId;
    const ticket = ++this.asked;
    if (!id) {
      this.answer = null;
      this.node.replaceChildren();
      return;
    }
    let answer;
    try {
      answer = await this.connection.request({ type: 'explain', view: id });
    } catch {
      return; // closed: the reconnect reloads the scene and asks again
    }
    if (ticket !== this.asked) return;
    if (answer.type !== 'explain') {
      this.answer = null;
      this.node.replaceChildren(note(answer.message || 'cannot explain this view'));
      return;
    }
    this.answer = answer;
    this.render(answer);
  }

  render(answer) {
    const sections = VALUES.map((value) => {
      const entry = answer[value] || {};
      const section = document.createElement('div');
      section.className = 'explain-value';
      section.dataset.value = value;
      const head = document.createElement('p');
      head.className = 'explain-head';
      const name = document.createElement('strong');
      name.textContent = `${value} = ${formatPoints(entry.value)}`;
      head.append(name);
      if (entry.ambiguous) {
        const flag = document.createElement('span');
        flag.className = 'explain-ambiguous';
        flag.textContent = ' ambiguous';
        head.append(flag);
      }
      section.append(head);
      const determining = Array.isArray(entry.determinedBy) ? entry.determinedBy : [];
      const lost = Array.isArray(entry.lost) ? entry.lost : [];
      if (determining.length) section.append(list('determined-by', determining, (c) => c.depth > 0 ? `via ${c.depth}` : ''));
      else if (!entry.ambiguous) section.append(note('no constraint holds it'));
      if (lost.length) {
        section.append(list('lost', lost, (c) => `${c.broken ? 'broken' : 'lost'} by ${formatPoints(c.shortfall)} pt`));
      }
      return section;
    });
    this.node.replaceChildren(...sections);
  }
}

/** A list of constraints: id, the equation the equation field accepts, and a note. */
function list(kind, constraints, noteOf) {
  const ul = document.createElement('ul');
  ul.className = `explain-list explain-${kind}`;
  for (const c of constraints) {
    const li = document.createElement('li');
    li.dataset.id = c.id;
    if (c.depth > 0) li.style.setProperty('--depth', String(Math.min(c.depth, 4)));
    const id = document.createElement('span');
    id.className = 'explain-id';
    id.textContent = c.internal ? `${c.id} (engine)` : c.id;
    const equation = document.createElement('code');
    equation.className = 'explain-equation';
    equation.textContent = c.equation;
    li.append(id, ' ', equation);
    const extra = noteOf(c);
    if (extra) {
      const span = document.createElement('span');
      span.className = 'muted';
      span.textContent = ` · ${extra}`;
      li.append(span);
    }
    ul.append(li);
  }
  return ul;
}

function note(text) {
  const p = document.createElement('p');
  p.className = 'muted';
  p.textContent = text;
  return p;
}

function formatPoints(value) {
  return typeof value === 'number' ? String(Number(value.toFixed(3))) : '—';
}
