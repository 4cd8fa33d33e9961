import Foundation
import Testing
@testable import layout_playground

/// `layout-playground solve`: frames of a scene document laid out in process.
@Suite struct SceneSolveTests {
    /// A 100 pt wide box pinned 10 pt from the root's top and leading edges, 40 pt tall, in a
    /// 320 × 480 root: frame [10, 10, 100, 40] by hand.
    static let box = #"""
    {"root":{"size":[320,480]},"views":[{"id":"box"}],"constraints":[
     {"id":"top","first":"box.top","second":"root.top","constant":10},
     {"id":"leading","first":"box.leading","second":"root.leading","constant":10},
     {"id":"width","first":"box.width","constant":100},
     {"id":"height","first":"box.height","constant":40}]}
    """#

    private func frame(_ output: [String: Any], _ id: String) -> [Double] {
        ((output["views"] as? [String: [String: Any]])?[id]?["frame"] as? [Double]) ?? []
    }

    @Test func framesOfADocument() {
        let (output, status) = SceneSolve(documentText: Self.box).run()
        #expect(status == 0)
        #expect(frame(output, "box") == [10, 10, 100, 40])
        #expect(frame(output, "root") == [0, 0, 320, 480])
        #expect((output["conflicts"] as? [Any])?.isEmpty == true)
    }

    /// `--at 0.2` on a scene with nothing animating: the clock still reads 0.2 s, frames unchanged.
    @Test func theTimeIsTheOneAskedFor() {
        let (output, status) = SceneSolve(documentText: Self.box, time: 0.2).run()
        #expect(status == 0)
        #expect(output["time"] as? Double == 0.2)
        #expect(frame(output, "box") == [10, 10, 100, 40])
    }

    /// The iphone-se preset (docs/PROTOCOL.md, "device") is 320 × 568 at scale 2; the box keeps its
    /// constraints, so only the root changes: [0, 0, 320, 568].
    @Test func aDevicePresetResizesTheRoot() {
        let (output, status) = SceneSolve(documentText: Self.box, device: "iphone-se").run()
        #expect(status == 0)
        #expect(frame(output, "root") == [0, 0, 320, 568])
        #expect(frame(output, "box") == [10, 10, 100, 40])
    }

    /// A second required width of 50 conflicts with 100: the later one is broken (status 1) and the
    /// box keeps width 100.
    @Test func aConflictIsReported() {
        let document = Self.box.replacingOccurrences(of: #"{"id":"height""#,
                                                     with: #"{"id":"narrow","first":"box.width","constant":50},{"id":"height""#)
        let (output, status) = SceneSolve(documentText: document).run()
        #expect(status == 1)
        let conflicts = output["conflicts"] as? [[String: Any]] ?? []
        #expect(conflicts.first?["broken"] as? String == "narrow")
        #expect(frame(output, "box") == [10, 10, 100, 40])
    }

    @Test func aRefusedDocumentIsAnError() {
        let (output, status) = SceneSolve(documentText: #"{"views":[{"id":"box","fraem":[0,0,1,1]}]}"#).run()
        #expect(status == 2)
        #expect((output["error"] as? [String: Any])?["code"] as? String == "unknown-field")
    }

    /// search-bar's navView is pinned to the root's top and sides and 62 tall (navTop, navHeight):
    /// [0, 0, 375, 62] in its 375 × 667 root.
    /// A document cut short or with a key twice is refused where it breaks in the file itself:
    /// `{"views":[{"id":"box"}` is 22 bytes, so it ends at byte 22 (line 1, column 23); the second
    /// `"views"` of `{"views":[],"views":[]}` opens at byte 12.
    @Test func badJSONIsPlacedInTheDocument() {
        let (cut, cutStatus) = SceneSolve(documentText: #"{"views":[{"id":"box"}"#).run()
        let cutError = cut["error"] as? [String: Any] ?? [:]
        #expect(cutStatus == 2)
        #expect(cutError["code"] as? String == "bad-json")
        #expect(cutError["position"] as? Int == 22)
        #expect(cutError["line"] as? Int == 1 && cutError["column"] as? Int == 23)
        #expect((cutError["message"] as? String ?? "").hasPrefix("the document is not valid JSON at byte 22 (line 1, column 23): the document ends early"))
        let (twice, twiceStatus) = SceneSolve(documentText: #"{"views":[],"views":[]}"#).run()
        let twiceError = twice["error"] as? [String: Any] ?? [:]
        #expect(twiceStatus == 2)
        #expect(twiceError["code"] as? String == "bad-json" && twiceError["position"] as? Int == 12)
    }

    @Test func aBuiltInSceneByName() throws {
        let solve = try SceneSolve.parse(["search-bar"]) { path in
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        #expect(solve.source == .builtIn("search-bar"))
        let (output, status) = solve.run()
        #expect(status == 0)
        #expect(frame(output, "navView") == [0, 0, 375, 62])
        #expect(frame(output, "root") == [0, 0, 375, 667])
    }

    /// A document with nothing but a name is the built-in scene of that name, as `load` reads a name.
    @Test func aDocumentOfOnlyANameIsThatBuiltInScene() {
        let (output, status) = SceneSolve(documentText: #"{"name":"search-bar"}"#).run()
        #expect(status == 0)
        #expect(frame(output, "navView") == [0, 0, 375, 62])
        let (unknown, refused) = SceneSolve(documentText: #"{"name":"serch-bar"}"#).run()
        #expect(refused == 2)
        let error = unknown["error"] as? [String: Any]
        #expect(error?["code"] as? String == "unknown-scene")
        #expect(error?["message"] as? String == "no built-in scene named 'serch-bar' (did you mean 'search-bar'?); the "
                + "built-in scenes are date-picker, search-bar, keyboard, keyboard-guide, keyboard-transform, keyboard-form")
    }

    @Test func anUnknownDeviceListsTheDevices() {
        let (output, status) = SceneSolve(documentText: Self.box, device: "iphone-16").run()
        #expect(status == 2)
        let message = (output["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.hasPrefix("no device named 'iphone-16'"))
        #expect(message.hasSuffix("the devices are iphone-se, iphone-8, iphone-x, iphone-15-pro-max, ipad"))
        #expect(!message.contains("hello.devices"))
    }

    @Test func aMisspeltFlagNamesTheNearestOne() {
        #expect { try SceneSolve.parse(["s.json", "--dveice", "ipad"]) { _ in "{}" } } throws: { error in
            (error as? SolveUsageError)?.message == "unknown flag '--dveice': did you mean '--device'?"
        }
        // A path that cannot be read and does not look like a scene's name stays a file error.
        #expect { try SceneSolve.parse(["missing/s.json"]) { _ in throw CocoaError(.fileNoSuchFile) } } throws: { error in
            (error as? SolveUsageError)?.message.hasPrefix("cannot read missing/s.json") == true
        }
    }

    @Test func commandLine() throws {
        let solve = try SceneSolve.parse(["s.json", "--at", "0.5", "--device", "ipad"]) { _ in "{}" }
        #expect(solve.time == 0.5)
        #expect(solve.device == "ipad")
        #expect(throws: SolveUsageError.self) { try SceneSolve.parse(["--at", "x", "s.json"]) { _ in "{}" } }
        #expect(throws: SolveUsageError.self) { try SceneSolve.parse([]) { _ in "{}" } }
    }
}
