// Latest-wins sending: while a message for a key awaits its answer, newer values replace the
// queued one, so dragging a slider (or a view) never floods the socket.
//
// Exports LatestSender.

/** One queue of at most one waiting message per key (a constraint, a drag, the seek). */
export class LatestSender {
  /**
   * @param {import('./connection.js').Connection} connection
   * @param {{ onSettled: () => void }} callbacks  onSettled: a key's queue ran dry after sends that
   *   asked for `refresh` (the scene changed server-side and should be read again)
   */
  constructor(connection, { onSettled }) {
    this.connection = connection;
    this.onSettled = onSettled;
    /** key → { busy, next: (() => message) | null, onError, refresh } */
    this.channels = new Map();
  }

  /**
   * Sends `build()` for `key` now, or once the message in flight for `key` is answered (replacing
   * any message already waiting).
   * @param {string} key
   * @param {() => object} build  makes the message when it is its turn
   * @param {{ refresh?: boolean, onError?: (answer) => void, track?: { begin(), end() } }} options
   *   refresh: call onSettled when the queue runs dry; onError: an `error` answer arrived;
   *   track: told when each request starts and ends (the seek uses it to ignore its own frames)
   */
  send(key, build, { refresh = true, onError = null, track = null } = {}) {
    let channel = this.channels.get(key);
    if (!channel) {
      channel = { busy: false, next: null };
      this.channels.set(key, channel);
    }
    channel.next = build;
    channel.onError = onError;
    channel.refresh = refresh;
    if (!channel.busy) this.pump(channel, track);
  }

  /** Whether a message for a key starting with `prefix` still awaits its answer. */
  busy(prefix) {
    return [...this.channels].some(([key, channel]) => key.startsWith(prefix) && channel.busy);
  }

  async pump(channel, track) {
    channel.busy = true;
    while (channel.next) {
      const build = channel.next;
      const onError = channel.onError;
      channel.next = null;
      track?.begin();
      try {
        const answer = await this.connection.request(build());
        if (answer?.type === 'error') onError?.(answer);
      } catch {
        channel.next = null; // closed: on reconnect the scene is read again (rejoined) or reloaded (a new session)
      } finally {
        track?.end();
      }
    }
    channel.busy = false;
    if (channel.refresh && !track) this.onSettled();
  }
}
