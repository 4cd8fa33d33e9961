/// One phase's sessions as the report names them: how many were asked for, how many got ready (open
/// against the echo server, loaded against the playground), and how long connecting took.
struct PhaseSessions {
    var name: String
    var asked: Int
    var ready: Int
    var connectSeconds: Double
}

/// Opens `count` connections of `client` and, against the playground, loads the scene in each.
func open(_ name: String, _ client: LoadClient, count: Int, options: Options) -> PhaseSessions {
    let start = monotonicSeconds()
    client.connect(count: count)
    let connectSeconds = monotonicSeconds() - start
    if !client.echo { client.loadScenes(fps: options.fps) }
    return PhaseSessions(name: name, asked: count, ready: client.echo ? client.openCount : client.loadedCount,
                         connectSeconds: connectSeconds)
}

/// One measured phase: connect, load, start the workload, warm up, measure a window.
/// `placement`: how client and server were placed, printed with the results (`placementLine`).
func measure(_ name: String, target: Target, sessions: Int, workload: Workload, echo: Bool, options: Options,
             placement: String? = nil) {
    let client = LoadClient(host: target.host, port: target.port, echo: echo, deflate: options.deflate)
    let phase = open(name, client, count: sessions, options: options)
    client.start(workload)
    client.service(for: options.warmup)
    let meter = WindowMeter(serverPID: target.pid)
    client.beginWindow()
    client.service(for: options.seconds)
    client.endWindow()
    let usage = meter.close()
    client.drain()
    report(phase, client: client, usage: usage, options: options, notes: [placement].compactMap { $0 })
    client.closeAll()
}

/// The placement line of a latency phase: pinned to `pinnedCPU`, or placed by the kernel and why.
func placementLine(pinnedCPU: Int?, options: Options) -> String {
    if let pinnedCPU { return "client and server pinned to CPU \(pinnedCPU) (--no-pin: the kernel places them)" }
    let why = options.url != nil ? "--url" : options.pinLatencyPhases ? "the CPU affinity could not be set" : "--no-pin"
    return "client and server placed by the kernel (\(why))"
}

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
            print("  frames/s per session: min \(fixed(fps.min, 1)), median \(fixed(fps.p50, 1)), mean \(fixed(fps.mean, 1)); sessions under \(fixed(0.9166 * Double(options.fps), 0)) fps: \(under)")
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
                print("  against the echo floor of this run: p50 \(fixed(latency.p50 / floor.p50, 2))×, p99 \(fixed(latency.p99 / floor.p99, 2))× (target: p99 within 2×)")
            }
        }
    case .idle:
        break
    }
    if let cpu = usage.serverCPU {
        print("  server: CPU \(fixed(100 * cpu / window, 1)) % of one core, RSS \(megabytes(usage.serverResidentBytes ?? 0))")
        if case .animate = client.workload, frames > 0 {
            print("  server CPU per frame sent: \(fixed(cpu / Double(frames) * 1e6, 1)) µs (capacity ≈ \(Int(Double(frames) / cpu)) frames/s per core)")
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
