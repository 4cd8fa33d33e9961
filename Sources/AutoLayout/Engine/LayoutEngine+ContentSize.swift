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
        installContentSizeConstraints(of: view, horizontal: true)
        installContentSizeConstraints(of: view, horizontal: false)
        healBrokenConstraints()
        setNeedsLayout()
    }

    /// Installs (or, without an intrinsic size on the axis, removes) the hugging and compression
    /// resistance constraints of one axis. They are known by the view's slot and their kind, and
    /// named `NSContentSizeLayoutConstraint-<id>-<axis>-hugging` / `…-compression` only when asked.
    private func installContentSizeConstraints(of view: View, horizontal: Bool) {
        let kinds = ViewConstraintKind.contentSize(horizontal: horizontal)
        let value = horizontal ? view.intrinsicContentSize.width : view.intrinsicContentSize.height
        guard value != View.noIntrinsicMetric else {
            uninstallInternal(.view(slot: view.slot, kinds.hugging))
            uninstallInternal(.view(slot: view.slot, kinds.compression))
            return
        }
        let attribute: LayoutAttribute = horizontal ? .width : .height
        let axis = horizontal ? 0 : 1
        // `pinInternal` replaces the constraints of the same kinds.
        pinInternal(kinds.hugging, of: view, attribute, constant: value,
                    priority: view.contentHuggingPriority[axis], relation: .lessThanOrEqual)
        pinInternal(kinds.compression, of: view, attribute, constant: value,
                    priority: view.compressionResistancePriority[axis], relation: .greaterThanOrEqual)
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
