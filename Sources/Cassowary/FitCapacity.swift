extension Array {
    /// Moves the elements into storage of their own count (as malloc rounds it) when the spare capacity
    /// that growth by doubling left is more than a sixteenth: for tables kept long after they stop
    /// growing (a loaded scene's), where that slack is a quarter of their bytes on average.
    /// - Complexity: O(count) when it moves them, else O(1).
    package mutating func fitCapacity() {
        guard capacity - count > Swift.max(2, count / 16) else { return }
        self = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: self)
        }
    }
}

extension SolverCore {
    /// Gives back the spare capacity of the per-symbol and per-variable tables (`Array.fitCapacity()`).
    /// Values, rows and choices are unchanged.
    /// - Complexity: O(symbols + variables).
    mutating func fitCapacities() {
        symbols.fitCapacities()
        objective.coefficients.fitCapacity()
        slots.fitCapacities()
        infos.fitCapacities()
        scratch.fitCapacity()
        objectiveDirty.fitCapacity()
        evaluation.dropPositions()
        changedSlots = []
    }
}

extension SymbolTable {
    mutating func fitCapacities() {
        kinds.fitCapacity()
        rows.fitCapacity()
        columns.fitCapacity()
        rowIds.fitCapacity()
        owners.fitCapacity()
        queued.fitCapacity()
        dirtyFlags.fitCapacity()
        rowBasics.fitCapacity()
        freeRowIds.fitCapacity()
    }
}

extension Solver {
    /// Gives back the spare capacity growth left in the solver's tables, for a solver that is done
    /// growing for a while (a scene just loaded): about a quarter of the bytes of its per-symbol tables.
    /// Solutions, speed and later growth are unchanged.
    /// - Complexity: O(symbols + variables).
    public func fitCapacities() {
        core.fitCapacities()
    }
}
