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

    /// A view pinned to the legacy layout guides, in a controller of `scenes` of an Xcode 8 document
    /// that names its screen only in its default simulated metrics (no `<device>`).
    private func xcode8Storyboard(_ controller: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="11542" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="vc">
            <scenes><scene sceneID="s"><objects>\(controller)</objects></scene></scenes>
            <simulatedMetricsContainer key="defaultSimulatedMetrics">
                <simulatedStatusBarMetrics key="statusBar"/>
                <simulatedOrientationMetrics key="orientation"/>
                <simulatedScreenMetrics key="destination" type="retina4_7.fullscreen"/>
            </simulatedMetricsContainer>
        </document>
        """
    }

    private func guidedController(frame: String, metrics: String) -> String {
        """
        <viewController id="vc" sceneMemberID="viewController">
            <layoutGuides>
                <viewControllerLayoutGuide type="top" id="top"/>
                <viewControllerLayoutGuide type="bottom" id="bottom"/>
            </layoutGuides>
            <view key="view" contentMode="scaleToFill" id="main">
                \(frame)
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a-1" userLabel="Body">\(IBFixture.frame(0, 0, 10, 10))</view>
                </subviews>
                <constraints>
                    \(IBFixture.constraint("a-1", "top", nil, "top", "bottom", id: "c-1"))
                    \(IBFixture.constraint("bottom", "top", nil, "a-1", "bottom", id: "c-2"))
                    \(IBFixture.constraint("a-1", "leading", nil, "main", "leading", id: "c-3"))
                    \(IBFixture.constraint("a-1", "trailing", nil, "main", "trailing", id: "c-4"))
                </constraints>
            </view>
            \(metrics)
        </viewController>
        """
    }

    /// An Xcode 8.1 controller under an opaque navigation bar: its view is saved at y = 64 with the
    /// screen's whole height, and laid out in what is left below the bar.
    @Test func controllerSavedBelowAnOpaqueBarFillsTheScreenBelowIt() throws {
        let document = xcode8Storyboard(guidedController(
            frame: IBFixture.frame(0, 64, 375, 667),
            metrics: #"<simulatedNavigationBarMetrics key="simulatedTopBarMetrics" translucent="NO" prompted="NO"/>"#))
        let result = try frames(document)
        // The screen is the default metrics' retina4_7, 375 × 667; the view starts at 64, so it is
        // 667 − 64 = 603 tall. The status bar (20) and the bar (44) are above it: the top layout
        // guide is at 20 + 44 − 64 = 0, the bottom one at the view's bottom, 603.
        #expect(result["body"] == [0, 0, 375, 603])
    }

    /// The same document's screen has a status bar (its default metrics simulate one): a controller
    /// at the screen's size puts its top layout guide 20 pt down.
    @Test func defaultSimulatedMetricsNameTheScreen() throws {
        let document = xcode8Storyboard(guidedController(frame: IBFixture.frame(0, 0, 375, 667), metrics: ""))
        let result = try frames(document)
        // Top layout guide: the 20 pt status bar; bottom: the view's bottom, 667 → 647 tall.
        #expect(result["body"] == [0, 20, 375, 647])
    }

    /// A controller drawn at a freeform size without a status bar (a today extension) has no top
    /// inset on a home-button phone.
    @Test func freeformControllerWithoutStatusBar() throws {
        let document = xcode8Storyboard(guidedController(
            frame: IBFixture.frame(0, 0, 320, 300),
            metrics: #"<nil key="simulatedStatusBarMetrics"/><freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/><size key="freeformSize" width="320" height="300"/>"#))
        let result = try frames(document)
        // No status bar: the top layout guide is the view's top (0), the bottom one its bottom (300).
        #expect(result["body"] == [0, 0, 320, 300])
    }

    /// A xib's top-level view on a home-button phone gets the 20 pt status bar only when it
    /// simulates one.
    @Test func topLevelViewWithSimulatedStatusBar() throws {
        func document(_ metrics: String) -> String {
            IBFixture.xib("""
                <view contentMode="scaleToFill" id="root-1">
                    \(IBFixture.frame(0, 0, 375, 667))
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a-1" userLabel="Bar">\(IBFixture.frame(0, 0, 10, 10))</view>
                    </subviews>
                    <viewLayoutGuide key="safeArea" id="safe"/>
                    <constraints>
                        \(IBFixture.constraint("a-1", "top", nil, "safe", "top", id: "c-1"))
                        \(IBFixture.constraint("a-1", "leading", nil, "root-1", "leading", id: "c-2"))
                        \(IBFixture.constraint("a-1", "width", nil, nil, nil, constant: 100, id: "c-3"))
                        \(IBFixture.constraint("a-1", "height", nil, nil, nil, constant: 44, id: "c-4"))
                    </constraints>
                    \(metrics)
                </view>
                """)
        }
        // With the status bar: the safe area starts 20 pt down; without: at the top.
        #expect(try frames(document(#"<simulatedStatusBarMetrics key="simulatedStatusBarMetrics"/>"#))["bar"] == [0, 20, 100, 44])
        #expect(try frames(document(""))["bar"] == [0, 0, 100, 44])
    }
}
