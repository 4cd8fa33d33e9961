// The export dialog (the scene as JSON or as Swift UIKit code, to copy or download) and the
// import dialog (a scene document from a file or pasted text). Exports ExportImport.

import { shareableScene, sceneFromText } from './share.js';
import { toast } from './toast.js';

const $ = (id) => document.getElementById(id);

/** How long the Copy button says what happened before it reads "Copy" again, ms. */
const COPY_NOTE_MS = 2000;

/** The #export-dialog and #import-dialog with the buttons that open them. */
export class ExportImport {
  /** @param {{ connection, scenes }} parts  the connection and the scene store */
  constructor({ connection, scenes }) {
    this.connection = connection;
    this.scenes = scenes;
    this.exportDialog = $('export-dialog');
    this.importDialog = $('import-dialog');
    /** The object URL behind the Download link ('' before the first export); revoked when replaced. */
    this.downloadUrl = '';
    this.bind();
  }

  bind() {
    $('export-json').addEventListener('click', () => this.exportScene('json'));
    $('export-swift').addEventListener('click', () => this.exportScene('swift'));
    $('export-copy').addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText($('export-text').value);
        $('export-copy').textContent = 'Copied';
      } catch {
        $('export-text').select();
        $('export-copy').textContent = 'Press Ctrl+C';
      }
      setTimeout(() => { $('export-copy').textContent = 'Copy'; }, COPY_NOTE_MS);
    });
    $('import').addEventListener('click', () => {
      $('import-error').hidden = true;
      this.importDialog.showModal();
      $('import-text').focus();
    });
    $('import-file').addEventListener('change', async (event) => {
      const file = event.target.files?.[0];
      if (file) $('import-text').value = await file.text();
    });
    $('import-load').addEventListener('click', () => this.importScene());
  }

  /**
   * Opens the export dialog with the scene as `format` ("json" or "swift"). The JSON keeps the
   * page's clipsToBounds flags; a server without `export` still gets the JSON from the page.
   */
  async exportScene(format) {
    const { scenes } = this;
    const text = $('export-text');
    const error = $('export-error');
    const link = $('export-download');
    error.hidden = true;
    text.value = 'Exporting…';
    $('export-title').textContent = format === 'swift' ? 'Export as Swift (UIKit)' : 'Export as JSON';
    if (!this.exportDialog.open) this.exportDialog.showModal();
    let answer;
    try {
      answer = await this.connection.request({ type: 'export', format });
    } catch (e) {
      answer = { type: 'error', code: 'closed', message: e.message };
    }
    let body = null;
    if (answer.type === 'export' && typeof answer.text === 'string') {
      body = answer.text;
      if (format === 'json') {
        try {
          body = `${JSON.stringify(shareableScene(JSON.parse(body), scenes.clips), null, 2)}\n`;
        } catch { /* keep the server's text */ }
      }
    } else if (format === 'json' && answer.code === 'unknown-type' && scenes.scene) {
      body = `${JSON.stringify(shareableScene(scenes.scene, scenes.clips), null, 2)}\n`;
    }
    if (body === null) {
      text.value = '';
      error.textContent = `Export failed: ${answer.code || 'error'}: ${answer.message || 'no answer'}`;
      error.hidden = false;
      link.hidden = true;
      return;
    }
    text.value = body;
    if (this.downloadUrl) URL.revokeObjectURL(this.downloadUrl);
    this.downloadUrl = URL.createObjectURL(new Blob([body], { type: format === 'swift' ? 'text/x-swift' : 'application/json' }));
    link.href = this.downloadUrl;
    link.download = `${scenes.scene?.name || 'scene'}.${format === 'swift' ? 'swift' : 'json'}`;
    link.hidden = false;
    text.focus();
    text.select();
  }

  /** Loads the document in the import dialog; the dialog stays open with the error if it fails. */
  async importScene() {
    const error = $('import-error');
    error.hidden = true;
    let doc;
    try {
      doc = sceneFromText($('import-text').value);
    } catch (e) {
      error.textContent = `Not a scene document: ${e.message}`;
      error.hidden = false;
      return;
    }
    const answer = await this.scenes.loadDocument(doc, { edited: true });
    if (answer?.type === 'scene') {
      this.importDialog.close();
      toast(`Imported "${answer.scene.name}".`);
    } else {
      error.textContent = answer ? `${answer.code}: ${answer.message}` : 'Not connected.';
      error.hidden = false;
    }
  }
}
