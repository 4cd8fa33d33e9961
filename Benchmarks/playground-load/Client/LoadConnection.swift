import CLibWebSockets

/// One client connection and what it measured.
final class LoadConnection {
    enum State { case connecting, open, loaded, closed, failed }

    let index: Int
    var wsi: OpaquePointer?
    var state = State.connecting
    var rx: [UInt8] = []
    var outgoing: [String] = []
    var outgoingHead = 0
    /// The last buffer written: kept until the next WRITEABLE (permessage-deflate may still read it).
    var inFlight: UnsafeMutableRawBufferPointer?

    var nextID = 1
    var loadID = -1
    /// Request id → when it was written (µs) and whether the window was open then, for tweaks: a tweak
    /// sent in the window is measured whenever its answer comes.
    var sentAt: [Int: (micros: Int64, measured: Bool)] = [:]
    /// When the last `frames` arrived (µs).
    var lastFrameAt: Int64 = 0
    /// The previous frame's arrival inside the current animation, for intervals (0: none yet).
    var intervalStart: Int64 = 0
    var framesInWindow = 0
    var nextTweakAt: Int64 = 0
    var toggle = false
    /// True for a connection that follows another's shared session (`LoadClient.follow`): it sends
    /// nothing after its `follow`, and the `animationEnd` it is forwarded starts no animation.
    var isFollower = false
    var errors = 0

    init(index: Int) { self.index = index }

    deinit { inFlight?.deallocate() }

    func queue(_ text: String) {
        outgoing.append(text)
        if let wsi { lws_callback_on_writable(wsi) }
    }

    func takeID() -> Int {
        nextID += 1
        return nextID
    }
}
