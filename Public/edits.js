// Edits to the scene as messages: constraint constants, priorities and active flags, removals,
// additions from the editor, the scene's actions and the keyboard, wrapped in an animation block
// when "animate changes" is on. Exports Edits.

import { opsDuration } from './share.js';
import { keyboardHeight } from './keyboard-height.js';
import { embedInStackOps } from './stacks.js';

/** The animation the timeline expects when nothing says how long it takes, seconds (the keyboard's 0.25 s). */
const DEFAULT_SECONDS = 0.25;

/** Sends the user's edits and re-reads the scene once they are applied. */
export class Edits {
  /**
   * @param {{ connection, sender, controls, log, timeline, scenes, selection }} parts  the connection,
   *   the latest-wins sender, the side panel, the log panel, the timeline, the scene store and the selection
   */
  constructor({ connection, sender, controls, log, timeline, scenes, selection }) {
    this.connection = connection;
    this.sender = sender;
    this.controls = controls;
    this.log = log;
    this.timeline = timeline;
    this.scenes = scenes;
    this.selection = selection;
  }

  /** The answer to `message`, or an error answer with code `closed` when the connection is closed. */
  async request(message) {
    try {
      return await this.connection.request(message);
    } catch (error) {
      return { type: 'error', code: 'closed', message: error.message };
    }
  }

  /** `ops` in an `animate` block when "animate changes" is on, else as one message (a batch if several). */
  edit(ops) {
    const animation = this.controls.animation();
    if (animation.enabled) {
      this.timeline.expectAnimation(animation.delay + animation.duration);
      return {
        type: 'animate',
        duration: animation.duration,
        delay: animation.delay,
        curve: animation.curve,
        // The classic bug: no layoutIfNeeded() inside the block, so the change jumps at the end of the turn.
        ops: animation.classicBug ? ops : [...ops, { type: 'layoutIfNeeded', view: 'root' }],
      };
    }
    return ops.length === 1 ? ops[0] : { type: 'batch', ops };
  }

  /**
   * Constraints from the Pin and Align actions, as equations, in one batch (one undo step).
   * @returns {Promise<object>} the server's answer (an `error` says why nothing was added)
   */
  async addEquations(equations) {
    const ops = equations.map((constraint) => ({ type: 'add', constraint }));
    const answer = await this.request(ops.length === 1 ? ops[0] : { type: 'batch', ops });
    if (answer.type !== 'error') this.scenes.scheduleRefresh();
    return answer;
  }

  /**
   * Views `ids` (siblings) embedded in a new stack view, in one batch (one undo step); the stack is
   * selected. @returns {Promise<object>} the answer, or an error answer saying why not
   */
  async embedInStack(ids) {
    const taken = new Set((this.scenes.scene?.views || []).map((v) => v.id));
    let stackId = 'stack';
    for (let n = 2; taken.has(stackId); n += 1) stackId = `stack${n}`;
    let ops;
    try {
      ({ ops } = embedInStackOps(this.scenes.scene, this.selection.frames.views, ids, stackId));
    } catch (error) {
      return { type: 'error', code: 'invalid-value', message: error.message };
    }
    const answer = await this.request({ type: 'batch', ops });
    if (answer.type !== 'error') {
      await this.scenes.refresh();
      this.selection.select(stackId);
    }
    return answer;
  }

  /** Fields of view `id` from the size inspector (one `set` view); a refusal is logged and the scene re-read. */
  changeView(id, fields) {
    this.sender.send(`view:${id}:${Object.keys(fields).join(',')}`, () => this.edit([{ type: 'set', view: id, ...fields }]), {
      onError: (answer) => {
        this.log.error(answer.code, answer.message);
        this.scenes.refresh();
      },
    });
  }

  /**
   * Constraint `id` rewritten as `equation` (relation, second item, multiplier, constant and priority at
   * once), keeping its id and active flag: `remove` then `add` in one batch, so one undo step puts it
   * back (a constraint's relation, items and multiplier cannot be set in place, as in UIKit). A batch
   * keeps the ops before a failing one, so the equation is first tried as an inactive constraint
   * under a scratch id: a bad equation stops the batch before anything changed.
   * @returns {Promise<object>} the server's answer (an `error` says why it was refused; nothing changed)
   */
  async replaceConstraint(id, equation, active = true) {
    const constraint = active ? { id, equation } : { id, equation, active: false };
    const scratch = `${id}-edit-check`;
    const answer = await this.request({ type: 'batch', ops: [
      { type: 'add', constraint: { id: scratch, equation, active: false } },
      { type: 'remove', constraint: scratch },
      { type: 'remove', constraint: id },
      { type: 'add', constraint },
    ] });
    if (answer.type !== 'error') this.scenes.scheduleRefresh();
    return answer;
  }

  /** A constant from a slider or field (`final`: released, or a step taken with the keyboard). */
  changeConstant(id, constant, final) {
    // Animated edits go out when the slider is released (or a step is taken
    // with the keyboard); plain edits follow the slider live.
    if (this.controls.animation().enabled && !final) return;
    this.sender.send(`constant:${id}`, () => this.edit([{ type: 'set', constraint: id, constant }]),
      { onError: () => this.revertConstraint(id) });
  }

  /** Other fields of a constraint ({ active }). */
  changeConstraint(id, fields) {
    this.sender.send(`fields:${id}`, () => this.edit([{ type: 'set', constraint: id, ...fields }]),
      { onError: () => this.revertConstraint(id) });
  }

  /** After a refused edit: the row shows the constraint as the server has it again. */
  async revertConstraint(id) {
    await this.scenes.refresh();
    this.controls.revert(id);
  }

  /** A priority change from `old` (1000 = required); `active`: whether the constraint is installed. */
  changePriority(id, priority, old, active) {
    const crossing = (old >= 1000) !== (priority >= 1000);
    const onError = () => this.revertConstraint(id);
    if (crossing && active) {
      // UIKit refuses to move an installed constraint between required and optional:
      // deactivate, change, reactivate (what you would write in an app).
      this.log.info(`${id}: required ⇄ optional, so it is deactivated, changed and reactivated`);
      this.sender.send(`fields:${id}`, () => this.edit([
        { type: 'set', constraint: id, active: false },
        { type: 'set', constraint: id, priority },
        { type: 'set', constraint: id, active: true },
      ]), { onError });
    } else {
      this.sender.send(`fields:${id}`, () => this.edit([{ type: 'set', constraint: id, priority }]), { onError });
    }
  }

  async removeConstraint(id) {
    const answer = await this.request(this.edit([{ type: 'remove', constraint: id }]));
    if (answer.type !== 'error') this.scenes.scheduleRefresh();
  }

  async removeView(id) {
    const answer = await this.request(this.edit([{ type: 'remove', view: id }]));
    if (answer.type !== 'error') {
      if (this.selection.selected === id) this.selection.select(null);
      this.scenes.scheduleRefresh();
    }
  }

  /** A message from the editor's add form (constraints are animated like other edits); resolves to the answer. */
  async addFromForm(message) {
    const answer = await this.request(message.type === 'add' && !message.view ? this.edit([message]) : message);
    if (answer.type !== 'error') this.scenes.scheduleRefresh();
    return answer;
  }

  /** Moves an ambiguous view to another of its possible positions (`exerciseAmbiguity`). */
  async exerciseAmbiguity(id) {
    const answer = await this.request({ type: 'exerciseAmbiguity', view: id });
    if (answer.type !== 'error') this.scenes.scheduleRefresh();
  }

  /** Runs one of the scene's actions; the timeline expects its ops' duration. */
  async runAction(name) {
    const { scene } = this.scenes;
    const action = (scene?.actions || []).find((a) => a.name === name);
    this.timeline.expectAnimation(action ? opsDuration(action.ops, scene.actions) : DEFAULT_SECONDS);
    try {
      await this.connection.request({ type: 'action', name });
    } catch {
      return;
    }
    this.scenes.edited = true;
    this.scenes.refresh();
  }

  /** Shows the keyboard (at the height of the scene's device) or hides it. */
  async moveKeyboard(show) {
    this.timeline.expectAnimation(DEFAULT_SECONDS);
    const message = { type: 'keyboard', show };
    if (show) message.height = keyboardHeight(this.scenes.scene?.root);
    try {
      await this.connection.request(message);
    } catch {
      return; // closed; nothing to do
    }
    this.scenes.edited = true;
    this.scenes.refresh();
  }
}
