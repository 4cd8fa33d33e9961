import Foundation
import Testing
import Playground
import Synchronization

/// The in-process session directory: ids unique across threads, homes by resume token.
@Suite struct SessionDirectoryTests {
    @Test func idsCountOnFromTheJournalsLast() {
        let directory = LocalSessionDirectory(lastSessionNumber: 41)
        #expect(directory.newSessionID() == "s42")
        #expect(directory.newSessionID() == "s43")
    }

    @Test func idsTakenFromFourThreadsAtOnceAreAllDistinct() {
        let directory = LocalSessionDirectory()
        let ids = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            var mine: [String] = []
            for _ in 0..<1_000 { mine.append(directory.newSessionID()) }
            ids.withLock { $0 += mine }
        }
        let all = ids.withLock { $0 }
        // 4 × 1,000 ids, s1 … s4000 each once.
        #expect(Set(all) == Set((1...4_000).map { "s\($0)" }))
    }

    @Test func aHomeIsKeptUntilRemoved() {
        let directory = LocalSessionDirectory()
        directory.setHome(1, token: "a")
        directory.setHome(0, token: "b")
        directory.setHome(0, token: "a")
        #expect(directory.home(token: "a") == 0 && directory.home(token: "b") == 0 && directory.count == 2)
        directory.removeHome(token: "a")
        #expect(directory.home(token: "a") == nil && directory.count == 1)
    }
}
