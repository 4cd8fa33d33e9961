import Foundation
import Playground

/// Everything the transport needs to know to start listening.
public struct ServerOptions: Sendable {
    /// The address to bind: an IPv4 literal (`127.0.0.1`, `0.0.0.0` for every IPv4 interface) or an
    /// IPv6 literal (`::1`). Host names are not resolved; `localhost` is accepted as `127.0.0.1`.
    public var host: String
    /// The TCP port; 0 lets the kernel pick a free one (read it back from `PlaygroundServer.port`).
    public var port: Int
    /// Absolute path of the folder served at `/` (static files, `index.html` by default).
    public var publicDirectory: String
    /// Largest complete client message accepted, in bytes (after permessage-deflate inflation).
    /// A larger one closes the connection with 1009 (message too big).
    public var maxMessageBytes: Int
    /// Offer the permessage-deflate extension to clients. Off by default: with libwebsockets 4.1.6 a
    /// few clients sending compressed messages of a few KiB at once hang their connections or abort the
    /// whole server on an assertion in the extension's inflate path (docs/SECURITY.md).
    public var permessageDeflate: Bool
    /// Send libwebsockets' strict security headers (CSP `default-src 'none'; script-src 'self'…`,
    /// `x-content-type-options: nosniff`, …) with static files. The page must then carry no inline
    /// script or style element.
    public var securityHeaders: Bool
    /// What each session may hold and do (`maxMessageBytes` above overrides its own); the session,
    /// rate and work limits are announced in `hello.limits`.
    public var sessionLimits: SessionLimits = .server
    /// Open sessions in total; upgrades beyond it are refused with HTTP 503. `PlaygroundServer` lowers it
    /// to what its open-file limit leaves room for (`DescriptorLimit`); its `options` hold the value in force.
    public var maxSessions = 4096
    /// Open sessions per remote address; upgrades beyond it are refused with HTTP 503.
    public var maxSessionsPerAddress = 32
    /// Whether `maxSessionsPerAddress` also counts loopback peers. Off by default: behind a reverse
    /// proxy, and for local test farms and load tools, every peer is the loopback address.
    public var limitsLoopbackPerAddress = false
    /// Followers per shared session (`too-many-followers` past it) and shared sessions per server
    /// (`too-many-shares`), announced in `hello.limits`.
    public var maxFollowers = 100
    public var maxSharedSessions = 256
    /// Seconds a session outlives its connection, waiting for `rejoin` (0: sessions end with their
    /// connection); announced in `hello.limits.resumeGraceSeconds`.
    public var resumeGrace = 60
    /// The folder of the session journal (`SQLiteJournal`): every acknowledged edit is written there
    /// before its `ok`, and a restarted server takes rejoins from it. Relative paths are from the working
    /// directory. Nil: no journal, sessions die with the process. Defaults to
    /// `defaultStateDirectory(port:)` of the port given to `init`.
    public var stateDirectory: String?
    /// `follow` attempts per second per remote address, on average (bursts of `followBurst`): join codes
    /// cannot be swept by guessing.
    public var followsPerSecond = 1.0
    public var followBurst = 10
    /// Bytes of unsent replies, events and errors (`Session.unsentBytes`) past which a connection is no
    /// longer read until half of them are sent: a client that sends without reading cannot make the
    /// server queue answers for it without bound. Announced in `hello.limits.maxUnreadBytes`.
    public var maxUnreadBytes = 256 * 1024
    /// Seconds a connection may stay unread for `maxUnreadBytes` before it is closed with 1008 (policy
    /// violation); announced in `hello.limits.unreadTimeoutSeconds`.
    public var unreadTimeout = 30
    /// Seconds without traffic after which a WebSocket is pinged (at half) and dropped (at the full
    /// time) unless the peer answers; 0 turns it off.
    public var idleTimeout = 60
    /// Origins allowed to open a WebSocket besides the server's own (`OriginPolicy`); empty for the
    /// default (the own origin and localhost), `*` for any.
    public var allowedOrigins: [String] = []
    /// The certificate and key to serve https and wss with; nil for plain http and ws.
    public var tls: TLSFiles?
    /// Whether sessions understand `{"type":"plantFault"}` (a solver fault on demand, to test recovery
    /// end to end). Off by default; never for a public server.
    public var plantFaults = false
    /// Where to record every session's messages (`--record DIR`); nil records nothing.
    public var recording: RecordingOptions?
    /// The Redis that journals sessions for every server of a deployment (`--redis URL`), in place of
    /// `stateDirectory`: a `rejoin` then finds its session on whichever server it reaches
    /// (docs/DEPLOY.md). Nil: everything stays in this process.
    public var redis: RedisURL?

    /// Options with the defaults used by `layout-playground` (its `--help` prints these values);
    /// `publicDirectory` should be absolute.
    public init(host: String = "127.0.0.1", port: Int = 8080, publicDirectory: String,
                maxMessageBytes: Int = SessionLimits.server.maxMessageBytes,
                permessageDeflate: Bool = false, securityHeaders: Bool = true) {
        self.host = host
        self.port = port
        self.publicDirectory = publicDirectory
        self.maxMessageBytes = maxMessageBytes
        self.permessageDeflate = permessageDeflate
        self.securityHeaders = securityHeaders
        stateDirectory = Self.defaultStateDirectory(port: port)
    }

    /// The journal folder of a server on `port` that was given none: `layout-playground/PORT` in the
    /// user's state folder, `$XDG_STATE_HOME` when it is an absolute path, else `$HOME/.local/state`
    /// (XDG Base Directory Specification 0.8). Per user, because the journal holds resume tokens and
    /// edits (the folder is made with mode 0700), not in whatever folder the server was started from;
    /// per port, because one folder takes one server: servers on different ports run side by side, and
    /// a server restarted on its port finds its sessions. Nil for port 0 (the port is known only once
    /// bound, and a port picked afresh would find no sessions) and when neither variable gives a folder.
    public static func defaultStateDirectory(port: Int,
                                             environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String?
    {
        guard port != 0 else { return nil }
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.local/state"
        } else {
            return nil
        }
        return base + "/layout-playground/\(port)"
    }
}

/// The PEM files of a TLS listener. Both are needed, so they travel as one value: a server is
/// configured with both or with neither.
public struct TLSFiles: Sendable, Equatable {
    /// Path of the PEM certificate (chain).
    public var certificate: String
    /// Path of the PEM private key of `certificate`.
    public var privateKey: String

    public init(certificate: String, privateKey: String) {
        self.certificate = certificate
        self.privateKey = privateKey
    }
}
