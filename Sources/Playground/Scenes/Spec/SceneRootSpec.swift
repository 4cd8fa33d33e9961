import AutoLayout

/// The root view of a scene: its device preset, orientation, size, safe area, margins and scale.
/// Ranges are checked when the scene is built (`SceneReader.scene(from:time:limits:)`).
struct SceneRootSpec: Sendable {
    /// The device preset named by `device`; nil for a plain size.
    var device: Device?
    var orientation: Device.Orientation = .portrait
    /// Points, each in (0, 10000]; 375 × 667 without a device.
    var size = Size(width: 375, height: 667)
    /// Points, each in [0, 10000].
    var safeArea = EdgeInsets()
    /// The root's own margins (inside its safe area unless `insetsLayoutMarginsFromSafeArea` is false).
    var layoutMargins: EdgeInsets?
    var insetsLayoutMarginsFromSafeArea: Bool?
    /// Pixels per point: 1, 2 or 3.
    var scale: Double = 2
    /// Whether the root is a device's screen (a view controller's view at a device's size), which the
    /// page draws in a phone's bezel; nil: a scene with a device, or with a safe area, is one.
    var screen: Bool?
}
