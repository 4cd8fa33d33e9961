/// Numbers as people read them in equations and error messages.
public enum NumberText {
    /// A whole number without a fraction (`-5`, `9`, not `-5.0`), any other finite number in Swift's
    /// shortest form that reads back exactly (`0.5`, `1e-07`); magnitudes from 1e15 up, NaN and
    /// infinities as `String(describing:)` writes them.
    public static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
