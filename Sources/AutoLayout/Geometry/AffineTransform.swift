/// A 2-D affine transform `[a b c d tx ty]`, as `CGAffineTransform`: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty). Angles are in radians. A view's transform applies about its center
/// and never affects Auto Layout.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// `CGAffineTransformMakeTranslation`.
    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// The components as `[a, b, c, d, tx, ty]`, the shape the protocol uses.
    public var components: [Double] { [a, b, c, d, tx, ty] }

    /// Builds a transform from `[a, b, c, d, tx, ty]`; nil unless there are exactly six components.
    public init?(components: [Double]) {
        guard components.count == 6 else { return nil }
        self.init(a: components[0], b: components[1], c: components[2], d: components[3],
                  tx: components[4], ty: components[5])
    }
}
