/// The echo floor and the tweak phase measured in alternating slices of one run, so that both meet the
/// same machine.
///
/// A pinned pair cannot move away from whatever takes its CPU for milliseconds, and such stalls come and
/// go over seconds: measured one after the other, the phase that met them got the stretched tail, the
/// tweak's in some runs, the echo's in others (a tweak p99 of 0.55× the floor's). In slices of about a
/// second, taken in turn, each phase's window spans the same stretch of the run (see "Placement" in
/// docs/PERFORMANCE.md). Both servers run throughout; the side not being measured sends
/// nothing, and an idle session costs its server nothing.
struct InterleavedLatency {
    let echo: Target
    let tweak: Target
    let options: Options

    /// Seconds each side runs before its slice's window opens: the caches, the server's and the
    /// client's, held the other side's data during its slice.
    static let leadIn = 0.1

    /// Connects both sides, warms each up in turn, measures `options.seconds` of each in slices of
    /// about `options.sliceSeconds`, alternating and starting with the echo, and prints both reports.
    /// `placement`: how client and servers were placed (`placementLine`).
    func run(placement: String) {
        let rate = options.tweakRate
        let sessions = options.tweakSessions
        let echoClient = LoadClient(host: echo.host, port: echo.port, echo: true, deflate: options.deflate)
        let tweakClient = LoadClient(host: tweak.host, port: tweak.port, echo: false, deflate: options.deflate)
        let phases = [
            open("echo floor (raw libwebsockets echo, \(sessions) sessions × \(fixed(rate, 0)) Hz)", echoClient,
                 count: sessions, options: options),
            open("tweak (\(sessions) sessions × \(fixed(rate, 0)) Hz constant changes)", tweakClient,
                 count: sessions, options: options),
        ]
        let sides = [(echoClient, echo), (tweakClient, tweak)]
        for (client, _) in sides {
            client.start(.tweak(rate: rate))
            client.service(for: options.warmup)
            client.pause()
            client.drain()
        }
        let slices = max(1, Int((options.seconds / options.sliceSeconds).rounded()))
        let sliceSeconds = options.seconds / Double(slices)
        var usage = [WindowUsage(), WindowUsage()]
        for turn in 0..<(2 * slices) {
            let side = turn % 2
            let (client, target) = sides[side]
            client.start(.tweak(rate: rate))
            client.service(for: Self.leadIn)
            let meter = WindowMeter(serverPID: target.pid)
            client.beginWindow(keepingSamples: turn >= 2)
            client.service(for: sliceSeconds)
            client.endWindow()
            usage[side] += meter.close()
            client.pause()
            client.drain()
        }
        let others = ["tweak phase", "echo floor"]
        for side in 0..<2 {
            let schedule = "measured in \(slices) slice\(slices == 1 ? "" : "s") of \(fixed(sliceSeconds, 1)) s, in turn with the \(others[side])'s (--no-interleave: one phase after the other)"
            report(phases[side], client: sides[side].0, usage: usage[side], options: options, notes: [placement, schedule])
        }
        echoClient.closeAll()
        tweakClient.closeAll()
    }
}
