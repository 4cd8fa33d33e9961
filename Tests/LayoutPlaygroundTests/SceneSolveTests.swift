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

    @Test func commandLine() throws {
        let solve = try SceneSolve.parse(["s.json", "--at", "0.5", "--device", "ipad"]) { _ in "{}" }
        #expect(solve.time == 0.5)
        #expect(solve.device == "ipad")
        #expect(throws: SolveUsageError.self) { try SceneSolve.parse(["--at", "x", "s.json"]) { _ in "{}" } }
        #expect(throws: SolveUsageError.self) { try SceneSolve.parse([]) { _ in "{}" } }
    }
}
