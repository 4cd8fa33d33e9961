import CLibWebSockets
import Glibc

/// Bounds the kernel send buffer of WebSocket connections.
///
/// A session keeps at most one unsent `frames` and renders it from the newest state when the socket can
/// take it, but that only bounds staleness if the socket pushes back. Linux autotunes a TCP send buffer
/// up to `tcp_wmem`'s maximum (4 MiB by default): a client that reads slowly would first be fed megabytes
/// of old frames, seconds of them, before any merging began. With the buffer fixed at `bytes` (the
/// kernel doubles it for bookkeeping) a choked client holds only a few dozen old frames; after that the
/// socket stops being writable, no WRITEABLE callback comes, and the session's pending frame merges.
enum SendBuffer {
    /// The size requested with SO_SNDBUF.
    static let bytes: Int32 = 32 * 1024

    /// Applies `bytes` to the socket of `wsi` (ignored when it has none or the call fails).
    static func bound(_ wsi: OpaquePointer) {
        let fd = lws_get_socket_fd(wsi)
        guard fd >= 0 else { return }
        var size = bytes
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
}
