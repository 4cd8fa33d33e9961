import Foundation
import Playground
import SharedState

/// A `rejoin` turn waiting for Redis: whose token, and what runs the turn once Redis answered.
struct PendingLookup {
    var token: String
    var ready: (LifecycleEffects) -> Void
}

/// With `--redis`: a `rejoin` that needs Redis before its turn can run, and Redis's replies.
///
/// A rejoin's token is either parked here, written to Redis by this server (then Redis is asked
/// whether another server took the session over meanwhile: if so the copy here is out of date, is
/// dropped, and the session is read from Redis like any other), or unknown here (then Redis is asked
/// for it: its lease is taken and its record read, `RedisLookup`). The turn itself runs afterwards as
/// usual, reading the found record from the journal (`RedisJournal.load`). Redis down: a session
/// parked here is taken back from here, any other answers `unavailable` at once.
extension SessionLifecycle {
    /// The token of `text` when it is a `rejoin` that needs Redis first; nil for any other message
    /// (and without `--redis`). - Complexity: O(1) unless the text mentions `rejoin`, then O(text).
    func rejoinNeedingRedis(_ text: String) -> String? {
        guard let redis, text.utf8.count < 4096, text.contains("\"rejoin\""),
              let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              object["type"] as? String == "rejoin", let token = object["token"] as? String,
              token.utf8.count == 32, token.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { return nil }
        if parked.contains(token) {
            return redis.epoch(of: token) == nil ? nil : token
        }
        return token
    }

    /// Asks Redis what the `rejoin` of `token` needs; `ready` runs on the service thread (from
    /// `handleRedisEvents`) once its turn can run, with what the wire must do first.
    func prepareRejoin(_ token: String, ready: @escaping (LifecycleEffects) -> Void) {
        guard let redis else { return ready(LifecycleEffects()) }
        lastLookup += 1
        let id = lastLookup
        redisLookups[id] = PendingLookup(token: token, ready: ready)
        let events = redis.events
        if parked.contains(token), let lease = redis.epoch(of: token) {
            redis.store.reclaimSession(lease.sessionID, holder: redis.holder, epoch: lease.epoch) { result in
                switch result {
                case .success(true): events.post(.reclaimed(id: id, current: true))
                case .success(false): events.post(.reclaimed(id: id, current: false))
                case .failure: events.post(.reclaimed(id: id, current: nil))
                }
            }
        } else {
            startLookup(id, token: token)
        }
    }

    private func startLookup(_ id: Int, token: String) {
        guard let redis else { return }
        let events = redis.events
        RedisLookup.start(token, store: redis.store, holder: redis.holder, limit: RedisJournal.streamCap + 1) {
            events.post(.lookup(id: id, $0))
        }
    }

    /// What Redis answered since the last pass: journal passes confirmed (their sessions are woken,
    /// or closed with 1011 when a write failed) and `rejoin` turns ready to run.
    func handleRedisEvents() -> LifecycleEffects {
        var effects = LifecycleEffects()
        guard let redis, let journalQueue else { return effects }
        for event in redis.events.drain() {
            switch event {
            case .written(let pass, let token, let failure, let critical):
                for confirmation in redis.handle(written: pass, token: token, failure: failure, critical: critical) {
                    let (released, failed) = journalQueue.confirm(pass: confirmation.pass, failed: confirmation.failed)
                    effects.wake += released
                    effects.closeForJournal += failed
                }
            case .leased(let token, let epoch):
                redis.handle(leased: token, epoch: epoch)
            case .reclaimed(let id, let current):
                guard let pending = redisLookups[id] else { continue }
                if current == false, parked.contains(pending.token),
                   let stale = try? parked.claim(pending.token, now: clock.now) {
                    // Another server took the session over while it was parked here: this copy is
                    // out of date. It ends here, and the rejoin reads the session from Redis.
                    ServerLog.info("rejoin: \(stale.id) was taken over by another server; reading it from Redis")
                    effects.merge(end(stale))
                    startLookup(id, token: pending.token)
                    continue
                }
                redisLookups[id] = nil
                pending.ready(effects)
                effects = LifecycleEffects()
            case .lookup(let id, let outcome):
                guard let pending = redisLookups.removeValue(forKey: id) else { continue }
                redis.keep(outcome, token: pending.token,
                           orphanDeadline: Date().timeIntervalSince1970 + Double(sessionLimits.resumeGraceSeconds ?? 0))
                pending.ready(effects)
                effects = LifecycleEffects()
            }
        }
        return effects
    }

    /// A `rejoin` whose connection closed while Redis looked its session up: the session found is
    /// left parked in Redis for a later rejoin anywhere.
    func dropLookup(token: String) {
        redis?.drop(token: token, deadline: Date().timeIntervalSince1970 + Double(sessionLimits.resumeGraceSeconds ?? 0))
    }
}
