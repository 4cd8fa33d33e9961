import Foundation
import IBFixtures
import Testing
@testable import Playground

/// Small hand-written documents, one for each kind of view or document Interface Builder lays out in
/// its own way (ratios written with a slash, simulated bars of older documents, cells, controllers
/// whose view is a table, symbol images, placeholder constraints, controls sized by their content).
/// Every expected frame is worked out by hand in the comments; saved frames are deliberately wrong
/// where the layout must move a view.
@Suite struct InterfaceBuilderClassesTests {
    private func frames(_ document: String, root: String? = nil) throws -> [String: [Double]] {
        try InterfaceBuilderLayout.frames(ofDocument: document, root: root)
    }

    /// A ratio typed with a slash (`multiplier="1/3"`) is kept as Interface Builder wrote it.
    @Test func multiplierWrittenAsAFraction() throws {
        let document = IBFixture.xib("""
            <view contentMode="scaleToFill" id="root-1">
                \(IBFixture.frame(0, 0, 300, 480))
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a-1" userLabel="Title">\(IBFixture.frame(0, 0, 10, 10))</view>
                </subviews>
                <constraints>
                    \(IBFixture.constraint("a-1", "centerY", nil, "root-1", "bottom", multiplier: "1/3", constant: 1, id: "c-1"))
                    \(IBFixture.constraint("a-1", "width", nil, "root-1", "width", multiplier: "2/3", id: "c-2"))
                    \(IBFixture.constraint("a-1", "height", nil, nil, nil, constant: 40, id: "c-3"))
                    \(IBFixture.constraint("a-1", "leading", nil, "root-1", "leading", id: "c-4"))
                </constraints>
            </view>
            """)
        let result = try frames(document)
        // centre y = 480 × 1/3 + 1 = 161, so y = 161 − 40 / 2 = 141; width = 300 × 2/3 = 200.
        #expect(result["title"] == [0, 141, 200, 40])
    }
}
