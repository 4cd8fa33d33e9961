import CLibWebSockets
import Playground

/// Ticks animating realtime sessions at their own frame rate (30, 60 or 120 per second) from one
/// 120 Hz base timer on the service thread.
///
/// Base tick k is due at transport time ⌊k × 10⁶ / 120⌋ µs: an absolute grid, so neither callback
/// latency nor rounding accumulates, and every session at the same rate is ticked at the same instants
/// (a 60 fps session on the even base ticks, a 30 fps one on every fourth). Sessions are ticked with the
/// grid instant as their `now`, so the `time` of consecutive frames differs by exactly 1/fps.
///
/// The timer wakes only for base ticks some member needs (with only 30 fps sessions animating it runs
/// at 30 Hz) and stops when no session animates: idle sessions cost nothing per tick. When the loop
/// falls behind, missed ticks are skipped, never bunched.
final class FrameRateScheduler {
    /// Base ticks per second: the least common multiple of the supported frame rates.
    static let baseRate: Int64 = 120

    /// Members by stride (base ticks per frame: 1 for 120 fps, 2 for 60, 4 for 30): sessions by the id
    /// of their connection, or of their place among the parked sessions (`Transport`).
    private var members: [Int64: [UInt64: Session]] = [1: [:], 2: [:], 4: [:]]
    private let timer: ServiceTimer
    /// The base tick the timer is set for, nil while stopped.
    private var scheduledTick: Int64?

    /// - Parameters: owner, callback: as for `ServiceTimer`; the callback should call `fire`.
    init(owner: UnsafeMutableRawPointer, callback: sul_cb_t) {
        timer = ServiceTimer(owner: owner, callback: callback)
    }

    /// The stride for `framesPerSecond` (rates other than 30 and 120 run at 60).
    static func stride(forFramesPerSecond framesPerSecond: Int) -> Int64 {
        switch framesPerSecond {
        case 120: 1
        case 30: 4
        default: 2
        }
    }

    /// Transport time of base tick `tick`, µs.
    static func micros(ofTick tick: Int64) -> Int64 { tick * 1_000_000 / baseRate }

    /// The last base tick at or before `micros`.
    static func tick(atOrBefore micros: Int64) -> Int64 {
        let scaled = micros * baseRate
        return scaled >= 0 ? scaled / 1_000_000 : (scaled - 999_999) / 1_000_000
    }

    /// The grid instant at or before `micros`, in seconds: where new sessions put their clock's origin.
    static func gridSeconds(atOrBefore micros: Int64) -> Double {
        seconds(ofTick: tick(atOrBefore: micros))
    }

    /// The instant of base tick `tick` in seconds, tick / 120: from the tick count, so that instants,
    /// and the session times taken from them, are multiples of 1/120 s to the double's precision rather
    /// than whole microseconds up to 1 µs off the grid.
    static func seconds(ofTick tick: Int64) -> Double { Double(tick) / Double(baseRate) }

    /// Number of sessions being ticked.
    var count: Int { members.values.reduce(0) { $0 + $1.count } }

    /// True while the timer is set.
    var isRunning: Bool { scheduledTick != nil }

    /// Starts ticking `session` under `id` at its frame rate (replacing another session under `id`: a
    /// connection that took back a parked session).
    func add(_ session: Session, id: UInt64, nowMicros: Int64, context: OpaquePointer) {
        let stride = Self.stride(forFramesPerSecond: session.framesPerSecond)
        for (other, group) in members where other != stride && group[id] != nil {
            members[other]?[id] = nil
        }
        let wasMember = members[stride]?[id] != nil
        members[stride]?[id] = session
        guard !wasMember else { return }
        let next = Self.nextTick(after: Self.tick(atOrBefore: nowMicros), stride: stride)
        if let scheduledTick, scheduledTick <= next { return }
        schedule(next, nowMicros: nowMicros, context: context)
    }

    /// Stops ticking the member `id` (closed, or claimed); the timer stops with the last member at its next firing.
    func remove(_ id: UInt64) {
        for stride in members.keys { members[stride]?[id] = nil }
    }

    /// Handles the timer: ticks the members due at the scheduled base tick with that tick's instant
    /// (seconds) and re-arms for the next tick a member needs. `visit` returns false to drop a member
    /// (it stopped animating).
    ///
    /// Which tick comes next is decided from when the timer fired: only a timer late by a whole frame
    /// skips one. The visits write frames (`Transport.writeNow`), milliseconds of work with many
    /// followers, so the delay to that tick is measured from a second reading of `clock`, after them:
    /// measured from the first, the next tick would come that much late; deciding from the second, a
    /// tick whose writes outlast a frame would skip the next one.
    func fire(clock: MonotonicClock, context: OpaquePointer, visit: (UInt64, Session, Double) -> Bool) {
        let firedMicros = clock.nowMicros
        guard let tick = scheduledTick else { return }
        scheduledTick = nil
        let instant = Self.seconds(ofTick: tick)
        var moves: [(UInt64, Session)] = []
        for stride in members.keys.sorted() where tick % stride == 0 {
            guard let group = members[stride], !group.isEmpty else { continue }
            var dropped: [UInt64] = []
            for (id, session) in group {
                if !visit(id, session, instant) {
                    dropped.append(id)
                } else if Self.stride(forFramesPerSecond: session.framesPerSecond) != stride {
                    dropped.append(id)
                    moves.append((id, session))
                }
            }
            for id in dropped { members[stride]?[id] = nil }
        }
        for (id, session) in moves {
            members[Self.stride(forFramesPerSecond: session.framesPerSecond)]?[id] = session
        }
        // The next tick any member needs, never before the one the timer fired in.
        let base = max(tick, Self.tick(atOrBefore: firedMicros))
        var next: Int64?
        for (stride, group) in members where !group.isEmpty {
            let candidate = Self.nextTick(after: base, stride: stride)
            next = min(next ?? candidate, candidate)
        }
        if let next { schedule(next, nowMicros: clock.nowMicros, context: context) }
    }

    /// Cancels the timer and forgets every member (shutdown).
    func stop() {
        timer.cancel()
        scheduledTick = nil
        for stride in members.keys { members[stride]?.removeAll() }
    }

    /// The first multiple of `stride` after `tick`.
    private static func nextTick(after tick: Int64, stride: Int64) -> Int64 {
        (tick >= 0 ? tick / stride + 1 : (tick + 1 - stride) / stride + 1) * stride
    }

    private func schedule(_ tick: Int64, nowMicros: Int64, context: OpaquePointer) {
        scheduledTick = tick
        timer.schedule(in: Self.timerDelay(untilDue: Self.micros(ofTick: tick) - nowMicros), context: context)
    }

    /// Slack of `timerDelay`, µs.
    static let pollSlackMicros: Int64 = 50

    /// The delay to set the timer to for a tick due in `micros`: a whole number of milliseconds plus
    /// `pollSlackMicros`, at most `micros`.
    ///
    /// libwebsockets 4.1 waits in poll(2) with the time to the next timer truncated to milliseconds, so
    /// a timer less than a millisecond away makes `lws_service` spin on poll(…, 0) until it is ripe: up
    /// to 1 ms of busy CPU per tick. Set this way, poll sleeps whole milliseconds and the timer is ripe
    /// (or within the slack) when it returns. The tick then runs up to 1 ms before its grid instant,
    /// which is still the `now` sessions are ticked with, as a display link renders for the coming vsync.
    static func timerDelay(untilDue micros: Int64) -> Int64 {
        guard micros > pollSlackMicros else { return max(0, micros) }
        return (micros - pollSlackMicros) / 1000 * 1000 + pollSlackMicros
    }
}
