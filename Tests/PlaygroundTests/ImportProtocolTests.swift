import Foundation
import IBFixtures
import Testing
@testable import Playground

/// `import`: small hand-written Interface Builder documents through the session, with every expected
/// frame worked out by hand in the comments.
@Suite struct ImportProtocolTests {
    /// A 320 × 100 card: a label 20 pt in from the leading edge and centred vertically, an image
    /// view at half the card's width (multiplier 1:2) and a placeholder constraint.
    static let card = IBFixture.xib("""
        <view contentMode="scaleToFill" id="card-1" userLabel="Card">
            \(IBFixture.frame(0, 0, 320, 100))
            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
            <subviews>
                <label opaque="NO" text="Hello there" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-1">\(IBFixture.frame(20, 40, 85, 20.5))</label>
                <imageView image="star" translatesAutoresizingMaskIntoConstraints="NO" id="img-1">\(IBFixture.frame(160, 0, 160, 24))</imageView>
            </subviews>
            <constraints>
                \(IBFixture.constraint("lbl-1", "leading", nil, "card-1", "leading", constant: 20, id: "c-lead"))
                \(IBFixture.constraint("lbl-1", "centerY", nil, "card-1", "centerY", id: "c-centre"))
                \(IBFixture.constraint("img-1", "width", nil, "card-1", "width", multiplier: "1:2", id: "c-half"))
                \(IBFixture.constraint(nil, "trailing", nil, "img-1", "trailing", id: "c-trail"))
                \(IBFixture.constraint("img-1", "top", nil, "card-1", "top", id: "c-top"))
                \(IBFixture.constraint("img-1", "bottom", "greaterThanOrEqual", "lbl-1", "top", constant: -100, priority: 750, id: "c-loose"))
                \(IBFixture.constraint("lbl-1", "width", nil, nil, nil, constant: 85, placeholder: true, id: "c-place"))
            </constraints>
            <connections>
                <outlet property="greeting" destination="lbl-1" id="o-1"/>
            </connections>
        </view>
        """, resources: #"<image name="star" width="24" height="24"/>"#)

    private func importing(_ client: SessionClient, _ fields: [String: Any]) -> [String: Any] {
        var message = fields
        message["type"] = "import"
        message["id"] = "imp"
        return client.send(message).last ?? [:]
    }

    @Test func cardLaysOutAsAppleWould() throws {
        let client = SessionClient()
        let reply = importing(client, ["format": "xib", "document": Self.card])
        #expect(reply["type"] as? String == "scene")
        // Label: x = 20; intrinsic 85 × 20.5 from the saved frame; centerY = 50, so its edges are
        // 39.75 and 60.25; at scale 2 they are pixels 79.5 and 120.5, half pixels rounded down the
        // page (toward +∞) to 80 and 121: y = 40, height = 60.5 − 40 = 20.5.
        #expect(client.frame("greeting") == [20, 40, 85, 20.5])
        // Image view: width = 320 / 2 = 160, trailing at 320 → x = 160; height = the image's 24.
        #expect(client.frame("star") == [160, 0, 160, 24])
        let scene = reply["scene"] as? [String: Any] ?? [:]
        let views = scene["views"] as? [[String: Any]] ?? []
        #expect(views.first { $0["id"] as? String == "greeting" }?["ibId"] as? String == "lbl-1")
        // Labels hug at 251 when the document omits it.
        #expect(views.first { $0["id"] as? String == "greeting" }?["contentHugging"] as? [Double] == [251, 251])
        // The placeholder (the label's width, 85 as measured) is kept for Xcode's frames.
        let constraints = scene["constraints"] as? [[String: Any]] ?? []
        #expect(constraints.count == 7)
        let half = constraints.first { $0["ibId"] as? String == "c-half" }
        #expect(half?["multiplier"] as? Double == 0.5)
        let loose = constraints.first { $0["ibId"] as? String == "c-loose" }
        #expect(loose?["relation"] as? String == ">=")
        #expect(loose?["priority"] as? Double == 750)
        let warnings = reply["warnings"] as? [[String: Any]] ?? []
        #expect(warnings.contains { $0["ibId"] as? String == "c-place" })
        #expect((reply["root"] as? [String: Any])?["id"] as? String == "card-1")
        #expect(reply["roots"] == nil)
    }

    static let storyboard = IBFixture.storyboard(
        initial: "vc-2", device: #"<device id="retina5_9" orientation="portrait" appearance="light"/>"#, scenes: """
                <scene sceneID="s-1"><objects>
                    <viewController title="First" id="vc-1" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="view-1">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="812"/>
                            <viewLayoutGuide key="safeArea" id="safe-1"/>
                        </view>
                    </viewController>
                </objects></scene>
                <scene sceneID="s-2"><objects>
                    <viewController title="Second" id="vc-2" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="view-2">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="812"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar-2" userLabel="Header">
                                    <rect key="frame" x="16" y="50" width="343" height="44"/>
                                    <variation key="widthClass=regular" hidden="YES"/>
                                </view>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="safe-2"/>
                            <constraints>
                                <constraint firstItem="bar-2" firstAttribute="top" secondItem="safe-2" secondAttribute="top" id="k-top"/>
                                <constraint firstItem="bar-2" firstAttribute="leading" secondItem="view-2" secondAttribute="leadingMargin" id="k-lead"/>
                                <constraint firstItem="view-2" firstAttribute="trailingMargin" secondItem="bar-2" secondAttribute="trailing" id="k-trail"/>
                                <constraint firstItem="bar-2" firstAttribute="height" constant="44" id="k-height"/>
                                <constraint firstItem="bar-2" firstAttribute="height" constant="60" id="k-compact"/>
                            </constraints>
                            <variation key="default">
                                <mask key="constraints"><exclude reference="k-compact"/></mask>
                            </variation>
                            <variation key="widthClass=regular">
                                <mask key="constraints"><include reference="k-compact"/><exclude reference="k-height"/></mask>
                            </variation>
                        </view>
                    </viewController>
                </objects></scene>
        """)

    @Test func storyboardStartsAtTheInitialControllerAndListsRoots() throws {
        let client = SessionClient()
        let reply = importing(client, ["format": "storyboard", "document": Self.storyboard])
        let roots = reply["roots"] as? [[String: Any]] ?? []
        #expect(roots.map { $0["id"] as? String } == ["view-1", "view-2"])
        #expect(roots.map { $0["title"] as? String } == ["First", "Second"])
        #expect((reply["root"] as? [String: Any])?["controller"] as? String == "vc-2")
        // retina5_9 from Xcode 15: safe area top 50; margins 16 (width 375 < 414); compact width, so
        // k-height (44) is installed and k-compact is not: [16, 50, 375 − 32, 44].
        #expect(client.frame("header") == [16, 50, 343, 44])
        let scene = reply["scene"] as? [String: Any] ?? [:]
        #expect((scene["root"] as? [String: Any])?["safeArea"] as? [Double] == [50, 0, 34, 0])
        let warnings = reply["warnings"] as? [[String: Any]] ?? []
        #expect(warnings.contains { $0["ibId"] as? String == "k-compact" })
        // Choosing the other root by its controller's id.
        let first = importing(client, ["format": "storyboard", "document": Self.storyboard, "root": "vc-1"])
        #expect((first["root"] as? [String: Any])?["id"] as? String == "view-1")
    }

    /// A storyboard opens on its first screen: the initial navigation controller's root, a table view
    /// controller whose table holds only a prototype cell. The cell is laid out inside the table at the
    /// frame Xcode saved (y = 28, under the section header) and its label, pinned to the content view's
    /// margins, sits at (16, 11): the cell's margins are 11 pt top and 16 pt at the sides on a 375 pt
    /// phone, which its content view preserves. The cell is still a root of its own, titled by its
    /// class and its controller's title; only the controller's view is a screen (drawn in a bezel).
    @Test func storyboardOpensOnItsFirstScreenWithItsPrototypeCellsInTheTable() throws {
        let document = IBFixture.storyboard(
            initial: "nav-1", device: #"<device id="retina4_7" orientation="portrait" appearance="light"/>"#, scenes: """
                <scene sceneID="s-0"><objects>
                    <navigationController id="nav-1" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar-1">
                            <rect key="frame" x="0.0" y="20" width="375" height="44"/>
                        </navigationBar>
                        <connections>
                            <segue destination="list-vc" kind="relationship" relationship="rootViewController" id="seg-1"/>
                        </connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s-1"><objects>
                    <tableViewController title="List View" id="list-vc" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" rowHeight="52" id="table-1">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <prototypes>
                                <tableViewCell contentMode="scaleToFill" reuseIdentifier="item" id="cell-1" customClass="ListCell">
                                    <rect key="frame" x="0.0" y="28" width="375" height="52"/>
                                    <tableViewCellContentView key="contentView" opaque="NO" tableViewCell="cell-1" id="content-1">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="52"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <subviews>
                                            <label text="Row" translatesAutoresizingMaskIntoConstraints="NO" id="row-label">
                                                <rect key="frame" x="16" y="11" width="33" height="22"/>
                                            </label>
                                        </subviews>
                                        <constraints>
                                            <constraint firstItem="row-label" firstAttribute="leading" secondItem="content-1" secondAttribute="leadingMargin" id="r-lead"/>
                                            <constraint firstItem="row-label" firstAttribute="top" secondItem="content-1" secondAttribute="topMargin" id="r-top"/>
                                        </constraints>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </prototypes>
                        </tableView>
                    </tableViewController>
                </objects></scene>
        """)
        let client = SessionClient()
        let reply = importing(client, ["format": "storyboard", "document": document])
        let roots = reply["roots"] as? [[String: Any]] ?? []
        #expect(roots.map { $0["id"] as? String } == ["table-1", "cell-1"])
        #expect(roots.map { $0["title"] as? String } == ["List View", "ListCell in List View"])
        let root = reply["root"] as? [String: Any] ?? [:]
        #expect(root["id"] as? String == "table-1")
        let scene = reply["scene"] as? [String: Any] ?? [:]
        #expect(scene["title"] as? String == "List View")
        #expect((scene["root"] as? [String: Any])?["screen"] as? Bool == true)
        #expect(client.frame("listCell") == [0, 28, 375, 52])
        #expect(client.frame("contentView") == [0, 0, 375, 52])
        #expect(client.frame("row") == [16, 11, 33, 22])
        let warnings = reply["warnings"] as? [[String: Any]] ?? []
        #expect(!warnings.contains { ($0["message"] as? String ?? "").contains("its own root") }, "\(warnings)")
        // The cell on its own: not a screen, so no bezel.
        let cell = importing(client, ["format": "storyboard", "document": document, "root": "cell-1"])
        #expect(((cell["scene"] as? [String: Any])?["root"] as? [String: Any])?["screen"] as? Bool == false)
    }

    /// A table view cell: its content view keeps the cell's margins (11 pt top, 16 pt leading on a
    /// 375 pt cell), so a label pinned to the margins sits at (16, 11).
    @Test func cellLaysOutInItsContentViewMargins() throws {
        let cell = IBFixture.xib("""
            <tableViewCell contentMode="scaleToFill" reuseIdentifier="Row" id="cell-1">
                <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                <tableViewCellContentView key="contentView" opaque="NO" tableViewCell="cell-1" id="content-1">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <label text="Row" translatesAutoresizingMaskIntoConstraints="NO" id="row-label">
                            <rect key="frame" x="16" y="11" width="33" height="22"/>
                        </label>
                    </subviews>
                    <constraints>
                        <constraint firstItem="row-label" firstAttribute="leading" secondItem="content-1" secondAttribute="leadingMargin" id="r-lead"/>
                        <constraint firstItem="row-label" firstAttribute="top" secondItem="content-1" secondAttribute="topMargin" id="r-top"/>
                    </constraints>
                </tableViewCellContentView>
            </tableViewCell>
            """)
        let client = SessionClient()
        let reply = importing(client, ["format": "xib", "document": cell])
        #expect((reply["root"] as? [String: Any])?["role"] as? String == "cell")
        #expect(client.frame("row") == [16, 11, 33, 22])
        #expect(client.frame("contentView") == [0, 0, 375, 44])
    }

    /// A stack view of two labels, 8 pt apart, pinned at (20, 30).
    @Test func stackViewsArrangeTheirSubviews() throws {
        let stack = IBFixture.xib("""
            <view contentMode="scaleToFill" id="root-1">
                <rect key="frame" x="0.0" y="0.0" width="300" height="200"/>
                <subviews>
                    <stackView opaque="NO" axis="vertical" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="stack-1">
                        <rect key="frame" x="20" y="30" width="60" height="49"/>
                        <subviews>
                            <label text="One" translatesAutoresizingMaskIntoConstraints="NO" id="l-1"><rect key="frame" x="0.0" y="0.0" width="60" height="20"/></label>
                            <label text="Two" translatesAutoresizingMaskIntoConstraints="NO" id="l-2"><rect key="frame" x="0.0" y="28" width="60" height="21"/></label>
                        </subviews>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="stack-1" firstAttribute="leading" secondItem="root-1" secondAttribute="leading" constant="20" id="s-lead"/>
                    <constraint firstItem="stack-1" firstAttribute="top" secondItem="root-1" secondAttribute="top" constant="30" id="s-top"/>
                </constraints>
            </view>
            """)
        let client = SessionClient()
        _ = importing(client, ["format": "xib", "document": stack])
        // One: 20 tall at the top; Two starts 20 + 8 = 28 below, 21 tall; the stack is 49 tall.
        #expect(client.frame("stackView") == [20, 30, 60, 49])
        #expect(client.frame("one") == [0, 0, 60, 20])
        #expect(client.frame("two") == [0, 28, 60, 21])
    }

    @Test func malformedXMLIsAnErrorWithItsPlaceAndTheSceneStays() throws {
        let client = SessionClient()
        client.send(["type": "load", "name": "search-bar"])
        let broken = "<?xml version=\"1.0\"?>\n<document type=\"x\">\n  <objects>\n  </object>\n</document>"
        let reply = importing(client, ["format": "xib", "document": broken])
        #expect(reply["type"] as? String == "error")
        #expect(reply["code"] as? String == "bad-xml")
        #expect(reply["line"] as? Int == 4)
        #expect((reply["column"] as? Int ?? 0) > 0)
        let scene = client.send(["type": "scene", "id": 2]).last?["scene"] as? [String: Any]
        #expect(scene?["name"] as? String == "search-bar")
    }

    @Test func documentsThatAreNotIOSAutoLayoutAreRefused() throws {
        let client = SessionClient()
        let mac = Self.card.replacingOccurrences(of: "CocoaTouch.XIB", with: "Cocoa.XIB")
        #expect(importing(client, ["format": "xib", "document": mac])["code"] as? String == "unsupported-document")
        let springs = Self.card.replacingOccurrences(of: "useAutolayout=\"YES\"", with: "")
        let reply = importing(client, ["format": "xib", "document": springs])
        #expect(reply["code"] as? String == "unsupported-document")
        #expect(reply["line"] as? Int == 2)
        #expect(importing(client, ["format": "xib", "document": "<plist/>"])["code"] as? String == "unsupported-document")
    }

    @Test func badFieldsAndUnknownRoots() throws {
        let client = SessionClient()
        #expect(importing(client, ["format": "xib", "document": Self.card, "root": "nope"])["code"] as? String == "unknown-root")
        #expect(importing(client, ["format": "xib", "document": Self.card, "textSizes": "guessed"])["code"] as? String == "invalid-field")
        #expect(importing(client, ["format": "nib", "document": Self.card])["code"] as? String == "invalid-field")
        #expect(importing(client, ["format": "xib"])["code"] as? String == "missing-field")
        #expect(importing(client, ["format": "xib", "document": Self.card, "textSizes": 3])["code"] as? String == "invalid-field")
        let inBatch = client.send(["type": "batch", "id": "b", "ops": [["type": "import", "format": "xib", "document": Self.card]]])
        #expect(inBatch.last?["code"] as? String == "invalid-op")
    }

    @Test func helloAnnouncesTheImportLimits() throws {
        let client = SessionClient()
        let hello = client.received.first { $0["type"] as? String == "hello" }
        let limits = hello?["limits"] as? [String: Any]
        #expect(limits?["maxImportBytes"] as? Int == 786_432)   // 3/4 of the 1 MiB message limit
        #expect(limits?["maxImportElements"] as? Int == 50_000)
    }

    @Test func tooManyElementsStopsTheReader() throws {
        let many = IBFixture.xib(String(repeating: "<p/>", count: 60_000))
        let client = SessionClient()
        let reply = importing(client, ["format": "xib", "document": many])
        #expect(reply["code"] as? String == "too-many-elements")
    }
}

/// The importer's small parts.
@Suite struct ImportPartsTests {
    @Test func multipliers() {
        #expect(IBSceneBuilder.multiplier("1:2") == 0.5)
        #expect(IBSceneBuilder.multiplier("16:9") == 16.0 / 9.0)
        #expect(IBSceneBuilder.multiplier("0.75") == 0.75)
        #expect(IBSceneBuilder.multiplier("1:0") == nil)
        #expect(IBSceneBuilder.multiplier("wide") == nil)
    }

    @Test func identifiers() {
        #expect(IBNaming.identifier("Sign in!") == "signIn")
        #expect(IBNaming.identifier("UILabel") == "uiLabel")
        #expect(IBNaming.identifier("2 columns") == "v2Columns")
        #expect(IBNaming.identifier("root") == "rootView")
        #expect(IBNaming.identifier("😬") == nil)
        var naming = IBNaming()
        #expect(naming.unique(["title"], fallback: "label") == "title")
        #expect(naming.unique(["title"], fallback: "label") == "title2")
        #expect(naming.unique([nil, "😬"], fallback: "label") == "label")
        // Numbering resumes where it stopped, and skips a number another base took meanwhile:
        // "title3" is a view's own name here, so the next "title" is "title4".
        #expect(naming.unique(["Title 3"], fallback: "label") == "title3")
        #expect(naming.unique(["title"], fallback: "label") == "title4")
        #expect(naming.unique(["title"], fallback: "label") == "title5")
        // A run of capitals keeps the one that starts the next word.
        #expect(IBNaming.identifier("URLField") == "urlField")
        #expect(IBNaming.identifier("OK") == "ok")
    }

    /// Non-ASCII text is transliterated before the words are read. Expected by hand from the
    /// transliteration conventions: German ü → u and ß → ss; Russian (scientific/ISO 9 style ICU
    /// uses) П-р-и-в-е-т → P-r-i-v-e-t, м-и-р → m-i-r; Danish ø → o; é → e.
    @Test func nonASCIIIdentifiers() {
        #expect(IBNaming.identifier("Grüße") == "grusse")
        #expect(IBNaming.identifier("Привет мир") == "privetMir")
        #expect(IBNaming.identifier("Smørrebrød") == "smorrebrod")
        #expect(IBNaming.identifier("Café au lait") == "cafeAuLait")
        // Han characters become pinyin: whatever the reading, an ASCII identifier, not nil.
        let tokyo = IBNaming.identifier("東京")
        #expect(tokyo != nil && tokyo?.isEmpty == false)
        #expect(tokyo?.utf8.allSatisfy { $0 < 0x80 } == true)
        // An emoji has no Latin form: still nothing usable.
        #expect(IBNaming.identifier("😬") == nil)
        // At most 40 bytes, however long the text.
        let long = IBNaming.identifier(String(repeating: "Ä", count: 500))
        #expect(long?.utf8.count == 40)
    }

    @Test func sizeClassVariations() throws {
        let element = try IBXMLReader.read("""
            <view id="v"><variation key="widthClass=compact" hidden="YES"/><variation key="heightClass=compact-widthClass=regular" alpha="0.5"/></view>
            """, maxElements: 100)
        let compact = IBTraits(widthClass: "compact", heightClass: "regular", scanning: element)
        #expect(compact.effective(element)["hidden"] == "YES")
        #expect(compact.effective(element)["alpha"] == nil)
        let landscapeMax = IBTraits(widthClass: "regular", heightClass: "compact", scanning: element)
        #expect(landscapeMax.effective(element)["alpha"] == "0.5")
    }
}
