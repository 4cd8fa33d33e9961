import AutoLayout

/// A device the root view can take the shape of: its size in points, safe area per orientation and
/// screen scale (Apple, Human Interface Guidelines, "Layout: Specifications").
struct Device: Sendable {
    enum Orientation: String, Sendable { case portrait, landscape }

    let name: String
    let title: String
    /// Portrait size (points).
    let size: Size
    let scale: Double
    let portraitSafeArea: EdgeInsets
    let landscapeSafeArea: EdgeInsets
    /// The system keyboard's height (points) in portrait and landscape, home-indicator area included:
    /// approximations of the English keyboard without the predictive bar.
    let keyboardHeights: (portrait: Double, landscape: Double)

    func keyboardHeight(in orientation: Orientation) -> Double {
        orientation == .portrait ? keyboardHeights.portrait : keyboardHeights.landscape
    }

    /// The root size in `orientation`.
    func size(in orientation: Orientation) -> Size {
        orientation == .portrait ? size : Size(width: size.height, height: size.width)
    }

    func safeArea(in orientation: Orientation) -> EdgeInsets {
        orientation == .portrait ? portraitSafeArea : landscapeSafeArea
    }

    /// The presets, smallest first. Landscape phones hide the status bar; notched phones keep the
    /// sensor housing's inset on the side it is on and the home indicator's 21 pt at the bottom.
    static let presets: [Device] = [
        Device(name: "iphone-se", title: "iPhone SE", size: Size(width: 320, height: 568), scale: 2,
               portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: .zero,
               keyboardHeights: (216, 162)),
        Device(name: "iphone-8", title: "iPhone 8", size: Size(width: 375, height: 667), scale: 2,
               portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: .zero,
               keyboardHeights: (216, 162)),
        Device(name: "iphone-x", title: "iPhone X", size: Size(width: 375, height: 812), scale: 3,
               portraitSafeArea: EdgeInsets(top: 44, bottom: 34),
               landscapeSafeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44),
               keyboardHeights: (291, 171)),
        Device(name: "iphone-15-pro-max", title: "iPhone 15 Pro Max", size: Size(width: 430, height: 932),
               scale: 3, portraitSafeArea: EdgeInsets(top: 59, bottom: 34),
               landscapeSafeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59),
               keyboardHeights: (291, 171)),
        Device(name: "ipad", title: "iPad Air", size: Size(width: 820, height: 1180), scale: 2,
               portraitSafeArea: EdgeInsets(top: 24, bottom: 20),
               landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
               keyboardHeights: (313, 398)),
    ]

    static func named(_ name: String) -> Device? { presets.first { $0.name == name } }
}
