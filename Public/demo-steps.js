// A scene's demo script for the presenter: the current step's title and Previous / Next, which send
// `{"type":"step","index":N}`; the server runs the step's ops (forward animated, back at once) and
// tells followers the title.
//
// Exports DemoSteps.

/** The steps bar over the canvas. */
export class DemoSteps {
  /**
   * @param {{ connection, scenes, bar: HTMLElement, title: HTMLElement, prev: HTMLButtonElement,
   *   next: HTMLButtonElement }} parts  the connection, the scene store (re-read after each step),
   *   and the bar's nodes
   * @param {{ onError: (answer) => void }} callbacks  onError: the server refused a step
   */
  constructor({ connection, scenes, bar, title, prev, next }, callbacks) {
    this.connection = connection;
    this.scenes = scenes;
    this.el = { bar, title, prev, next };
    this.cb = callbacks;
    /** The step shown: { scene, index, title, count }; index −1 before the first. */
    this.current = null;
    /** False while following: the presenter steps, not this page. */
    this.enabled = true;
    /** True while this page shares its session or is in presenter mode: the bar is a presenter's tool,
     *  and at other times the canvas keeps its room. */
    this.presenting = false;
    prev.addEventListener('click', () => this.go(this.current.index - 1));
    next.addEventListener('click', () => this.go(this.current.index + 1));
  }

  /** The scene (re)loaded or changed: a new scene starts before its first step. */
  sceneChanged() {
    const scene = this.scenes.scene;
    const steps = Array.isArray(scene?.steps) ? scene.steps : [];
    if (!this.current || this.current.scene !== scene?.name || this.current.count !== steps.length) {
      this.current = { scene: scene?.name, index: -1, title: '', count: steps.length };
    }
    this.render();
  }

  /** Shows or hides the bar (hidden while following, when not presenting, or for a scene without steps). */
  setEnabled(on) {
    this.enabled = on;
    this.render();
  }

  /** Shows the bar only while presenting (sharing live or presenter mode). */
  setPresenting(on) {
    this.presenting = on;
    this.render();
  }

  async go(index) {
    if (!this.current || index < 0 || index >= this.current.count) return;
    let answer;
    try {
      answer = await this.connection.request({ type: 'step', index });
    } catch {
      return;
    }
    if (answer.type !== 'step') {
      this.cb.onError(answer);
      return;
    }
    this.current = { scene: this.scenes.scene?.name, index: answer.index, title: answer.title, count: answer.count };
    this.render();
    // The step changed constants and views server-side: the lists follow.
    this.scenes.scheduleRefresh();
  }

  render() {
    const { bar, title, prev, next } = this.el;
    const step = this.current;
    bar.hidden = !this.enabled || !this.presenting || !step || step.count === 0;
    if (bar.hidden) return;
    title.textContent = step.index < 0
      ? `Demo: ${step.count} steps. Next starts it.`
      : `Step ${step.index + 1} of ${step.count}: ${step.title}`;
    title.title = title.textContent; // the whole title when a narrow bar cuts it
    prev.disabled = step.index <= 0;
    next.disabled = step.index >= step.count - 1;
  }
}
