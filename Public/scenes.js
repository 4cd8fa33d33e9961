// The scene being played: which one the page wants (a built-in name or a document, kept across
// reconnects), loading it, re-reading it after edits, its ambiguity, its last conflict, and the
// drawing-only clipsToBounds flags. Exports Scenes.

import { shareableScene, clipsOf } from './share.js';
import { wantedFromHash } from './link.js';
import { conflictSentence } from './conflict.js';

/** How long a burst of edits (a slider drag sends many) waits before the scene is re-read, ms. */
const REFRESH_DELAY_MS = 120;

/** The scene store: the current document and what goes with it, and the requests that change it. */
export class Scenes {
  /**
   * @param {{ connection, log, renderer, controls, editor, frames, selection, canvas }} parts
   *   the page's connection, log panel, renderer, side panel, editor, frame store, selection and canvas
   * @param {{ onRoot: () => void, onChanged: () => void, onHistory: (left) => void }} callbacks  onRoot: the
   *   scene's root (device, orientation) may have changed; onChanged: the scene or its edited flag changed (the
   *   URL follows); onHistory: the server said how many steps `undo` and `redo` have left ({ undo, redo })
   */
  constructor({ connection, log, renderer, controls, editor, frames, selection, canvas }, callbacks) {
    this.connection = connection;
    this.log = log;
    this.renderer = renderer;
    this.controls = controls;
    this.editor = editor;
    this.frames = frames;
    this.selection = selection;
    this.canvas = canvas;
    this.cb = callbacks;
    /** The built-in scene names from `hello`. */
    this.list = [];
    /** The current scene document (refreshed after edits), or null before the first load. */
    this.scene = null;
    /** { name } or { doc, name? }: what to load again after a reconnect. */
    this.wanted = null;
    /** { broken, ids, load } from the last `conflict` message (`load`: the load it came with). */
    this.conflict = null;
    /** Load requests sent (tells a conflict of this load from older ones). */
    this.loads = 0;
    /** The scene differs from the built-in one: it is shared as #s=…. */
    this.edited = false;
    /** Views that clip their subviews (clipsToBounds: drawing only, the server does not store it). */
    this.clips = new Set();
    /** The loaded scene's own root (size, safe area, scale): what "Scene size" goes back to. */
    this.baseRoot = null;
    /** View id → its ambiguous axes ("horizontal", "vertical"), from the last `ambiguity` answer. */
    this.ambiguity = {};
    /** Scroll views whose content size is ambiguous: id → { axes, message } (`ambiguity`'s scrollableContentSize). */
    this.scrollAmbiguity = {};
    this.refreshTimer = 0;
    /** An answer said what the last edit changed and the copy was updated from it (scene-changes.js). */
    this.changesApplied = false;
    window.addEventListener('hashchange', () => this.followHash());
  }

  /** A new session: lists the built-in scenes and loads the wanted one (the URL's, else the first). */
  async open(names) {
    this.list = names;
    let wanted = this.wanted;
    if (!wanted) wanted = (await wantedFromHash(this.log)) || (names[0] ? { name: names[0] } : null);
    this.controls.setScenes(this.list, wanted?.name || wanted?.doc?.name);
    if (wanted?.doc) this.loadDocument(wanted.doc, { edited: this.edited || !wanted.name });
    else if (wanted?.name) this.load(wanted.name);
  }

  /**
   * Picks a built-in scene through the URL (#scene=name), which keeps back and forward working; a
   * follower holding the controls loads it directly (its URL keeps #follow=CODE).
   */
  choose(name) {
    if (!name) return Promise.resolve();
    if (document.body.dataset.following) return this.load(name);
    const hash = `#scene=${encodeURIComponent(name)}`;
    if (window.location.hash !== hash) {
      // hashchange (followHash) performs the load.
      window.location.hash = hash;
      return Promise.resolve();
    }
    return this.load(name);
  }

  async followHash() {
    const wanted = await wantedFromHash(this.log);
    if (!wanted) return;
    if (wanted.doc) this.loadDocument(wanted.doc, { edited: true });
    else if (wanted.name !== this.scene?.name || this.edited) this.load(wanted.name);
  }

  /** Loads a built-in scene by name; resolves to the server's answer (undefined if closed). */
  async load(name) {
    this.wanted = { name };
    return this.sendLoad({ type: 'load', name }, name, { edited: false });
  }

  /** Loads a scene document (a shared link, an import, or the edited scene after a reconnect). */
  async loadDocument(doc, { edited = true } = {}) {
    this.wanted = { doc, name: this.wanted?.name };
    this.clips = clipsOf(doc);
    return this.sendLoad({ type: 'load', scene: shareableScene(doc, this.clips) }, doc.name || 'scene', { edited });
  }

  /**
   * Sends an `import` of an Interface Builder document; its answer is shown like a load's, and a
   * reconnect loads the scene it made.
   */
  async importDocument(message) {
    const answer = await this.sendLoad(message, 'import', { edited: true });
    if (answer?.type === 'scene' && answer.scene) {
      this.clips = new Set();
      this.wanted = { doc: answer.scene, name: this.wanted?.name };
    }
    return answer;
  }

  async sendLoad(message, label, { edited }) {
    this.loads += 1;
    document.body.dataset.loading = label;
    let answer;
    try {
      answer = await this.connection.request(message);
    } catch (error) {
      if (document.body.dataset.loading === label) delete document.body.dataset.loading;
      return answer; // closed: the reconnect loads it again
    }
    if (document.body.dataset.loading === label) delete document.body.dataset.loading;
    if (answer.type === 'scene' && answer.scene) {
      if (message.name) this.clips = new Set();
      const root = answer.scene.root || {};
      if (!root.device) this.baseRoot = { ...root };
      else if (message.name) this.baseRoot = null;
      this.edited = edited;
      this.apply(answer.scene);
      this.cb.onHistory({ undo: 0, redo: 0 });
      this.cb.onChanged();
    } else if (answer.type === 'error' && !this.scene && this.list.length && message.name !== this.list[0]) {
      // A bad link on first load: fall back to the first built-in scene.
      this.wanted = null;
      this.choose(this.list[0]);
    } else if (this.scene) {
      this.controls.selectScene(this.scene.name);
    }
    return answer;
  }

  /** Shows the scene an `undo` or `redo` answered: an edited scene, its root size kept as loaded. */
  restored(scene) {
    this.edited = true;
    this.conflict = null;
    this.apply(scene);
    this.wanted = { doc: shareableScene(scene, this.clips), name: this.wanted?.name };
    this.cb.onChanged();
  }

  /**
   * Shows a newly loaded scene everywhere (per-view state of views it lacks is dropped).
   * @param {{ ambiguity?: boolean }} [options]  ambiguity: false keeps the ambiguity known, unasked
   */
  apply(scene, { ambiguity = true } = {}) {
    const { renderer, controls, selection } = this;
    this.scene = scene;
    // A conflict reported while this scene loaded belongs to it; older ones do not.
    if (this.conflict && this.conflict.load !== this.loads) this.conflict = null;
    const ids = new Set(['root', ...(scene.views || []).map((v) => v.id)]);
    this.frames.retain(ids);
    for (const id of [...this.clips]) if (!ids.has(id)) this.clips.delete(id);
    if (selection.selected && !ids.has(selection.selected)) selection.selected = null;
    renderer.setScene(scene);
    renderer.setClips(this.clips);
    renderer.setSelected(selection.selected);
    controls.setScene(scene);
    this.editor.setScene(scene);
    if (this.conflict) controls.markConflict(this.conflict.broken, this.conflict.ids);
    document.body.dataset.scene = scene.name || '';
    const count = (scene.views || []).length;
    this.canvas.setAttribute('aria-label', `Preview of the scene ${scene.name}: ${count} views`);
    document.title = `${scene.title || scene.name} · Layout Playground`;
    this.cb.onRoot();
    selection.updateInspector();
    if (ambiguity) this.refreshAmbiguity();
  }

  /** Re-reads the scene document (after edits and actions change it server-side). */
  async refresh() {
    let answer;
    try {
      answer = await this.connection.request({ type: 'scene' });
    } catch {
      return;
    }
    if (answer.type !== 'scene' || !answer.scene) return;
    this.cb.onHistory({ undo: answer.undo ?? 0, redo: answer.redo ?? 0 });
    this.show(answer.scene);
  }

  /**
   * A session taken back (`rejoined`): its scene as it stands is shown, nothing is loaded. A page that
   * had no scene yet (reloaded) counts it edited when its URL carries a scene (#s=…); the undo and redo
   * counts are read with the scene once more.
   * @param {object} scene  the `rejoined` answer's scene document
   * @param {string[]} names  the built-in scene names from `hello`
   */
  rejoined(scene, names) {
    this.list = names;
    if (!this.scene) this.edited = new URLSearchParams(window.location.hash.replace(/^#/, '')).has('s');
    this.controls.setScenes(names, scene.name);
    this.show(scene);
    this.refresh();
  }

  /**
   * Shows a re-read scene: redrawn in place when its views are the same, applied anew otherwise.
   * @param {{ ambiguity?: boolean }} [options]  ambiguity: false keeps the ambiguity known, unasked
   */
  show(scene, { ambiguity = true } = {}) {
    const key = (s) => JSON.stringify((s?.views || []).map((v) => [v.id, v.parent, v.color, v.label, v.kind, v.text,
      v.font, v.numberOfLines, v.lineBreakMode, v.textAlignment, v.placeholder, v.borderStyle, v.contentEdgeInsets]));
    const sameViews = key(scene) === key(this.scene);
    this.scene = scene;
    if (!sameViews) {
      this.apply(scene, { ambiguity });
    } else {
      this.renderer.scene = scene;
      this.controls.refresh(scene);
      this.editor.setScene(scene);
      if (this.conflict) this.controls.markConflict(this.conflict.broken, this.conflict.ids);
      this.cb.onRoot();
      if (ambiguity) this.refreshAmbiguity();
      this.renderer.invalidate();
    }
    if (this.edited) this.wanted = { doc: shareableScene(scene, this.clips), name: this.wanted?.name };
    this.cb.onChanged();
  }

  /** Marks the scene edited and re-reads it once a burst of edits is over, unless their answers said what changed. */
  scheduleRefresh() {
    this.edited = true;
    clearTimeout(this.refreshTimer);
    if (this.changesApplied) {
      // The answers said what changed: the copy is current.
      this.changesApplied = false;
      this.wanted = { doc: shareableScene(this.scene, this.clips), name: this.wanted?.name };
      this.cb.onChanged();
      return;
    }
    this.refreshTimer = setTimeout(() => this.refresh(), REFRESH_DELAY_MS);
  }

  /** Asks which views are ambiguous, then outlines them and updates the inspector. */
  async refreshAmbiguity() {
    let answer;
    try {
      answer = await this.connection.request({ type: 'ambiguity' });
    } catch {
      return;
    }
    if (answer.type !== 'ambiguity') return;
    this.ambiguity = answer.views && typeof answer.views === 'object' ? answer.views : {};
    const scroll = answer.scrollableContentSize;
    this.scrollAmbiguity = scroll && typeof scroll === 'object' ? scroll : {};
    this.renderer.setAmbiguous(this.ambiguity);
    this.selection.updateInspector();
  }

  /** A `conflict` message: mark and log it; a broken constraint not listed yet means the scene changed. */
  onConflict(message) {
    const ids = Array.isArray(message.constraints) ? message.constraints : [];
    this.conflict = { broken: message.broken, ids, load: this.loads };
    this.controls.markConflict(message.broken, ids);
    this.log.conflict(message, conflictSentence(message, this.controls.currentConstraints()));
    this.renderer.setConflict({ broken: message.broken, ids });
    // A constraint we do not list yet (added by someone else's message): re-read the scene.
    if (message.broken && !this.controls.rows.has(message.broken)) this.refresh();
  }

  /** Sets a view's clipsToBounds (drawing only); the scene counts as edited. */
  setClips(id, on) {
    if (on) this.clips.add(id); else this.clips.delete(id);
    this.renderer.setClips(this.clips);
    this.edited = true;
    this.cb.onChanged();
  }
}
