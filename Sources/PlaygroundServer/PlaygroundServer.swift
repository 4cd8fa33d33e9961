import CLibWebSockets
import Foundation
import Glibc
import Playground
import SharedState

/// The Layout Playground server: static files from the public folder and the `Session.protocolName`
/// WebSocket on one port, one `Session` per connection, driven by a single libwebsockets service thread.
///
/// Create it, read `port`, call `run()` on the thread that should service the sockets, and stop it with
/// `stopHandle.requestStop()` from anywhere.
public final class PlaygroundServer {
    /// The options it was started with.
    public let options: ServerOptions
    /// The port really listened on (the kernel's pick when `options.port` is 0).
    public let port: Int
    /// Stops `run()` from any thread.
    public let stopHandle = StopHandle()

    private let transport: Transport
    /// The open-file limit, raised at start, and the spare descriptor that answers connections over it.
    private let descriptors = DescriptorLimit()
    private let arena = CAllocations()
    private var context: OpaquePointer?
    /// With `--redis`: the connection and this server's liveness in Redis.
    private let redis: RedisLink?

    /// Binds the address and starts listening (connections are accepted once `run()` services them).
    ///
    /// - Throws: `ServerError.invalidHost`, `.invalidPort`, `.publicDirectoryMissing`, `.addressNotLocal`
    ///   when the host is not an address of this machine, `.addressInUse` when another socket listens on
    ///   the address, or `.contextCreationFailed` when libwebsockets cannot listen for another reason (an
    ///   unreadable certificate, say).
    public init(options: ServerOptions) throws {
        guard let bind = BindAddress(host: options.host) else { throw ServerError.invalidHost(options.host) }
        guard (0...65535).contains(options.port) else { throw ServerError.invalidPort(options.port) }
        var info = stat()
        guard stat(options.publicDirectory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw ServerError.publicDirectoryMissing(options.publicDirectory)
        }
        guard let files = StaticFiles(directory: options.publicDirectory) else {
            throw ServerError.publicDirectoryMissing(options.publicDirectory)
        }
        // libwebsockets 4.1 keeps a vhost whose address is not local, waiting for the interface to come
        // up, and would report the configured port as listening.
        if bind.bindError(port: 0) == EADDRNOTAVAIL { throw ServerError.addressNotLocal(options.host) }
        let journal: SessionJournal?
        let directory: SessionDirectory
        if let url = options.redis {
            // Redis journals the sessions instead of the local folder: any server can restore them.
            let link = RedisLink(url: url, wake: { [stopHandle] in stopHandle.wakeService() })
            redis = link
            journal = link.journal
            directory = link.directory
        } else {
            redis = nil
            journal = try Self.openJournal(options)
            do {
                // Sessions a dead server journaled keep their ids when rejoined: new ones are numbered after them.
                directory = LocalSessionDirectory(lastSessionNumber: try journal?.lastSessionNumber() ?? 0)
            } catch {
                throw ServerError.journalUnavailable("\(error)")
            }
        }
        // Each session holds its socket, and its recording's file with `--record`; the context adds its
        // listening socket and wake-up pipe.
        var options = options
        let requestedSessions = options.maxSessions
        options.maxSessions = min(requestedSessions, descriptors.sessions(perSession: options.recording == nil ? 1 : 2,
                                                                          inUse: DescriptorLimit.openCount() + 4))
        self.options = options
        do {
            transport = try Transport(options: options, files: files, journal: journal, directory: directory)
        } catch {
            throw ServerError.recordingFolder(options.recording?.directory ?? "", "\(error.localizedDescription)")
        }
        ServerLog.configure()
        let raised = descriptors.limit > descriptors.raisedFrom ? " (soft limit raised from \(descriptors.raisedFrom))" : ""
        let fitted = options.maxSessions < requestedSessions ? " (the open-file limit leaves room for no more)" : ""
        ServerLog.info("open files: \(descriptors.limit)\(raised); sessions: at most \(options.maxSessions)\(fitted)")
        guard let context = ContextSetup.makeContext(options: options, bind: bind,
                                                     user: transport.unretainedPointer, arena: arena,
                                                     http: transport.http),
              let port = ContextSetup.listenPort(of: context) else {
            if options.port != 0, bind.bindError(port: options.port) == EADDRINUSE {
                throw ServerError.addressInUse(host: options.host, port: options.port)
            }
            throw ServerError.contextCreationFailed(host: options.host, port: options.port)
        }
        self.context = context
        self.port = port
        descriptors.attach(port: port)
        transport.attach(context)
        stopHandle.attach(context)
    }

    /// Services connections until `stopHandle.requestStop()`, then closes every WebSocket with 1001
    /// (going away), waits at most `gracePeriod` seconds for them to close, and releases the context.
    /// Call it once.
    public func run(gracePeriod: Double = 0.8) {
        guard let context else { return }
        var result: Int32 = 0
        while result >= 0 && !stopHandle.isStopRequested {
            result = lws_service(context, 0)
            // The pass's turns are durable before any of its answers is written.
            transport.commitJournal()
            transport.writeWaitingAnswers()
            transport.endPass()
            transport.countRefused(descriptors.answerOverLimit())
        }
        let deadline = transport.clock.nowMicros + Int64(gracePeriod * 1_000_000)
        transport.beginShutdown(deadlineMicros: deadline)
        while result >= 0 && transport.hasConnections && transport.clock.nowMicros < deadline {
            result = lws_service(context, 0)
            transport.commitJournal()
        }
        transport.commitJournal()
        redis?.finish()
        transport.stopTimers()
        stopHandle.attach(nil)
        lws_context_destroy(context)
        self.context = nil
    }

    /// The journal in `options.stateDirectory`, with the records a dead server left given the grace
    /// period from now and the expired ones deleted; nil without a state folder. Throws
    /// `ServerError.journalUnavailable`.
    private static func openJournal(_ options: ServerOptions) throws -> SessionJournal? {
        guard let folder = options.stateDirectory else { return nil }
        do {
            let journal = try SQLiteJournal(folder: folder)
            let now = Date().timeIntervalSince1970
            let deleted = try journal.expire(now: now, orphanDeadline: now + Double(options.resumeGrace))
            if deleted > 0 { ServerLog.info("journal: \(deleted) expired sessions deleted") }
            return journal
        } catch {
            throw ServerError.journalUnavailable("\(error)")
        }
    }

    deinit {
        if let context {
            stopHandle.attach(nil)
            lws_context_destroy(context)
        }
    }
}
