/// Why the layout engine refused a change. Each case has a stable kebab-case `code` for the protocol.
/// A refused change leaves the engine exactly as it was.
public enum LayoutError: Error, Equatable, Sendable {
    case unknownView(String)
    case unknownConstraint(String)
    case unknownItem(String)
    case duplicateIdentifier(String)
    case invalidIdentifier(String)
    /// The two attributes cannot be related (UIKit throws for the same pairings).
    case invalidPairing(String)
    case invalidPriority(Double)
    /// A number that must be finite (and in range) was not.
    case invalidValue(String)
    case noCommonAncestor(String, String)
    /// UIKit forbids moving an installed constraint between required and optional.
    case requiredPriorityChange(String)
    case cannotRemoveRoot
    /// Text cannot be measured: no measurer, or its font files are missing.
    case textUnavailable(String)

    /// The stable protocol code.
    public var code: String {
        switch self {
        case .unknownView: "unknown-view"
        case .unknownConstraint: "unknown-constraint"
        case .unknownItem: "unknown-item"
        case .duplicateIdentifier: "duplicate-id"
        case .invalidIdentifier: "invalid-id"
        case .invalidPairing: "invalid-pairing"
        case .invalidPriority: "invalid-priority"
        case .invalidValue: "invalid-value"
        case .noCommonAncestor: "no-common-ancestor"
        case .requiredPriorityChange: "required-priority-change"
        case .cannotRemoveRoot: "cannot-remove-root"
        case .textUnavailable: "text-unavailable"
        }
    }

    /// A sentence for people.
    public var message: String {
        switch self {
        case .unknownView(let id): "no view named '\(id)'"
        case .unknownConstraint(let id): "no constraint named '\(id)'"
        case .unknownItem(let name): "no view or layout guide named '\(name)'"
        case .duplicateIdentifier(let id): "the id '\(id)' is already in use"
        case .invalidIdentifier(let id):
            "'\(id)' is not a valid id: use 1–64 letters, digits, '_' or '-'"
        case .invalidPairing(let reason): reason
        case .invalidPriority(let value):
            "priority \(NumberText.format(value)) is outside (0, 1000]"
        case .invalidValue(let reason): reason
        case .noCommonAncestor(let first, let second):
            "'\(first)' and '\(second)' have no common ancestor"
        case .requiredPriorityChange(let id):
            "constraint '\(id)' is installed: its priority cannot move between required (1000) and optional"
        case .cannotRemoveRoot: "the root view cannot be removed"
        case .textUnavailable(let reason): reason
        }
    }
}
