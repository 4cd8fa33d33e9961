import AutoLayout

/// The device an Interface Builder document is laid out for (`<device id="retina4_7"
/// orientation="portrait">`): Xcode's device ids mapped to screen size, scale and safe area, and to
/// the playground's preset when one matches. Sizes and insets are Apple's published screen
/// specifications (Human Interface Guidelines, "Layout: Specifications"); the insets are those of the
/// iOS version each Xcode that writes the id simulates. Landscape phones hide the status bar;
/// notched phones keep the sensor housing's inset on its side and the home indicator's 21 pt.
struct IBDevice: Sendable {
    let ibID: String
    /// Portrait size (points).
    let size: Size
    let scale: Double
    let portraitSafeArea: EdgeInsets
    let landscapeSafeArea: EdgeInsets
    /// The matching preset of `Device.presets`, if any.
    let preset: String?
    let isPad: Bool

    func size(landscape: Bool) -> Size { landscape ? Size(width: size.height, height: size.width) : size }
    func safeArea(landscape: Bool) -> EdgeInsets { landscape ? landscapeSafeArea : portraitSafeArea }

    /// Size classes UIKit gives a full-screen view on this device: iPads are regular both ways; phones
    /// are compact wide and regular tall in portrait, compact tall in landscape, where the widest
    /// phones (Plus, Max, 6.1″ LCD) are regular wide.
    func traits(landscape: Bool) -> (width: String, height: String) {
        if isPad { return ("regular", "regular") }
        if !landscape { return ("compact", "regular") }
        return (size.width >= 414 ? "regular" : "compact", "compact")
    }

    /// The device for `id`, or nil for an id this table does not know.
    static func named(_ id: String) -> IBDevice? { table.first { $0.ibID == id } }

    /// The fallback when a document names no device or one this table lacks: Xcode's long-time default.
    static let fallback = table[2]

    private static func phone(_ id: String, _ width: Double, _ height: Double, scale: Double, top: Double,
                              bottom: Double = 0, preset: String? = nil) -> IBDevice {
        let notched = bottom > 0
        return IBDevice(ibID: id, size: Size(width: width, height: height), scale: scale,
                        portraitSafeArea: EdgeInsets(top: top, left: 0, bottom: bottom, right: 0),
                        landscapeSafeArea: notched ? EdgeInsets(top: 0, left: top, bottom: 21, right: top) : .zero,
                        preset: preset, isPad: false)
    }

    private static func pad(_ id: String, _ width: Double, _ height: Double, rounded: Bool,
                            preset: String? = nil) -> IBDevice {
        let insets = rounded ? EdgeInsets(top: 24, left: 0, bottom: 20, right: 0) : EdgeInsets(top: 20)
        return IBDevice(ibID: id, size: Size(width: width, height: height), scale: 2, portraitSafeArea: insets,
                        landscapeSafeArea: insets, preset: preset, isPad: true)
    }

    static let table: [IBDevice] = [
        phone("retina3_5", 320, 480, scale: 2, top: 20),
        phone("retina4_0", 320, 568, scale: 2, top: 20, preset: "iphone-se"),
        phone("retina4_7", 375, 667, scale: 2, top: 20, preset: "iphone-8"),
        phone("retina5_5", 414, 736, scale: 3, top: 20),
        phone("retina5_9", 375, 812, scale: 3, top: 44, bottom: 34, preset: "iphone-x"),
        phone("retina5_4", 375, 812, scale: 3, top: 50, bottom: 34),
        phone("retina6_1", 414, 896, scale: 2, top: 44, bottom: 34),
        phone("retina6_5", 414, 896, scale: 3, top: 44, bottom: 34),
        phone("retina6_0", 390, 844, scale: 3, top: 47, bottom: 34),
        phone("retina6_7", 428, 926, scale: 3, top: 47, bottom: 34),
        phone("retina6_12", 393, 852, scale: 3, top: 59, bottom: 34),
        phone("retina6_72", 430, 932, scale: 3, top: 59, bottom: 34, preset: "iphone-15-pro-max"),
        pad("ipad9_7", 768, 1024, rounded: false),
        pad("ipad7_9", 768, 1024, rounded: false),
        pad("ipad10_2", 810, 1080, rounded: false),
        pad("ipad10_5", 834, 1112, rounded: false),
        pad("ipad12_9", 1024, 1366, rounded: false),
        pad("ipad10_9rounded", 820, 1180, rounded: true, preset: "ipad"),
        pad("ipad11_0rounded", 834, 1194, rounded: true),
        pad("ipad12_9rounded", 1024, 1366, rounded: true),
    ]
}
