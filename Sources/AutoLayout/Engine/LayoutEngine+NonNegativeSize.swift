/// Sizes are never negative: every view but the root carries `width >= 0` and `height >= 0` as
/// required engine constraints, so a layout that needs a negative size is unsatisfiable and reported
/// as a conflict (the latest-changed constraint of the set is broken), never laid out inside out.
///
/// UIKit's "Unable to simultaneously satisfy constraints" log lists only constraints that exist, so
/// these two are implicit (`LayoutConstraint.isImplicit`) and stay out
/// of `LayoutConflict.constraints`. The root is left out (its size is validated when set), and so is a
/// view that translates its autoresizing mask: its frame is the host's, pinned whole by
/// `NSAutoresizingMaskLayoutConstraint`s, which the rule could only fight.
extension LayoutEngine {
    /// Installs or removes `view`'s size rules to match whether it translates its autoresizing mask.
    /// Cost: two inequality rows (one slack variable each) per view in the solver.
    func updateNonNegativeSize(of view: View) {
        let applies = view !== root && !view.translatesAutoresizingMaskIntoConstraints
        // The view knows whether its rules are in: a view just added (every view of a document) then
        // costs no lookup of their ids, only their installation.
        guard applies != view.hasNonNegativeSize else { return }
        view.hasNonNegativeSize = applies
        // Known by the view's slot and their kind (`ViewConstraintKind`), named only when asked.
        if applies {
            pinInternal(.nonNegativeWidth, of: view, .width, constant: 0, relation: .greaterThanOrEqual, isImplicit: true)
            pinInternal(.nonNegativeHeight, of: view, .height, constant: 0, relation: .greaterThanOrEqual,
                        isImplicit: true)
        } else {
            uninstallInternal(.view(slot: view.slot, .nonNegativeWidth))
            uninstallInternal(.view(slot: view.slot, .nonNegativeHeight))
        }
    }
}
