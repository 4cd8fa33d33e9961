/// The solver's variables: each gets a dense slot the first time a constraint mentions it, holding the
/// variable, its external symbol and its value after the last ``SolverCore/updateVariables()``. Slots
/// are added (``append(_:symbol:)``), dropped on rollback (``truncate(to:)``) and forgotten on reset (a
/// fresh value) in one place.
struct VariableSlots {
    /// Slot of each variable, by ``Variable/id``.
    private var slotOfVariable = IdentityTable<Int>()
    /// The variable of each slot.
    private(set) var variables: [Variable] = []
    /// The external symbol of each slot.
    private(set) var symbols: [Int] = []
    /// The value of each slot after the last update (0 for slots added since).
    var values: [Double] = []
    /// The owner's tag of each slot (``Solver/setTag(_:of:)``): -1 until the owner gives one.
    private(set) var tags: [Int32] = []

    /// Number of slots.
    var count: Int { symbols.count }

    /// The slot of `variable`, nil if no constraint has mentioned it.
    @inline(__always) func slot(of variable: Variable) -> Int? { slotOfVariable[variable.id] }

    /// Gives `variable` (which has no slot) the next slot, with external symbol `symbol` and value 0.
    mutating func append(_ variable: Variable, symbol: Int) {
        slotOfVariable[variable.id] = symbols.count
        variables.append(variable)
        symbols.append(symbol)
        values.append(0)
        tags.append(-1)
    }

    /// Tags `variable`'s slot; false (nothing changed) when it has none.
    mutating func setTag(_ tag: Int32, of variable: Variable) -> Bool {
        guard let slot = slot(of: variable) else { return false }
        tags[slot] = tag
        return true
    }

    /// Gives back the spare capacity of the slot tables (`Array.fitCapacity()`).
    mutating func fitCapacities() {
        slotOfVariable.fitCapacities()
        variables.fitCapacity()
        symbols.fitCapacity()
        values.fitCapacity()
        tags.fitCapacity()
    }

    /// Drops the slots from `count` on (a rollback forgets the variables its call introduced).
    mutating func truncate(to count: Int) {
        guard symbols.count > count else { return }
        for v in variables[count...] { slotOfVariable.removeValue(forKey: v.id) }
        variables.removeSubrange(count...)
        symbols.removeSubrange(count...)
        values.removeSubrange(count...)
        tags.removeSubrange(count...)
    }
}
