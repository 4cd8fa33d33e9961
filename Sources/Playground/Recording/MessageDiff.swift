import Foundation

/// Compares a message a replay sent with the one a recording holds, in words a person can act on.
///
/// `frames` numbers match within `frameTolerance` points (the recording keeps them to a micro-point,
/// and a different machine's floating point may differ in the last place); every other message must
/// match exactly. Fields that are different in every session by design are not compared: `hello`'s
/// `resumeToken`, and the join `code` and `link` of `shared` and `ended`.
enum MessageDiff {
    /// Points a recorded and a replayed frame number may differ by.
    static let frameTolerance = 1e-6

    /// Keys not compared, by message type.
    static let ignored: [String: Set<String>] = [
        "hello": ["resumeToken"],
        "shared": ["code", "link"],
        "ended": ["code"],
    ]

    /// The differences between `expected` (recorded) and `actual` (replayed), each one sentence naming
    /// where (for `frames`: the view and field), the expected and the actual value; empty when they match.
    static func differences(expected: [String: Any], actual: [String: Any]) -> [String] {
        let type = expected["type"] as? String ?? "?"
        guard type == actual["type"] as? String else {
            return ["expected a \(type) message, the replay sent \(actual["type"] as? String ?? "?"): \(text(actual))"]
        }
        let tolerance = type == "frames" ? frameTolerance : 0
        var found: [String] = []
        let skip = ignored[type] ?? []
        for key in Set(expected.keys).union(actual.keys).sorted() where !skip.contains(key) {
            if type == "frames", key == "views",
               let expectedViews = expected[key] as? [String: Any], let actualViews = actual[key] as? [String: Any] {
                found += viewDifferences(expectedViews, actualViews)
            } else {
                compare(expected[key], actual[key], at: "\(type).\(key)", tolerance: tolerance, into: &found)
            }
        }
        return found
    }

    /// Per view and field of a `frames` message's `views`.
    private static func viewDifferences(_ expected: [String: Any], _ actual: [String: Any]) -> [String] {
        var found: [String] = []
        for id in Set(expected.keys).union(actual.keys).sorted() {
            guard let want = expected[id] as? [String: Any] else {
                found.append("view \(id): not in the recorded frames, replayed \(text(actual[id]))")
                continue
            }
            guard let got = actual[id] as? [String: Any] else {
                found.append("view \(id): recorded \(text(want)), missing from the replayed frames")
                continue
            }
            for field in Set(want.keys).union(got.keys).sorted() {
                var one: [String] = []
                compare(want[field], got[field], at: "", tolerance: frameTolerance, into: &one)
                if !one.isEmpty {
                    found.append("view \(id) \(field): expected \(text(want[field])), actual \(text(got[field]))")
                }
            }
        }
        return found
    }

    /// Appends a sentence for each place `expected` and `actual` differ below `path`.
    private static func compare(_ expected: Any?, _ actual: Any?, at path: String, tolerance: Double,
                                into found: inout [String]) {
        switch (expected, actual) {
        case (nil, nil): return
        case let (want as [String: Any], got as [String: Any]):
            for key in Set(want.keys).union(got.keys).sorted() {
                compare(want[key], got[key], at: "\(path).\(key)", tolerance: tolerance, into: &found)
            }
            return
        case let (want as [Any], got as [Any]) where want.count == got.count:
            var inner: [String] = []
            for index in want.indices {
                compare(want[index], got[index], at: "\(path)[\(index)]", tolerance: tolerance, into: &inner)
            }
            // A rect or a list of numbers reads better whole.
            if !inner.isEmpty { found.append("\(path): expected \(text(want)), actual \(text(got))") }
            return
        default:
            if let want = expected, let got = actual, equal(want, got, tolerance: tolerance) { return }
            found.append("\(path): expected \(text(expected)), actual \(text(actual))")
        }
    }

    private static func equal(_ want: Any, _ got: Any, tolerance: Double) -> Bool {
        if Fields.isBool(want) || Fields.isBool(got) {
            return Fields.isBool(want) && Fields.isBool(got) && (want as? Bool) == (got as? Bool)
        }
        if let a = want as? NSNumber, let b = got as? NSNumber {
            return abs(a.doubleValue - b.doubleValue) <= tolerance
        }
        if let a = want as? String, let b = got as? String { return a == b }
        return want is NSNull && got is NSNull
    }

    /// `value` as compact JSON for a message (at most 200 characters), `nothing` when absent.
    static func text(_ value: Any?) -> String {
        guard let value else { return "nothing" }
        let written = JSONWriter.text(of: value) ?? "\(value)"
        return written.count > 200 ? written.prefix(197) + "…" : written
    }
}
