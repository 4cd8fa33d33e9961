/// Doubling ratios measured paired (`solver-bench --doubling`): layouts of N = 1,000, 2,000 and 4,000
/// are built and resized in interleaved rounds, each round timing every size once, so a change in the
/// machine's speed during the run hits the three sizes alike. The per-case table times each size minutes
/// apart, and on a shared machine the ratio of two such times carries the drift in between.
struct Doubling {
    static let sizes = [1000, 2000, 4000]

    let kind: LayoutKind
    /// Medians per size, µs: whole builds and single smooth resizes.
    var build: [Double] = []
    var smooth: [Double] = []

    /// Build ratios (2,000 / 1,000, 4,000 / 2,000), then smooth-resize ratios.
    var ratios: (build: (Double, Double), smooth: (Double, Double)) {
        ((build[1] / build[0], build[2] / build[1]), (smooth[1] / smooth[0], smooth[2] / smooth[1]))
    }

    /// Runs `buildRounds` interleaved rounds of builds (the last round's layouts are kept and checked),
    /// then `resizeRounds` interleaved rounds of 400 smooth resizes per size, checked before and after.
    init(_ kind: LayoutKind, buildRounds: Int = 5, resizeRounds: Int = 15) throws {
        self.kind = kind
        var buildSamples = [[Double]](repeating: [], count: Self.sizes.count)
        var layouts: [BoxLayout] = []
        for round in 0..<buildRounds {
            for (i, n) in Self.sizes.enumerated() {
                var fresh: BoxLayout! = nil
                buildSamples[i].append(try timeMicros {
                    fresh = BoxLayout(kind, n)
                    try fresh.build()
                })
                try fresh.verify("after building")
                if round == buildRounds - 1 { layouts.append(fresh) }
            }
        }
        for layout in layouts {
            try layout.resize(BoxLayout.smoothWidth(7))
            try layout.verify("smooth resize")
        }
        var smoothSamples = [[Double]](repeating: [], count: Self.sizes.count)
        var step = [Int](repeating: 0, count: Self.sizes.count)
        for _ in 0..<resizeRounds {
            for (i, layout) in layouts.enumerated() {
                let ops = 400
                let t = try timeMicros {
                    for _ in 0..<ops {
                        step[i] += 1
                        try layout.resize(BoxLayout.smoothWidth(step[i]))
                    }
                }
                smoothSamples[i].append(t / Double(ops))
            }
        }
        for layout in layouts { try layout.verify("after smooth resize") }
        build = buildSamples.map(median)
        smooth = smoothSamples.map(median)
    }

    var line: String {
        let r = ratios
        return "doubling \(kind.rawValue) (paired, 1000→2000→4000): build ×\(format(r.build.0, 2)) ×\(format(r.build.1, 2)), "
            + "smooth resize ×\(format(r.smooth.0, 2)) ×\(format(r.smooth.1, 2))"
    }

    var json: String {
        let r = ratios
        return "{\"scenario\": \"\(kind.rawValue)\", \"doubling_build\": [\(format(r.build.0, 3)), \(format(r.build.1, 3))], "
            + "\"doubling_smooth_resize\": [\(format(r.smooth.0, 3)), \(format(r.smooth.1, 3))]}"
    }
}
