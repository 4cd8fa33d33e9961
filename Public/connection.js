// WebSocket connection to the playground server: one socket, request ids,
// answers matched by `re`, and reconnection with exponential backoff.
//
// Events (CustomEvent, payload in `detail`):
//   "state"   { state: "connecting" | "open" | "closed", retryIn?: ms, attempt }
//   "message" the decoded server message (every message, answers included)
//
// Exports Connection, ConnectionClosedError, SUBPROTOCOL and defaultUrl(location).

export const SUBPROTOCOL = 'layout-playground.v1';

/** ws(s)://<this host>/ — or the URL in ?ws=… (handy when serving the page elsewhere). */
export function defaultUrl(loc = window.location) {
  const override = new URLSearchParams(loc.search).get('ws');
  if (override) return override;
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}/`;
}

export class ConnectionClosedError extends Error {
  constructor(message = 'connection closed') {
    super(message);
    this.name = 'ConnectionClosedError';
  }
}

export class Connection extends EventTarget {
  constructor({
    url = defaultUrl(),
    protocols = [SUBPROTOCOL],
    minDelay = 500,
    maxDelay = 10000,
    requestTimeout = 20000,
  } = {}) {
    super();
    this.url = url;
    this.protocols = protocols;
    this.minDelay = minDelay;
    this.maxDelay = maxDelay;
    this.requestTimeout = requestTimeout;
    this.state = 'closed';
    this.socket = null;
    this.nextId = 1;
    this.pending = new Map(); // id -> { resolve, reject, timer, message }
    this.attempt = 0;
    this.retryTimer = 0;
    this.stopped = false;
  }

  start() {
    this.stopped = false;
    window.addEventListener('online', () => this.retryNow());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.retryNow();
    });
    this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    if (this.socket) this.socket.close(1000, 'client stopped');
  }

  /** Reconnect immediately if we are waiting to retry. */
  retryNow() {
    if (this.stopped || this.state !== 'closed') return;
    clearTimeout(this.retryTimer);
    this.open();
  }

  open() {
    clearTimeout(this.retryTimer);
    this.setState('connecting');
    let socket;
    try {
      socket = new WebSocket(this.url, this.protocols);
    } catch (error) {
      console.warn('WebSocket could not be created:', error);
      this.onClose();
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (socket !== this.socket) return;
      this.attempt = 0;
      this.setState('open');
    });
    socket.addEventListener('message', (event) => {
      if (socket !== this.socket) return;
      this.onMessage(event.data);
    });
    socket.addEventListener('close', () => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.onClose();
    });
    // 'error' is always followed by 'close'; nothing to do here.
  }

  onMessage(data) {
    if (typeof data !== 'string') return;
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      console.warn('Ignoring a frame that is not JSON');
      return;
    }
    if (!message || typeof message !== 'object') return;
    // The first answer to a request settles its promise; animationEnd is a
    // second, later answer for animate/action and is only dispatched.
    if (message.re !== undefined && message.re !== null && message.type !== 'animationEnd') {
      const key = this.pending.has(message.re) ? message.re : Number(message.re);
      const entry = this.pending.get(key);
      if (entry) {
        this.pending.delete(key);
        clearTimeout(entry.timer);
        entry.resolve(message);
      }
    }
    this.dispatchEvent(new CustomEvent('message', { detail: message }));
  }

  onClose() {
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(new ConnectionClosedError());
    }
    this.pending.clear();
    if (this.stopped) {
      this.setState('closed');
      return;
    }
    const base = Math.min(this.maxDelay, this.minDelay * 2 ** this.attempt);
    const delay = Math.round(base * (0.75 + Math.random() * 0.25));
    this.attempt += 1;
    this.setState('closed', { retryIn: delay });
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  setState(state, extra = {}) {
    this.state = state;
    this.dispatchEvent(new CustomEvent('state', { detail: { state, attempt: this.attempt, ...extra } }));
  }

  get isOpen() {
    return this.state === 'open' && this.socket && this.socket.readyState === WebSocket.OPEN;
  }

  /** Bytes queued in the socket but not yet sent (0 when closed). */
  get bufferedAmount() {
    return this.socket ? this.socket.bufferedAmount : 0;
  }

  /**
   * Send a message with a fresh id. Resolves with its answer (`ok`, `scene`,
   * `error`, …) — an `error` answer resolves too, callers check `type`.
   * Rejects if the connection closes first or no answer arrives in time.
   */
  request(message) {
    if (!this.isOpen) return Promise.reject(new ConnectionClosedError('not connected'));
    const id = this.nextId++;
    const outgoing = { ...message, id };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.pending.delete(id)) reject(new Error(`no answer to "${message.type}" #${id}`));
      }, this.requestTimeout);
      this.pending.set(id, { resolve, reject, timer, message: outgoing });
      try {
        this.socket.send(JSON.stringify(outgoing));
      } catch (error) {
        this.pending.delete(id);
        clearTimeout(timer);
        reject(error);
      }
    });
  }
}
