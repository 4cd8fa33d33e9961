import Foundation
import IBFixtures
import Testing
@testable import Playground

/// `import` of small hand-written documents for what Interface Builder simulates without saving it
/// (a slider's alignment rectangle, where a scroll view's centre binds, the screen around a
/// controller's view). Every expected frame is worked out by hand in the comments; the saved frames
/// in the documents are deliberately wrong where the layout must move a view.
@Suite struct ImportSimulatedMetricsTests {
    private func importing(_ document: String, format: String, root: String? = nil) -> (SessionClient, [String: Any]) {
        let client = SessionClient()
        var message: [String: Any] = ["type": "import", "id": "imp", "format": format, "document": document]
        if let root { message["root"] = root }
        let reply = client.send(message).last ?? [:]
        return (client, reply)
    }

    /// A slider's frame reaches 2 pt past its alignment rectangle on each side and 1 pt below it:
    /// constraints place the alignment rectangle.
    @Test func sliderConstraintsPlaceItsAlignmentRectangle() {
        let document = IBFixture.xib("""
            <view contentMode="scaleToFill" id="root-1">
                \(IBFixture.frame(0, 0, 300, 100))
                <subviews>
                    <slider opaque="NO" value="0.5" minValue="0.0" maxValue="1" translatesAutoresizingMaskIntoConstraints="NO" id="sl-1" userLabel="Volume">\(IBFixture.frame(0, 0, 100, 31))</slider>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box-1" userLabel="Box">\(IBFixture.frame(0, 0, 10, 10))</view>
                </subviews>
                <constraints>
                    \(IBFixture.constraint("sl-1", "leading", nil, "root-1", "leading", constant: 20, id: "c-1"))
                    \(IBFixture.constraint("root-1", "trailing", nil, "sl-1", "trailing", constant: 20, id: "c-2"))
                    \(IBFixture.constraint("sl-1", "top", nil, "root-1", "top", constant: 10, id: "c-3"))
                    \(IBFixture.constraint("box-1", "top", nil, "sl-1", "bottom", constant: 10, id: "c-4"))
                    \(IBFixture.constraint("box-1", "leading", nil, "sl-1", "leading", id: "c-5"))
                    \(IBFixture.constraint("box-1", "width", nil, nil, nil, constant: 10, id: "c-6"))
                    \(IBFixture.constraint("box-1", "height", nil, nil, nil, constant: 10, id: "c-7"))
                </constraints>
            </view>
            """)
        let (client, _) = importing(document, format: "xib")
        // Alignment rectangle: x 20 to 300 − 20 = 280, y 10, height 31 − 1 = 30 (the saved height
        // less the bottom inset) → 10…40. Frame: 2 pt wider each side, 1 pt taller below:
        // x = 18, width = 260 + 4 = 264, y = 10, height 31.
        #expect(client.frame("volume") == [18, 10, 264, 31])
        // The box hangs from the alignment rectangle's bottom (40) + 10 = 50, and its leading edge
        // is the alignment rectangle's (20), not the frame's.
        #expect(client.frame("box") == [20, 50, 10, 10])
    }
}
