import Testing
@testable import Playground

/// Edit sequences that once broke the solver, each reduced to its smallest case. Every one must answer
/// like any valid edit (`ok`) and leave the session working.
@Suite struct EditSequenceRegressionTests {
    /// A marker that a lazy external row mentions directly but whose coefficient cancels once the row's
    /// references are substituted: removing the constraint pivoted on that row and unwrapped nil.
    private let cancellingMarkerScene = #"""
    {"type":"load","scene":{"views":[{"id":"a","intrinsicSize":[-1,51]},{"id":"b","parent":"a"}],
     "constraints":[{"id":"k3","first":"a.height","second":"b.height","priority":250},
      {"id":"k1","first":"b.top","second":"root.safeArea.top","priority":500},
      {"id":"k2","first":"a.bottom","second":"b.centerY","priority":999}]},"id":1}
    """#

    @Test(arguments: [#"{"type":"set","constraint":"k1","active":false,"id":2}"#,
                      #"{"type":"set","constraint":"k1","priority":400,"id":2}"#])
    func removingAMarkerThatCancelsInALazyRow(edit: String) {
        let client = SessionClient()
        let loaded = client.send(text: cancellingMarkerScene)
        #expect(types(loaded).contains("frames"), "\(loaded)")
        let reply = client.send(text: edit)
        #expect(reply.last { $0["re"] as? Int == 2 }?["type"] as? String == "ok", "\(reply)")
        let probe = client.send(["type": "scene", "id": "probe"])
        #expect(probe.last?["type"] as? String == "scene")
        if edit.contains("active") {
            // Without k1, by hand: a.height = 51 (its intrinsic height; hugging 250 and compression 750
            // agree), b.height = a.height = 51 (k3 @250), and k2 @999 puts b's centre on a's bottom edge in
            // a's bounds space: b.y + 51 / 2 = 51, so b.y = 25.5. The x positions and a.y are ambiguous.
            #expect(client.frame("a").count == 4 && client.frame("a")[3] == 51)
            #expect(client.frame("b").count == 4 && client.frame("b")[1] == 25.5 && client.frame("b")[3] == 51)
        }
    }
}
