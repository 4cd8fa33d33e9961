/// The follow phase: one session animating, shared, and followed by `followers` connections, each
/// reading the owner's `frames` (docs/PROTOCOL.md, "Sharing").
///
/// The owner loads the 20-view scene under the real-time clock at `options.fps`, sends `share`, and
/// runs animations of `options.animationSeconds` re-triggered on `animationEnd`, as in the animate
/// phase; the followers send `follow` with the join code and nothing after it. The server renders one
/// `frames` per tick for all of them (`SharedSession`), so what each follower costs it is the write of
/// shared bytes; the report compares that with a frame of a session of its own (the animate phase, when
/// it ran before in the same run) and with the raw transport (the stream phase).
func measureFollowers(target: Target, followers: Int, options: Options) {
    let name = "follow (1 session animating, shared, followed by \(followers) connections)"
    let client = LoadClient(host: target.host, port: target.port, echo: false, deflate: options.deflate)
    let start = monotonicSeconds()
    client.connect(count: 1)
    client.loadScenes(fps: options.fps)
    guard let owner = client.connections.first, owner.state == .loaded, let code = client.share(owner) else {
        print("\n== \(name): skipped (the owner's session did not load or was not shared: \(client.unexpected))")
        client.closeAll()
        return
    }
    client.connect(count: followers)
    client.follow(code: code)
    let following = client.connections.count { $0.isFollower && $0.state == .loaded }
    let phase = PhaseSessions(name: name, asked: followers + 1, ready: client.loadedCount,
                              connectSeconds: monotonicSeconds() - start)
    let usage = runWindow(client, workload: .animate(duration: options.animationSeconds), serverPID: target.pid,
                          options: options)
    report(phase, client: client, usage: usage, options: options,
           notes: ["owner shared as \(code); \(following) followers following"])
    reportFollowers(client: client, usage: usage, options: options)
    client.closeAll()
}

/// The followers' own lines: their frame rates alone, and the server's CPU per frame against a frame of
/// a session of its own and against the raw transport's, when those phases ran earlier in this run.
private func reportFollowers(client: LoadClient, usage: WindowUsage, options: Options) {
    let window = usage.seconds
    let followers = client.connections.filter { $0.isFollower && $0.state == .loaded }
    let rates = followers.map { Double($0.framesInWindow) / window }
    guard let fps = Summary(rates) else { return }
    let floor = 0.9166 * Double(options.fps)
    let under = rates.count { $0 < floor }
    print("  frames/s per follower: min \(fixed(fps.min, 1)), p5 \(fixed(fps.p5, 1)), median \(fixed(fps.p50, 1)), "
          + "mean \(fixed(fps.mean, 1)); followers under \(fixed(floor, 0)) fps: \(under) (target: none)")
    if let owner = client.connections.first(where: { !$0.isFollower }) {
        print("  frames/s of the owner: \(fixed(Double(owner.framesInWindow) / window, 1))")
    }
    let frames = client.connections.reduce(0) { $0 + $1.framesInWindow }
    guard let cpu = usage.serverCPU, frames > 0 else { return }
    let perFrame = cpu / Double(frames)
    var comparisons: [String] = []
    if let own = ownSessionFrameCPU {
        comparisons.append("\(fixed(perFrame / own, 2))× an own session's \(fixed(own * 1e6, 1)) µs "
                           + "(target: at most 0.33×)")
    }
    if let stream = streamFloorFrameCPU {
        comparisons.append("\(fixed(perFrame / stream, 2))× the stream floor's \(fixed(stream * 1e6, 1)) µs")
    }
    let against = comparisons.isEmpty
        ? " (run the animate and stream phases first to compare)" : ": " + comparisons.joined(separator: ", ")
    print("  server CPU per follower frame: \(fixed(perFrame * 1e6, 1)) µs\(against)")
}
