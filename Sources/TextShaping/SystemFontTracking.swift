/// The tracking Apple's system font applies by itself at each point size, which Core Text adds to
/// every character's advance (San Francisco's size-specific tracking: Apple, Human Interface
/// Guidelines, "Typography", the SF Pro tracking table; 1/1000 em per point size). Inter has no such
/// table, so the measurer adds these values to Inter's advances: without them Inter measures 4–6 %
/// wider than Xcode at 17 pt (docs/INTERFACE-BUILDER.md, "Measured text widths").
public enum SystemFontTracking {
    /// Tracking in 1/1000 em for the whole point sizes 6…79 (index 0 is 6 pt); from 80 pt on it is 0.
    static let table: [Double] = [
        41, 34, 26, 19, 12, 6, 0, -6, -11, -16, -20, -26, -25, -24, -23, -18, -12, -4, 3, 6, 8, 11,  // 6…27
        14, 14, 14, 13, 13, 12, 12, 11, 10, 10, 10, 10, 10, 9, 9, 9, 8, 8, 8, 8, 8, 7, 7, 7, 6, 6,  // 28…53
        5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,              // 54…79
    ]

    /// Points added after every character at `size` points: the table's value × size / 1000, linearly
    /// interpolated between whole sizes; sizes below 6 pt take 6 pt's value, 80 pt and above 0.
    public static func tracking(size: Double) -> Double {
        guard size.isFinite, size > 0 else { return 0 }
        let position = min(max(size, 6), 79) - 6
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, table.count - 1)
        let fraction = position - Double(lower)
        let perMille = size >= 80 ? 0 : table[lower] + (table[upper] - table[lower]) * fraction
        return perMille * size / 1000
    }
}
