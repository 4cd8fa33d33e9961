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

    /// A controller in a navigation controller, its view pinned to the safe area's top: `header`.
    private static func navigated(edges: String, height: Double, device: String = IBFixture.iPhone8) -> String {
        IBFixture.storyboard(initial: "nav-1", device: device, scenes: """
            <scene sceneID="s-1"><objects>
                <navigationController id="nav-1" sceneMemberID="viewController">
                    <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar-1">\(IBFixture.frame(0, 20, 375, 44))</navigationBar>
                    <connections><segue destination="vc-1" kind="relationship" relationship="rootViewController" id="r-1"/></connections>
                </navigationController>
            </objects></scene>
            <scene sceneID="s-2"><objects>
                <viewController id="vc-1" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="view-1">
                        \(IBFixture.frame(0, 0, 375, height))
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="h-1" userLabel="Header">\(IBFixture.frame(0, 300, 375, 44))</view>
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="safe-1"/>
                        <constraints>
                            \(IBFixture.constraint("h-1", "top", nil, "safe-1", "top", id: "k-1"))
                            \(IBFixture.constraint("h-1", "leading", nil, "view-1", "leading", id: "k-2"))
                            \(IBFixture.constraint("view-1", "trailing", nil, "h-1", "trailing", id: "k-3"))
                            \(IBFixture.constraint("h-1", "height", nil, nil, nil, constant: 44, id: "k-4"))
                        </constraints>
                    </view>
                    \(edges)
                </viewController>
            </objects></scene>
            """)
    }

    /// Xcode 26 on a notched phone draws a navigation controller's bar below twice the status bar,
    /// 54 pt tall (52 more with large titles); Xcode 15 below the status bar once, 44 pt tall.
    @Test func navigationBarByXcodeVersion() {
        let iPhone11 = #"<device id="retina6_1" orientation="portrait" appearance="light"/>"#
        func header(toolsVersion: String, largeTitles: Bool) -> [Double]? {
            let document = Self.navigated(edges: "", height: 896, device: iPhone11)
                .replacingOccurrences(of: #"toolsVersion="22505""#, with: #"toolsVersion="\#(toolsVersion)""#)
                .replacingOccurrences(of: #"id="bar-1""#, with: largeTitles ? #"largeTitles="YES" id="bar-1""# : #"id="bar-1""#)
            let (client, _) = importing(document, format: "storyboard", root: "vc-1")
            return client.frame("header")
        }
        // Xcode 15 (22505): the iPhone 11's 48 pt status bar and the 44 pt bar: y = 92.
        #expect(header(toolsVersion: "22505", largeTitles: false) == [0, 92, 375, 44])
        // Xcode 26 (24412): 2 × 48 + 54 = 150, and 150 + 52 = 202 with large titles.
        #expect(header(toolsVersion: "24412", largeTitles: false) == [0, 150, 375, 44])
        #expect(header(toolsVersion: "24412", largeTitles: true) == [0, 202, 375, 44])
    }

    /// `edgesForExtendedLayout` without the top edge: the view starts below the navigation bar, so
    /// none of the status and navigation bars' 20 + 44 pt is over it.
    @Test func viewWithoutExtendedTopEdgeStartsBelowTheNavigationBar() {
        // Saved 667 − 64 = 603 pt tall at y = 0 (the window's y = 64): safe area top 64 − 64 = 0.
        let below = Self.navigated(edges: #"<extendedEdge key="edgesForExtendedLayout"/>"#, height: 603)
        let (client, _) = importing(below, format: "storyboard", root: "vc-1")
        #expect(client.frame("header") == [0, 0, 375, 44])
        // With the top edge extended the view is the whole 667 pt screen under both bars: y = 64.
        let under = Self.navigated(edges: #"<extendedEdge key="edgesForExtendedLayout" top="YES"/>"#, height: 667)
        let (other, _) = importing(under, format: "storyboard", root: "vc-1")
        #expect(other.frame("header") == [0, 64, 375, 44])
    }

    /// Two controllers on a notched phone (iPhone 11, `retina6_1`: 414 × 896, Xcode 14 on: status
    /// bar 48 pt, home indicator 34 pt), each a 375 × 778 freeform size with `pinned` held between
    /// the safe area's top and bottom; the first presents the second with `presentation`.
    private static func freeform(segueStyle: String) -> String {
        func controller(_ id: String, _ connections: String) -> String {
            """
            <scene sceneID="s-\(id)"><objects>
                <viewController id="vc-\(id)" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="view-\(id)">
                        \(IBFixture.frame(0, 0, 375, 778))
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="p-\(id)" userLabel="Pinned">\(IBFixture.frame(0, 0, 375, 778))</view>
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="safe-\(id)"/>
                        <constraints>
                            \(IBFixture.constraint("p-\(id)", "top", nil, "safe-\(id)", "top", id: "k-\(id)1"))
                            \(IBFixture.constraint("safe-\(id)", "bottom", nil, "p-\(id)", "bottom", id: "k-\(id)2"))
                            \(IBFixture.constraint("p-\(id)", "leading", nil, "view-\(id)", "leading", id: "k-\(id)3"))
                            \(IBFixture.constraint("view-\(id)", "trailing", nil, "p-\(id)", "trailing", id: "k-\(id)4"))
                        </constraints>
                    </view>
                    <size key="freeformSize" width="375" height="778"/>
                    \(connections)
                </viewController>
            </objects></scene>
            """
        }
        let segue = #"<connections><segue destination="vc-2" kind="presentation" \#(segueStyle) id="g-1"/></connections>"#
        return IBFixture.storyboard(initial: "vc-1", device: #"<device id="retina6_1" orientation="portrait" appearance="light"/>"#,
                                    scenes: controller("1", segue) + controller("2", ""))
    }

    /// A freeform size stands in for the screen: the phone's insets sit at its edges.
    @Test func freeformControllerKeepsThePhonesInsetsAtItsEdges() {
        let (client, _) = importing(Self.freeform(segueStyle: ""), format: "storyboard", root: "vc-1")
        // Top 48, bottom 778 − 34 = 744: y = 48, height 744 − 48 = 696. (Against the 896 pt screen
        // the view would end 118 pt above the home indicator and keep no bottom inset: height 730.)
        #expect(client.frame("pinned") == [0, 48, 375, 696])
    }

    /// A presented controller (Xcode 11 on) is drawn as a sheet with no safe area top or bottom,
    /// unless the segue asks for full screen.
    @Test func presentedControllerIsDrawnAsASheet() {
        let (client, _) = importing(Self.freeform(segueStyle: ""), format: "storyboard", root: "vc-2")
        #expect(client.frame("pinned") == [0, 0, 375, 778])
        let fullScreen = Self.freeform(segueStyle: #"modalPresentationStyle="fullScreen""#)
        let (other, _) = importing(fullScreen, format: "storyboard", root: "vc-2")
        // As the first controller: 48 to 744.
        #expect(other.frame("pinned") == [0, 48, 375, 696])
    }

    /// A storyboard that names no device (Xcode 8 on): its 600 × 600 controller view has no status
    /// bar, and a controller in a navigation controller keeps its bar; before Xcode 8 documents name
    /// none and keep the status bar.
    @Test func documentWithoutADeviceHasNoStatusBar() {
        let document = IBFixture.storyboard(initial: "vc-1", device: "", scenes: """
            <scene sceneID="s-1"><objects>
                <viewController id="vc-1" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="view-1">
                        \(IBFixture.frame(0, 0, 600, 600))
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="h-1" userLabel="Header">\(IBFixture.frame(0, 300, 600, 40))</view>
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="safe-1"/>
                        <constraints>
                            \(IBFixture.constraint("h-1", "top", nil, "safe-1", "top", constant: 10, id: "k-1"))
                            \(IBFixture.constraint("h-1", "leading", nil, "view-1", "leading", id: "k-2"))
                            \(IBFixture.constraint("view-1", "trailing", nil, "h-1", "trailing", id: "k-3"))
                            \(IBFixture.constraint("h-1", "height", nil, nil, nil, constant: 40, id: "k-4"))
                        </constraints>
                    </view>
                </viewController>
            </objects></scene>
            """)
        let (client, _) = importing(document, format: "storyboard")
        // Safe area top 0: y = 0 + 10. (The iPhone 8 this importer otherwise assumes would give 20 + 10.)
        #expect(client.frame("header") == [0, 10, 600, 40])
        // Xcode 7 (`toolsVersion` 10117) wrote no device at all and drew the status bar: 20 + 10.
        let xcode7 = document.replacingOccurrences(of: #"toolsVersion="22505""#, with: #"toolsVersion="10117""#)
        let (old, _) = importing(xcode7, format: "storyboard")
        #expect(old.frame("header") == [0, 30, 600, 40])
        // The 44 pt navigation bar without the 20 pt status bar above it: y = 44.
        let navigated = Self.navigated(edges: "", height: 667, device: "")
        let (other, _) = importing(navigated, format: "storyboard", root: "vc-1")
        #expect(other.frame("header") == [0, 44, 375, 44])
    }

    /// A table cell's content view before iOS 11 (a document from Xcode 8, `toolsVersion` 11762)
    /// keeps UIView's own 8 pt margins; from Xcode 9 on it takes the cell's 11 pt top margin.
    @Test func cellContentViewMarginsFollowTheDocumentsEra() {
        let cell = IBFixture.xib("""
            <tableViewCell contentMode="scaleToFill" reuseIdentifier="Row" id="cell-1">
                \(IBFixture.frame(0, 0, 375, 44))
                <tableViewCellContentView key="contentView" opaque="NO" tableViewCell="cell-1" id="content-1">
                    \(IBFixture.frame(0, 0, 375, 44))
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="b-1" userLabel="Badge">\(IBFixture.frame(0, 0, 20, 20))</view>
                    </subviews>
                    <constraints>
                        \(IBFixture.constraint("b-1", "top", nil, "content-1", "topMargin", id: "c-1"))
                        \(IBFixture.constraint("b-1", "leading", nil, "content-1", "leading", id: "c-2"))
                        \(IBFixture.constraint("b-1", "width", nil, nil, nil, constant: 20, id: "c-3"))
                        \(IBFixture.constraint("b-1", "height", nil, nil, nil, constant: 20, id: "c-4"))
                    </constraints>
                </tableViewCellContentView>
            </tableViewCell>
            """)
        let (modern, _) = importing(cell, format: "xib")
        // Xcode 15: the cell's top margin, 11.
        #expect(modern.frame("badge") == [0, 11, 20, 20])
        let xcode8 = cell.replacingOccurrences(of: #"toolsVersion="22505""#, with: #"toolsVersion="11762""#)
        let (old, _) = importing(xcode8, format: "xib")
        // Xcode 8: the content view's own 8.
        #expect(old.frame("badge") == [0, 8, 20, 20])
    }
}
