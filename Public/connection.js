// A client connection to a Layout Playground server, usable on its own as an ES module: in the page,
// in another page, or under Node (20 with --experimental-websocket, 22 and later as is). It uses only
// the platform's WebSocket, EventTarget, CustomEvent and timers; nothing of the page (the page's own
// wiring, its default URL and its "online"/visibility retries, is in page-connection.js).
//
// One socket; requests get a fresh numeric `id` and their promise settles with the message whose `re`
// echoes it (docs/PROTOCOL.md, "Conventions"); with `reconnect` (default) a closed socket is reopened
// after an exponential backoff with jitter. With `rejoin` (default) the newest resume token (`hello`,
// `rejoined`) is kept, and a new socket's first request is `rejoin` with it, so a dropped connection
// takes its session back (scene, clock, animations, share) instead of starting a new one.
//
// Events (CustomEvent, payload in `detail`):
//   "state"   { state: "connecting" | "open" | "closed", retryIn?: ms, attempt }
//   "message" the decoded server message (every message, answers included), in arrival order
//   "session" { hello, rejoined, refused }: the socket's session is settled, once per socket, after
//             its `hello` and, when a token was held, the answer to `rejoin`: `rejoined` is that
//             answer (the old session is back) or null (a new session: `hello`'s); `refused` is the
//             rejoin's error code (`expired`, `unknown-token`, …) or null when none was tried
//
// Exports Connection, ConnectionClosedError and SUBPROTOCOL.

/** The WebSocket subprotocol of version 1 of the protocol. */
export const SUBPROTOCOL = 'layout-playground.v1';

/** A request's promise rejects with this when the socket closes (or is not open) before the answer. */
export class ConnectionClosedError extends Error {
  constructor(message = 'connection closed') {
    super(message);
    this.name = 'ConnectionClosedError';
  }
}

export class Connection extends EventTarget {
  /**
   * @param {object} options
   * @param {string} options.url  the server's WebSocket URL, `ws://HOST:PORT/` (add `?lenient` for the
   *   lenient protocol); required
   * @param {string[]} [options.protocols]  subprotocols offered (default `[SUBPROTOCOL]`)
   * @param {boolean} [options.reconnect]  reopen a closed socket after a backoff (default true)
   * @param {number} [options.minDelay]  first retry delay, ms (default 500); doubles per attempt…
   * @param {number} [options.maxDelay]  …up to this, ms (default 10000); each delay is 75–100 % of it
   * @param {number} [options.requestTimeout]  ms before a request without an answer rejects (default 20000)
   * @param {typeof WebSocket} [options.WebSocket]  the WebSocket class (default `globalThis.WebSocket`)
   * @param {boolean} [options.rejoin]  take the session back on a new socket (default true)
   * @param {{ get(): string|null, set(token: string|null): void }} [options.tokenStore]  where the
   *   resume token is kept beyond this object (the page: sessionStorage, so a reload rejoins); its
   *   token, read once here, is the first one tried (default: none, the token lives in memory)
   * @throws {TypeError} without a `url`, or when no WebSocket class is available
   */
  constructor({
    url,
    protocols = [SUBPROTOCOL],
    reconnect = true,
    minDelay = 500,
    maxDelay = 10000,
    requestTimeout = 20000,
    WebSocket: socketClass = globalThis.WebSocket,
    rejoin = true,
    tokenStore = null,
  } = {}) {
    super();
    if (typeof url !== 'string' || url === '') throw new TypeError('Connection needs a url (ws://HOST:PORT/)');
    if (typeof socketClass !== 'function') {
      throw new TypeError('no WebSocket class: pass options.WebSocket (Node 20: run with --experimental-websocket)');
    }
    this.url = url;
    this.protocols = protocols;
    this.reconnect = reconnect;
    this.minDelay = minDelay;
    this.maxDelay = maxDelay;
    this.requestTimeout = requestTimeout;
    this.WebSocket = socketClass;
    this.rejoin = rejoin;
    this.tokenStore = tokenStore;
    /** The newest resume token (32 hex digits) of this connection's session, or null. */
    this.resumeToken = readToken(tokenStore);
    /** The settled session of the open socket, { id, rejoined }, or null before the "session" event. */
    this.session = null;
    this.state = 'closed';
    this.socket = null;
    /** The server's last `hello` (session id, scenes, devices, limits, `strict`), null before the first. */
    this.hello = null;
    this.nextId = 1;
    this.pending = new Map(); // id -> { resolve, reject, timer, message }
    this.attempt = 0;
    this.retryTimer = 0;
    this.stopped = true; // until start(): nothing opens or retries
  }

  /** Opens the socket (and, with `reconnect`, keeps it open until `stop`). */
  start() {
    this.stopped = false;
    this.open();
  }

  /** Closes the socket with 1000 and cancels any retry; pending requests reject. */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    if (this.socket) this.socket.close(1000, 'client stopped');
  }

  /**
   * Resolves with the `hello` once the socket is open, the server has greeted it and its session is
   * settled (a `rejoin`, when one was sent, answered); at once when it already is. Rejects with
   * ConnectionClosedError if the socket closes first without `reconnect`.
   */
  ready() {
    if (this.isOpen && this.session) return Promise.resolve(this.hello);
    return new Promise((resolve, reject) => {
      const onSession = (event) => {
        cleanUp();
        resolve(event.detail.hello);
      };
      const onState = (event) => {
        if (event.detail.state !== 'closed' || (this.reconnect && !this.stopped)) return;
        cleanUp();
        reject(new ConnectionClosedError());
      };
      const cleanUp = () => {
        this.removeEventListener('session', onSession);
        this.removeEventListener('state', onState);
      };
      this.addEventListener('session', onSession);
      this.addEventListener('state', onState);
    });
  }

  /** Reconnects at once if waiting to retry (the page calls it when the browser comes back online). */
  retryNow() {
    if (this.stopped || this.state !== 'closed') return;
    clearTimeout(this.retryTimer);
    this.open();
  }

  open() {
    clearTimeout(this.retryTimer);
    this.hello = null;
    this.session = null;
    this.setState('connecting');
    let socket;
    try {
      socket = new this.WebSocket(this.url, this.protocols);
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
    const closed = () => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.onClose();
    };
    socket.addEventListener('close', closed);
    // Browsers follow 'error' with 'close'; Node 20's WebSocket does not when the connection is
    // refused (and leaves readyState CONNECTING), so an error on a socket that is not open counts as
    // its close; `closed` acts once per socket.
    socket.addEventListener('error', () => {
      if (socket.readyState !== this.WebSocket.OPEN) closed();
    });
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
    // The rejoin goes out before anyone hears the hello, so it is the socket's first request and
    // whatever listeners send after it runs on the session it settles.
    const hello = message.type === 'hello';
    const rejoining = hello && this.greeted(message);
    // The first answer to a request settles its promise; animationEnd is a later event with the
    // same `re` for animate/action and is only dispatched.
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
    if (hello && !rejoining) this.settle(message, null, null);
  }

  /**
   * A `hello`: sends `rejoin` with the held token when there is one and returns true (the answer
   * settles the session); false when the hello's new session is the one (settled by the caller).
   */
  greeted(hello) {
    this.hello = hello;
    const token = this.resumeToken;
    if (!this.rejoin || !token || token === hello.resumeToken) return false;
    const socket = this.socket;
    this.request({ type: 'rejoin', token }).then((answer) => {
      if (socket !== this.socket) return;
      if (answer.type === 'rejoined') this.settle(hello, answer, null);
      else this.settle(hello, null, typeof answer.code === 'string' ? answer.code : 'error');
    }, () => {
      // Closed before the answer: the token is kept and the next socket tries it again. Still open
      // (no answer in time): the hello's new session is the one.
      if (socket === this.socket && this.isOpen) this.settle(hello, null, 'no-answer');
    });
    return true;
  }

  /** Keeps the settled session's token and tells the "session" listeners. */
  settle(hello, rejoined, refused) {
    const token = rejoined ? (rejoined.resumeToken ?? this.resumeToken) : hello.resumeToken;
    this.keepToken(typeof token === 'string' ? token : null);
    this.session = { id: rejoined ? rejoined.session : hello.session, rejoined: Boolean(rejoined) };
    this.dispatchEvent(new CustomEvent('session', { detail: { hello, rejoined, refused } }));
  }

  keepToken(token) {
    this.resumeToken = token;
    try {
      this.tokenStore?.set(token);
    } catch (error) {
      console.warn('The resume token could not be stored:', error);
    }
  }

  onClose() {
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(new ConnectionClosedError());
    }
    this.pending.clear();
    if (this.stopped || !this.reconnect) {
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
    return this.state === 'open' && this.socket !== null && this.socket.readyState === this.WebSocket.OPEN;
  }

  /** Bytes queued in the socket but not yet sent (0 when closed). */
  get bufferedAmount() {
    return this.socket ? this.socket.bufferedAmount : 0;
  }

  /**
   * Sends `message` (an object of docs/PROTOCOL.md, "Client → server", without `id`) with a fresh id.
   * Resolves with its answer (`ok`, `scene`, `added`, `error`, …): an `error` answer resolves too,
   * callers check `type`. The `frames` and `conflict`s the turn caused arrive before it as "message"
   * events. Rejects with ConnectionClosedError when not open or when the socket closes first, and with
   * an Error when no answer arrives within `requestTimeout`.
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

/** The token a store holds (null without a store, or when reading it throws). */
function readToken(store) {
  try {
    const token = store?.get();
    return typeof token === 'string' && token !== '' ? token : null;
  } catch (error) {
    console.warn('The resume token could not be read:', error);
    return null;
  }
}
