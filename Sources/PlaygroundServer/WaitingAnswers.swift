import CLibWebSockets

/// Connections with an answer queued during the last `lws_service` pass, written as soon as their
/// sockets can take them instead of after another poll of every socket.
///
/// libwebsockets wants each write made from a WRITEABLE callback, one `lws_write` per callback, and calls
/// WRITEABLE when poll(2) reports the socket writable: a request answered by `frames` then `ok` took a
/// poll of every connection for each. `write(through:socket:)` runs right after `lws_service` returns:
/// for each waiting connection whose socket is not choked (`lws_send_pipe_choked`: nothing buffered in
/// libwebsockets, and a poll of that one socket says writable) it calls `lws_service_fd` with POLLOUT,
/// the entry point libwebsockets gives loops of their own, which runs WRITEABLE as a poll would have.
/// Each message is still written alone from its own WRITEABLE; a choked connection keeps its WRITEABLE
/// request for the next poll. Used on the service thread only.
public final class WaitingAnswers {
    private var ids: [UInt64] = []

    public init() {}

    /// Asks libwebsockets for a WRITEABLE of `wsi`, connection `id`, and queues the connection to be
    /// served right after the current pass; the request stands for the next poll if it is not.
    public func request(_ wsi: OpaquePointer, id: UInt64) {
        lws_callback_on_writable(wsi)
        ids.append(id)
    }

    /// Services the waiting connections as writable, in order; a connection that queues another answer
    /// from its WRITEABLE is served again in the next round, up to `rounds` rounds, so none holds the
    /// loop. `socket` gives the connection's wsi, or nil once it is gone.
    public func write(through context: OpaquePointer, rounds: Int = 4, socket: (UInt64) -> OpaquePointer?) {
        for _ in 0..<rounds where !ids.isEmpty {
            let batch = ids
            ids.removeAll(keepingCapacity: true)
            for id in batch {
                guard let wsi = socket(id), lws_send_pipe_choked(wsi) == 0 else { continue }
                var writable = pollfd(fd: lws_get_socket_fd(wsi), events: Int16(POLLIN | POLLOUT),
                                      revents: Int16(POLLOUT))
                _ = lws_service_fd(context, &writable)
            }
        }
        // Left after the last round: their WRITEABLE requests stand, the next poll serves them.
        ids.removeAll(keepingCapacity: true)
    }
}
