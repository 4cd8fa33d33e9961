import Foundation
import Playground
import SharedState
import Synchronization

/// Session ids unique across every server of one Redis: numbers are reserved in blocks from Redis's
/// counter (`SharedStore.reserveSessionNumbers`, one INCRBY per `blockSize` sessions), the next block
/// asked for while a quarter of the current one is left, so opening a session never waits for Redis.
/// Homes stay in process (`LocalSessionDirectory`).
///
/// If Redis cannot give a block (down at start, or for as long as it takes to open the rest of a
/// block), ids go on from a number made of the wall clock's milliseconds times 1024, far above what
/// the counter reaches, so that they do not collide with the counter's nor (but for two servers
/// starting in the same millisecond) with another server's.
final class RedisSessionDirectory: SessionDirectory {
    /// Numbers reserved per INCRBY.
    static let blockSize = 1024

    private struct Numbers {
        var next: UInt64 = 0
        var last: UInt64 = 0
        /// The block reserved ahead, taken when the current one is used up.
        var ahead: ClosedRange<UInt64>?
        var refilling = false
        var fallback: UInt64 = 0
    }

    private let store: SharedStore
    private let numbers = Mutex(Numbers())
    private let homes = LocalSessionDirectory()

    /// Reserves the first block, waiting at most `wait` seconds for Redis (at start-up, off any
    /// service thread).
    init(store: SharedStore, wait: Double) {
        self.store = store
        let reserved = DispatchSemaphore(value: 0)
        refill { reserved.signal() }
        _ = reserved.wait(timeout: .now() + wait)
    }

    func newSessionID() -> String {
        let (number, refill) = numbers.withLock { numbers -> (UInt64, Bool) in
            if numbers.next == 0 || numbers.next > numbers.last, let ahead = numbers.ahead {
                numbers.next = ahead.lowerBound
                numbers.last = ahead.upperBound
                numbers.ahead = nil
            }
            if numbers.next != 0, numbers.next <= numbers.last {
                defer { numbers.next += 1 }
                let low = numbers.last - numbers.next < UInt64(Self.blockSize / 4) && !numbers.refilling && numbers.ahead == nil
                if low { numbers.refilling = true }
                return (numbers.next, low)
            }
            if numbers.fallback == 0 { numbers.fallback = UInt64(Date().timeIntervalSince1970 * 1000) << 10 }
            numbers.fallback += 1
            let again = !numbers.refilling
            numbers.refilling = true
            return (numbers.fallback, again)
        }
        if refill { self.refill {} }
        return "s\(number)"
    }

    func setHome(_ home: Int, token: String) { homes.setHome(home, token: token) }

    func home(token: String) -> Int? { homes.home(token: token) }

    func removeHome(token: String) { homes.removeHome(token: token) }

    var count: Int { homes.count }

    /// Asks Redis for the next block; the numbers of the current one are used up first.
    private func refill(then done: @escaping @Sendable () -> Void) {
        store.reserveSessionNumbers(Self.blockSize) { [self] result in
            numbers.withLock { numbers in
                numbers.refilling = false
                guard case .success(let last) = result, last >= Self.blockSize else { return }
                // The rest of the current block first: `newSessionID` takes this one when it is used up.
                numbers.ahead = UInt64(last - Self.blockSize + 1)...UInt64(last)
            }
            done()
        }
    }
}
