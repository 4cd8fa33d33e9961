// Undo, redo and "Reset scene": the buttons, Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z. The server keeps the
// history (`undo` / `redo` answer the scene as it was, as `load` does); the page shows what they
// answer. Exports History.

/** The history buttons and shortcuts. */
export class History {
  /**
   * @param {{ connection, scenes, undo: HTMLButtonElement, redo: HTMLButtonElement, reset: HTMLButtonElement }} parts
   *   the connection, the scene store and the three buttons
   * @param {{ onRestored: () => void, onEdited?: (edited: boolean) => void }} callbacks  onRestored: the scene
   *   was put back (the inspector asks again); onEdited: whether the scene differs from how it was loaded
   *   (there are steps to undo), after every change of the steps left
   */
  constructor({ connection, scenes, undo, redo, reset }, callbacks) {
    this.connection = connection;
    this.scenes = scenes;
    this.buttons = { undo, redo };
    this.cb = callbacks;
    /** Steps the server said are left each way, from its last `scene`, `undo` or `redo` answer. */
    this.left = { undo: 0, redo: 0 };
    undo.addEventListener('click', () => this.step('undo'));
    redo.addEventListener('click', () => this.step('redo'));
    reset.addEventListener('click', () => this.reset());
    document.addEventListener('keydown', (event) => this.onKey(event));
    this.update();
  }

  /** The server said how many steps are left each way (`scene`, `undo` and `redo` answers carry it). */
  show(left) {
    this.left = { undo: Number(left.undo) || 0, redo: Number(left.redo) || 0 };
    this.update();
  }

  /** Sends `undo` or `redo` and shows the scene it answers. */
  async step(type) {
    let answer;
    try {
      answer = await this.connection.request({ type });
    } catch {
      return;
    }
    if (answer.type === 'scene' && answer.scene) {
      this.left = { undo: answer.undo ?? 0, redo: answer.redo ?? 0 };
      this.scenes.restored(answer.scene);
      this.cb.onRestored();
    } else if (answer.code === `nothing-to-${type}`) {
      this.left[type] = 0;
    }
    this.update();
  }

  /**
   * Puts the scene back as it was loaded: a built-in one is loaded again (which clears the history); a
   * document from a link or a file has no pristine copy on the server, so its steps are undone.
   */
  async reset() {
    const { scenes } = this;
    const name = scenes.wanted?.name ?? (scenes.list.includes(scenes.scene?.name) ? scenes.scene.name : null);
    if (name) {
      await scenes.load(name);
      this.cb.onRestored();
      return;
    }
    while (this.left.undo > 0) {
      const before = this.left.undo;
      await this.step('undo');
      if (this.left.undo >= before) break;
    }
  }

  onKey(event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'z') return;
    // Text fields keep their own undo.
    const target = event.target;
    if (target instanceof HTMLElement && (target.isContentEditable || target.matches('input:not([type=range]):not([type=checkbox]), textarea, select'))) return;
    event.preventDefault();
    this.step(event.shiftKey ? 'redo' : 'undo');
  }

  update() {
    this.buttons.undo.disabled = this.left.undo <= 0;
    this.buttons.redo.disabled = this.left.redo <= 0;
    this.cb?.onEdited?.(this.left.undo > 0);
  }
}
