/// A binary min-heap of symbol ids: the queue of infeasible rows of dual optimisation, popped lowest id
/// first (deterministic, as a linear scan for the minimum was, but O(log n) per operation, so a resize
/// that makes thousands of rows infeasible does not cost a quadratic scan).
struct SymbolHeap {
    private(set) var elements: [Int] = []

    var isEmpty: Bool { elements.isEmpty }
    var count: Int { elements.count }

    mutating func push(_ symbol: Int) {
        elements.append(symbol)
        var i = elements.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if elements[parent] <= elements[i] { break }
            elements.swapAt(parent, i)
            i = parent
        }
    }

    /// Removes and returns the lowest id.
    mutating func popMin() -> Int {
        let top = elements[0]
        let last = elements.removeLast()
        if !elements.isEmpty {
            elements[0] = last
            var i = 0
            let n = elements.count
            while true {
                let l = 2 * i + 1
                if l >= n { break }
                let r = l + 1
                let c = r < n && elements[r] < elements[l] ? r : l
                if elements[i] <= elements[c] { break }
                elements.swapAt(i, c)
                i = c
            }
        }
        return top
    }

    mutating func removeAll() { elements.removeAll(keepingCapacity: true) }
}
