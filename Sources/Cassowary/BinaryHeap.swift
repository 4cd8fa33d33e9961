/// A binary heap (Williams, "Algorithm 232: Heapsort", CACM 7(6), 1964) that pops the element that
/// comes first in `Element`'s order (`<`): the solver's one heap, used for the infeasible queue of dual
/// optimisation (``SymbolHeap``, lowest symbol id first) and for the references an expansion resolves
/// (``StampedSymbol``, highest stamp first). O(log n) per push and pop; ties pop in an order that
/// depends only on the operations performed, so the solver stays deterministic.
struct BinaryHeap<Element: Comparable> {
    /// The heap array: every element comes no earlier than its parent `(i - 1) / 2`.
    private(set) var elements: [Element] = []

    /// Whether the heap holds no element.
    var isEmpty: Bool { elements.isEmpty }
    /// Number of elements held.
    var count: Int { elements.count }

    /// Adds `element` (sift-up).
    @inline(__always) mutating func push(_ element: Element) {
        elements.append(element)
        var i = elements.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if !(elements[i] < elements[parent]) { break }
            elements.swapAt(parent, i)
            i = parent
        }
    }

    /// Removes and returns the first element in `Element`'s order; nil when empty.
    @inline(__always) mutating func popFirst() -> Element? {
        guard let last = elements.popLast() else { return nil }
        guard !elements.isEmpty else { return last }
        let top = elements[0]
        elements[0] = last
        var i = 0
        let n = elements.count
        while true {
            let l = 2 * i + 1
            if l >= n { break }
            let r = l + 1
            let c = r < n && elements[r] < elements[l] ? r : l
            if !(elements[c] < elements[i]) { break }
            elements.swapAt(i, c)
            i = c
        }
        return top
    }

    /// Removes every element, keeping the storage.
    mutating func removeAll() { elements.removeAll(keepingCapacity: true) }
}

/// The queue of infeasible rows of dual optimisation: basic symbol ids, popped lowest id first
/// (deterministic, as a linear scan for the minimum was, but O(log n) per operation, so a resize that
/// makes thousands of rows infeasible does not cost a quadratic scan).
typealias SymbolHeap = BinaryHeap<Int>

/// A basic symbol and its row's stamp, ordered by decreasing stamp: expansion resolves references
/// highest stamp first (see ``SolverCore/expand(_:)``), so each basic symbol is expanded once.
struct StampedSymbol: Comparable {
    /// The stamp of the symbol's row.
    var stamp: Float
    /// The basic symbol.
    var symbol: Int

    /// Whether `a` pops before `b`: it has the higher stamp (symbols do not take part in the order).
    static func < (a: StampedSymbol, b: StampedSymbol) -> Bool { a.stamp > b.stamp }
    /// Whether neither pops before the other (equal stamps), as `Comparable` requires of `<`.
    static func == (a: StampedSymbol, b: StampedSymbol) -> Bool { a.stamp == b.stamp }
}
