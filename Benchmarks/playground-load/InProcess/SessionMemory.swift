import Playground

/// `playground-load --session-memory`: resident bytes per session in process, with the
/// hello only, with the 20-view scene loaded, and after one animation ran to its end.
enum SessionMemory {
    static func heapInUse() -> Int { ProcessSample.of(0)?.residentBytes ?? 0 }

    static func run(count: Int = 1000) {
        let start = heapInUse()
        var sessions: [Session] = []
        for index in 0..<count {
            let session = Session(id: "s\(index)", now: 0)
            while session.nextOutgoing() != nil {}
            sessions.append(session)
        }
        let connected = heapInUse()
        for session in sessions {
            session.receive(SceneDocument.load(id: 1), now: 0)
            while session.nextOutgoing() != nil {}
        }
        let loaded = heapInUse()
        for session in sessions {
            session.receive(SceneDocument.animate(id: 2, constant: 300, duration: 0.1), now: 0)
            session.tick(now: 0.05)
            session.tick(now: 0.2)
            while session.nextOutgoing() != nil {}
        }
        let animated = heapInUse()
        func perSession(_ bytes: Int) -> String { fixed(Double(bytes) / Double(count) / 1024, 1) + " KB" }
        print("session heap (\(count) sessions, in process): \(perSession(connected - start)) after hello, "
              + "\(perSession(loaded - start)) with the 20-view scene, \(perSession(animated - start)) after an animation")
        withExtendedLifetime(sessions) {}
    }
}
