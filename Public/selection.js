// The selected view: the one whose constraints the canvas draws, highlighted in the constraint
// list and shown in the inspector. Exports Selection.

/** The selection store and what shows it (renderer, constraint list, inspector). */
export class Selection {
  /**
   * @param {{ renderer, controls, editor, frames }} parts  the page's renderer, side panel, editor
   *   and frame store
   * @param {{ ambiguityOf: (id) => string[] | undefined, clipsOf: (id) => boolean, willSelect: (id) => void,
   *   contentSizeAmbiguityOf: (id) => string | undefined }} callbacks
   *   ambiguityOf: a view's ambiguous axes (undefined: none); clipsOf: whether it clips to bounds; willSelect: called
   *   before the selection changes to `id` (null: none); contentSizeAmbiguityOf: Xcode's message for a scroll
   *   view whose content size is ambiguous (undefined: none)
   */
  constructor({ renderer, controls, editor, frames }, callbacks) {
    this.renderer = renderer;
    this.controls = controls;
    this.editor = editor;
    this.frames = frames;
    this.cb = callbacks;
    /** The selected view's id, or null (the root is never selected). */
    this.selected = null;
  }

  /** Selects view `id` (null, the root or an unknown id: nothing). */
  select(id) {
    this.cb.willSelect(id);
    const { renderer } = this;
    this.selected = id && renderer.views.has(id) && id !== 'root' ? id : null;
    renderer.setSelected(this.selected);
    this.controls.highlightView(this.selected, { scroll: Boolean(this.selected) });
    this.updateInspector();
  }

  /** Shows the selected view (its frame, ambiguity, clipsToBounds) in the inspector, or hides it. */
  updateInspector() {
    const id = this.selected;
    const { renderer } = this;
    const view = id ? renderer.views.get(id) : null;
    this.editor.showView(view ? {
      id,
      label: view.label,
      color: renderer.colorOf(id),
      frame: this.frames.views[id]?.frame,
      ambiguous: this.cb.ambiguityOf(id) || [],
      contentSizeAmbiguity: this.cb.contentSizeAmbiguityOf?.(id),
      clips: this.cb.clipsOf(id),
    } : null);
  }
}
