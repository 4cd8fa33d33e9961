/// Rounding to a micro-point (10⁻⁶ pt), the precision frames are sent with: a frame sends a field only
/// when the client would see a different number, and carries no floating-point noise such as
/// `0.30000000000000004`.
public enum MicroPoints {
    /// `value × 10⁶` rounded to an integer, halves to even. Adding and subtracting 1.5 × 2⁵² rounds in
    /// the floating-point unit's default mode, which a frame's few hundred numbers would otherwise pay
    /// a libm call each for; from 2⁵¹ on every double is an integer already. NaN and infinities pass.
    @inlinable @inline(__always)
    public static func scaled(_ value: Double) -> Double {
        let scaled = value * 1e6
        guard abs(scaled) < 0x1p51 else { return scaled }
        return (scaled + 0x1.8p52) - 0x1.8p52
    }

    /// `value` rounded to a micro-point, with −0 written as 0.
    @inlinable @inline(__always)
    public static func rounded(_ value: Double) -> Double { scaled(value) / 1e6 + 0 }

    /// Each of `values` rounded by `rounded(_:)`.
    public static func rounded(_ values: [Double]) -> [Double] { values.map { rounded($0) } }

    /// Each component of `rect` rounded by `rounded(_:)`.
    @inlinable
    public static func rounded(_ rect: Rect) -> Rect {
        Rect(x: rounded(rect.origin.x), y: rounded(rect.origin.y),
             width: rounded(rect.size.width), height: rounded(rect.size.height))
    }

    /// Each number of `state` rounded by `rounded(_:)`.
    public static func rounded(_ state: ViewState) -> ViewState {
        let t = state.transform
        return ViewState(frame: rounded(state.frame), bounds: rounded(state.bounds), alpha: rounded(state.alpha),
                         transform: AffineTransform(a: rounded(t.a), b: rounded(t.b), c: rounded(t.c),
                                                    d: rounded(t.d), tx: rounded(t.tx), ty: rounded(t.ty)))
    }
}
