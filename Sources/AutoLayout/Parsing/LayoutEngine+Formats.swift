/// Adding constraints described by names: Visual Format Language strings, equation strings, and
/// `ConstraintDescription`s. Every call is all or nothing: when one constraint fails validation, none is
/// added.
extension LayoutEngine {
    /// Resolves each description's item names (`"picker"`, `"root.safeArea"`, `"card.margins"`, UIKit's
    /// `"view"` as `item(spelled:)` reads it) and adds
    /// the constraints under `identifiers`, in order, as `add(_:)` does.
    /// - Parameters:
    ///   - descriptions: the constraints.
    ///   - identifiers: one id per description.
    ///   - isActive: whether the new constraints are installed.
    /// - Returns: the added constraints, in order.
    /// - Throws: `LayoutError`: `unknownItem` (a name that resolves to no view or guide),
    ///   `invalidIdentifier`, `duplicateIdentifier` (also for an id repeated in `identifiers`),
    ///   `invalidPairing`, `invalidPriority`, `invalidValue`, `noCommonAncestor`. Nothing is added then.
    @discardableResult
    public func add(_ descriptions: [ConstraintDescription], identifiers: [String], isActive: Bool = true) throws
        -> [LayoutConstraint]
    {
        try addAtomically(descriptions, identifiers: identifiers, isActive: isActive) { name, _ in
            LayoutError.unknownItem(name)
        }
    }

    /// Parses a constraint equation (grammar on `EquationParser`) and adds it under `identifier`.
    ///
    /// `addEquation("picker.top == root.safeArea.top + 400 @750", identifier: "pickerTop")` adds
    /// `picker.top == root.safeArea.top × 1 + 400` at priority 750.
    /// - Throws: `ConstraintParseError` for syntax (`equation-syntax`), an unknown attribute or an unknown
    ///   item, each with its offset; `LayoutError` for what `add(_:)` refuses (`invalidPairing`,
    ///   `invalidPriority`, `duplicateIdentifier`, …). Nothing is added then.
    @discardableResult
    public func addEquation(_ equation: String, identifier: String, isActive: Bool = true) throws -> LayoutConstraint {
        let description = try EquationParser.parse(equation)
        return try addAtomically([description], identifiers: [identifier], isActive: isActive) { name, position in
            var error = ConstraintParseError(.equation, .unknownItem, "no view or layout guide named '\(name)'",
                                             text: equation, position: position ?? 0)
            error.name = name
            return error
        }[0]
    }

    /// Adds the constraints of a Visual Format Language string, as `NSLayoutConstraint.constraints(
    /// withVisualFormat:options:metrics:views:)` followed by `activate` (grammar and constraint shapes on
    /// `VisualFormat`; Apple, Auto Layout Guide, "Visual Format Language").
    ///
    /// `|` is the superview of the view next to it. A lone `-` is 8 points between views and 20 to the
    /// superview's edge.
    /// - Parameters:
    ///   - format: e.g. `"H:|-[a]-[b(==a)]-|"`.
    ///   - metrics: numbers (points or priorities) by name.
    ///   - views: item name by view name, as UIKit's views dictionary; nil means the names are view ids.
    ///   - options: alignment and direction options.
    ///   - idPrefix: the ids are `idPrefix1`, `idPrefix2`, …; nil picks `vfl-N-` with N one more than
    ///     any `vfl-N-` prefix in use.
    /// - Returns: the added constraints in the order `VisualFormat.constraints` gives (possibly none).
    /// - Throws: `ConstraintParseError` (syntax as `vfl-syntax`, unknown views, metrics or items, `|`
    ///   without a superview, options on the wrong axis), each with its offset in `format`; `LayoutError`
    ///   for what `add(_:)` refuses. Nothing is added then.
    @discardableResult
    public func addVisualFormat(_ format: String, metrics: [String: Double] = [:], views: [String: String]? = nil,
                                options: VisualFormatOptions = [], idPrefix: String? = nil) throws -> [LayoutConstraint]
    {
        let parsed = try VisualFormatParser.parse(format)
        let names = views ?? Dictionary(uniqueKeysWithValues: viewsByID.keys.map { ($0, $0) })
        let descriptions = try parsed.constraints(metrics: metrics, views: names, options: options) { name in
            switch item(spelled: name) {
            case let view as View: view.superview?.identifier
            case let guide as LayoutGuide: guide.owningView.identifier
            default: nil
            }
        }
        let prefix = idPrefix ?? nextVisualFormatPrefix()
        let identifiers = descriptions.indices.map { "\(prefix)\($0 + 1)" }
        return try addAtomically(descriptions, identifiers: identifiers, isActive: true) { name, position in
            ConstraintParseError(.visualFormat, .unknownItem, "no view or layout guide named '\(name)'", text: format,
                                 position: position ?? 0)
        }
    }

    /// `vfl-N-` with N one more than the largest N of the ids in use.
    func nextVisualFormatPrefix() -> String {
        var largest = 0
        for id in constraintsByID.keys where id.hasPrefix("vfl-") {
            let number = id.dropFirst(4).prefix { $0.isASCII && $0.isNumber }
            if let value = Int(number), id.dropFirst(4 + number.count).first == "-" { largest = max(largest, value) }
        }
        return "vfl-\(largest + 1)-"
    }

    /// Builds and checks every constraint before adding any.
    private func addAtomically(_ descriptions: [ConstraintDescription], identifiers: [String], isActive: Bool,
                               unknownItem: (String, Int?) -> Error) throws -> [LayoutConstraint] {
        guard descriptions.count == identifiers.count else {
            throw LayoutError.invalidValue("\(identifiers.count) identifiers for \(descriptions.count) constraints")
        }
        var seen = Set<String>()
        var made: [LayoutConstraint] = []
        for (description, id) in zip(descriptions, identifiers) {
            try Self.validate(identifier: id)
            guard constraintsByID[id] == nil, seen.insert(id).inserted else { throw LayoutError.duplicateIdentifier(id) }
            guard let first = item(spelled: description.firstItem) else {
                throw unknownItem(description.firstItem, description.firstItemPosition)
            }
            var second: LayoutItem?
            if let name = description.secondItem {
                guard let resolved = item(spelled: name) else { throw unknownItem(name, description.secondItemPosition) }
                second = resolved
            }
            let constraint = LayoutConstraint(
                identifier: id, item: first, attribute: description.firstAttribute, relatedBy: description.relation,
                toItem: second, attribute: description.secondAttribute, multiplier: description.multiplier,
                constant: description.constant, priority: description.priority, isActive: isActive)
            _ = try ConstraintExpression.make(for: constraint, resolve: resolve)
            made.append(constraint)
        }
        var added: [LayoutConstraint] = []
        do {
            for constraint in made {
                try add(constraint)
                added.append(constraint)
            }
        } catch {
            for constraint in added.reversed() { try? removeConstraint(constraint.identifier) }
            throw error
        }
        return made
    }
}
