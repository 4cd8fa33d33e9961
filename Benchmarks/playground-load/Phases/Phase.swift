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
    let usage = runWindow(client, workload: workload, serverPID: target.pid, options: options)
    client.drain()
    report(phase, client: client, usage: usage, options: options, notes: [placement].compactMap { $0 })
    client.closeAll()
}

/// Starts `workload` on `client`, warms up for `options.warmup` seconds, then measures a window of
/// `options.seconds`; returns its wall time and CPU (the server's when `serverPID` is known).
func runWindow(_ client: LoadClient, workload: Workload, serverPID: Int32?, options: Options) -> WindowUsage {
    client.start(workload)
    client.service(for: options.warmup)
    let meter = WindowMeter(serverPID: serverPID)
    client.beginWindow()
    client.service(for: options.seconds)
    client.endWindow()
    return meter.close()
}
