import Foundation

/// `layout-playground --supervise`: runs the server as a child process (a serving process) and starts
/// it again when it dies abnormally, so a crash costs clients a reconnect rather than the service.
///
/// - A serving process that ends by a signal, or with a status other than 0, 1 (cannot start) or 2 (bad
///   flag), is restarted after the `RestartPolicy`'s back-off, on the port the first one printed in its
///   `listening on` line (so `--port 0` picks a port once). Statuses 0, 1 and 2 are passed through.
/// - Too many restarts within the policy's window end supervision with status 3 (`gaveUpStatus`).
/// - SIGINT and SIGTERM are forwarded; the supervisor then waits for the process and exits with its
///   status (0 on a clean stop; 128 + the signal if a signal ended it). A process that has not ended
///   `stopTimeout` seconds later gets SIGKILL.
/// - Each serving process asks the kernel for SIGTERM when the supervisor ends (`ServingProcess.followSupervisor`),
///   so none outlives it, even a supervisor killed with SIGKILL.
///
/// Everything runs on the main thread, which takes signals with sigwaitinfo/sigtimedwait (no handler
/// runs); one thread per serving process forwards its standard output (`OutputForwarder`).
struct Supervisor {
    /// The exit status after giving up on a crash loop.
    static let gaveUpStatus: Int32 = 3
    /// Seconds a serving process has to stop after a forwarded SIGINT/SIGTERM before SIGKILL.
    static let stopTimeout = 10.0

    /// The server executable (this one).
    let executable: String
    /// The server's flags, without `--supervise`.
    let arguments: [String]
    /// Back-off and give-up, on CLOCK_MONOTONIC.
    var policy = RestartPolicy(clock: monotonicSeconds)

    /// Signals the main thread takes with sigwait. They must be blocked in every thread, so `run` blocks
    /// them first, before it starts any thread (threads inherit the mask).
    private static let handledSignals: sigset_t = {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGCHLD] { sigaddset(&signals, signal) }
        return signals
    }()

    /// Supervises until told to stop, a pass-through exit, or giving up; returns the exit status.
    /// Must be called on the main thread before any other thread has started.
    mutating func run() -> Int32 {
        var signals = Self.handledSignals
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        // A closed standard output must not kill the supervisor (and with it the service).
        signal(SIGPIPE, SIG_IGN)

        var serverArguments = arguments
        while true {
            let process: ServingProcess
            do {
                process = try ServingProcess.spawn(executable: executable, arguments: serverArguments)
            } catch {
                log("\(error)")
                return 1
            }
            log("serving process \(process.pid) started")
            process.output.start()
            let (end, stopping) = waitForEnd(of: process)
            // The pipe ends with the process; its last lines (and the port) are read before deciding.
            if !process.output.waitUntilFinished(timeout: 2) {
                log("serving process \(process.pid) left its standard output open; not waiting for it")
            }
            if let port = process.output.listeningPort {
                // A later --port wins in the flag parser, so appending it overrides the user's (maybe 0).
                serverArguments = arguments + ["--port", String(port)]
            }
            if stopping {
                log("serving process \(process.pid) stopped (\(end))")
                return end.shellStatus
            }
            guard end.isAbnormal else {
                log("serving process \(process.pid) ended (\(end)); not restarting")
                return end.shellStatus
            }
            switch policy.decideAfterAbnormalExit() {
            case .giveUp(let restarts):
                log("serving process \(process.pid) died (\(end)); giving up after \(restarts) restarts "
                    + "within \(Self.seconds(policy.window)) s")
                return Self.gaveUpStatus
            case let .restart(number, delay):
                log("serving process \(process.pid) died (\(end)); restarting in \(Self.seconds(delay)) s (restart \(number))")
                if let signal = waitForStopSignal(seconds: delay) {
                    log("received signal \(signal) while waiting to restart; stopping")
                    return 0
                }
            }
        }
    }

    /// Waits until `process` ends, forwarding SIGINT and SIGTERM to it; also says whether it was asked to stop.
    private func waitForEnd(of process: ServingProcess) -> (ChildExit, stopping: Bool) {
        var stopDeadline: Double?
        while true {
            // Reaping first: a SIGCHLD may have been taken while waiting to restart.
            if let end = process.reapIfEnded() { return (end, stopDeadline != nil) }
            guard let signal = Self.nextSignal(timeout: stopDeadline.map { max(0, $0 - monotonicSeconds()) }) else {
                log("serving process \(process.pid) did not stop within \(Self.seconds(Self.stopTimeout)) s; sending SIGKILL")
                process.send(SIGKILL)
                stopDeadline = .infinity
                continue
            }
            guard signal != SIGCHLD else { continue }
            log("received signal \(signal); stopping serving process \(process.pid)")
            process.send(signal)
            if stopDeadline == nil { stopDeadline = monotonicSeconds() + Self.stopTimeout }
        }
    }

    /// Waits `seconds`; returns early with SIGINT or SIGTERM if one arrives, else nil.
    private func waitForStopSignal(seconds: Double) -> Int32? {
        let deadline = monotonicSeconds() + seconds
        while true {
            let left = deadline - monotonicSeconds()
            guard left > 0, let signal = Self.nextSignal(timeout: left) else { return nil }
            if signal != SIGCHLD { return signal }
        }
    }

    /// The next of `handledSignals`, waiting at most `timeout` seconds (forever when nil); nil on timeout.
    private static func nextSignal(timeout: Double?) -> Int32? {
        var signals = handledSignals
        while true {
            let result: Int32
            if let timeout, timeout.isFinite {
                let whole = timeout.rounded(.down)
                var wait = timespec(tv_sec: Int(whole), tv_nsec: Int((timeout - whole) * 1_000_000_000))
                result = sigtimedwait(&signals, nil, &wait)
            } else {
                result = sigwaitinfo(&signals, nil)
            }
            if result > 0 { return result }
            if errno == EAGAIN { return nil }
            // EINTR: a signal outside the set (e.g. SIGSTOP/SIGCONT) interrupted the wait; wait again.
        }
    }

    /// "0.1", "5": seconds as the log shows them.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    private func log(_ text: String) {
        FileHandle.standardError.write(Data("layout-playground: \(text)\n".utf8))
    }
}

/// Seconds on CLOCK_MONOTONIC (from an arbitrary origin): the supervisor's clock, immune to changes of
/// the wall clock.
@Sendable func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
}
