import Cassowary

/// Adding, changing and removing constraints, and recovering from unsatisfiable ones.
extension LayoutEngine {
    /// Adds a constraint and, when `isActive`, installs it (`isActive = true` / `activate`).
    /// A required constraint that conflicts is kept active but broken and reported by `takeConflicts()`.
    /// - Throws: `duplicateIdentifier`, `invalidIdentifier`, `invalidPairing`, `invalidPriority`,
    ///   `invalidValue`, `noCommonAncestor`; nothing changes then.
    public func add(_ constraint: LayoutConstraint) throws {
        try Self.validate(identifier: constraint.identifier)
        // Entered first and taken out again if refused: one lookup of the id when it is accepted,
        // as nearly every constraint of a document is.
        if let existing = constraintsByID.updateValue(constraint, forKey: constraint.identifier) {
            constraintsByID[constraint.identifier] = existing
            throw LayoutError.duplicateIdentifier(constraint.identifier)
        }
        let made: Cassowary.Constraint
        do {
            try checkInTree(constraint.firstItem)
            if let second = constraint.secondItem { try checkInTree(second) }
            made = try ConstraintExpression.make(for: constraint, resolve: resolve)
        } catch {
            constraintsByID[constraint.identifier] = nil
            throw error
        }
        orderedConstraints.append(constraint)
        noteChange(of: constraint)
        // The expression just validated is the one installed: building it twice cost as much as
        // the solver's own work when a document adds hundreds of constraints.
        if constraint.isActive { install(constraint, made: made) }
        setNeedsLayout()
    }

    /// Throws `unknownItem` unless `item` is a view of this engine's tree (the keyboard is not one) or
    /// a guide of one. By identity, not by name: every constraint added comes through here.
    private func checkInTree(_ item: LayoutItem) throws {
        guard let owner = (item as? View) ?? (item as? LayoutGuide)?.owningView,
              owner !== keyboard, presentationSnapshot.holds(owner) else { throw LayoutError.unknownItem(item.identifier) }
    }

    /// Removes a constraint for good.
    /// - Throws: `unknownConstraint`.
    public func removeConstraint(_ id: String) throws {
        guard let constraint = constraintsByID[id] else { throw LayoutError.unknownConstraint(id) }
        uninstall(constraint)
        forget(constraint)
        healBrokenConstraints()
        setNeedsLayout()
    }

    /// Sets `constant` (points) in place, as assigning `NSLayoutConstraint.constant`; frames follow at
    /// the next layout pass.
    /// - Throws: `unknownConstraint`, `invalidValue` (not finite); nothing changes then.
    public func setConstant(_ constant: Double, of id: String) throws {
        guard let constraint = constraintsByID[id] else { throw LayoutError.unknownConstraint(id) }
        guard constant.isFinite, abs(constant) < 1e9 else {
            throw LayoutError.invalidValue("constant must be a finite number of points under 1e9")
        }
        constraint.constant = constant
        noteChange(of: constraint)
        if let installed = constraint.installed {
            do {
                try solver.setConstant(-constant, of: installed)
            } catch SolverError.unsatisfiableConstraint(_, let conflicting) {
                uninstall(constraint)
                let trigger = try? ConstraintExpression.make(for: constraint, resolve: resolve)
                breakConstraint(constraint, trigger: trigger, conflicting: conflicting)
            } catch {
                // Only a solver fault (internalInconsistency) is left: the solver keeps it
                // (`solverFault`) and the engine's owner rebuilds the engine.
            }
        } else if constraint.isActive {
            install(constraint)
        }
        healBrokenConstraints()
        setNeedsLayout()
    }

    /// Sets the priority, as `NSLayoutConstraint.priority`.
    /// - Throws: `unknownConstraint`, `invalidPriority` (outside (0, 1000]), `requiredPriorityChange`
    ///   (an installed constraint moving between required and optional, which UIKit forbids).
    public func setPriority(_ priority: Double, of id: String) throws {
        guard let constraint = constraintsByID[id] else { throw LayoutError.unknownConstraint(id) }
        guard priority.isFinite, priority > 0, priority <= LayoutConstraint.required else {
            throw LayoutError.invalidPriority(priority)
        }
        let installed = constraint.installed != nil || constraint.isBroken
        if installed, (priority >= LayoutConstraint.required) != constraint.isRequired {
            throw LayoutError.requiredPriorityChange(id)
        }
        uninstall(constraint)
        constraint.priority = priority
        noteChange(of: constraint)
        if constraint.isActive { install(constraint) }
        healBrokenConstraints()
        setNeedsLayout()
    }

    /// Activates or deactivates a constraint, as `NSLayoutConstraint.isActive`.
    /// - Throws: `unknownConstraint`.
    public func setActive(_ active: Bool, of id: String) throws {
        guard let constraint = constraintsByID[id] else { throw LayoutError.unknownConstraint(id) }
        guard active != constraint.isActive else { return }
        constraint.isActive = active
        if active {
            noteChange(of: constraint)
            install(constraint)
        } else {
            uninstall(constraint)
        }
        healBrokenConstraints()
        setNeedsLayout()
    }

    // MARK: Installing

    func resolve(_ item: LayoutItem, _ attribute: LayoutAttribute) -> LayoutItem? {
        guard attribute.isMargin else { return item }
        guard let view = item as? View else { return nil }
        return guide(named: "margins", of: view)
    }

    /// Puts an active constraint into the solver; a required one that conflicts is broken instead.
    /// - Parameter made: the constraint's solver form when the caller has just built it.
    @discardableResult
    func install(_ constraint: LayoutConstraint, reportConflict: Bool = true, made: Cassowary.Constraint? = nil) -> Bool {
        guard constraint.installed == nil,
              let made = made ?? (try? ConstraintExpression.make(for: constraint, resolve: resolve)) else { return false }
        do {
            try solver.addConstraint(made)
            constraint.installed = made
            constraint.isBroken = false
            owners.installed(constraint)
            tagFrameVariables(of: constraint)
            return true
        } catch SolverError.unsatisfiableConstraint(_, let conflicting) {
            if reportConflict { breakConstraint(constraint, trigger: made, conflicting: conflicting) }
            constraint.isBroken = true
            mayHaveBrokenConstraints = true
            return false
        } catch {
            return false
        }
    }

    func uninstall(_ constraint: LayoutConstraint) {
        constraint.isBroken = false
        guard let installed = constraint.installed else { return }
        try? solver.removeConstraint(installed)
        owners.uninstalled(installed)
        constraint.installed = nil
    }

    func forget(_ constraint: LayoutConstraint) {
        if constraint.isInternal {
            engineConstraints.removeValue(forKey: constraint.engineKey)
        } else {
            constraintsByID[constraint.identifier] = nil
            orderedConstraints.removeAll { $0 === constraint }
        }
    }

    /// Marks `constraint` broken and reports a minimal conflicting set: the solver's explanation
    /// shrunk by deletion, each member dropped when the rest still conflicts with `trigger` (the
    /// constraint's solver form with the value that failed).
    private func breakConstraint(_ constraint: LayoutConstraint, trigger: Cassowary.Constraint?,
                                 conflicting: [Cassowary.Constraint]) {
        constraint.isBroken = true
        mayHaveBrokenConstraints = true
        let explanation = conflicting.filter { owners.owner(of: $0) !== constraint }
        let members = trigger.map { ConflictMinimizer(solver: solver).minimize(explanation, against: $0) }
            ?? explanation
        let set = members.compactMap { owners.owner(of: $0) }
        conflicts.append(LayoutConflict(broken: constraint, set: set + [constraint]))
    }

    /// Retries the broken constraints in the order of their last change, earliest first; those that
    /// now fit are installed again. When two broken constraints compete for room a change opened, the
    /// earlier-changed one gets it and the later-changed one stays broken, as if the conflict were
    /// revealed again by the later change. An installed constraint is never taken out for a broken one.
    func healBrokenConstraints() {
        // Every turn heals; most scenes have nothing broken, so skip the scan of every constraint.
        guard mayHaveBrokenConstraints else { return }
        let broken = orderedConstraints.filter { $0.isActive && $0.isBroken }
        for constraint in broken.sorted(by: { $0.lastChange < $1.lastChange }) {
            install(constraint, reportConflict: false)
        }
        mayHaveBrokenConstraints = orderedConstraints.contains { $0.isBroken }
    }

    // MARK: The engine's own constraints

    /// Adds a required constraint the engine owns: `item.attribute == other.attribute + constant`, or
    /// `item.attribute == constant` without `other`, in place of any engine constraint named `id`.
    /// - Parameter isImplicit: a rule of the model that conflict reports leave out
    ///   (`LayoutConstraint.isImplicit`).
    func pinInternal(_ id: String, _ item: LayoutItem, _ attribute: LayoutAttribute, to other: LayoutItem? = nil,
                     attribute otherAttribute: LayoutAttribute? = nil, multiplier: Double = 1,
                     constant: Double, priority: Double = LayoutConstraint.required,
                     relation: LayoutRelation = .equal, isImplicit: Bool = false) {
        let constraint = LayoutConstraint(identifier: id, item: item, attribute: attribute, relatedBy: relation,
                                          toItem: other, attribute: other == nil ? nil : otherAttribute ?? attribute,
                                          multiplier: multiplier, constant: constant, priority: priority)
        constraint.isInternal = true
        replaceInternal(with: constraint, at: .name(id), isImplicit: isImplicit)
    }

    /// `pinInternal(_:_:_:…)` for one of the engine's constraints of `view`, known by its slot and `kind`
    /// and named by the kind only when asked (`ViewConstraintKind.name(of:)`), in place of the one of
    /// the same kind.
    func pinInternal(_ kind: ViewConstraintKind, of view: View, _ attribute: LayoutAttribute,
                     to other: LayoutItem? = nil, attribute otherAttribute: LayoutAttribute? = nil,
                     multiplier: Double = 1, constant: Double, priority: Double = LayoutConstraint.required,
                     relation: LayoutRelation = .equal, isImplicit: Bool = false) {
        // A view outside the tree (removed, its slot given back) has no slot to keep them under.
        guard view.slot >= 0 else { return }
        let constraint = LayoutConstraint(kind: kind, view: view, attribute: attribute, relatedBy: relation,
                                          toItem: other, attribute: otherAttribute, multiplier: multiplier,
                                          constant: constant, priority: priority)
        replaceInternal(with: constraint, at: .view(slot: view.slot, kind), isImplicit: isImplicit)
    }

    /// Installs the engine constraint `constraint` under `key`, taking out the one it replaces.
    private func replaceInternal(with constraint: LayoutConstraint, at key: EngineConstraintKey, isImplicit: Bool) {
        // One lookup of the key for both the replaced constraint and the new one.
        if let old = engineConstraints.updateValue(constraint, forKey: key) { uninstall(old) }
        install(constraint)
        // Marked after installing, so a conflict found while installing still names it.
        constraint.isImplicit = isImplicit
        setNeedsLayout()
    }

    /// Removes an engine constraint if it exists.
    func uninstallInternal(_ key: EngineConstraintKey) {
        guard let old = engineConstraints.removeValue(forKey: key) else { return }
        uninstall(old)
    }

    /// Changes an engine constraint's constant; if that conflicts, the latest-changed user constraint of
    /// the conflicting set is broken instead, since the engine's own constraints describe the device.
    func changeInternal(_ key: EngineConstraintKey, to constant: Double) {
        guard let constraint = engineConstraints[key] else { return }
        constraint.constant = constant
        setNeedsLayout()
        guard let installed = constraint.installed else {
            install(constraint)
            return
        }
        for _ in 0..<16 {
            do {
                try solver.setConstant(-constant, of: installed)
                healBrokenConstraints()
                return
            } catch SolverError.unsatisfiableConstraint(_, let conflicting) {
                let users = conflicting.compactMap { owners.owner(of: $0) }.filter { !$0.isInternal }
                guard let victim = latestChanged(of: users) else { return }
                uninstall(victim)
                let trigger = try? ConstraintExpression.make(for: victim, resolve: resolve)
                let changed = try? ConstraintExpression.make(for: constraint, resolve: resolve)
                breakConstraint(victim, trigger: trigger,
                                conflicting: conflicting.filter { $0 !== installed } + [changed ?? installed])
            } catch {
                return
            }
        }
    }

    /// Stamps `constraint` as the engine's latest change (`LayoutConstraint.lastChange`): called when
    /// it is added, activated, or given a constant or a priority (even its current one: the user
    /// touched it). Deactivating does not stamp: an inactive constraint is neither broken nor retried.
    func noteChange(of constraint: LayoutConstraint) {
        changeClock &+= 1
        constraint.lastChange = changeClock
    }

    /// The constraint of `constraints` changed last, the one a conflict breaks; nil when empty.
    func latestChanged(of constraints: [LayoutConstraint]) -> LayoutConstraint? {
        constraints.max { $0.lastChange < $1.lastChange }
    }
}
