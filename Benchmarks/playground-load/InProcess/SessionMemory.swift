import HeapUsage
import Playground

/// `playground-load --session-memory`: heap and resident bytes per session in process, after `hello`,
/// with the 20-view scene loaded and after 100 edits, and where a loaded session's heap goes.
///
/// Heap is malloc's bytes in use (`mallinfo2`: chunks with their headers); resident is the process's
/// RSS. The split releases one part of every session at a time (`Session.releaseForMeasurement`) and
/// counts the heap each release frees; what is left when the sessions go is the session itself.
enum SessionMemory {
    static func heapInUse() -> Int { heap_bytes_in_use() }
    static func residentInUse() -> Int { ProcessSample.of(0)?.residentBytes ?? 0 }

    /// The edits of the edit stage: a tweak of `top0`, an animation of it run to its end, a tweak of
    /// another constraint and an undo, in turn (`edits` of them).
    static func edit(_ session: Session, _ k: Int) {
        switch k % 4 {
        case 0: session.receive(SceneDocument.tweak(id: 10 + k, constant: 40 + k), now: 0)
        case 1:
            session.receive(SceneDocument.animate(id: 10 + k, constant: 300 - k, duration: 0.1), now: 0)
            session.tick(now: 0.05)
            session.tick(now: 0.2)
        case 2: session.receive(#"{"type":"set","constraint":"lead\#(k % 20)","constant":\#(k),"id":\#(10 + k)}"#, now: 0)
        default: session.receive(#"{"type":"undo","id":\#(10 + k)}"#, now: 0)
        }
        while session.nextOutgoing() != nil {}
    }

    /// Releases each part of every session in `sessions` in turn (`SessionPart`), printing the heap
    /// each part held per session, then the sessions themselves.
    static func split(_ sessions: inout [Session], _ title: String) {
        func kb(_ bytes: Int) -> String { fixed(Double(bytes) / Double(sessions.count) / 1024, 1) + " KB" }
        var before = heapInUse()
        print("where \(title)'s heap goes (\(sessions.count) sessions):")
        for part in SessionPart.allCases {
            for session in sessions { session.releaseForMeasurement(part) }
            let after = heapInUse()
            print("  \(part.rawValue): \(kb(before - after))")
            before = after
        }
        let count = sessions.count
        sessions = []
        print("  session, its clock, buckets and empty root: \(fixed(Double(before - heapInUse()) / Double(count) / 1024, 1)) KB")
    }

    static func run(count: Int = 1000, edited: Int = 100, edits: Int = 100) {
        let start = (heap: heapInUse(), resident: residentInUse())
        var sessions: [Session] = []
        for index in 0..<count {
            let session = Session(id: "s\(index)", now: 0)
            while session.nextOutgoing() != nil {}
            sessions.append(session)
        }
        let connected = (heap: heapInUse(), resident: residentInUse())
        for session in sessions {
            session.receive(SceneDocument.load(id: 1), now: 0)
            while session.nextOutgoing() != nil {}
        }
        let loaded = (heap: heapInUse(), resident: residentInUse())
        // Edits on the first `edited` sessions: their growth per session, over the loaded figure.
        for session in sessions.prefix(edited) {
            for k in 0..<edits { edit(session, k) }
        }
        let editedHeap = heapInUse()
        func kb(_ bytes: Double) -> String { fixed(bytes / 1024, 1) + " KB" }
        func perSession(_ bytes: Int) -> String { kb(Double(bytes) / Double(count)) }
        let afterEdits = Double(loaded.heap - start.heap) / Double(count) + Double(editedHeap - loaded.heap) / Double(edited)
        print("session heap (\(count) sessions, in process): \(perSession(connected.heap - start.heap)) after hello, "
              + "\(perSession(loaded.heap - start.heap)) with the 20-view scene, \(kb(afterEdits)) after \(edits) edits "
              + "(\(edited) sessions); resident \(perSession(connected.resident - start.resident)) after hello, "
              + "\(perSession(loaded.resident - start.resident)) loaded")
        var editedSessions = Array(sessions.prefix(edited))
        var loadedOnly = Array(sessions.dropFirst(edited))
        sessions = []
        split(&loadedOnly, "a loaded session")
        split(&editedSessions, "a session after \(edits) edits")
    }
}
