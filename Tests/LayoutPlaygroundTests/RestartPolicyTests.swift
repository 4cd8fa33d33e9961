import Synchronization
import Testing
@testable import layout_playground

/// A clock moved by hand: the policy's time without sleeping.
final class ManualClock: Sendable {
    private let seconds = Mutex(0.0)
    var now: Double { seconds.withLock { $0 } }
    func set(_ value: Double) { seconds.withLock { $0 = value } }
}

/// The supervisor's back-off and give-up window, driven by a manual clock. Expected delays are the
/// documented rule worked by hand: initialDelay × 2^k capped at maximumDelay, k = restarts in the window.
@Suite struct RestartPolicyTests {
    /// The policy under test with its clock.
    static func policy() -> (RestartPolicy, ManualClock) {
        let clock = ManualClock()
        return (RestartPolicy(clock: { clock.now }), clock)
    }

    @Test func defaultsDoubleFromATenthToFiveSecondsThenGiveUpAtTheEleventhDeathInAMinute() {
        var (policy, clock) = Self.policy()
        // Deaths one second apart, all within 60 s: 0.1 × 2^k for k = 0...5 is 0.1, 0.2, 0.4, 0.8, 1.6,
        // 3.2; 0.1 × 2^6 = 6.4 is capped at 5 for the 7th to 10th restarts.
        let expected = [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 5, 5, 5, 5]
        for (index, delay) in expected.enumerated() {
            clock.set(Double(index))
            #expect(policy.decideAfterAbnormalExit() == .restart(number: index + 1, delay: delay))
        }
        clock.set(10)
        #expect(policy.decideAfterAbnormalExit() == .giveUp(restarts: 10))
        #expect(policy.restartCount == 10)
    }

    @Test func restartsLeaveTheWindowOneByOne() {
        var (policy, clock) = Self.policy()
        for second in 0..<10 {
            clock.set(Double(second))
            _ = policy.decideAfterAbnormalExit()
        }
        // At t = 60 the restart of t = 0 is 60 s old and has left (60 − 0 ≥ 60): 9 remain (t = 1…9), so a
        // 10th is allowed, k = 9: 0.1 × 512 = 51.2, capped at 5.
        clock.set(60)
        #expect(policy.decideAfterAbnormalExit() == .restart(number: 11, delay: 5))
        // At t = 60.5 the window (0.5, 60.5] holds t = 1…9 and 60: ten restarts, so give up.
        clock.set(60.5)
        #expect(policy.decideAfterAbnormalExit() == .giveUp(restarts: 10))
    }

    @Test func aQuietWindowStartsTheBackOffAgain() {
        var (policy, clock) = Self.policy()
        clock.set(0)
        #expect(policy.decideAfterAbnormalExit() == .restart(number: 1, delay: 0.1))
        clock.set(1)
        #expect(policy.decideAfterAbnormalExit() == .restart(number: 2, delay: 0.2))
        // 100 − 1 = 99 ≥ 60: both earlier restarts have left the window, k = 0.
        clock.set(100)
        #expect(policy.decideAfterAbnormalExit() == .restart(number: 3, delay: 0.1))
    }

    @Test func aRestartJustInsideTheWindowStillCounts() {
        var (policy, clock) = Self.policy()
        clock.set(0)
        _ = policy.decideAfterAbnormalExit()
        // 59.999 − 0 < 60: the first restart is still in the window, k = 1: 0.1 × 2 = 0.2.
        clock.set(59.999)
        #expect(policy.decideAfterAbnormalExit() == .restart(number: 2, delay: 0.2))
    }

    @Test func customLimits() {
        var (policy, clock) = Self.policy()
        policy.initialDelay = 1
        policy.maximumDelay = 3
        policy.maximumRestarts = 2
        policy.window = 10
        clock.set(5)
        #expect(policy.decideAfterAbnormalExit() == .restart(number: 1, delay: 1))    // 1 × 2^0
        #expect(policy.decideAfterAbnormalExit() == .restart(number: 2, delay: 2))    // 1 × 2^1
        #expect(policy.decideAfterAbnormalExit() == .giveUp(restarts: 2))
        // 15 − 5 = 10 ≥ 10: both left; a give-up does not count as a restart.
        clock.set(15)
        #expect(policy.decideAfterAbnormalExit() == .restart(number: 3, delay: 1))
    }

    @Test func aLongCrashLoopNeverOverflowsTheDoubling() {
        var (policy, clock) = Self.policy()
        policy.maximumRestarts = 1000
        policy.window = 1_000_000
        var last = RestartPolicy.Decision.giveUp(restarts: 0)
        for step in 0..<100 {
            clock.set(Double(step))
            last = policy.decideAfterAbnormalExit()
        }
        // k = 99 would be 0.1 × 2^99 ≈ 6.3e28; the shift is capped at 2^30 and the delay at 5.
        #expect(last == .restart(number: 100, delay: 5))
    }
}
