import AutoLayout
import Foundation

/// `animate`, `keyboard`, `clock` and `advance`.
extension Session {
    /// `{"type":"animate","duration":0.25,"delay":0,"curve":…,"ops":[…]}`: runs the ops inside an
    /// animation block; `animationEnd` answers when its animations end.
    func animate(_ message: Fields, turn: Turn, depth: Int) throws {
        let ops = try message.objects("ops") ?? []
        let (curve, springDuration) = try Self.curve(message, default: .easeInOut)
        let duration = try Self.seconds(message, "duration") ?? springDuration ?? 0.25
        let delay = try Self.seconds(message, "delay") ?? 0
        var options = try Self.animationOptions(message)
        // An explicit duration or curve on a nested block counts as overriding the outer one.
        if message.has("duration") { options.insert(.overrideInheritedDuration) }
        if message.has("curve") { options.insert(.overrideInheritedCurve) }
        let repeatCount = try message.number("repeatCount")
        if let repeatCount, !(repeatCount > 0 && repeatCount <= 1e6) {
            throw ProtocolError.invalid("repeatCount", "a number of cycles in (0, 1e6]")
        }
        // The top-level message's answer is on its turn (`handle` asked it); a nested block asks here.
        if try (depth == 0 ? turn.isSingleChangeAnimate : nil) ?? Self.isSingleChangeAnimate(message) {
            try checkBeforeChanging(message, ops: ops, turn: turn)
        }
        // A step rebuilt for the presenter (`Session+Steps.swift`) lands at once: no block animates.
        let group = try scene.engine.animate(duration: animatesInstantly ? 0 : duration,
                                             delay: animatesInstantly ? 0 : delay, curve: curve, options: options,
                                             repeatCount: repeatCount) {
            try run(ops, turn: turn, depth: depth)
        }
        track(group, for: turn)
    }

    /// What could refuse an unrehearsed `animate` of one change (`isSingleChangeAnimate`) after its set
    /// changed the model, checked before the block opens: a field of the block no one read (its own
    /// fields are all read by now), the ops' count and work against the message's limits (what
    /// `Turn.count(work:op:)` would refuse between them), and the view each `layoutIfNeeded` names.
    /// - Throws: `unknown-field`, `too-many-ops`, `too-complex`, `unknown-view`; nothing has changed then.
    func checkBeforeChanging(_ message: Fields, ops: [Fields], turn: Turn) throws {
        try checkFieldsRead(ofAllBut: "ops", in: message)
        var work = 0
        for op in ops { work += workCost(of: MessageType.named[try op.string("type") ?? ""], op) }
        try turn.checkRoom(ops: ops.count, work: work)
        for op in ops.dropFirst() {
            _ = try layoutTarget(op)
            try checkFieldsRead(of: op)
        }
    }

    /// `{"type":"keyboard","show":true,"height":216,"duration":0.25,"curve":"keyboard"}`: moves the
    /// keyboard and the keyboard layout guide in one animation and runs the scene's keyboard handlers
    /// inside it, as UIKit posts `keyboardWillShow`/`keyboardWillHide`/`keyboardWillChangeFrame`.
    func keyboard(_ message: Fields, turn: Turn, depth: Int) throws {
        guard let show = try message.bool("show") else { throw ProtocolError.missing("show", in: "keyboard") }
        let deviceHeight = scene.device.flatMap(Device.named).map { $0.keyboardHeight(in: scene.orientation) }
        let height = show ? try message.number("height") ?? deviceHeight ?? 216 : 0
        guard (0...2000).contains(height) else { throw ProtocolError.invalid("height", "between 0 and 2000 points") }
        let duration = try Self.seconds(message, "duration") ?? 0.25
        let (curve, _) = try Self.curve(message, default: .keyboard)
        try moveKeyboard(show: show, height: height, duration: duration, curve: curve, turn: turn, depth: depth)
    }

    /// Moves the keyboard to `height` points in one block of `duration` seconds on `curve`, running the
    /// scene's keyboard handlers inside it (see `keyboard(_:turn:depth:)`).
    func moveKeyboard(show: Bool, height: Double, duration: Double, curve: TimingCurve, turn: Turn,
                      depth: Int) throws {
        let names = [show ? "keyboardWillShow" : "keyboardWillHide", "keyboardWillChangeFrame"]
        // `heightAboveSafeArea` is the keyboard handlers' `keyboardFrame.height − view.safeAreaInsets.bottom`:
        // the inset a scroll view that already adds the bottom safe area needs.
        let aboveSafeArea = max(0, height - scene.engine.safeAreaInsets.bottom)
        let values: [String: Double] = ["$keyboard.height": height, "$keyboard.duration": duration,
                                        "$keyboard.heightAboveSafeArea": aboveSafeArea]
        let engine = scene.engine
        let group = try engine.animate(duration: animatesInstantly ? 0 : duration, curve: curve) {
            try layoutCall { try engine.setKeyboard(height: height) }
            for name in names {
                let ops = (scene.keyboardHandlers[name] ?? []).map { Fields(Self.substitute(values, in: $0)) }
                try run(ops, turn: turn, depth: depth)
            }
            engine.layoutIfNeeded()
        }
        track(group, for: turn)
    }

    /// `{"type":"clock","mode":"manual"|"realtime","fps":60,"speed":1}`.
    func setClock(_ message: Fields) throws {
        let mode = try message.string("mode").map { name in
            guard let value = Clock.Mode(rawValue: name) else {
                throw ProtocolError.invalid("mode", "\"realtime\" or \"manual\"")
            }
            return value
        }
        let speed = try message.number("speed")
        if let speed, !(0.01...10).contains(speed) {
            throw ProtocolError.invalid("speed", "a factor between 0.01 and 10 (0.1 is Slow Animations)")
        }
        if let mode { clock.set(mode, now: transportTime) }
        if let speed { clock.setSpeed(speed, now: transportTime) }
        scene.engine.keepsTimeline = clock.isStopped
        if let fps = try message.number("fps") {
            guard [30, 60, 120].contains(fps) else { throw ProtocolError.invalid("fps", "30, 60 or 120") }
            clock.framesPerSecond = Int(fps)
        }
    }

    /// `{"type":"advance","seconds":0.125}`: moves the manual (or paused) clock.
    func advance(_ message: Fields) throws {
        guard clock.isStopped else {
            throw ProtocolError("clock-not-manual", "advance needs the manual clock: send {\"type\":\"clock\",\"mode\":\"manual\"}")
        }
        guard let seconds = try Self.seconds(message, "seconds") else {
            throw ProtocolError.missing("seconds", in: "advance")
        }
        clock.advance(by: seconds)
        scene.engine.advance(to: clock.time(at: transportTime))
    }

    /// Reads `options`: an array of `UIView.AnimationOptions` names.
    static func animationOptions(_ message: Fields) throws -> AnimationOptions {
        guard let raw = message.any("options") else { return [] }
        let names = AnimationOptions.named.map(\.0).joined(separator: ", ")
        guard let list = raw as? [Any] else { throw ProtocolError.invalid("options", "an array of: \(names)") }
        var options: AnimationOptions = []
        for item in list {
            guard let name = item as? String, let option = AnimationOptions.named.first(where: { $0.0 == name })?.1 else {
                throw ProtocolError.invalid("options", "an array of: \(names)")
            }
            options.insert(option)
        }
        return options
    }

    /// A duration field: seconds in 0…3600.
    static func seconds(_ message: Fields, _ key: String) throws -> Double? {
        guard let value = try message.number(key) else { return nil }
        guard (0...3600).contains(value) else { throw ProtocolError.invalid(key, "between 0 and 3600 seconds") }
        return value
    }

    /// Reads `curve`: a name, `{"spring":{"damping":…,"velocity":…}}` (UIKit's damping ratio form),
    /// `{"spring":{"mass":…,"stiffness":…,"damping":…,"velocity":…}}` (CASpringAnimation's form, whose
    /// settling duration becomes the default duration) or `{"bezier":[x1,y1,x2,y2]}`.
    static func curve(_ message: Fields, default fallback: TimingCurve) throws -> (TimingCurve, Double?) {
        guard let raw = message.any("curve") else { return (fallback, nil) }
        if let name = raw as? String {
            let named: [String: TimingCurve] = ["easeInOut": .easeInOut, "easeIn": .easeIn, "easeOut": .easeOut,
                                                "linear": .linear, "keyboard": .keyboard]
            guard let curve = named[name] else {
                throw ProtocolError.invalid("curve", "easeInOut, easeIn, easeOut, linear, keyboard, {\"spring\":…} or {\"bezier\":…}")
            }
            return (curve, nil)
        }
        let object = try message.object("curve") ?? Fields([:])
        if let points = try object.numbers("bezier", count: 4) {
            guard (0...1).contains(points[0]), (0...1).contains(points[2]) else {
                throw ProtocolError.invalid("curve.bezier", "[x1, y1, x2, y2] with x1 and x2 in 0…1")
            }
            return (.bezier(CubicBezier(points[0], points[1], points[2], points[3])), nil)
        }
        guard let spring = try object.object("spring") else {
            throw ProtocolError.invalid("curve", "a curve name, {\"spring\":…} or {\"bezier\":…}")
        }
        let velocity = try spring.number("velocity") ?? 0
        let damping = try spring.number("damping") ?? 1
        guard damping >= 0, abs(velocity) <= 1000, damping <= 1e6 else {
            throw ProtocolError.invalid("curve.spring", "a damping ≥ 0 and a velocity within ±1000")
        }
        if spring.has("mass") || spring.has("stiffness") {
            let mass = try spring.number("mass") ?? 1
            let stiffness = try spring.number("stiffness") ?? 100
            guard mass > 0, stiffness > 0, mass <= 1e6, stiffness <= 1e6 else {
                throw ProtocolError.invalid("curve.spring", "a mass and a stiffness in (0, 1e6]")
            }
            let value = Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
            return (.spring(value), value.settlingDuration)
        }
        let duration = try seconds(message, "duration") ?? 0.25
        return (.spring(Spring(dampingRatio: damping, initialVelocity: velocity, duration: duration)), nil)
    }

    /// Replaces `"$keyboard.height"` (or `"-$keyboard.height"`) style strings by their numbers.
    static func substitute(_ values: [String: Double], in object: [String: Any]) -> [String: Any] {
        func replace(_ value: Any) -> Any {
            if let text = value as? String {
                if let number = values[text] { return number }
                if text.hasPrefix("-"), let number = values[String(text.dropFirst())] { return -number }
                return text
            }
            if let array = value as? [Any] { return array.map(replace) }
            if let dictionary = value as? [String: Any] { return dictionary.mapValues(replace) }
            return value
        }
        return object.mapValues(replace)
    }
}
