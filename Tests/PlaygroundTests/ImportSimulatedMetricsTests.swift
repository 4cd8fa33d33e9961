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

    /// Between a scroll view and its content, edges bind the content area but centres bind the frame
    /// (Apple, "Working with Scroll Views"): a view's bottom pinned to the scroll view's centre takes
    /// half the scroll view's height, and a second view as tall follows it.
    @Test func scrollViewCentreBindsItsFrame() {
        let document = IBFixture.xib("""
            <view contentMode="scaleToFill" id="root-1">
                \(IBFixture.frame(0, 0, 200, 300))
                <subviews>
                    <scrollView clipsSubviews="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sc-1" userLabel="Scroller">
                        \(IBFixture.frame(0, 0, 200, 300))
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a-1" userLabel="Upper">\(IBFixture.frame(0, 0, 10, 10))</view>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="b-1" userLabel="Lower">\(IBFixture.frame(0, 0, 10, 10))</view>
                        </subviews>
                        <constraints>
                            \(IBFixture.constraint("a-1", "top", nil, "sc-1", "top", constant: 5, id: "c-1"))
                            \(IBFixture.constraint("a-1", "bottom", nil, "sc-1", "centerY", constant: -5, id: "c-2"))
                            \(IBFixture.constraint("a-1", "leading", nil, "sc-1", "leading", constant: 5, id: "c-3"))
                            \(IBFixture.constraint("sc-1", "trailing", nil, "a-1", "trailing", constant: 5, id: "c-4"))
                            \(IBFixture.constraint("a-1", "width", nil, "sc-1", "width", constant: -10, id: "c-5"))
                            \(IBFixture.constraint("b-1", "top", nil, "a-1", "bottom", constant: 10, id: "c-6"))
                            \(IBFixture.constraint("b-1", "height", nil, "a-1", "height", id: "c-7"))
                            \(IBFixture.constraint("b-1", "leading", nil, "a-1", "leading", id: "c-8"))
                            \(IBFixture.constraint("b-1", "trailing", nil, "a-1", "trailing", id: "c-9"))
                            \(IBFixture.constraint("sc-1", "bottom", nil, "b-1", "bottom", constant: 5, id: "c-10"))
                        </constraints>
                    </scrollView>
                </subviews>
                <constraints>
                    \(IBFixture.constraint("sc-1", "top", nil, "root-1", "top", id: "s-1"))
                    \(IBFixture.constraint("sc-1", "leading", nil, "root-1", "leading", id: "s-2"))
                    \(IBFixture.constraint("sc-1", "width", nil, nil, nil, constant: 200, id: "s-3"))
                    \(IBFixture.constraint("sc-1", "height", nil, nil, nil, constant: 300, id: "s-4"))
                </constraints>
            </view>
            """)
        let (client, _) = importing(document, format: "xib")
        // Upper: top = content top + 5 = 5; bottom = the frame's centre 300 / 2 = 150, less 5 = 145:
        // height 140; width 200 − 10 = 190 at x = 5. Lower: 145 + 10 = 155, 140 tall. The content is
        // 155 + 140 + 5 = 300 tall. (Were the centre the content's, upper's bottom = (5 + h + 10 + h
        // + 5) / 2 − 5 = 5 + h would hold for every h, and nothing would size them.)
        #expect(client.frame("upper") == [5, 5, 190, 140])
        #expect(client.frame("lower") == [5, 155, 190, 140])
    }
}
