/// Intrinsic content size, content hugging and compression resistance, expressed as constraints the
/// engine owns.
extension LayoutEngine {
    /// Sets the intrinsic content size (points; `View.noIntrinsicMetric` per axis for none), as
    /// overriding `intrinsicContentSize` and calling `invalidateIntrinsicContentSize()`.
    /// Per axis it installs `size <= intrinsic` at the hugging priority and `size >= intrinsic` at the
    /// compression resistance priority (Apple, "Auto Layout Guide: Views with Intrinsic Content Size").
    /// - Throws: `invalidValue` unless each component is finite and ≥ 0 or exactly −1.
    public func setIntrinsicContentSize(_ size: Size, of view: View) throws {
        for value in [size.width, size.height] {
            guard value.isFinite, value >= 0 || value == View.noIntrinsicMetric, value < 1e9 else {
                throw LayoutError.invalidValue("intrinsic size components must be ≥ 0, or −1 for none")
            }
        }
        view.intrinsicContentSize = size
        installContentSizeConstraints(of: view)
    }

    /// Sets content hugging priorities `[horizontal, vertical]`. A view without an intrinsic size has
    /// no content size constraints to change: the priorities wait for one (so a view built from a
    /// document gets its four constraints once, not once per property).
    /// - Throws: `invalidPriority` outside (0, 1000].
    public func setContentHugging(_ priorities: [Double], of view: View) throws {
        let validated = try Self.validated(priorities)
        guard validated != view.contentHuggingPriority else { return }
        view.contentHuggingPriority = validated
        if view.hasIntrinsicContentSize { installContentSizeConstraints(of: view) }
    }

    /// Sets compression resistance priorities `[horizontal, vertical]`.
    /// - Throws: `invalidPriority` outside (0, 1000].
    public func setCompressionResistance(_ priorities: [Double], of view: View) throws {
        let validated = try Self.validated(priorities)
        guard validated != view.compressionResistancePriority else { return }
        view.compressionResistancePriority = validated
        if view.hasIntrinsicContentSize { installContentSizeConstraints(of: view) }
    }

    func installContentSizeConstraints(of view: View) {
        let axes: [(String, LayoutAttribute, Double, Int)] = [
            ("width", .width, view.intrinsicContentSize.width, 0),
            ("height", .height, view.intrinsicContentSize.height, 1),
        ]
        for (name, attribute, value, axis) in axes {
            let (hugging, resistance) = Self.contentSizeIDs(of: view, axis: name)
            guard value != View.noIntrinsicMetric else {
                uninstallInternal(hugging)
                uninstallInternal(resistance)
                continue
            }
            // `pinInternal` replaces the constraints of the same ids, with one lookup each.
            pinInternal(hugging, view, attribute, constant: value,
                        priority: view.contentHuggingPriority[axis], relation: .lessThanOrEqual)
            pinInternal(resistance, view, attribute, constant: value,
                        priority: view.compressionResistancePriority[axis], relation: .greaterThanOrEqual)
        }
        healBrokenConstraints()
        setNeedsLayout()
    }

    /// The UIKit names of `view`'s content size constraints on `axis` (`"width"` or `"height"`):
    /// `NSContentSizeLayoutConstraint-<id>-<axis>-hugging` and `…-compression`.
    static func contentSizeIDs(of view: View, axis: String) -> (hugging: String, compression: String) {
        // The common part built once, in a buffer of the right size: two interpolations of four
        // pieces each cost more than the strings are used for.
        var base = "NSContentSizeLayoutConstraint-"
        base.reserveCapacity(base.utf8.count + view.identifier.utf8.count + axis.utf8.count + 2)
        base += view.identifier
        base += "-"
        base += axis
        base += "-"
        return (base + "hugging", base + "compression")
    }

    private static func validated(_ priorities: [Double]) throws -> [Double] {
        guard priorities.count == 2 else {
            throw LayoutError.invalidValue("priorities come as [horizontal, vertical]")
        }
        for priority in priorities where !(priority.isFinite && priority > 0 && priority <= 1000) {
            throw LayoutError.invalidPriority(priority)
        }
        return priorities
    }
}
