import Cassowary

/// Turns a `LayoutConstraint` into a Cassowary constraint.
///
/// Both attributes are written in the bounds space of the items' nearest common ancestor C, where C's
/// own edges are 0…width and 0…height (so a `bounds.origin` change moves nothing in the solver). An
/// item's origin in C is the sum of the frame origins on its way up to C.
enum ConstraintExpression {
    /// Validates the pairing as UIKit does and builds `first − multiplier × second − constant ⋚ 0`.
    /// - Throws: `LayoutError.invalidPairing`, `.invalidValue`, `.invalidPriority`, `.noCommonAncestor`.
    static func make(for constraint: LayoutConstraint, resolve: (LayoutItem, LayoutAttribute) -> LayoutItem?)
        throws -> Cassowary.Constraint
    {
        try validate(constraint)
        guard constraint.secondItem != nil else { return sizeConstraint(constraint) }
        guard let first = resolve(constraint.firstItem, constraint.firstAttribute) else {
            throw LayoutError.invalidPairing("layout guides have no margins")
        }
        var second: LayoutItem?
        if let item = constraint.secondItem, let attribute = constraint.secondAttribute {
            guard let resolved = resolve(item, attribute) else {
                throw LayoutError.invalidPairing("layout guides have no margins")
            }
            second = resolved
        }
        let container = try commonContainer(first, second, names: constraint)
        // Both sides go into one array of terms: every constraint of a scene is built here, and an
        // array per side (and one more to scale the second) cost more than the terms themselves.
        var terms: [Term] = []
        terms.reserveCapacity(4)
        var constant = appendPosition(of: first, constraint.firstAttribute.plain, in: container, times: 1, to: &terms)
        if let second, let attribute = constraint.secondAttribute {
            constant += appendPosition(of: second, attribute.plain, in: container, times: -constraint.multiplier,
                                       to: &terms)
        }
        constant -= constraint.constant
        // The solver constraint lives as long as the layout constraint: its terms are kept in an array
        // of their own size, not of the four reserved (a third of a one-term constraint's bytes).
        if terms.count < terms.capacity { terms = Array(unsafeUninitializedCapacity: terms.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: terms)
        } }
        return Cassowary.Constraint(Expression(terms, constant: constant), relation(constraint.relation),
                                    strength: Strength(constraint.priority))
    }

    /// `size − constant ⋚ 0` for a constraint of a width or height to a number (the only kind
    /// `validate` lets through without a second item): no margins to resolve and no container to
    /// find. Each view's own engine constraints (content size, non-negative size) are of this kind.
    private static func sizeConstraint(_ constraint: LayoutConstraint) -> Cassowary.Constraint {
        let vars = constraint.firstItem.variables
        let size = constraint.firstAttribute == .width ? vars.width : vars.height
        return Cassowary.Constraint(Expression([Term(size, 1)], constant: -constraint.constant),
                                    relation(constraint.relation), strength: Strength(constraint.priority))
    }

    static func validate(_ c: LayoutConstraint) throws {
        guard c.priority.isFinite, c.priority > 0, c.priority <= LayoutConstraint.required else {
            throw LayoutError.invalidPriority(c.priority)
        }
        guard c.constant.isFinite, abs(c.constant) < 1e9 else {
            throw LayoutError.invalidValue("constant must be a finite number of points under 1e9")
        }
        guard c.multiplier.isFinite, abs(c.multiplier) < 1e9 else {
            throw LayoutError.invalidValue("multiplier must be finite")
        }
        let first = c.firstAttribute
        if c.firstItem is LayoutGuide, first.isMargin {
            throw LayoutError.invalidPairing("\(c.firstItem.identifier) is a layout guide: it has no margins")
        }
        guard let second = c.secondAttribute else {
            guard first.kind == .dimension else {
                throw LayoutError.invalidPairing(
                    "a constraint cannot make the location attribute \(first.rawValue) equal to a constant")
            }
            return
        }
        if let item = c.secondItem, item is LayoutGuide, second.isMargin {
            throw LayoutError.invalidPairing("\(item.identifier) is a layout guide: it has no margins")
        }
        guard first.kind == second.kind else {
            throw LayoutError.invalidPairing(
                "\(first.rawValue) and \(second.rawValue) cannot be related: a size and a location differ")
        }
        if first.kind == .location {
            guard first.axis == second.axis else {
                throw LayoutError.invalidPairing(
                    "\(first.rawValue) and \(second.rawValue) lie on different axes")
            }
            guard c.multiplier != 0 else {
                throw LayoutError.invalidPairing("a multiplier of 0 with a location attribute is invalid")
            }
        }
        // Two comparisons, not a set of the two families: every constraint is validated.
        let families = (first.directionFamily, second.directionFamily)
        if (families.0 == .directional && families.1 == .absolute) || (families.0 == .absolute && families.1 == .directional) {
            throw LayoutError.invalidPairing(
                "leading/trailing cannot be related to left/right: they differ in right-to-left layouts")
        }
    }

    private static func relation(_ relation: LayoutRelation) -> Relation {
        switch relation {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }

    private static func commonContainer(_ first: LayoutItem, _ second: LayoutItem?,
                                        names c: LayoutConstraint) throws -> View {
        // Walks up from both items' nearest views, the deeper one first, until they meet: no arrays,
        // since every constraint of a scene comes through here.
        guard var a = first.nearestContainer else { throw LayoutError.unknownItem(first.identifier) }
        guard let second else { return a }
        guard var b = second.nearestContainer else { throw LayoutError.unknownItem(second.identifier) }
        var depthA = a.depth, depthB = b.depth
        while a !== b {
            // Two distinct views at depth 0 are roots of different trees.
            if depthA >= depthB {
                guard let up = a.superview else {
                    throw LayoutError.noCommonAncestor(c.firstItem.identifier, c.secondItem?.identifier ?? "")
                }
                a = up
                depthA -= 1
            } else {
                guard let up = b.superview else {
                    throw LayoutError.noCommonAncestor(c.firstItem.identifier, c.secondItem?.identifier ?? "")
                }
                b = up
                depthB -= 1
            }
        }
        return a
    }

    /// Appends `factor` × (`attribute` of `item` as a linear expression in `container`'s bounds space)
    /// to `terms` and returns the expression's constant times `factor`.
    static func appendPosition(of item: LayoutItem, _ attribute: LayoutAttribute, in container: View,
                               times factor: Double, to terms: inout [Term]) -> Double {
        let vars = item.variables
        if attribute == .width {
            terms.append(Term(vars.width, factor))
            return 0
        }
        if attribute == .height {
            terms.append(Term(vars.height, factor))
            return 0
        }
        let horizontal = attribute.axis == .horizontal
        var constant = 0.0
        var next: LayoutItem? = item
        while let current = next, current !== container {
            terms.append(Term(horizontal ? current.variables.x : current.variables.y, factor))
            next = current.coordinateParent
        }
        let size = horizontal ? vars.width : vars.height
        switch attribute {
        case .firstBaseline, .lastBaseline:
            // A text view's baselines sit a fixed distance from its center, where its text is centered
            // (`View.textState`); any other view's baselines are its bottom edge.
            if let view = item as? View, let offsets = view.textState.baselineOffsets {
                terms.append(Term(size, 0.5 * factor))
                constant += factor * (attribute == .firstBaseline ? offsets.first : offsets.last)
            } else {
                terms.append(Term(size, factor))
            }
        case .right, .trailing, .bottom:
            terms.append(Term(size, factor))
        case .centerX, .centerY:
            terms.append(Term(size, 0.5 * factor))
        default:
            break
        }
        return constant
    }
}

extension LayoutAttribute {
    /// The attribute with any margin form mapped to its plain form.
    var plain: LayoutAttribute { marginBase ?? self }
}
