import Testing
@testable import Playground

@Suite struct InspectionTests {
    @Test func ambiguityNamesViewsAndAxes() {
        let client = SessionClient()
        client.send(["type": "load", "scene": [
            "views": [["id": "floating"], ["id": "pinned"]],
            "constraints": [
                ["first": "floating.left", "second": "root.left", "constant": 10],
                ["first": "floating.width", "constant": 100],
                ["first": "floating.height", "constant": 40],
                ["first": "pinned.left", "second": "root.left"], ["first": "pinned.top", "second": "root.top"],
                ["first": "pinned.width", "constant": 10], ["first": "pinned.height", "constant": 10],
            ],
        ]])
        let reply = client.send(["type": "ambiguity", "id": 1]).last ?? [:]
        #expect(reply["type"] as? String == "ambiguity")
        #expect(reply["views"] as? [String: [String]] == ["floating": ["vertical"]])
        let before = client.frame("floating")
        client.send(["type": "exerciseAmbiguity", "view": "floating", "id": 2])
        let after = client.frame("floating")
        // Only y moves, by 20 points either way.
        #expect(after[0] == 10 && after[2] == 100 && after[3] == 40)
        #expect(abs(abs(after[1] - before[1]) - 20) < 1e-6)
    }

    @Test func convertAnswersInTheWindow() {
        let client = SessionClient()
        client.send(["type": "load", "name": "date-picker"])
        client.send(["type": "set", "view": "root", "bounds": [0, 84, 375, 667]])
        // doneButton (299, 8) inside pickerContainer (0, 667) → root (299, 675) → window y − 84 = 591.
        let reply = client.send(["type": "convert", "rect": [0, 0, 60, 30], "from": "doneButton", "id": 3])
        #expect(reply.last?["rect"] as? [Double] == [299, 591, 60, 30])
        let missing = client.send(["type": "convert", "from": "doneButton", "id": 4])
        #expect(missing.last?["code"] as? String == "missing-field")
    }

    @Test func rotatingToLandscapeAnimatesTheRoot() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "scene": [
            "root": ["device": "iphone-x"],
            "views": [["id": "content"]],
            "constraints": [
                ["first": "content.top", "second": "root.safeArea.top"],
                ["first": "content.bottom", "second": "root.safeArea.bottom"],
                ["first": "content.leading", "second": "root.safeArea.leading"],
                ["first": "content.trailing", "second": "root.safeArea.trailing"],
            ],
        ]])
        // Portrait iPhone X: 375 × 812 with 44/34 insets → 375 × 734 at y 44.
        expectFrame(client.frame("content"), [0, 44, 375, 734])
        client.send(["type": "device", "orientation": "landscape", "id": 5])
        client.advance(0.2)
        // Half way (easeInOut 0.5) from (0, 44, 375, 734) to landscape (44, 0, 724, 354).
        expectFrame(client.frame("content"), [22, 22, 549.5, 544])
        expectFrame(client.frame("root"), [0, 0, 593.5, 593.5])
        let end = client.advance(0.2)
        #expect(types(end) == ["frames", "animationEnd", "ok"])
        // Landscape: 812 × 375, insets left/right 44, bottom 21 → 724 × 354.
        expectFrame(client.frame("content"), [44, 0, 724, 354])
        let scene = client.send(["type": "scene", "id": 6]).last?["scene"] as? [String: Any]
        let root = scene?["root"] as? [String: Any]
        #expect(root?["device"] as? String == "iphone-x")
        #expect(root?["orientation"] as? String == "landscape")
        #expect(root?["scale"] as? Double == 3)
        let unknown = client.send(["type": "device", "name": "nokia", "id": 7])
        #expect(unknown.last?["code"] as? String == "unknown-device")
    }

    /// A keyboard that is up when the device rotates takes the landscape height (iPhone 8: 216 → 162)
    /// over the rotation, and sits on the new bottom edge.
    @Test func rotatingWithTheKeyboardUpResizesTheKeyboard() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "scene": ["root": ["device": "iphone-8"], "views": [["id": "a"]]]])
        client.send(["type": "keyboard", "show": true, "duration": 0])
        let keyboard = { client.received.last { $0["keyboard"] != nil }?["keyboard"] as? [Double] ?? [] }
        expectFrame(keyboard(), [0, 451, 375, 216])
        client.send(["type": "device", "orientation": "landscape", "duration": 0, "id": 2])
        expectFrame(keyboard(), [0, 213, 667, 162])
        client.send(["type": "device", "orientation": "portrait", "duration": 0.4, "id": 3])
        client.advance(0.4)
        expectFrame(keyboard(), [0, 451, 375, 216])
    }

    @Test func customGuidesTakePartInConstraints() {
        let client = SessionClient()
        client.send(["type": "load", "scene": ["root": ["size": [300, 100]], "views": [["id": "a"], ["id": "b"]]]])
        client.send(["type": "add", "guide": ["id": "gap", "owner": "root"]])
        let equations: [[String: Any]] = [
            // a | gap | b across 300 points, gap 20 wide, a and b equal: (300 − 20) / 2 = 140 each.
            ["first": "a.left", "second": "root.left"],
            ["first": "root.gap.left", "second": "a.right"],
            ["first": "root.gap.width", "constant": 20],
            ["first": "b.left", "second": "root.gap.right"],
            ["first": "b.right", "second": "root.right"],
            ["first": "b.width", "second": "a.width"],
        ]
        for equation in equations {
            client.send(["type": "add", "constraint": equation])
        }
        for id in ["a", "b"] {
            client.send(["type": "add", "constraint": ["first": "\(id).top", "second": "root.top"]])
            client.send(["type": "add", "constraint": ["first": "\(id).height", "constant": 10]])
        }
        expectFrame(client.frame("a"), [0, 0, 140, 10])
        expectFrame(client.frame("b"), [160, 0, 140, 10])
        let scene = client.send(["type": "scene", "id": 1]).last?["scene"] as? [String: Any]
        #expect(scene?["guides"] as? [[String: String]] == [["id": "gap", "owner": "root"]])
        let duplicate = client.send(["type": "add", "guide": ["id": "safeArea"], "id": 2])
        #expect(duplicate.last?["code"] as? String == "duplicate-id")
        client.send(["type": "remove", "guide": "root.gap"])
        let constraints = (client.send(["type": "scene", "id": 3]).last?["scene"] as? [String: Any])?["constraints"]
        #expect((constraints as? [[String: Any]])?.contains { ($0["first"] as? String)?.hasPrefix("root.gap") == true } == false)
    }

    @Test func autoresizingMaskThroughTheProtocol() {
        let client = SessionClient()
        client.send(["type": "load", "scene": [
            "root": ["size": [300, 200]],
            "views": [["id": "legacy", "frame": [50, 40, 100, 60], "translatesAutoresizingMaskIntoConstraints": true,
                       "autoresizingMask": ["flexibleWidth", "flexibleHeight"]]],
        ]])
        expectFrame(client.frame("legacy"), [50, 40, 100, 60])
        client.send(["type": "set", "view": "root", "bounds": [0, 0, 400, 300]])
        // Only the size is flexible: it takes the whole 100 × 100 growth.
        expectFrame(client.frame("legacy"), [50, 40, 200, 160])
        let bad = client.send(["type": "set", "view": "legacy", "autoresizingMask": ["bendy"], "id": 1])
        #expect(bad.last?["code"] as? String == "invalid-field")
    }
}

@Suite struct FindingsTests {
    @Test func repeatedExerciseKeepsMoving() {
        let client = SessionClient()
        client.send(["type": "load", "scene": [
            "views": [["id": "floating"]],
            "constraints": [["first": "floating.left", "second": "root.left"],
                            ["first": "floating.width", "constant": 10], ["first": "floating.height", "constant": 10]],
        ]])
        var positions = [client.frame("floating")[1]]
        for _ in 0..<3 {
            client.send(["type": "exerciseAmbiguity", "view": "floating", "id": 1])
            positions.append(client.frame("floating")[1])
        }
        // Each exercise moves y by 20 from where the previous one left it.
        for (before, after) in zip(positions, positions.dropFirst()) { #expect(abs(abs(after - before) - 20) < 1e-6) }
        #expect(Set(positions).count == 4)
    }

    @Test func brokenConstraintsStayBrokenAcrossExportAndLoad() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        client.send(["type": "add", "constraint": ["id": "navHeight2", "first": "navView.height", "constant": 100]])
        client.send(["type": "set", "constraint": "navHeight", "active": false])
        client.send(["type": "set", "constraint": "navHeight", "active": true])
        expectFrame(client.frame("navView"), [0, 0, 375, 100])
        let scene = client.send(["type": "scene", "id": 1]).last?["scene"] as? [String: Any] ?? [:]
        let reloaded = client.send(["type": "load", "scene": scene, "id": 2])
        // The conflict is reported again, and the same constraint (navHeight) is the broken one.
        #expect(types(reloaded) == ["conflict", "frames", "scene"])
        #expect(reloaded[0]["broken"] as? String == "navHeight")
        expectFrame(client.frame("navView"), [0, 0, 375, 100])
    }

    @Test func opsLimitIsExactAndCheckedBeforeRunning() {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        let fits = Array(repeating: ["type": "setNeedsLayout"], count: 10_000)
        #expect(client.send(["type": "batch", "ops": fits, "id": 1]).last?["type"] as? String == "ok")
        let tooMany = [["type": "set", "constraint": "navTop", "constant": 50]]
            + Array(repeating: ["type": "setNeedsLayout"], count: 10_000)
        let reply = client.send(["type": "batch", "ops": tooMany, "id": 2])
        #expect(types(reply) == ["error"])
        #expect(reply.last?["code"] as? String == "too-many-ops")
        // Nothing ran: navView did not move.
        expectFrame(client.frame("navView"), [0, 0, 375, 62])
    }

    @Test func smallFixes() {
        let client = SessionClient()
        #expect(client.send(["type": "setNeedsLayout", "view": "ghost", "id": 1]).last?["code"] as? String == "unknown-view")
        let fragment = client.send(text: "42").last ?? [:]
        #expect(fragment["code"] as? String == "bad-json")
        #expect(fragment["message"] as? String == "a message must be a JSON object")
        client.send(["type": "load", "scene": ["views": [["id": "a"]]]])
        let added = client.send(["type": "add", "constraint": "a.width == 10"]).last ?? [:]
        #expect(added["constraints"] as? [String] == ["c1"])
    }

    @Test func seekingIntoAnAnimationIsNotFinal() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "name": "search-bar"])
        let start = (client.received.last { $0["type"] as? String == "frames" }?["time"] as? Double) ?? 0
        client.send(["type": "action", "name": "focus"])
        client.advance(1)
        let frames = client.send(["type": "seek", "time": start + 0.125, "id": 1]).first ?? [:]
        #expect(frames["final"] as? Bool == false)
        let later = client.send(["type": "seek", "time": start + 0.5, "id": 2]).first ?? [:]
        #expect(later["final"] as? Bool == true)
    }
}

extension FindingsTests {
    /// The keyboard's default height follows the device: 291 on an iPhone X in portrait, 171 in
    /// landscape. The input bar (50 tall) of `keyboard-guide` sits on it: 812 − 291 − 50 = 471.
    @Test func keyboardHeightFollowsTheDevice() {
        let client = SessionClient()
        client.send(["type": "clock", "mode": "manual"])
        client.send(["type": "load", "name": "keyboard-guide"])
        client.send(["type": "device", "name": "iphone-x", "duration": 0])
        client.send(["type": "action", "name": "showKeyboard"])
        client.advance(0.25)
        expectFrame(client.frame("inputBar"), [0, 471, 375, 50])
        client.send(["type": "device", "name": "iphone-x", "orientation": "landscape", "duration": 0])
        client.send(["type": "keyboard", "show": true])
        client.advance(0.25)
        // Landscape: 375 − 171 − 50 = 154.
        expectFrame(client.frame("inputBar"), [0, 154, 812, 50])
    }
}
