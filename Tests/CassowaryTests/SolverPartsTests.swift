import Testing
@testable import Cassowary

/// The parts the solver core is made of, each on its own: the symbol table, the objective, the row
/// store and the journal. Expected values are worked out by hand in the comments.
@Suite struct SolverParts {
    @Test func symbolTableAppendsTruncatesAndNumbersRows() {
        var table = SymbolTable()
        #expect(table.append(.external) == 0)
        #expect(table.append(.slack) == 1)
        #expect(table.append(.error) == 2)
        // Every per-symbol array grew with the symbols.
        #expect(table.count == 3 && table.rows.count == 3 && table.columns.count == 3)
        #expect(table.rowIds == [-1, -1, -1] && table.queued == [false, false, false])

        // Rows numbered 0 and 1; freeing 0 lets the next row reuse it.
        #expect(table.allocateRowId(for: 0) == 0)
        #expect(table.allocateRowId(for: 2) == 1)
        table.releaseRowId(of: 0)
        #expect(table.rowIds[0] == -1 && table.rowBasics == [-1, 2] && table.freeRowIds == [0])
        #expect(table.allocateRowId(for: 1) == 0)
        #expect(table.rowBasics == [1, 2] && table.freeRowIds.isEmpty)

        // Truncating to 1 symbol drops the entries of symbols 1 and 2 from every array.
        table.truncate(to: 1)
        #expect(table.count == 1 && table.rows.count == 1 && table.columns.count == 1)
        #expect(table.rowIds.count == 1 && table.owners.count == 1 && table.dirtyFlags.count == 1)
        // Row ids are the caller's to restore; with symbol 1's row gone, id 0 is free again.
        table.rowBasics[0] = -1
        table.rebuildFreeRowIds()
        #expect(table.freeRowIds == [0])
    }

    @Test func objectiveInsertsAndDropsLevelsInPriorityOrder() {
        var objective = Objective()
        for _ in 0..<3 { objective.appendSymbol() }
        let weak = objective.level(for: 250)
        objective.coefficients[1 * objective.stride + weak] = 2  // symbol 1: 2 at priority 250
        // A higher priority goes first: the existing level moves to index 1, its coefficients with it.
        let strong = objective.level(for: 750)
        #expect(strong == 0 && objective.level(for: 250) == 1)
        #expect(objective.levels.map(\.priority) == [750, 250])
        #expect(objective.coefficient(1, 1) == 2 && objective.coefficient(0, 1) == 0)
        objective.coefficients[1 * objective.stride + 0] = -1  // symbol 1: -1 at priority 750
        objective.coefficients[2 * objective.stride + 1] = -3  // symbol 2: -3 at priority 250
        // Lexicographic sign: symbol 1 is (-1, 2), negative; symbol 2 is (0, -3), negative; symbol 0 is 0.
        #expect(objective.isLexNegative(1) && objective.isLexNegative(2) && !objective.isLexNegative(0))
        #expect(objective.mentions(1) && !objective.mentions(0))
        #expect(objective.row(1).cells.count == 2 && objective.row(1).coefficient(for: 2) == -3)

        // Dropping priority 750 reports symbol 1 (the only one it mentioned); 250 moves to index 0.
        #expect(objective.removeLevel(0) == [1])
        #expect(objective.levels.map(\.priority) == [250])
        #expect(objective.coefficient(0, 1) == 2 && objective.coefficient(0, 2) == -3)
        // Symbol 1 is now (2): positive.
        #expect(!objective.isLexNegative(1))

        objective.truncate(symbols: 2)
        #expect(objective.coefficients.count == 2 * objective.stride)
    }

    @Test func rowStoreChangesRowsInPlace() {
        var rows = RowStore()
        rows.appendNonBasic()
        rows.appendNonBasic()
        var row = Row(constant: 5)
        row.insert(symbol: 0, coefficient: 3)
        rows[1] = row
        #expect(!rows.hasRow(0) && rows.hasRow(1))
        #expect(rows.constant(0) == nil && rows.constant(1) == 5)
        // 5 + 2.5 = 7.5
        #expect(rows.addToConstant(1, 2.5) == 7.5 && rows.addToConstant(0, 1) == nil)
        #expect(rows.cell(1, 0) == 3 && rows.cell(1, 1) == nil)
        rows.setLazy(1, true)
        #expect(rows.isLazy(1) == true && rows.isLazy(0) == nil)
        rows.setConstant(1, -1)
        #expect(rows.removeCell(1, 0) == 3 && rows[1]?.cells.isEmpty == true && rows[1]?.constant == -1)
        rows.truncate(to: 1)
        #expect(rows.count == 1)
    }

    @Test func journalRecordsOnlyWhileOpen() {
        var journal = Journal()
        journal.recordConstant(3, 1.5)
        journal.record(.levelConstant(level: 0, old: 2))
        #expect(journal.isEmpty && !journal.needsRow(3))
        journal.open()
        #expect(journal.needsRow(3))
        journal.recordRow(3, nil, id: -1)
        journal.recordConstant(3, 1.5)
        journal.record(.coefficient(level: 1, symbol: 4, old: -2))
        #expect(!journal.needsRow(3) && journal.rows.count == 1 && journal.constants.count == 1)
        #expect(journal.objective.count == 1 && !journal.isEmpty)
        journal.clear()
        #expect(journal.isEmpty && !journal.isOpen)
    }
}
