// playground-load: a libwebsockets client that loads the playground server with many sessions on
// loopback and measures what they receive, next to a raw libwebsockets server (the floors). The client
// is in Client/, the phases it runs in Phases/, the servers it starts in Servers/; the measurements that
// run sessions in this process, without sockets, are in InProcess/.
import Foundation

let (mode, options) = parse(Array(CommandLine.arguments.dropFirst()))
switch mode {
case "echo-server": EchoServer.run(port: options.port, fps: options.fps)
case "serve": PlaygroundServe.run(port: options.port, state: options.state, redis: options.redis)
default:
    if InProcessMeasurement.run(mode, options: options, sessionsGiven: CommandLine.arguments.contains("--sessions")) {
        exit(0)
    }
}

print("playground-load: \(ProcessInfo.processInfo.activeProcessorCount) cores, fps \(options.fps), window \(fixed(options.seconds, 0)) s after \(fixed(options.warmup, 0)) s warm-up")
let interleaved = options.interleaveLatency && options.phases.contains("echo") && options.phases.contains("tweak")
var latencyMeasured = false
do {
    for phase in options.phases {
        switch phase {
        case "echo" where interleaved, "tweak" where interleaved:
            guard !latencyMeasured else { continue }
            latencyMeasured = true
            let pinning = latencyPinning(options)
            defer { pinning?.restore() }
            let echo = try startEcho(fps: options.fps)
            let tweak = try startPlayground(options)
            InterleavedLatency(echo: echo, tweak: tweak, options: options)
                .run(placement: placementLine(pinnedCPU: pinning?.cpu, options: options))
            echo.child?.stop()
            tweak.child?.stop()
        case "echo":
            let pinning = latencyPinning(options)
            defer { pinning?.restore() }
            let target = try startEcho(fps: options.fps)
            measure("echo floor (raw libwebsockets echo, \(options.tweakSessions) sessions × \(fixed(options.tweakRate, 0)) Hz)",
                    target: target, sessions: options.tweakSessions, workload: .tweak(rate: options.tweakRate),
                    echo: true, options: options, placement: placementLine(pinnedCPU: pinning?.cpu, options: options))
            target.child?.stop()
        case "tweak":
            let pinning = latencyPinning(options)
            defer { pinning?.restore() }
            let target = try startPlayground(options)
            measure("tweak (\(options.tweakSessions) sessions × \(fixed(options.tweakRate, 0)) Hz constant changes)",
                    target: target, sessions: options.tweakSessions, workload: .tweak(rate: options.tweakRate),
                    echo: false, options: options, placement: placementLine(pinnedCPU: pinning?.cpu, options: options))
            target.child?.stop()
        case "animate":
            let target = try startPlayground(options)
            measure("animate (\(options.sessions) sessions, \(fixed(options.animationSeconds, 1)) s animations re-triggered on animationEnd)",
                    target: target, sessions: options.sessions, workload: .animate(duration: options.animationSeconds), echo: false,
                    options: options)
            target.child?.stop()
        case "stream":
            let target = try startEcho(fps: options.fps)
            measure("stream floor (raw libwebsockets, \(options.sessions) sessions sent a prebuilt `frames` per tick)",
                    target: target, sessions: options.sessions, workload: .animate(duration: 1), echo: true,
                    options: options)
            target.child?.stop()
        case "follow":
            let target = try startPlayground(options)
            measureFollowers(target: target, followers: options.followers, options: options)
            target.child?.stop()
        case "idle":
            let target = try startPlayground(options)
            measureIdle(target: target, sessions: options.idleSessions, options: options)
            target.child?.stop()
        default:
            fail("unknown phase \(phase)")
        }
    }
} catch {
    fail("\(error)")
}
