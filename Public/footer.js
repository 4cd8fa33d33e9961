// The stage's footer line: the last frame's sequence number and time, and whether the scene is
// idle, animating or paused. Exports Footer.

import { formatNumber } from './controls.js';

const $ = (id) => document.getElementById(id);

/** The #seq and #anim-state texts. */
export class Footer {
  /** @param {{ frames, timeline }} parts  the frame store and the timeline (paused or not) */
  constructor({ frames, timeline }) {
    this.frames = frames;
    this.timeline = timeline;
    this.seqText = $('seq');
    this.animText = $('anim-state');
  }

  /** Shows the stream's state as of the last drawing (time to the millisecond). */
  update() {
    const { frames } = this;
    this.seqText.textContent = frames.lastSeq === null
      ? 'no frames yet'
      : `frame ${frames.lastSeq} · ${formatNumber(Math.round((frames.lastTime ?? 0) * 1000) / 1000)} s`;
    const label = this.timeline.paused ? 'paused' : frames.final ? 'idle' : 'animating';
    this.animText.textContent = label;
    this.animText.classList.toggle('is-animating', label !== 'idle');
  }
}
