import AutoLayout
import Foundation

/// `ambiguity`, `exerciseAmbiguity`, `convert` and `device`.
extension Session {
    /// `{"type":"ambiguity"}`: which views have an ambiguous layout on which axis
    /// (`hasAmbiguousLayout`), and which scroll views have an ambiguous scrollable content size, as
    /// Xcode reports it. Answers `{"type":"ambiguity","views":{"id":["horizontal"|"vertical"]},
    /// "scrollableContentSize":{"id":{"axes":[…],"message":"Scrollable content size is ambiguous for …"}}}`.
    func ambiguity() -> [String: Any] {
        var views: [String: Any] = [:]
        for (view, axes) in scene.engine.ambiguousViews() {
            views[view.identifier] = axes.map(\.rawValue).sorted()
        }
        var scrollViews: [String: Any] = [:]
        for (view, axes) in scene.engine.scrollViewsWithAmbiguousContentSize() {
            scrollViews[view.identifier] = [
                "axes": axes.map(\.rawValue).sorted(),
                "message": LayoutEngine.scrollableContentSizeMessage(for: view, axes: axes),
            ]
        }
        return ["type": "ambiguity", "views": views, "scrollableContentSize": scrollViews]
    }

    /// `{"type":"exerciseAmbiguity","view":"id"}` (every ambiguous view without `view`): shows another
    /// layout that satisfies the constraints equally well, as `exerciseAmbiguityInLayout`.
    func exerciseAmbiguity(_ message: Fields) throws {
        var target: View?
        if let id = try message.string("view") {
            guard let view = scene.engine.view(id) else { throw ProtocolError(.unknownView(id)) }
            target = view
        }
        scene.engine.exerciseAmbiguity(in: target)
    }

    /// `{"type":"convert","rect":[x,y,w,h],"from":"a","to":"b"}` (either end may be omitted or null
    /// for the window): answers `{"type":"convert","rect":[…]}` as `UIView.convert(_:from:)`.
    func convert(_ message: Fields) throws -> [String: Any] {
        guard let values = try message.numbers("rect", count: 4), let rect = Rect(components: values) else {
            throw ProtocolError.missing("rect", in: "convert")
        }
        func view(_ key: String) throws -> View? {
            guard let id = try message.string(key) else { return nil }
            guard let view = scene.engine.view(id) else { throw ProtocolError(.unknownView(id)) }
            return view
        }
        let converted = scene.engine.convert(rect, from: try view("from"), to: try view("to"))
        guard let converted else {
            throw ProtocolError("invalid-value", "a transform on the way cannot be inverted")
        }
        return ["type": "convert", "rect": MicroPoints.rounded(converted.components)]
    }

    /// `{"type":"device","name":"iphone-x","orientation":"landscape","duration":0.4}`: gives the root
    /// the device's size, safe area and scale, animating the change like a rotation (0.4 s easeInOut
    /// by default; `"duration": 0` jumps). A keyboard that is up takes the new device's height over the
    /// same time, with the scene's keyboard handlers, as on a device that rotates.
    func device(_ message: Fields, turn: Turn, depth: Int) throws {
        let name = try message.string("name") ?? scene.device ?? "iphone-8"
        guard let device = Device.named(name) else {
            throw ProtocolError("unknown-device", "no device named '\(name.prefix(64))'; see hello.devices")
        }
        let orientationName = try message.string("orientation") ?? Device.Orientation.portrait.rawValue
        guard let orientation = Device.Orientation(rawValue: orientationName) else {
            throw ProtocolError.invalid("orientation", "\"portrait\" or \"landscape\"")
        }
        let duration = try Self.seconds(message, "duration") ?? 0.4
        let engine = scene.engine
        try layoutCall { try engine.setScale(device.scale) }
        let group = try engine.animate(duration: duration) {
            try layoutCall {
                try engine.setRootSize(device.size(in: orientation))
                try engine.setSafeArea(device.safeArea(in: orientation))
            }
            engine.layoutIfNeeded()
        }
        track(group, for: turn)
        scene.device = device.name
        scene.orientation = orientation
        if engine.keyboardHeight > 0 {
            try moveKeyboard(show: true, height: device.keyboardHeight(in: orientation), duration: duration,
                             curve: .easeInOut, turn: turn, depth: depth)
        }
    }
}
