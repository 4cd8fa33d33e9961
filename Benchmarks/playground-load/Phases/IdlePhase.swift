/// Server memory per idle session: RSS before any connection, after `sessions` connections (hello
/// only), and after loading the 20-view scene in each; plus the server's CPU while they sit idle.
func measureIdle(target: Target, sessions: Int, options: Options) {
    guard let pid = target.pid else { print("\n== idle: skipped (no server pid)"); return }
    let client = LoadClient(host: target.host, port: target.port, echo: false, deflate: options.deflate)
    client.service(for: 0.5)
    guard let empty = ProcessSample.of(pid) else { print("\n== idle: skipped (server gone)"); return }
    client.connect(count: sessions)
    client.service(for: 1)
    let connected = ProcessSample.of(pid) ?? empty
    client.loadScenes(fps: options.fps)
    client.service(for: 1)
    let loaded = ProcessSample.of(pid) ?? connected
    client.service(for: 3)
    let later = ProcessSample.of(pid) ?? loaded
    let open = client.openCount
    print("\n== idle: \(open)/\(sessions) sessions open, \(client.loadedCount) with the 20-view scene loaded")
    print("  server RSS: \(megabytes(empty.residentBytes)) empty, \(megabytes(connected.residentBytes)) connected, \(megabytes(loaded.residentBytes)) loaded")
    if open > 0 {
        let hello = Double(connected.residentBytes - empty.residentBytes) / Double(open) / 1024
        let scene = Double(loaded.residentBytes - empty.residentBytes) / Double(open) / 1024
        print("  per idle session: \(fixed(hello, 1)) KB connected, \(fixed(scene, 1)) KB with the scene loaded")
    }
    print("  server CPU with every session idle: \(fixed(100 * ProcessSample.cpuShare(from: loaded, to: later), 2)) % of one core")
    client.closeAll()
}
