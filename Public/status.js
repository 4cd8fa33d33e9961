// The connection's state in the top bar: "Connecting…", "Connected · session", "Reconnecting in
// N s" (its tooltip: "Disconnected · reconnecting in N s") with a Retry button, then "Reconnecting…" and "Rejoined · session" when the
// session was taken back (or "Connected · session" for a new one); controls that need the server are
// disabled while closed. The status is a polite live region: screen readers hear each change.
//
// Exports ConnectionStatus.

const $ = (id) => document.getElementById(id);

/** Top-bar controls that only work with an open connection. */
const SERVER_CONTROLS = ['device-select', 'rotate', 'share', 'export-json', 'export-swift', 'import', 'pause', 'speed', 'ib-import'];

/** How often the retry countdown is redrawn, ms. */
const TICK_MS = 250;

/** Shows the connection's state (document.body.dataset.state, the status text, the Retry button). */
export class ConnectionStatus {
  /**
   * @param {{ connection, controls, log, timeline }} parts  the connection (Retry calls retryNow),
   *   the side panel and the timeline (enabled with the connection), the log panel
   */
  constructor({ connection, controls, log, timeline }) {
    this.controls = controls;
    this.log = log;
    this.timeline = timeline;
    this.text = $('status-text');
    this.retry = $('retry');
    this.serverControls = SERVER_CONTROLS.map((id) => $(id));
    this.countdown = 0;
    /** Whether the connection was open since the last close was logged. */
    this.wasOpen = false;
    /** Whether a dropped connection is being reopened (until the next session settles). */
    this.reconnecting = false;
    this.retry.addEventListener('click', () => connection.retryNow());
  }

  /** A connection `state` event's detail: { state: "connecting" | "open" | "closed", retryIn?: ms }. */
  show({ state, retryIn }) {
    const { text } = this;
    document.body.dataset.state = state;
    clearInterval(this.countdown);
    text.title = '';
    if (state === 'closed' && this.wasOpen) this.reconnecting = true;
    if (state === 'connecting' || (state === 'open' && this.reconnecting)) {
      // Open but not settled yet: the session is being taken back.
      text.textContent = this.reconnecting ? 'Reconnecting…' : 'Connecting…';
    } else if (state === 'open') {
      text.textContent = 'Connected';
    } else if (retryIn) {
      const due = performance.now() + retryIn;
      const tick = () => {
        const seconds = Math.max(1, Math.ceil((due - performance.now()) / 1000));
        // Short, so the top bar's scene picker keeps its width; the whole story is the tooltip's.
        text.textContent = `Reconnecting in ${seconds} s`;
        text.title = `Disconnected · reconnecting in ${seconds} s (Retry now: at once)`;
      };
      tick();
      this.countdown = setInterval(tick, TICK_MS);
    } else {
      text.textContent = 'Disconnected';
    }
    this.retry.hidden = state !== 'closed';
    this.controls.setConnected(state === 'open');
    for (const node of this.serverControls) node.disabled = state !== 'open';
    this.timeline.sync();
    if (state === 'open') {
      this.wasOpen = true;
    } else if (state === 'closed' && this.wasOpen) {
      this.wasOpen = false;
      this.log.info('Connection closed; reconnecting…');
    }
  }

  /**
   * The page's session is one of its own again (a follow ended or was left): "Connected · session"
   * replaces "… · following CODE"; nothing changes while the connection is not open (its state shows).
   */
  showOwnSession(session) {
    if (document.body.dataset.state !== 'open' || this.reconnecting) return;
    this.text.textContent = session ? `Connected · ${session}` : 'Connected';
  }

  /**
   * The settled session (the Connection's "session" event): its id (null: none) after "Rejoined" when
   * `rejoined` (the old session is back, or a follower follows again), else after "Connected".
   */
  showSession(session, { rejoined = false } = {}) {
    this.reconnecting = false;
    const word = rejoined ? 'Rejoined' : 'Connected';
    this.text.textContent = session ? `${word} · ${session}` : word;
    document.body.dataset.session = rejoined ? 'rejoined' : 'new';
  }
}
