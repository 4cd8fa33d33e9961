import CProcessLifetime
import Foundation

/// A serving process started by the supervisor: the same executable with the server's flags, its
/// standard output on a pipe the supervisor forwards, its standard error and input shared.
struct ServingProcess: Sendable {
    /// The environment variable that tells a serving process which supervisor to follow (its pid):
    /// it asks to be stopped when that process ends (`followSupervisor`).
    static let supervisorVariable = "LAYOUT_PLAYGROUND_SUPERVISOR_PID"

    /// The process id, for signals, `waitpid` and the log.
    let pid: pid_t
    /// Its standard output, forwarded to the supervisor's once started.
    let output: OutputForwarder

    /// Starts `executable` with `arguments` (argv[1...]) through posix_spawn. The process starts with no
    /// signal blocked and SIGINT, SIGTERM, SIGCHLD and SIGPIPE at their defaults, as from a shell,
    /// whatever the supervisor blocks or ignores. Must be called on the main thread, which lives as long
    /// as the supervisor: the parent-death signal fires when the thread that started a process ends.
    /// Throws `SupervisorError.cannotSpawn` when the pipe or the spawn fails (e.g. ENOENT, EACCES).
    static func spawn(executable: String, arguments: [String]) throws(SupervisorError) -> ServingProcess {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .cannotSpawn(executable, errno) }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // Neither end may leak into the process as anything but its stdout (dup2 clears the flag there).
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGINT, SIGTERM, SIGCHLD, SIGPIPE] { sigaddset(&defaultSignals, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var environment = ProcessInfo.processInfo.environment
        environment[supervisorVariable] = String(getpid())
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(writeEnd)
        guard result == 0 else {
            close(readEnd)
            throw .cannotSpawn(executable, result)
        }
        return ServingProcess(pid: pid, output: OutputForwarder(readingFrom: readEnd))
    }

    /// Sends `signal` to the process (ESRCH, already gone but not yet reaped, is harmless).
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// How the process ended if it has (reaping it), else nil; never blocks.
    func reapIfEnded() -> ChildExit? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return ChildExit(waitStatus: status) }
            if result < 0 && errno == EINTR { continue }
            return nil
        }
    }
}

extension ServingProcess {
    /// In a serving process started by a supervisor (`supervisorVariable` set): asks the kernel for
    /// SIGTERM when the supervisor ends, so the server never outlives it (SIGTERM, not SIGKILL, so it
    /// still closes its WebSockets with 1001). If the supervisor already ended before the request, this
    /// process exits with status 1 at once. Does nothing in a process run by hand.
    static func followSupervisor() {
        guard let text = ProcessInfo.processInfo.environment[supervisorVariable] else { return }
        guard let supervisor = Int32(text), supervisor > 1 else {
            FileHandle.standardError.write(Data("layout-playground: ignoring \(supervisorVariable)=\(text): not a process id\n".utf8))
            return
        }
        switch process_lifetime_follow_parent(SIGTERM, supervisor) {
        case 0: return
        case 1:
            FileHandle.standardError.write(Data("layout-playground: supervisor \(supervisor) has ended; not starting\n".utf8))
            exit(1)
        default:
            let reason = String(cString: strerror(errno))
            FileHandle.standardError.write(Data("layout-playground: cannot follow supervisor \(supervisor) (\(reason)); this process may outlive it\n".utf8))
        }
    }
}
