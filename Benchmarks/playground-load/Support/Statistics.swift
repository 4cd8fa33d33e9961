/// Percentiles and summaries of the samples the load run collects.
struct Summary {
    var count: Int
    var min: Double
    var p5: Double
    var p50: Double
    var p99: Double
    var max: Double
    var mean: Double

    /// Nearest-rank percentiles of `samples` (any order); nil when empty.
    init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        func rank(_ p: Double) -> Double {
            let index = Int((p * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, index))]
        }
        count = sorted.count
        min = sorted[0]
        p5 = rank(0.05)
        p50 = rank(0.50)
        p99 = rank(0.99)
        max = sorted[sorted.count - 1]
        mean = sorted.reduce(0, +) / Double(sorted.count)
    }
}

/// `value` with `digits` decimals.
func fixed(_ value: Double, _ digits: Int = 2) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if digits == 0, let whole = Int(exactly: rounded) { return "\(whole)" }
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    } else if digits > 0 {
        text += "." + String(repeating: "0", count: digits)
    }
    return text
}

/// `bytes` in MiB with one decimal, e.g. `12.5 MB`.
func megabytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1_048_576, 1) + " MB" }
