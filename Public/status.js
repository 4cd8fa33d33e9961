// The connection's state in the top bar: "Connecting…", "Connected · session", "Disconnected ·
// retrying in N s" with a Retry button; controls that need the server are disabled while closed.
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
    this.retry.addEventListener('click', () => connection.retryNow());
  }

  /** A connection `state` event's detail: { state: "connecting" | "open" | "closed", retryIn?: ms }. */
  show({ state, retryIn }) {
    const { text } = this;
    document.body.dataset.state = state;
    clearInterval(this.countdown);
    if (state === 'connecting') {
      text.textContent = 'Connecting…';
    } else if (state === 'open') {
      text.textContent = 'Connected';
    } else if (retryIn) {
      const due = performance.now() + retryIn;
      const tick = () => {
        const seconds = Math.max(1, Math.ceil((due - performance.now()) / 1000));
        text.textContent = `Disconnected · retrying in ${seconds} s`;
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

  /** The session id from `hello` (null: none), next to "Connected". */
  showSession(session) {
    this.text.textContent = session ? `Connected · ${session}` : 'Connected';
  }
}
