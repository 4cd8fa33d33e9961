// The session clock as the page drives it: pause and resume, the playback speed, and the timeline
// scrubber over the last animation (from its first non-final frames to its final ones).
//
// Exports Timeline.

const $ = (id) => document.getElementById(id);

/** The shortest span the scrubber shows, in seconds (a zero-length animation still scrubs). */
const MIN_SPAN = 0.05;
/** How long after a request's answer the animation it asked for may still begin, ms (many ticks). */
const ASKED_WINDOW_MS = 1000;

/** The clock's state on the page and the timeline controls (#pause, #speed, #scrubber, #scrub-time). */
export class Timeline {
  /**
   * @param {{ connection: import('./connection.js').Connection, frames: import('./frames.js').FrameStore,
   *           sender: import('./sender.js').LatestSender }} parts
   */
  constructor({ connection, frames, sender }) {
    this.connection = connection;
    this.frames = frames;
    this.sender = sender;
    /** Whether the session clock is paused (as the server last confirmed). */
    this.paused = false;
    /** The playback speed the server accepted (1 = real time); resent to a new session. */
    this.speed = 1;
    /** The last animation's start and end, session seconds (null before the first one). */
    this.start = null;
    this.end = null;
    /** The duration the next animation is expected to take, seconds (until its final frames tell). */
    this.expected = 0.25;
    /**
     * The duration this page's own request asked for (its action's, the keyboard's, a rotation's),
     * seconds, until the animation it starts begins; null when the next one is someone else's.
     */
    this.asked = null;
    /** The running or last animation's duration as its request said, seconds; null: measured. */
    this.duration = null;
    /** Seek requests in flight: their frames jump in time and do not start a timeline. */
    this.seeking = 0;
    /** The session time while paused, seconds (known from the last seek), or null. */
    this.clockTime = null;
    /** Whether the pointer is down on the scrubber (its value then follows the pointer only). */
    this.scrubbing = false;
    this.pauseButton = $('pause');
    this.scrubber = $('scrubber');
    this.bind();
    // Under the real-time clock a request that starts an animation is answered first and its frames
    // follow, one a tick: a duration asked for and not begun ASKED_WINDOW_MS after an answer is
    // dropped, so it is not taken for the next animation (someone else's, or one the page did not ask for).
    connection.addEventListener('message', (event) => {
      if (event.detail.type === 'frames' || event.detail.re == null || this.asked === null) return;
      clearTimeout(this.askedTimer);
      this.askedTimer = setTimeout(() => { this.asked = null; }, ASKED_WINDOW_MS);
    });
  }

  bind() {
    this.pauseButton.addEventListener('click', () => this.togglePause());
    $('speed').addEventListener('change', async (event) => {
      const speed = Number.parseFloat(event.target.value) || 1;
      try {
        const answer = await this.connection.request({ type: 'clock', speed });
        if (answer.type !== 'error') this.speed = speed;
      } catch { /* closed */ }
    });
    this.scrubber.addEventListener('pointerdown', () => { this.scrubbing = true; });
    document.addEventListener('pointerup', () => { this.scrubbing = false; });
    const track = { begin: () => { this.seeking += 1; }, end: () => { this.seeking -= 1; } };
    this.scrubber.addEventListener('input', () => {
      const time = Number.parseFloat(this.scrubber.value);
      if (!Number.isFinite(time)) return;
      this.clockTime = time;
      this.sender.send('seek', () => ({ type: 'seek', time }), { refresh: false, track });
    });
  }

  /** A new session (first visit or server restart): a fresh, running clock at the chosen speed. */
  startSession() {
    this.paused = false;
    this.clockTime = null;
    if (this.speed !== 1) this.connection.request({ type: 'clock', speed: this.speed }).catch(() => {});
    this.sync();
  }

  /**
   * A session taken back (`rejoined`): shows its clock as it runs, `clock` being the answer's
   * { mode, fps, speed, paused, time } (session seconds): the speed in #speed (an option is added for a
   * speed the list lacks, such as one a script set) and the pause state, paused at `time`.
   */
  restore(clock) {
    const speed = Number(clock.speed);
    if (Number.isFinite(speed) && speed > 0) {
      this.speed = speed;
      const select = $('speed');
      const value = String(speed);
      if (![...select.options].some((option) => option.value === value)) {
        select.add(new Option(`${value}×`, value));
      }
      select.value = value;
    }
    this.paused = clock.paused === true;
    this.clockTime = this.paused && typeof clock.time === 'number' ? clock.time : null;
    this.sync();
  }

  /**
   * Follows a `frames` message (see FrameStore.receive): an animation starts at the first
   * non-final frames and ends at the final ones. Frames of a seek are not an animation.
   */
  onFrames({ time, final, wasFinal }) {
    if (this.seeking || typeof time !== 'number') return;
    if (!final && wasFinal) {
      // The first streamed frame lands on the server's frame grid, up to a frame after the start, and
      // the final one up to a frame after the end: the span between them is not the duration. When
      // this page asked for the animation its length is known and is what the timeline shows.
      this.duration = this.asked;
      this.asked = null;
      clearTimeout(this.askedTimer);
      this.start = time;
      this.end = time + Math.max(MIN_SPAN, this.duration ?? this.expected);
    } else if (final && !wasFinal && time > this.start && this.duration === null) {
      this.end = Math.max(time, this.start + MIN_SPAN);
    } else if (final && !wasFinal && time > this.start) {
      // Both grid instants come at or after the true instants: the final frame's time less the
      // duration is a start as good as the first frame's, and whichever is earlier is nearer.
      this.start = Math.min(this.start, time - this.duration);
      this.end = this.start + Math.max(MIN_SPAN, this.duration);
    }
  }

  /** Before a message that may animate for `seconds`: while paused, its animations start at the known clock time. */
  expectAnimation(seconds) {
    this.expected = seconds;
    this.asked = seconds;
    if (this.paused && this.clockTime !== null) {
      this.start = this.clockTime;
      this.end = this.clockTime + Math.max(MIN_SPAN, seconds);
      this.sync();
    }
  }

  async togglePause() {
    const type = this.paused ? 'resume' : 'pause';
    const { frames } = this;
    try {
      const answer = await this.connection.request({ type });
      if (answer.type !== 'error') this.paused = type === 'pause';
      this.clockTime = null;
      if (this.paused && typeof frames.lastTime === 'number') {
        // Stop on the instant last drawn, so the session's time is known while paused: animations
        // started now begin there (a paused clock streams no frames to tell).
        const time = frames.lastTime;
        this.seeking += 1;
        try {
          const sought = await this.connection.request({ type: 'seek', time });
          if (sought.type !== 'error') this.clockTime = frames.lastTime;
        } finally {
          this.seeking -= 1;
        }
      }
    } catch { /* closed */ }
    this.sync();
  }

  /** Shows the clock's state: the pause button, the scrubber's range and position, the time text. */
  sync() {
    const { scrubber, frames } = this;
    const open = this.connection.state === 'open';
    this.pauseButton.textContent = this.paused ? 'Resume' : 'Pause';
    this.pauseButton.setAttribute('aria-pressed', String(this.paused));
    document.body.dataset.paused = String(this.paused);
    scrubber.disabled = !open || !this.paused;
    if (this.start === null) {
      $('scrub-time').textContent = 'no animation yet';
      return;
    }
    const min = this.start;
    const max = Math.max(this.end, this.start + MIN_SPAN);
    // Whole microseconds: the range's steps count from min, and float noise in max - min would
    // leave End one step short of the end.
    scrubber.min = String(Math.round(min * 1e6) / 1e6);
    scrubber.max = String(Math.round(max * 1e6) / 1e6);
    if (!this.scrubbing && typeof frames.lastTime === 'number') {
      scrubber.value = String(Math.min(max, Math.max(min, frames.lastTime)));
    }
    const now = typeof frames.lastTime === 'number' ? Math.min(max, Math.max(min, frames.lastTime)) - min : 0;
    $('scrub-time').textContent = `${now.toFixed(3)} / ${(max - min).toFixed(3)} s`;
    scrubber.setAttribute('aria-valuetext', `${now.toFixed(3)} of ${(max - min).toFixed(3)} seconds`);
  }
}
