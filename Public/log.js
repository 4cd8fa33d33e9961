// The visible log panel: errors (code + message), conflicts (the server's log
// text and the constraint ids involved), warnings (what an import did not model) and notes.
//
// Exports LogPanel.

const MAX_ENTRIES = 200;

function timeStamp(date = new Date()) {
  return date.toTimeString().slice(0, 8);
}

export class LogPanel {
  /**
   * @param {HTMLOListElement} list  the <ol> that receives entries
   * @param {HTMLElement} counter    badge showing the number of problems
   */
  constructor(list, counter) {
    this.list = list;
    this.counter = counter;
    this.problems = 0;
    this.updateCounter();
  }

  clear() {
    this.list.replaceChildren();
    this.lastKey = null;
    this.problems = 0;
    this.updateCounter();
  }

  info(text) {
    this.add('info', text);
  }

  /** Something the page could not do in full (an import's element it did not model): not a problem count. */
  warning(text) {
    this.add('warning', text);
  }

  error(code, message, request) {
    this.add('error', `${code || 'error'}: ${message || ''}`.trim(), '', request || '');
  }

  /**
   * A `conflict`: `sentence` (what conflicts, in plain words) as the entry, UIKit's log under it with
   * its layout (line breaks and tabs) kept.
   */
  conflict(message, sentence = '') {
    const ids = Array.isArray(message.constraints) ? message.constraints.join(', ') : '';
    const summary = sentence || `conflict: broke ${message.broken ?? '?'}${ids ? ` (set: ${ids})` : ''}`;
    this.add('conflict', summary, message.log || '');
  }

  add(kind, text, detail = '', meta = '') {
    // A repeat of the previous entry (a conflict re-reported while a slider
    // moves, say) bumps a counter instead of flooding the list.
    const last = this.list.lastElementChild;
    if (last && this.lastKey === `${kind}\n${text}\n${detail}`) {
      const repeats = (Number(last.dataset.repeats) || 1) + 1;
      last.dataset.repeats = String(repeats);
      let badge = last.querySelector('.log-repeat');
      if (!badge) {
        badge = document.createElement('span');
        badge.className = 'log-repeat';
        last.querySelector('.log-text').append(badge);
      }
      badge.textContent = `×${repeats}`;
      last.querySelector('time').textContent = timeStamp();
      const metaNode = last.querySelector('.log-meta');
      if (metaNode && meta) metaNode.textContent = meta;
      if (kind === 'error' || kind === 'conflict') this.onProblem?.(`${text} ×${repeats}`, last);
      return;
    }
    this.lastKey = `${kind}\n${text}\n${detail}`;
    const item = document.createElement('li');
    item.className = `log-entry log-${kind}`;
    const time = document.createElement('time');
    time.textContent = timeStamp();
    const body = document.createElement('span');
    body.className = 'log-text';
    body.textContent = text;
    if (meta) {
      const small = document.createElement('span');
      small.className = 'log-meta';
      small.textContent = meta;
      body.append(' ', small);
    }
    item.append(time, body);
    if (detail) {
      const pre = document.createElement('pre');
      pre.className = 'log-detail';
      pre.textContent = detail;
      item.append(pre);
    }
    const stick = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 24;
    this.list.append(item);
    while (this.list.childElementCount > MAX_ENTRIES) this.list.firstElementChild.remove();
    const problem = kind === 'error' || kind === 'conflict';
    if (stick || problem) {
      // Show the newest entry from its first line (a conflict log can be long).
      const top = item.offsetTop;
      const fits = item.offsetHeight <= this.list.clientHeight;
      this.list.scrollTop = fits ? this.list.scrollHeight : top;
    }
    if (problem) {
      this.problems += 1;
      this.updateCounter();
      this.onProblem?.(text, item);
    }
  }

  updateCounter() {
    if (!this.counter) return;
    this.counter.textContent = String(this.problems);
    this.counter.hidden = this.problems === 0;
  }
}
