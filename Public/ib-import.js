// Interface Builder documents (.storyboard, .xib): picked with the "Open storyboard" button or
// dropped on the canvas, sent as `import`; a dialog offers the other roots and lists the warnings
// (what the server did not model). Exports IBImport.

import { toast } from './toast.js';

const $ = (id) => document.getElementById(id);

/** The file kinds `import` reads, by extension. */
const FORMATS = { storyboard: 'storyboard', xib: 'xib' };

/** The format of a file name, or null for anything else. */
export function formatOf(name) {
  const extension = String(name).split('.').pop().toLowerCase();
  return FORMATS[extension] || null;
}

/**
 * A `too-large` answer, made here, for an import the server would refuse by its size: a document over
 * `limits.maxImportBytes`, or a message over `limits.maxMessageBytes`, which the server answers by
 * closing the connection (1009) rather than by an error. Null when it fits, or before `hello`.
 */
export function tooLarge(message, limits) {
  if (!limits) return null;
  const bytes = (text) => new TextEncoder().encode(text).length;
  const megabytes = (count) => (count >= 1 << 20 ? `${(count / (1 << 20)).toFixed(2)} MB`
    : count >= 1024 ? `${Math.round(count / 1024)} KB` : `${count} bytes`);
  const documentBytes = bytes(message.document);
  if (limits.maxImportBytes && documentBytes > limits.maxImportBytes) {
    return { type: 'error', code: 'too-large', message: `the document is ${megabytes(documentBytes)}; `
      + `the server imports documents of at most ${megabytes(limits.maxImportBytes)}` };
  }
  const messageBytes = bytes(JSON.stringify(message));
  if (limits.maxMessageBytes && messageBytes > limits.maxMessageBytes) {
    return { type: 'error', code: 'too-large', message: `the import message is ${megabytes(messageBytes)}; `
      + `the server takes messages of at most ${megabytes(limits.maxMessageBytes)}` };
  }
  return null;
}

/** The button, the canvas drop target and the #ib-dialog. */
export class IBImport {
  /**
   * @param {{ scenes, log, stage }} parts  the scene store (sends and shows imports), the log panel (each
   *   import and its warnings), the drop target
   */
  constructor({ scenes, log, stage }) {
    this.scenes = scenes;
    this.log = log;
    this.stage = stage;
    this.dialog = $('ib-dialog');
    /** The last document read, so another root can be laid out without reading the file again. */
    this.last = null;
    this.bind();
  }

  bind() {
    $('ib-import').addEventListener('click', () => $('ib-file').click());
    $('ib-file').addEventListener('change', async (event) => {
      const file = event.target.files?.[0];
      event.target.value = '';
      if (file) await this.importFile(file);
    });
    const carriesFiles = (event) => Array.from(event.dataTransfer?.types || []).includes('Files');
    this.stage.addEventListener('dragover', (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      this.stage.classList.add('is-drop-target');
    });
    this.stage.addEventListener('dragleave', () => this.stage.classList.remove('is-drop-target'));
    this.stage.addEventListener('drop', async (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      this.stage.classList.remove('is-drop-target');
      const file = event.dataTransfer.files?.[0];
      if (file) await this.importFile(file);
    });
    $('ib-layout').addEventListener('click', () => {
      if (this.last) this.send({ ...this.last, root: $('ib-root').value });
    });
  }

  /** Reads a dropped or picked file and imports it (anything but .storyboard or .xib is refused here). */
  async importFile(file) {
    const format = formatOf(file.name);
    if (!format) {
      toast(`"${file.name}" is not a .storyboard or .xib file.`);
      return;
    }
    this.last = { format, document: await file.text(), name: file.name };
    await this.send(this.last);
  }

  /** Sends `import` for `doc` ({ format, document, name, root? }) and shows the outcome. */
  async send(doc) {
    const message = { type: 'import', format: doc.format, document: doc.document };
    if (doc.root) message.root = doc.root;
    const answer = tooLarge(message, this.scenes.connection.hello?.limits)
      || await this.scenes.importDocument(message);
    this.show(doc, answer);
    return answer;
  }

  /** Fills the dialog: the root laid out and the others, the warnings, or the error. */
  show(doc, answer) {
    const error = $('ib-error');
    const rootField = $('ib-root-field');
    const select = $('ib-root');
    const warningsBox = $('ib-warnings-box');
    const list = $('ib-warnings');
    error.hidden = true;
    list.replaceChildren();
    select.replaceChildren();
    if (!answer || answer.type !== 'scene') {
      $('ib-summary').textContent = `"${doc.name}" could not be imported.`;
      error.textContent = answer ? `${answer.code}: ${answer.message}` : 'Not connected.';
      this.log.error(answer?.code ?? 'closed', `importing ${doc.name}: ${answer?.message ?? 'not connected'}`);
      error.hidden = false;
      rootField.hidden = true;
      warningsBox.hidden = true;
      $('ib-layout').hidden = true;
      if (!this.dialog.open) this.dialog.showModal();
      return;
    }
    const root = answer.root || {};
    const warnings = answer.warnings || [];
    const roots = answer.roots || [];
    $('ib-summary').textContent = `${doc.name}: ${root.title || root.id} (${root.class || 'view'}), `
      + `${answer.scene.views.length} views, ${answer.scene.constraints.length} constraints.`;
    this.log.info(`Imported ${$('ib-summary').textContent}${warnings.length ? ` ${warnings.length} not modelled:` : ''}`);
    for (const option of roots) {
      const node = document.createElement('option');
      node.value = option.id;
      node.textContent = `${option.title} · ${option.class} · ${option.id}`;
      node.selected = option.id === root.id;
      select.append(node);
    }
    rootField.hidden = roots.length < 2;
    $('ib-layout').hidden = roots.length < 2;
    for (const warning of warnings) {
      const item = document.createElement('li');
      const place = warning.line ? `line ${warning.line}` : '';
      item.textContent = `${warning.element}${warning.ibId ? ` ${warning.ibId}` : ''}${place ? ` (${place})` : ''}: ${warning.message}`;
      list.append(item);
      this.log.warning(`${doc.name}: ${item.textContent}`);
    }
    $('ib-warnings-count').textContent = `${warnings.length} not modelled`;
    warningsBox.hidden = warnings.length === 0;
    toast(`Imported ${root.title || root.id}${warnings.length ? ` · ${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'}` : ''}.`);
    if ((roots.length > 1 || warnings.length) && !this.dialog.open) this.dialog.showModal();
  }
}
