import AutoLayout
import Foundation
import IBFixtures
import Testing
@testable import Playground

/// Small hand-written documents, one for each kind of view or document Interface Builder lays out in
/// its own way (ratios written with a slash, simulated bars of older documents, cells, controllers
/// whose view is a table or a collection view, symbol images, placeholder constraints, controls sized
/// by their content, alignment insets).
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

    /// A xib's top-level view on a home-button phone gets the 20 pt status bar when it simulates
    /// one, and from Xcode 14 (`toolsVersion` 21000) when it says nothing.
    @Test func topLevelViewWithSimulatedStatusBar() throws {
        func document(_ metrics: String, toolsVersion: String = "17156") -> String {
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
                """).replacingOccurrences(of: #"toolsVersion="22505""#, with: #"toolsVersion="\#(toolsVersion)""#)
        }
        // With the status bar: the safe area starts 20 pt down; without: at the top.
        #expect(try frames(document(#"<simulatedStatusBarMetrics key="simulatedStatusBarMetrics"/>"#))["bar"] == [0, 20, 100, 44])
        #expect(try frames(document(""))["bar"] == [0, 0, 100, 44])
        #expect(try frames(document(#"<nil key="simulatedStatusBarMetrics"/>"#, toolsVersion: "22505"))["bar"] == [0, 0, 100, 44])
        // Xcode 15, saying nothing: under the status bar, y = 20.
        #expect(try frames(document("", toolsVersion: "22505"))["bar"] == [0, 20, 100, 44])
    }

    /// A table view controller's view is the table itself: it is a root like any controller's view
    /// (the screen's size, the status bar over it), and its cells are roots of their own.
    @Test func tableViewControllerIsARoot() throws {
        let document = IBFixture.storyboard(initial: "nav", scenes: """
            <scene sceneID="s"><objects>
                <tableViewController id="tvc" sceneMemberID="viewController">
                    <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" rowHeight="44" id="table">
                        \(IBFixture.frame(0, 0, 375, 667))
                        <prototypes>
                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" reuseIdentifier="Row" id="cell">
                                \(IBFixture.frame(0, 28, 375, 44))
                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="cell" id="content">
                                    \(IBFixture.frame(0, 0, 375, 44))
                                </tableViewCellContentView>
                            </tableViewCell>
                        </prototypes>
                    </tableView>
                </tableViewController>
            </objects></scene>
            """)
        let result = try IBImporter.importDocument(document, rootID: "tvc", maxElements: 1000)
        #expect(result.root.id == "table")
        #expect(result.root.role == .controllerView)
        #expect(result.root.className == "UITableViewController")
        // The iPhone 8's 375 × 667 screen, 20 pt of status bar above the table.
        #expect(result.spec.root.size == Size(width: 375, height: 667))
        #expect(result.spec.root.safeArea == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(result.roots.map(\.id) == ["table", "cell"])
    }

    /// A collection view controller's view is the collection view: a root at the screen's size
    /// under the status bar, and its cells are roots laid out in their content views.
    @Test func collectionViewControllerIsARoot() throws {
        let document = IBFixture.storyboard(initial: "cvc", scenes: """
            <scene sceneID="s"><objects>
                <collectionViewController id="cvc" sceneMemberID="viewController">
                    <collectionView key="view" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" dataMode="prototypes" id="grid">
                        \(IBFixture.frame(0, 0, 375, 667))
                        <cells>
                            <collectionViewCell opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" reuseIdentifier="Tile" id="tile">
                                \(IBFixture.frame(0, 0, 100, 120))
                                <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" id="tile-content">
                                    \(IBFixture.frame(0, 0, 100, 120))
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a-1" userLabel="Thumb">\(IBFixture.frame(0, 0, 10, 10))</view>
                                    </subviews>
                                    <constraints>
                                        \(IBFixture.constraint("a-1", "leading", nil, "tile-content", "leading", constant: 10, id: "c-1"))
                                        \(IBFixture.constraint("tile-content", "trailing", nil, "a-1", "trailing", constant: 10, id: "c-2"))
                                        \(IBFixture.constraint("a-1", "top", nil, "tile-content", "top", constant: 10, id: "c-3"))
                                        \(IBFixture.constraint("tile-content", "bottom", nil, "a-1", "bottom", constant: 30, id: "c-4"))
                                    </constraints>
                                </view>
                            </collectionViewCell>
                        </cells>
                    </collectionView>
                </collectionViewController>
            </objects></scene>
            """)
        let result = try IBImporter.importDocument(document, rootID: "cvc", maxElements: 1000)
        #expect(result.root.id == "grid")
        // The iPhone 8's 375 × 667 screen, 20 pt of status bar above the collection view.
        #expect(result.spec.root.size == Size(width: 375, height: 667))
        #expect(result.spec.root.safeArea == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(result.roots.map(\.id) == ["grid", "tile"])
        // In the 100 × 120 content view: x 10, width 100 − 20 = 80, y 10, height 120 − 10 − 30 = 80.
        #expect(try frames(document, root: "tile")["thumb"] == [10, 10, 80, 80])
    }

    /// A custom view without subviews that Xcode renders (`@IBDesignable`) keeps the size it
    /// reported, saved in its frame, when its constraints place it without sizing it.
    @Test func designableCustomViewTakesItsSavedSize() throws {
        let document = IBFixture.xib("""
            <view contentMode="scaleToFill" id="root-1">
                \(IBFixture.frame(0, 0, 375, 667))
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="r-1" customClass="RatingView" customModule="Demo" userLabel="Rating">\(IBFixture.frame(0, 0, 157, 20))</view>
                </subviews>
                <constraints>
                    \(IBFixture.constraint("r-1", "centerX", nil, "root-1", "centerX", id: "c-1"))
                    \(IBFixture.constraint("r-1", "top", nil, "root-1", "top", constant: 110, id: "c-2"))
                </constraints>
            </view>
            """)
        // 157 × 20 centred: x = (375 − 157) / 2 = 109, y = 110.
        #expect(try frames(document)["rating"] == [109, 110, 157, 20])
    }

    /// A picker's size is its own (its wheel): with `"textSizes": "document"` the saved frame's.
    @Test func pickerTakesItsSavedSize() throws {
        let document = IBFixture.xib("""
            <view contentMode="scaleToFill" id="root-1">
                \(IBFixture.frame(0, 0, 375, 667))
                <subviews>
                    <pickerView contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="p-1" userLabel="Picker">\(IBFixture.frame(0, 0, 320, 216))</pickerView>
                </subviews>
                <constraints>
                    \(IBFixture.constraint("p-1", "centerX", nil, "root-1", "centerX", id: "c-1"))
                    \(IBFixture.constraint("p-1", "centerY", nil, "root-1", "centerY", id: "c-2"))
                </constraints>
            </view>
            """)
        // 320 × 216 centred: x = (375 − 320) / 2 = 27.5, y = (667 − 216) / 2 = 225.5.
        #expect(try frames(document)["picker"] == [27.5, 225.5, 320, 216])
    }

    /// An SF Symbol (`catalog="system"`) is drawn at its configuration's size, which Xcode saved;
    /// `<resources>` lists it at 128 pt.
    @Test func symbolImageTakesItsSavedSize() throws {
        let document = IBFixture.xib("""
            <view contentMode="scaleToFill" id="root-1">
                \(IBFixture.frame(0, 0, 375, 667))
                <subviews>
                    <imageView userInteractionEnabled="NO" contentMode="scaleToFill" image="star" catalog="system" translatesAutoresizingMaskIntoConstraints="NO" id="i-1" userLabel="Star">
                        \(IBFixture.frame(100, 100, 16, 15.5))
                        <preferredSymbolConfiguration key="preferredSymbolConfiguration" configurationType="pointSize" pointSize="14"/>
                    </imageView>
                </subviews>
                <constraints>
                    \(IBFixture.constraint("i-1", "leading", nil, "root-1", "leading", constant: 20, id: "c-1"))
                    \(IBFixture.constraint("i-1", "top", nil, "root-1", "top", constant: 30, id: "c-2"))
                </constraints>
            </view>
            """, resources: #"<image name="star" catalog="system" width="128" height="124"/>"#)
        // At (20, 30) with the saved 16 × 15.5, not the resource's 128 × 124.
        #expect(try frames(document)["star"] == [20, 30, 16, 15.5])
    }

    /// With measured sizes a symbol takes its configuration's size (`IBSymbolImage`: the longer side
    /// 1.1 × the point size × the scale's factor, the other from the `<resources>` entry's aspect).
    @Test func symbolImageMeasuredFromItsConfiguration() throws {
        func symbol(_ id: String, _ label: String, _ image: String, configuration: String, top: Double) -> (String, String) {
            ("""
            <imageView userInteractionEnabled="NO" contentMode="scaleToFill" image="\(image)" catalog="system" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)" userLabel="\(label)">
                \(IBFixture.frame(100, 100, 50, 50))
                \(configuration)
            </imageView>
            """,
             IBFixture.constraint(id, "leading", nil, "root-1", "leading", constant: 20, id: "\(id)-l")
                + IBFixture.constraint(id, "top", nil, "root-1", "top", constant: top, id: "\(id)-t"))
        }
        let views = [
            symbol("i-1", "Wide", "photo", configuration: #"<preferredSymbolConfiguration key="preferredSymbolConfiguration" configurationType="pointSize" pointSize="20"/>"#, top: 30),
            symbol("i-2", "Tall", "iphone", configuration: """
                <preferredSymbolConfiguration key="preferredSymbolConfiguration" configurationType="font" scale="large">
                    <fontDescription key="fontDescription" style="UICTFontTextStyleTitle1"/>
                </preferredSymbolConfiguration>
                """, top: 100),
            symbol("i-3", "Plain", "circle", configuration: #"<preferredSymbolConfiguration key="preferredSymbolConfiguration" scale="small"/>"#, top: 200),
        ]
        let document = IBFixture.xib("""
            <view contentMode="scaleToFill" id="root-1">
                \(IBFixture.frame(0, 0, 375, 667))
                <subviews>\(views.map(\.0).joined())</subviews>
                <constraints>\(views.map(\.1).joined())</constraints>
            </view>
            """, resources: #"<image name="photo" catalog="system" width="128" height="96"/><image name="iphone" catalog="system" width="96" height="128"/><image name="circle" catalog="system" width="128" height="128"/>"#)
        var result = try IBImporter.importDocument(document, rootID: nil, maxElements: 1000, textSizes: .measured)
        let scene = try IBImporter.scene(of: &result, time: 0, limits: SessionLimits())
        func frame(_ id: String) -> [Double] { scene.engine.view(id)?.frame.components ?? [] }
        func close(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 } }
        // 20 pt, medium: width 1.1 × 20 = 22, height 22 × 96 / 128 = 16.5.
        #expect(close(frame("wide"), [20, 30, 22, 16.5]))
        // Title 1 is 28 pt, large is × 1.3: height 1.1 × 28 × 1.3 = 40.04, width 40.04 × 96 / 128 =
        // 30.03; in whole pixels of the 2× screen (80.08 and 60.06 px) 40 × 30.
        #expect(close(frame("tall"), [20, 100, 30, 40]))
        // No point size: UIKit's 17 pt, small is × 0.8: 1.1 × 17 × 0.8 = 14.96 square, 29.92 px → 15.
        #expect(close(frame("plain"), [20, 200, 15, 15]))
    }

    /// Alignment rectangles by the Xcode that saved the document: a segmented control's frame is
    /// 1 pt taller than its alignment rectangle in iOS 7's 29 pt style (Xcode 9) and iOS 13's 32 pt
    /// one (Xcode 11); a switch's 2 pt wider on the right, a slider's 2 pt on each side and 1 pt
    /// below. Constraints place the rectangles.
    @Test func alignmentInsetsByXcodeVersion() throws {
        func document(toolsVersion: String, segmentHeight: Double) -> String {
            IBFixture.xib("""
                <view contentMode="scaleToFill" id="root-1">
                    \(IBFixture.frame(0, 0, 375, 667))
                    <subviews>
                        <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="g-1" userLabel="Mode">
                            \(IBFixture.frame(0, 0, 200, segmentHeight))
                            <segments><segment title="One"/><segment title="Two"/></segments>
                        </segmentedControl>
                        <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="w-1" userLabel="Toggle">\(IBFixture.frame(0, 0, 51, 31))</switch>
                        <slider opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" value="0.5" minValue="0.0" maxValue="1" translatesAutoresizingMaskIntoConstraints="NO" id="s-1" userLabel="Level">\(IBFixture.frame(0, 0, 100, 31))</slider>
                    </subviews>
                    <constraints>
                        \(IBFixture.constraint("g-1", "leading", nil, "root-1", "leading", constant: 16, id: "c-1"))
                        \(IBFixture.constraint("root-1", "bottom", nil, "g-1", "bottom", constant: 20, id: "c-2"))
                        \(IBFixture.constraint("root-1", "trailing", nil, "w-1", "trailing", constant: 16, id: "c-3"))
                        \(IBFixture.constraint("w-1", "top", nil, "root-1", "top", constant: 40, id: "c-4"))
                        \(IBFixture.constraint("s-1", "leading", nil, "root-1", "leading", constant: 16, id: "c-5"))
                        \(IBFixture.constraint("s-1", "trailing", nil, "root-1", "trailing", constant: -16, id: "c-6"))
                        \(IBFixture.constraint("root-1", "bottom", nil, "s-1", "bottom", constant: 100, id: "c-7"))
                    </constraints>
                </view>
                """).replacingOccurrences(of: #"toolsVersion="22505""#, with: #"toolsVersion="\#(toolsVersion)""#)
        }
        // Xcode 9: the 28 pt rectangle ends at 667 − 20 = 647, so it starts at 619; the 29 pt frame
        // runs from 619 to 648.
        let xcode9 = try frames(document(toolsVersion: "13196", segmentHeight: 29))
        #expect(xcode9["mode"] == [16, 619, 200, 29])
        // Xcode 11: the 31 pt rectangle starts at 647 − 31 = 616; the frame is 32 tall.
        let xcode11 = try frames(document(toolsVersion: "15400", segmentHeight: 32))
        #expect(xcode11["mode"] == [16, 616, 200, 32])
        for result in [xcode9, xcode11] {
            // The switch's rectangle (49 wide) ends at 375 − 16 = 359: x = 310, the frame 2 pt past it.
            #expect(result["toggle"] == [310, 40, 51, 31])
            // The slider's rectangle spans 16…359 and ends 100 above the bottom (567, 30 tall from
            // 537); the frame is 2 pt wider each side and 1 pt taller: x 14, width 347, y 537, 31 tall.
            #expect(result["level"] == [14, 537, 347, 31])
        }
    }

    /// A placeholder constraint is kept for Xcode's frames (`"textSizes": "document"`) and removed
    /// for the run-time layout (`"measured"`); the warning says which.
    @Test func placeholderConstraintKeptForXcodesFrames() throws {
        let document = IBFixture.xib("""
            <view contentMode="scaleToFill" id="root-1">
                \(IBFixture.frame(0, 0, 375, 667))
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a-1" userLabel="Box">\(IBFixture.frame(0, 0, 100, 40))</view>
                </subviews>
                <constraints>
                    \(IBFixture.constraint("a-1", "leading", nil, "root-1", "leading", constant: 10, id: "c-1"))
                    \(IBFixture.constraint("a-1", "trailing", nil, "root-1", "trailing", constant: -10, id: "c-2"))
                    \(IBFixture.constraint("a-1", "top", nil, "root-1", "top", constant: 10, placeholder: true, id: "c-3"))
                    \(IBFixture.constraint("a-1", "height", nil, nil, nil, constant: 40, id: "c-4"))
                </constraints>
            </view>
            """)
        // Document: the placeholder puts the box at y = 10; x = 10, width = 375 − 20 = 355.
        #expect(try frames(document)["box"] == [10, 10, 355, 40])
        let kept = try IBImporter.importDocument(document, rootID: nil, maxElements: 1000)
        #expect(kept.spec.constraints.contains { $0.ibId == "c-3" })
        #expect(kept.warnings.contains { ($0["message"] as? String)?.hasPrefix("placeholder constraint: kept") == true })
        let removed = try IBImporter.importDocument(document, rootID: nil, maxElements: 1000, textSizes: .measured)
        #expect(!removed.spec.constraints.contains { $0.ibId == "c-3" })
        #expect(removed.warnings.contains { ($0["message"] as? String)?.hasPrefix("placeholder constraint: removed") == true })
    }

    /// A table cell's margins by the Xcode that saved it: 8 pt all round before Xcode 8, 11 pt top
    /// and bottom and the system's 16 pt sides (20 from 414 pt wide) after.
    @Test func cellMarginsByXcodeVersion() throws {
        func document(toolsVersion: String, width: Double) -> String {
            IBFixture.xib("""
                <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="cell">
                    \(IBFixture.frame(0, 0, width, 44))
                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" tableViewCell="cell" id="content">
                        \(IBFixture.frame(0, 0, width, 43.5))
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a-1" userLabel="Lead">\(IBFixture.frame(0, 0, 10, 10))</view>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="b-1" userLabel="Trail">\(IBFixture.frame(0, 0, 10, 10))</view>
                        </subviews>
                        <constraints>
                            \(IBFixture.constraint("a-1", "leading", nil, "content", "leadingMargin", id: "c-1"))
                            \(IBFixture.constraint("a-1", "top", nil, "content", "topMargin", id: "c-2"))
                            \(IBFixture.constraint("a-1", "width", nil, nil, nil, constant: 100, id: "c-3"))
                            \(IBFixture.constraint("a-1", "height", nil, nil, nil, constant: 20, id: "c-4"))
                            \(IBFixture.constraint("content", "trailingMargin", nil, "b-1", "trailing", id: "c-5"))
                            \(IBFixture.constraint("b-1", "top", nil, "content", "top", id: "c-6"))
                            \(IBFixture.constraint("b-1", "width", nil, nil, nil, constant: 115, id: "c-7"))
                            \(IBFixture.constraint("b-1", "height", nil, nil, nil, constant: 22, id: "c-8"))
                        </constraints>
                    </tableViewCellContentView>
                </tableViewCell>
                """).replacingOccurrences(of: #"toolsVersion="22505""#, with: #"toolsVersion="\#(toolsVersion)""#)
        }
        // Xcode 7 (toolsVersion 8191), 478 pt: margins 8, so Lead at (8, 8), Trail's trailing edge
        // at 478 − 8 = 470 → x = 470 − 115 = 355.
        let old = try frames(document(toolsVersion: "8191", width: 478))
        #expect(old["lead"] == [8, 8, 100, 20])
        #expect(old["trail"] == [355, 0, 115, 22])
        // Xcode 15, 375 pt: sides 16, top 11; Trail ends at 375 − 16 = 359 → x = 244.
        let recent = try frames(document(toolsVersion: "22505", width: 375))
        #expect(recent["lead"] == [16, 11, 100, 20])
        #expect(recent["trail"] == [244, 0, 115, 22])
        // 414 pt and wider: 20 pt sides; Trail ends at 414 − 20 = 394 → x = 279.
        let wide = try frames(document(toolsVersion: "22505", width: 414))
        #expect(wide["lead"] == [20, 11, 100, 20])
        #expect(wide["trail"] == [279, 0, 115, 22])
    }

    /// Xcode 6 saved no frame for a cell's content view: it fills the cell less the 1 pt separator.
    @Test func cellContentViewWithoutSavedFrame() throws {
        let document = IBFixture.xib("""
            <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="cell">
                \(IBFixture.frame(0, 0, 600, 194))
                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="cell" id="content">
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a-1" userLabel="Fill">\(IBFixture.frame(0, 0, 10, 10))</view>
                    </subviews>
                    <constraints>
                        \(IBFixture.constraint("a-1", "leading", nil, "content", "leadingMargin", id: "c-1"))
                        \(IBFixture.constraint("content", "trailingMargin", nil, "a-1", "trailing", id: "c-2"))
                        \(IBFixture.constraint("a-1", "top", nil, "content", "topMargin", id: "c-3"))
                        \(IBFixture.constraint("content", "bottomMargin", nil, "a-1", "bottom", constant: 5, id: "c-4"))
                    </constraints>
                </tableViewCellContentView>
            </tableViewCell>
            """).replacingOccurrences(of: #"toolsVersion="22505""#, with: #"toolsVersion="7528""#)
        // Content view 600 × (194 − 1) = 193; margins 8 (before Xcode 8): x 8, width 600 − 16 = 584,
        // y 8, bottom 193 − 8 − 5 = 180 → height 172.
        #expect(try frames(document)["fill"] == [8, 8, 584, 172])
    }

    /// A storyboard's cell takes the system side margin from the screen it is drawn on: 20 pt on a
    /// 414 pt phone even when the cell is narrower (an inset-grouped table's 374 pt cell).
    @Test func storyboardCellMarginsFollowTheScreen() throws {
        let document = IBFixture.storyboard(initial: "tvc", device: #"<device id="retina6_5" orientation="portrait" appearance="light"/>"#, scenes: """
            <scene sceneID="s"><objects>
                <tableViewController id="tvc" sceneMemberID="viewController">
                    <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="insetGrouped" id="table">
                        \(IBFixture.frame(0, 0, 414, 896))
                        <sections><tableViewSection id="sec"><cells>
                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" id="cell">
                                \(IBFixture.frame(20, 18, 374, 44))
                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="cell" id="content">
                                    \(IBFixture.frame(0, 0, 374, 44))
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a-1" userLabel="Title">\(IBFixture.frame(0, 0, 10, 10))</view>
                                    </subviews>
                                    <constraints>
                                        \(IBFixture.constraint("a-1", "leading", nil, "content", "leadingMargin", id: "c-1"))
                                        \(IBFixture.constraint("content", "trailingMargin", nil, "a-1", "trailing", id: "c-2"))
                                        \(IBFixture.constraint("a-1", "centerY", nil, "content", "centerY", id: "c-3"))
                                        \(IBFixture.constraint("a-1", "height", nil, nil, nil, constant: 20, id: "c-4"))
                                    </constraints>
                                </tableViewCellContentView>
                            </tableViewCell>
                        </cells></tableViewSection></sections>
                    </tableView>
                </tableViewController>
            </objects></scene>
            """)
        // 20 pt sides on the 414 pt screen: x = 20, width = 374 − 40 = 334; centred in 44: y = 12.
        #expect(try frames(document, root: "cell")["title"] == [20, 12, 334, 20])
    }
}
