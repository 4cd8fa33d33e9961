import CProcessLifetime

/// How a serving process ended, decoded from a `waitpid` status.
enum ChildExit: Equatable, Sendable {
    /// It called exit with this status (0...255).
    case exited(Int32)
    /// A signal ended it (e.g. 9 for SIGKILL, 6 for SIGABRT after a Swift trap's abort).
    case signaled(Int32)

    /// The start-up failures the server documents in `--help`: 1 (cannot start: the port in use, an
    /// address not of this machine) and 2 (a bad flag). Restarting would fail the same way, so the
    /// supervisor passes them through.
    static let startFailureStatuses: Set<Int32> = [1, 2]

    /// Decodes a status from `waitpid`, or nil for a stopped or continued process (not an end).
    /// Linux's encoding (glibc `bits/waitstatus.h`, whose WIFEXITED/WTERMSIG macros Swift does not
    /// import): the low 7 bits are the terminating signal, 0 for a normal exit, whose status is in
    /// bits 8...15; 0x7f in the low bits marks a stopped process, 0xffff a continued one.
    init?(waitStatus status: Int32) {
        let signal = status & 0x7f
        if signal == 0 {
            self = .exited((status >> 8) & 0xff)
        } else if signal != 0x7f && status != 0xffff {
            self = .signaled(signal)
        } else {
            return nil
        }
    }

    /// True for an end the supervisor restarts after: any signal, or a non-zero status other than the
    /// start-up failures (what systemd's `Restart=on-failure` restarts, minus `RestartPreventExitStatus=1 2`).
    var isAbnormal: Bool {
        switch self {
        case .signaled: return true
        case .exited(let status): return status != 0 && !Self.startFailureStatuses.contains(status)
        }
    }

    /// The status a shell would report for it: the exit status, or 128 + the signal number.
    var shellStatus: Int32 {
        switch self {
        case .exited(let status): return status
        case .signaled(let signal): return 128 + signal
        }
    }
}

extension ChildExit: CustomStringConvertible {
    /// "exit status 70" or "signal 9, SIGKILL" (just "signal 40" for a signal without a name).
    var description: String {
        switch self {
        case .exited(let status): return "exit status \(status)"
        case .signaled(let signal):
            guard let abbreviation = process_lifetime_signal_abbreviation(signal) else { return "signal \(signal)" }
            return "signal \(signal), SIG\(String(cString: abbreviation))"
        }
    }
}
