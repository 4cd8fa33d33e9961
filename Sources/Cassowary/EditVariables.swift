/// The edit variables (paper §3.4): each one's record by variable id, and the copies of their markers'
/// columns (``MarkerColumn``), whose entries are reused after a removal.
struct EditVariables {
    /// Each edit variable's record, by ``Variable/id``.
    var infos = IdentityTable<EditInfo>()
    /// The marker column of each edit variable (at ``EditInfo/column``).
    var markerColumns: [MarkerColumn] = []
    /// Entries of `markerColumns` no edit variable uses.
    private var freeMarkerColumns: [Int] = []

    /// An entry of `markerColumns` for a new edit variable: a freed one, else a new one.
    mutating func allocateColumn() -> Int {
        if let free = freeMarkerColumns.popLast() { return free }
        markerColumns.append(MarkerColumn())
        return markerColumns.count - 1
    }

    /// Removes the record of the edit variable with id `id` and frees its column; nil if there is none.
    mutating func remove(_ id: Int) -> EditInfo? {
        guard let edit = infos.removeValue(forKey: id) else { return nil }
        markerColumns[edit.column] = MarkerColumn()
        freeMarkerColumns.append(edit.column)
        return edit
    }
}

/// What the solver remembers about an edit variable.
struct EditInfo {
    /// The edit constraint `variable == value`.
    var constraint: Constraint
    /// The last suggested value.
    var value: Double
    /// The edit constraint's bookkeeping (its constant is not tracked here: edit constraints are internal).
    var info: ConstraintInfo
    /// Index of the copy of its marker's column in ``EditVariables/markerColumns``.
    var column: Int
}

/// A copy of one marker's column with the coefficients it has in each row: the basic symbols and
/// coefficients, valid while the tableau's cells keep `version`. Repeated suggestions to an edit variable
/// (a drag, a resize) then stream through two dense arrays instead of looking the marker up in every row.
/// The copy is taken only after a suggestion that pivoted nothing, when the cells have not changed since
/// (`quietVersion`): suggestions that pivot every time (enaml's, a resize crossing breakpoints) would pay
/// for copies never reused.
struct MarkerColumn {
    var version = -1
    /// The cells' version at the end of the last suggestion if it pivoted nothing, else -1.
    var quietVersion = -1
    /// Basic symbol of each row, complemented (`~b`) for rows whose sign is never checked.
    var basics: [Int32] = []
    var coefficients: [Double] = []
}
