/// The echo floor's round trip in this run, once its phase ran: the tweak phase is compared with it.
nonisolated(unsafe) var echoFloor: Summary?

/// Server CPU seconds per frame of the animate phase (sessions of their own) and of the stream floor in
/// this run, once their phase ran: the follow phase is compared with them.
nonisolated(unsafe) var ownSessionFrameCPU: Double?
nonisolated(unsafe) var streamFloorFrameCPU: Double?

/// Prints what `client` measured over `usage`'s window: rates or latencies for the workload, then
/// server, client and machine CPU. `notes` are printed under the heading.
func report(_ phase: PhaseSessions, client: LoadClient, usage: WindowUsage, options: Options, notes: [String]) {
    let window = usage.seconds
    print("\n== \(phase.name): \(phase.ready)/\(phase.asked) sessions ready (connected in \(fixed(phase.connectSeconds, 1)) s), window \(fixed(window, 1)) s")
    if client.connectErrors > 0 { print("  connect errors: \(client.connectErrors)") }
    for note in notes { print("  \(note)") }
    let frames = client.connections.reduce(0) { $0 + $1.framesInWindow }
    let answers = client.latencies.count
    switch client.workload {
    case .animate:
        let rates = client.connections.filter { $0.state == (client.echo ? .open : .loaded) }.map { Double($0.framesInWindow) / window }
        if let fps = Summary(rates) {
            let under = rates.count { $0 < 0.9166 * Double(options.fps) }
            print("  frames/s per session: min \(fixed(fps.min, 1)), p5 \(fixed(fps.p5, 1)), median \(fixed(fps.p50, 1)), mean \(fixed(fps.mean, 1)); sessions under \(fixed(0.9166 * Double(options.fps), 0)) fps: \(under)")
        }
        let period = 1000 / Double(options.fps)
        if let interval = Summary(client.intervals.map { Double($0) / 1000 }) {
            let jitter = Summary(client.intervals.map { abs(Double($0) / 1000 - period) })!
            print("  frame interval: p50 \(fixed(interval.p50)) ms, p99 \(fixed(interval.p99)) ms, max \(fixed(interval.max)) ms")
            print("  jitter |interval − \(fixed(period)) ms|: p50 \(fixed(jitter.p50)) ms, p99 \(fixed(jitter.p99)) ms")
        }
    case .tweak:
        if let latency = Summary(client.latencies.map { Double($0) / 1000 }) {
            let what = client.echo ? "echo round trip" : "tweak → frames"
            print("  \(what): p50 \(fixed(latency.p50, 3)) ms, p99 \(fixed(latency.p99, 3)) ms, max \(fixed(latency.max, 3)) ms (\(latency.count) answers to the tweaks sent in the window, \(fixed(Double(latency.count) / window, 0))/s)")
            if client.echo {
                echoFloor = latency
            } else if let floor = echoFloor {
                // Only the p50 is compared: the tails of both are the machine's stalls (docs/PERFORMANCE.md).
                let met = latency.p50 < 2 * floor.p50 && latency.p99 < 2
                print("  against the echo floor of this run: p50 \(fixed(latency.p50 / floor.p50, 2))× "
                      + "(target: p50 under 2× the floor's, p99 under 2 ms: \(met ? "met" : "not met"))")
            }
        }
    case .idle:
        break
    }
    if let cpu = usage.serverCPU {
        print("  server: CPU \(fixed(100 * cpu / window, 1)) % of one core, RSS \(megabytes(usage.serverResidentBytes ?? 0))")
        if case .animate = client.workload, frames > 0 {
            print("  server CPU per frame sent: \(fixed(cpu / Double(frames) * 1e6, 1)) µs (capacity ≈ \(Int(Double(frames) / cpu)) frames/s per core)")
            let following = client.connections.contains { $0.isFollower }
            if client.echo { streamFloorFrameCPU = cpu / Double(frames) } else if !following { ownSessionFrameCPU = cpu / Double(frames) }
        }
        if case .tweak = client.workload, answers > 0 {
            print("  server CPU per \(client.echo ? "echo" : "tweak"): \(fixed(cpu / Double(answers) * 1e6, 1)) µs")
        }
    }
    let perUnit: String
    if case .tweak = client.workload, answers > 0 {
        // Each tweak is a send and one answer (echo) or a send, its `frames` and its `ok`.
        perUnit = ", \(fixed(usage.clientCPU / Double(answers) * 1e6, 1)) µs per \(client.echo ? "echo" : "tweak (its send, frames and ok)")"
    } else {
        perUnit = frames > 0 ? ", \(fixed(usage.clientCPU / Double(frames) * 1e6, 1)) µs per frame received" : ""
    }
    print("  load client: CPU \(fixed(100 * usage.clientCPU / window, 1)) % of one core\(perUnit)")
    if let others = usage.othersCPU {
        print("  other processes on the machine: \(fixed(100 * others / window, 1)) % of one core (load average \(loadAverage()))")
    }
    if !client.unexpected.isEmpty { print("  unexpected: \(client.unexpected)") }
}
