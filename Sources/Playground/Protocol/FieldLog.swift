import Foundation

/// What a handler read of one client message, for the strict protocol.
///
/// Every `Fields` made from the message (the message itself and each object reached through
/// `object(_:)` or `objects(_:)`) registers its node here, and every getter records the key it looked
/// up, present or not. After the message ran, a key present in a registered node that no getter looked
/// up is one the server ignored: `unknownField()` names it. New handlers are covered without declaring
/// their fields: reading a field is declaring it. Objects a handler takes whole (a `views` dictionary
/// of a format, the stored ops of a scene action) are marked free-form and not checked.
final class FieldLog {
    private struct Node {
        let raw: [String: Any]
        var read: Set<String> = []
        var freeForm = false
    }

    /// Nodes by path (`""` for the message, `views[2]`, `curve.spring`, …), in registration order.
    private var nodes: [String: Node] = [:]
    private var order: [String] = []

    func register(_ path: String, _ raw: [String: Any]) {
        guard nodes[path] == nil else { return }
        nodes[path] = Node(raw: raw)
        order.append(path)
    }

    func read(_ key: String, at path: String) {
        nodes[path]?.read.insert(key)
    }

    func markFreeForm(_ path: String) {
        nodes[path]?.freeForm = true
    }

    /// The first unread key (nodes in the order they were reached, keys sorted) as an `unknown-field`
    /// error naming where it is and the nearest key that was read there; nil when every key was read.
    /// - Parameter root: only the object at this path and the objects inside it are checked (nil: all),
    ///   so one op of a list can be checked before the ops after it were read.
    /// - Parameter skipped: a path whose objects are not checked (`ops[`: an `animate`'s ops, checked
    ///   by their own handlers as they run).
    func unknownField(within root: String? = nil, skipping skipped: String? = nil) -> ProtocolError? {
        for path in order {
            if let root, !root.isEmpty, path != root, !path.hasPrefix(root + ".") { continue }
            if let skipped, path.hasPrefix(skipped) { continue }
            guard let node = nodes[path], !node.freeForm else { continue }
            for key in node.raw.keys.sorted() where !node.read.contains(key) {
                let location = path.isEmpty ? key : "\(path).\(key)"
                let hint = Suggestion.clause(for: key, in: node.read.sorted())
                var error = ProtocolError("unknown-field", "unknown field '\(location.prefix(200))'\(hint)")
                error.field = location
                error.suggestion = Suggestion.nearest(to: key, in: node.read.sorted())
                return error
            }
        }
        return nil
    }

    /// The unread key nearest to one of `names` (the fields a `missing-field` error says are needed),
    /// as an `unknown-field` error whose suggestion is that name; nil when no unread key is a plausible
    /// typo (`Suggestion.nearest`) of any of them. Keys are ranked by `Suggestion.alignmentDistance`,
    /// so a key merely unread because the handler stopped early (`constant`, 2 from `constraint`) is
    /// not blamed for a misspelt one beside it (`constriant`, 1).
    func misspelling(ofOneOf names: [String]) -> ProtocolError? {
        var best: (distance: Int, location: String, name: String)?
        for path in order {
            guard let node = nodes[path], !node.freeForm else { continue }
            for key in node.raw.keys.sorted() where !node.read.contains(key) {
                guard let name = Suggestion.nearest(to: key, in: names) else { continue }
                let distance = Suggestion.alignmentDistance(Array(key.unicodeScalars), Array(name.unicodeScalars))
                if let current = best, current.distance <= distance { continue }
                best = (distance, path.isEmpty ? key : "\(path).\(key)", name)
            }
        }
        guard let best else { return nil }
        var error = ProtocolError("unknown-field", "unknown field '\(best.location.prefix(200))': did you mean '\(best.name)'?")
        error.field = best.location
        error.suggestion = best.name
        return error
    }
}
