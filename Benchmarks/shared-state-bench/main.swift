// shared-state-bench: what a session's turn costs in Redis, through SharedState's connection.
//
//   swift build -c release --product shared-state-bench
//   .build/release/shared-state-bench [--runs 3] [--turns 100000] [--sessions 1000] [--window 256] [--port P]
//
// Starts a redis-server of its own on a free port in a temporary folder (no persistence), unless
// --port names a running one. Each run measures, for `appendTurn` (one EVALSHA of the fenced append:
// GET epoch, INCRBY, XADD MAXLEN ~, 2 PEXPIRE):
//   - one at a time: the round trip per turn (µs), the latency a session's turn adds, beside a PING's
//     through the same connection (the floor: the hand-offs to and from its thread and one round trip)
//     and an empty script's (EVAL of `return 1` carrying a turn's bytes);
//   - pipelined over `--sessions` sessions with `--window` turns in flight: turns per second, and
//     Redis's own CPU time per turn (utime + stime of the redis-server process, /proc), whose inverse
//     is how many turns per second one Redis core takes;
//   - the commands per turn: client commands (EVALSHA) and every command Redis ran, the script's
//     included (INFO commandstats);
//   - `appendTurns` with `--batch` turns of one session per call (a pass's turns), pipelined likewise;
//   - memory: used_memory above Redis's start-up over the turns the capped streams hold.
// Prints each run and the range over the runs.
import Foundation
import Glibc
import SharedState

struct Options {
    var runs = 3
    var turns = 100_000
    var sessions = 1000
    var window = 256
    var sequential = 5000
    var port: Int?
    var turnBytes = 200
    /// Turns per script call in the batched measurement (a pass's turns of one session).
    var batch = 8
}

func parse() -> Options {
    var options = Options()
    var arguments = Array(CommandLine.arguments.dropFirst())[...]
    while let flag = arguments.popFirst() {
        guard let value = arguments.popFirst().flatMap({ Int($0) }) else { fail("\(flag) needs a number") }
        switch flag {
        case "--runs": options.runs = value
        case "--turns": options.turns = value
        case "--sessions": options.sessions = value
        case "--window": options.window = value
        case "--sequential": options.sequential = value
        case "--port": options.port = value
        case "--turn-bytes": options.turnBytes = value
        case "--batch": options.batch = max(1, value)
        default: fail("unknown flag \(flag)")
        }
    }
    return options
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("shared-state-bench: \(message)\n".utf8))
    ownRedis?.stop()
    exit(2)
}

/// A redis-server of the benchmark's own, on a free port.
final class OwnRedis {
    let process = Process()
    let port: Int
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-state-bench-\(getpid())")

    init() {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, length) == 0 && getsockname(probe, $0, &length) == 0 }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        close(probe)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/redis-server")
        // Its output goes to its log file, not to the benchmark's pipes (which it would hold open).
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.arguments = ["--port", String(port), "--bind", "127.0.0.1", "--dir", folder.path, "--save", "",
                             "--appendonly", "no", "--logfile", folder.appendingPathComponent("redis.log").path]
        do { try process.run() } catch { fail("cannot start /usr/bin/redis-server: \(error)") }
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Blocks until `operation`'s completion runs (a benchmark may block; a server never does).
func blocking<T: Sendable>(_ operation: (@escaping @Sendable (Result<T, SharedStateError>) -> Void) -> Void) -> Result<T, SharedStateError> {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var outcome: Result<T, SharedStateError>?
    operation { result in
        outcome = result
        done.signal()
    }
    done.wait()
    return outcome ?? .failure(.unavailable)
}

/// redis-server's CPU seconds so far (utime + stime from /proc/PID/stat), nil when unreadable.
func cpuSeconds(pid: Int) -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command: state is field 3, utime 14 and stime 15 (proc(5)), so indices 11 and 12 here.
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// INFO's `name:value` fields of `section`.
func info(_ connection: RedisConnection, _ section: String) -> [String: String] {
    guard case .success(let reply) = blocking({ connection.send(RedisCommand("INFO", section), completion: $0) }),
          let text = reply.text else { return [:] }
    var fields: [String: String] = [:]
    for line in text.split(whereSeparator: \.isNewline) {
        let parts = line.split(separator: ":", maxSplits: 1)
        if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    return fields
}

/// Commands sent by the client (EVALSHA and EVAL calls) and every command Redis ran, the scripts'
/// own calls included (INFO commandstats; the INFO commands themselves are left out).
func commandCounts(_ connection: RedisConnection) -> (client: Int, all: Int) {
    var client = 0, all = 0
    for (name, value) in info(connection, "commandstats") where name != "cmdstat_info" {
        guard let calls = value.split(separator: ",").first?.split(separator: "=").last, let count = Int(calls) else { continue }
        all += count
        if name == "cmdstat_evalsha" || name == "cmdstat_eval" { client += count }
    }
    return (client, all)
}

func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

func range(_ values: [Double], _ digits: Int) -> String {
    guard let low = values.min(), let high = values.max() else { return "-" }
    return "\(fixed(low, digits))–\(fixed(high, digits))"
}

let options = parse()
nonisolated(unsafe) var ownRedis: OwnRedis?
ownRedis = options.port == nil ? OwnRedis() : nil
let own = ownRedis
let port = options.port ?? own?.port ?? 6379
let connection = RedisConnection(RedisConnection.Configuration(port: port))
var ready = false
for _ in 0..<500 {
    if case .success(.status("PONG")) = blocking({ connection.send(RedisCommand("PING"), completion: $0) }) { ready = true; break }
    usleep(10_000)
}
guard ready else { fail("Redis on port \(port) does not answer") }
let store = SharedStore(connection: connection)
let redisPid: Int? = own.map { Int($0.process.processIdentifier) }
    ?? Int(info(connection, "server")["process_id"] ?? "")
let turn = [UInt8](repeating: 0x61, count: options.turnBytes)
let cap = 1000

print("shared-state-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, Redis \(info(connection, "server")["redis_version"] ?? "?"), turns of \(options.turnBytes) bytes, cap \(cap)")
var sequentialMicros: [Double] = [], perSecond: [Double] = [], redisMicros: [Double] = []
var clientCommands: [Double] = [], allCommands: [Double] = []
var batchPerSecond: [Double] = [], batchMicros: [Double] = []
var pings: [Double] = [], turnBytes: [Double] = [], scripts: [Double] = []
var journalPerSecond: [Double] = [], journalMicros: [Double] = []
for run in 1...options.runs {
    _ = blocking { connection.send(RedisCommand("FLUSHALL"), completion: $0) }
    _ = blocking { connection.send(RedisCommand("CONFIG", "RESETSTAT"), completion: $0) }
    // Every session's lease (epoch 1), taken before timing.
    for session in 0..<options.sessions {
        _ = blocking { store.acquireLease("bench-\(session)", holder: "bench", seconds: 600, completion: $0) }
    }
    // The floor: PING one at a time through the same connection (two thread hand-offs and a round trip).
    var start = monotonic()
    for _ in 0..<options.sequential {
        if case .failure(let error) = blocking({ connection.send(RedisCommand("PING"), completion: $0) }) { fail("a PING failed: \(error)") }
    }
    let ping = (monotonic() - start) / Double(options.sequential) * 1e6
    // A script that does nothing (EVAL of `return 1`, the same size of request as a turn's): what
    // running any script costs beside the append's own work.
    let emptyScript = RedisCommand("EVAL", "return 1", "0").appending(turn)
    start = monotonic()
    for _ in 0..<options.sequential {
        if case .failure(let error) = blocking({ connection.send(emptyScript, completion: $0) }) { fail("an EVAL failed: \(error)") }
    }
    let script = (monotonic() - start) / Double(options.sequential) * 1e6
    // One at a time: the round trip of one turn.
    let before = commandCounts(connection)
    start = monotonic()
    for index in 0..<options.sequential {
        let result = blocking { store.appendTurn(turn, session: "bench-\(index % options.sessions)", epoch: 1, cap: cap, completion: $0) }
        if case .failure(let error) = result { fail("an append failed: \(error)") }
    }
    let sequential = (monotonic() - start) / Double(options.sequential) * 1e6
    let after = commandCounts(connection)
    let client = Double(after.client - before.client) / Double(options.sequential)
    let all = Double(after.all - before.all) / Double(options.sequential)

    // Pipelined: `window` turns in flight, round-robin over the sessions.
    let slots = DispatchSemaphore(value: options.window)
    let finished = DispatchSemaphore(value: 0)
    let failures = Failures()
    let cpuBefore = redisPid.flatMap(cpuSeconds) ?? 0
    start = monotonic()
    for index in 0..<options.turns {
        slots.wait()
        store.appendTurn(turn, session: "bench-\(index % options.sessions)", epoch: 1, cap: cap) { result in
            if case .failure = result { failures.add() }
            slots.signal()
            finished.signal()
        }
    }
    for _ in 0..<options.turns { finished.wait() }
    let elapsed = monotonic() - start
    let cpu = (redisPid.flatMap(cpuSeconds) ?? 0) - cpuBefore
    if failures.count > 0 { fail("\(failures.count) appends failed") }
    let rate = Double(options.turns) / elapsed
    let redisPerTurn = cpu / Double(options.turns) * 1e6

    // Batched: `batch` turns of one session per script call, pipelined the same way.
    let batchCPUBefore = redisPid.flatMap(cpuSeconds) ?? 0
    let calls = options.turns / options.batch
    let batchTurns = [[UInt8]](repeating: turn, count: options.batch)
    start = monotonic()
    for index in 0..<calls {
        slots.wait()
        store.appendTurns(batchTurns, session: "bench-\(index % options.sessions)", epoch: 1, cap: cap) { result in
            if case .failure = result { failures.add() }
            slots.signal()
            finished.signal()
        }
    }
    for _ in 0..<calls { finished.wait() }
    let batchRate = Double(calls * options.batch) / (monotonic() - start)
    let batchPerTurn = ((redisPid.flatMap(cpuSeconds) ?? 0) - batchCPUBefore) / Double(calls * options.batch) * 1e6
    if failures.count > 0 { fail("\(failures.count) batched appends failed") }

    // The server's journal appends (`--redis`): holder-fenced, by EVAL with the script's source, one
    // session's turn per call, pipelined the same way, on sessions whose leases `beginSession` took.
    for session in 0..<options.sessions {
        _ = blocking { store.beginSession("journal-\(session)", holder: "bench", header: Array("{}".utf8), token: "t\(session)", completion: $0) }
    }
    let journalCPUBefore = redisPid.flatMap(cpuSeconds) ?? 0
    start = monotonic()
    for index in 0..<options.turns {
        slots.wait()
        store.appendJournalTurns([turn], session: "journal-\(index % options.sessions)", holder: "bench", cap: cap) { result in
            if case .failure = result { failures.add() }
            slots.signal()
            finished.signal()
        }
    }
    for _ in 0..<options.turns { finished.wait() }
    let journalRate = Double(options.turns) / (monotonic() - start)
    let journalPerTurn = ((redisPid.flatMap(cpuSeconds) ?? 0) - journalCPUBefore) / Double(options.turns) * 1e6
    if failures.count > 0 { fail("\(failures.count) journal appends failed") }

    // Memory: Redis's used_memory over the turns its streams hold now (each session's capped stream).
    var held = 0
    for session in 0..<options.sessions {
        for name in ["bench-\(session)", "journal-\(session)"] {
            held += (try? blocking({ connection.send(RedisCommand("XLEN", "lp:{\(name)}:turns"), completion: $0) }).get().integerValue) ?? 0
        }
    }
    let used = Double(info(connection, "memory")["used_memory"] ?? "") ?? 0
    let baseline = Double(info(connection, "memory")["used_memory_startup"] ?? "") ?? 0
    let bytesPerTurn = (used - baseline) / Double(max(1, held))

    print("run \(run): PING \(fixed(ping, 1)) µs, empty script \(fixed(script, 1)) µs; one at a time \(fixed(sequential, 1)) µs/turn; pipelined \(fixed(rate, 0)) turns/s, Redis CPU \(fixed(redisPerTurn, 1)) µs/turn (≈ \(fixed(1e6 / redisPerTurn, 0)) turns/s per Redis core); \(fixed(client, 2)) client commands and \(fixed(all, 2)) Redis commands per turn; batches of \(options.batch): \(fixed(batchRate, 0)) turns/s, Redis CPU \(fixed(batchPerTurn, 1)) µs/turn; journal appends \(fixed(journalRate, 0)) turns/s, Redis CPU \(fixed(journalPerTurn, 1)) µs/turn; \(held) turns held in \(fixed((used - baseline) / 1e6, 1)) MB (\(fixed(bytesPerTurn, 0)) B/turn)")
    sequentialMicros.append(sequential); perSecond.append(rate); redisMicros.append(redisPerTurn)
    clientCommands.append(client); allCommands.append(all)
    batchPerSecond.append(batchRate); batchMicros.append(batchPerTurn)
    pings.append(ping); turnBytes.append(bytesPerTurn); scripts.append(script)
    journalPerSecond.append(journalRate); journalMicros.append(journalPerTurn)
}
print("over \(options.runs) runs: PING \(range(pings, 1)) µs, empty script \(range(scripts, 1)) µs; one at a time \(range(sequentialMicros, 1)) µs/turn; pipelined \(range(perSecond, 0)) turns/s; Redis CPU \(range(redisMicros, 1)) µs/turn (\(range(redisMicros.map { 1e6 / $0 }, 0)) turns/s per core); commands per turn \(range(clientCommands, 2)) client, \(range(allCommands, 2)) in Redis; batches of \(options.batch): \(range(batchPerSecond, 0)) turns/s, Redis CPU \(range(batchMicros, 1)) µs/turn (\(range(batchMicros.map { 1e6 / $0 }, 0)) turns/s per core); journal appends \(range(journalPerSecond, 0)) turns/s, Redis CPU \(range(journalMicros, 1)) µs/turn (\(range(journalMicros.map { 1e6 / $0 }, 0)) turns/s per core); \(range(turnBytes, 0)) B per held turn")
connection.stop()
own?.stop()

func monotonic() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.lock(); value += 1; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return value }
}
