/// Counters for `/metrics` (Prometheus text format 0.0.4) and `/healthz`.
///
/// Touched only on the service thread, like everything in `Transport`.
final class Metrics {
    /// Upper bounds of the turn-time histogram, seconds.
    static let turnBuckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    var sessionsOpened = 0
    /// Upgrades refused before a session existed, by reason (`origin`, `sessions`, `sessions-per-address`,
    /// `subprotocol`), and connections answered 503 for want of a descriptor (`descriptors`).
    var refused: [String: Int] = [:]
    var messages = 0
    /// `frames` and `error` messages sent by sessions that have closed (open ones are added live).
    var closedFrames = 0
    var closedErrors = 0
    /// Connections closed by the server for a limit (`message-too-big`, `binary`, `unread`).
    var closedForLimit: [String: Int] = [:]
    /// Times a connection stopped being read because its client left more than `maxUnreadBytes` unsent.
    var unreadStops = 0
    private var turnCounts = [Int](repeating: 0, count: Metrics.turnBuckets.count)
    private var turnCount = 0
    private var turnSum = 0.0
    /// The slowest turn seen, seconds.
    private(set) var slowestTurn = 0.0

    /// Records one message turn that took `seconds` (decoding, handling, the layout pass).
    func recordTurn(seconds: Double) {
        messages += 1
        turnCount += 1
        turnSum += seconds
        slowestTurn = max(slowestTurn, seconds)
        if let index = Self.turnBuckets.firstIndex(where: { seconds <= $0 }) { turnCounts[index] += 1 }
    }

    /// The exposition text, given the live sessions' figures.
    func text(sessions: Int, unread: Int, frames: Int, errors: Int, uptime: Double) -> String {
        var lines: [String] = []
        func metric(_ name: String, _ type: String, _ help: String, _ samples: [(String, Double)]) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) \(type)")
            for (labels, value) in samples { lines.append("\(name)\(labels) \(Self.format(value))") }
        }
        metric("playground_sessions", "gauge", "Open WebSocket sessions.", [("", Double(sessions))])
        metric("playground_sessions_opened_total", "counter", "Sessions opened since start.",
               [("", Double(sessionsOpened))])
        metric("playground_upgrades_refused_total", "counter", "WebSocket upgrades refused, by reason.",
               ["origin", "sessions", "sessions-per-address", "subprotocol", "descriptors"].map { ("{reason=\"\($0)\"}", Double(refused[$0] ?? 0)) })
        metric("playground_connections_closed_by_limit_total", "counter",
               "Connections the server closed for a limit, by limit.",
               ["message-too-big", "binary", "unread"].map { ("{limit=\"\($0)\"}", Double(closedForLimit[$0] ?? 0)) })
        metric("playground_connections_unread", "gauge",
               "Connections not read now because their client left more than maxUnreadBytes of answers unsent.",
               [("", Double(unread))])
        metric("playground_connections_unread_total", "counter",
               "Times a connection stopped being read because its client left more than maxUnreadBytes unsent.",
               [("", Double(unreadStops))])
        metric("playground_messages_total", "counter", "Client messages handled.", [("", Double(messages))])
        metric("playground_frames_total", "counter", "frames messages sent.", [("", Double(frames))])
        metric("playground_errors_total", "counter", "error answers sent (rate-limited included).",
               [("", Double(errors))])
        var cumulative = 0
        var buckets: [(String, Double)] = []
        for (bound, count) in zip(Self.turnBuckets, turnCounts) {
            cumulative += count
            buckets.append(("_bucket{le=\"\(Self.format(bound))\"}", Double(cumulative)))
        }
        buckets.append(("_bucket{le=\"+Inf\"}", Double(turnCount)))
        buckets.append(("_sum", turnSum))
        buckets.append(("_count", Double(turnCount)))
        metric("playground_turn_seconds", "histogram",
               "Time to handle one client message: decode, solve, layout pass, encode.", buckets)
        metric("playground_uptime_seconds", "gauge", "Seconds since the server started.", [("", uptime)])
        return lines.joined(separator: "\n") + "\n"
    }

    /// Integers without a fraction, others as Swift prints doubles.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
