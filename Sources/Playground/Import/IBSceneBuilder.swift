import AutoLayout

/// Turns one root of an Interface Builder document into a scene spec: views with their frames,
/// intrinsic sizes, priorities, margins and stack configuration, the guides IB constraints name, and
/// then the constraints (`IBSceneBuilder+Constraints.swift`). Nothing here touches the layout engine.
struct IBSceneBuilder {
    let document: IBDocument
    let root: IBDocument.Root
    let traits: IBTraits
    let rootSize: Size
    let safeArea: EdgeInsets
    let textSizes: IBTextSizes

    var naming = IBNaming()
    var constraintNaming = IBNaming()
    var views: [ViewSpec] = []
    var constraints: [ConstraintSpec] = []
    var guides: [GuideSpec] = []
    var warnings: [[String: Any]] = []
    /// Scene ids by IB id (views only).
    var viewIDs: [String: String] = [:]
    /// IB ids by scene id (views only).
    var ibIDs: [String: String] = [:]
    /// Element names by scene id (`label`, `stackView`…).
    var kinds: [String: String] = [:]
    var parents: [String: String] = [:]
    /// Scene ids of the scroll views (`IBViewTraits.scrollViews`), whose edges bind their content for
    /// their descendants' constraints.
    var scrollViewIDs: Set<String> = []
    /// Item names by IB id for guides (`root.safeArea`, `scroll.content`).
    var guideItems: [String: String] = [:]
    /// The legacy `topLayoutGuide` and `bottomLayoutGuide` ids.
    var legacyGuides: [String: String] = [:]
    var savedFrames: [String: Rect] = [:]
    var staleViews: Set<String> = []
    /// Each view's origin in root coordinates from the saved frames, and its effective margins (with
    /// the safe area folded in as UIKit does), for margins that depend on position.
    var rootOrigins: [String: Point] = ["root": .zero]
    var margins: [String: EdgeInsets] = [:]
    /// Constraint elements with the scene id of the view that holds them.
    var pending: [(element: IBElement, holder: String)] = []

    init(document: IBDocument, root: IBDocument.Root, textSizes: IBTextSizes = .document) {
        self.document = document
        self.root = root
        self.textSizes = textSizes
        let device = document.device
        let classes = device.traits(landscape: document.landscape)
        traits = IBTraits(widthClass: classes.width, heightClass: classes.height, scanning: root.element)
        let frame = Self.frame(of: root.element)
        var size = frame.map { Size(width: max($0.width, 1), height: max($0.height, 1)) }
            ?? device.size(landscape: document.landscape)
        // A controller's view saved below a bar (y > 0) fills the screen below it: Xcode 8.1 saved
        // such a view with the screen's whole height (RxSwift's examples: y = 64, 667 tall on a
        // 667 pt screen), while its subviews were laid out in the 667 − 64 = 603 pt left.
        if root.role == .controllerView, let frame, frame.minY > 0 {
            let screen = Self.simulatedScreen(document: document, controller: root.controller)
            if frame.maxY > screen.height { size.height = max(1, screen.height - frame.minY) }
        }
        rootSize = size
        // A cell has no safe area of its own here; a xib's top-level view gets a notched phone's
        // insets (hardware) but no status bar unless it simulates one: Interface Builder draws the
        // status bar over controllers only by default.
        let notched = device.portraitSafeArea.bottom > 0
        // From Xcode 14 (`toolsVersion` 21000) a top-level view is drawn under the status bar on
        // a home-button phone too: DuckDuckGo's Xcode 15 notification view, 465 × 154 on an
        // iPhone 8, saves a stack pinned 8 pt below its safe area's top at y = 28, where TLPhotoPicker's
        // Xcode 12 picker view saves a bar pinned to its safe area's top at y = 0.
        let statusBar = Self.simulatedStatusBar(root.role == .topLevelView ? root.element : root.controller)
            ?? (root.role == .topLevelView && document.toolsVersion >= 21000 ? true : nil)
        // A presented controller is drawn as a sheet, with no safe area at its top or bottom.
        let noScreenInsets = root.role == .cell || (root.role == .topLevelView && !notched && statusBar != true)
            || Self.isDrawnAsSheet(document: document, controller: root.controller)
        var insets = noScreenInsets ? .zero : Self.safeArea(document: document, controller: root.controller)
        // A controller drawn at a freeform size that simulates no status bar
        // (`<nil key="simulatedStatusBarMetrics"/>`: a today extension's 320 × 300 view) has none on
        // a home-button phone (fscalendar's widget saves a view pinned to the top layout guide at
        // y = 0); a notched phone keeps its sensor housing's inset. At the screen's size Xcode draws
        // the status bar whatever the metrics say (Presentr's Xcode 9 controllers with the same
        // element save such views at y = 20).
        let freeform = root.controller?.child("size", key: "freeformSize") != nil
        if statusBar == false, freeform, !notched, !document.landscape {
            insets.top = max(0, insets.top - device.safeArea(landscape: false).top)
        }
        // A document that names no device (the one here: a 600 × 600 view of Xcode 8's any-size
        // canvas) is saved with no status bar: its views pinned to the safe area's top sit at y = 0.
        // Its bars, if any, stay. Before Xcode 8 (`toolsVersion` 11000) no document names one, and
        // the status bar is drawn (SwiftTheme's Xcode 7 controller saves a button pinned 20 pt below
        // its top layout guide at y = 84, under the 20 pt status bar and a 44 pt navigation bar).
        if document.deviceID == nil, document.toolsVersion >= 11000, root.role == .controllerView {
            insets.top = max(0, insets.top - device.safeArea(landscape: document.landscape).top)
        }
        // A controller's view that starts below an opaque bar (or ends above one) was saved with that
        // frame in the window: only the part of the insets over the view counts.
        // Xcode saves such a view at y = 0 with the bar's height taken off; an opaque navigation
        // bar, or edges for extended layout without the top, says which end.
        if root.role == .controllerView, let frame {
            let screen = Self.simulatedScreen(document: document, controller: root.controller)
            let belowTopBar = Self.viewStartsBelowTopBar(document: document, controller: root.controller)
            let offset = frame.minY > 0 ? frame.minY : (belowTopBar && frame.height < screen.height ? insets.top : 0)
            insets.bottom = max(0, insets.bottom - max(0, screen.height - offset - frame.height))
            insets.top = max(0, insets.top - offset)
        }
        safeArea = insets
    }

    /// Whether a controller (or a xib's top-level view) simulates a status bar: true for a
    /// `<simulatedStatusBarMetrics key="simulatedStatusBarMetrics">`, false for
    /// `<nil key="simulatedStatusBarMetrics"/>`, nil when it says nothing (Xcode's default: a status
    /// bar over controllers, none over top-level views).
    static func simulatedStatusBar(_ element: IBElement?) -> Bool? {
        guard let metrics = element?.children.first(where: { $0["key"] == "simulatedStatusBarMetrics" }) else {
            return nil
        }
        return metrics.name != "nil" && metrics["statusBarHidden"] != "YES"
    }

    /// The `<rect key="frame">` of a view element.
    static func frame(of element: IBElement) -> Rect? {
        guard let rect = element.child("rect", key: "frame"), let x = rect.number("x"), let y = rect.number("y"),
              let width = rect.number("width"), let height = rect.number("height") else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The device's safe area plus the bars Interface Builder simulates over a controller's view: a
    /// navigation bar when the controller sits in a navigation controller of the document (or, as
    /// Xcode 26 draws it on notched phones, has a navigation item), 44 pt (48 pt from Xcode 26, 32 pt in a landscape
    /// phone, 50 pt on iPad) plus 52 pt of large title; a tab bar (49 pt, 50 pt on iPad) for a tab
    /// bar controller's child; explicit simulated bar metrics win over both.
    static func safeArea(document: IBDocument, controller: IBElement?) -> EdgeInsets {
        let device = document.device, landscape = document.landscape
        var insets = device.safeArea(landscape: landscape)
        if device.ibID == "retina5_9", document.toolsVersion >= 21000 { insets.top = landscape ? 0 : 50 }
        if device.ibID == "retina6_1", document.toolsVersion >= 21000 { insets.top = landscape ? 0 : 48 }
        if landscape, device.ibID == "retina5_9" || device.ibID == "retina6_1", insets.left > 0 {
            insets.left = 44
            insets.right = 44
        }
        guard let controller, let id = controller.id else { return insets }
        let top = controller.children.first { $0["key"] == "simulatedTopBarMetrics" }
        let bottom = controller.children.first { $0["key"] == "simulatedBottomBarMetrics" }
        let xcode26 = document.toolsVersion >= 24000
        // Observed in Xcode 26 documents (toolsVersion 24127) on notched phones: a controller with a
        // navigation item and no navigation controller is drawn with a 48 pt bar on top and the
        // home indicator's 34 pt added again at the bottom; on home-button phones, with neither.
        let inferred = xcode26 && device.portraitSafeArea.bottom > 0 && !landscape
            && controller.child("navigationItem", key: "navigationItem") != nil
            && document.navigationStacks[id] == nil && top == nil
        if inferred { insets.bottom += device.portraitSafeArea.bottom }
        let inStack = document.navigationStacks[id] != nil || inferred
        let hasNavigationBar = top.map { $0.name.contains("NavigationBar") } ?? inStack
        // Xcode 26 on notched phones draws a navigation controller's bar below the status bar
        // counted twice and 54 pt tall (PhoneNumberKit's and IQKeyboardManager's Xcode 26
        // storyboards save the bar at y = 96 on an iPhone 11, 54 tall, 106 with large titles).
        let stackedXcode26 = xcode26 && document.navigationStacks[id] != nil && top == nil
            && device.portraitSafeArea.bottom > 0 && !landscape && !device.isPad
        if stackedXcode26 { insets.top *= 2 }
        if hasNavigationBar {
            let bar = device.isPad ? 50.0 : (landscape ? 32 : (stackedXcode26 ? 54 : (xcode26 ? 48 : 44)))
            let largeTitle = document.navigationStacks[id] == true
                && controller.child("navigationItem", key: "navigationItem")?["largeTitleDisplayMode"] != "never"
            insets.top += bar + (largeTitle && !landscape ? 52 : 0)
        }
        let tabbed = document.tabbedControllers.contains(id)
        if let bottom {
            if bottom.name.contains("TabBar") { insets.bottom += device.isPad ? 50 : 49 }
            if bottom.name.contains("Toolbar") { insets.bottom += 44 }
        } else if tabbed {
            insets.bottom += device.isPad ? 50 : 49
        }
        return insets
    }

    mutating func warn(_ element: IBElement, _ message: String) {
        var entry: [String: Any] = ["element": element.name, "line": element.line, "message": message]
        if let id = element.id { entry["ibId"] = id }
        warnings.append(entry)
    }

    /// UIKit's system side margin: 20 pt on screens 414 pt wide and wider, else 16.
    static func systemMargin(width: Double) -> Double { width >= 414 ? 20 : 16 }

    /// A cell's own margins. A table cell's are 11 pt top and bottom and the system's sides, except in
    /// documents from before Xcode 8 (`toolsVersion` 11000, iOS 9 and older), where they are 8 pt all
    /// round: XLForm's Xcode 7 rating cell, 478 pt wide, saves a label pinned to its content view's
    /// leading margin (which preserves the cell's) at x = 8, and a 115 pt view pinned to the trailing
    /// margin at 478 − 8 − 115 = 355. A collection view cell's are 8 pt all round.
    private func cellMargins(_ cell: IBElement, systemMargin: Double) -> EdgeInsets {
        let modern = cell.name == "tableViewCell" && document.toolsVersion >= 11000
        return modern ? EdgeInsets(top: 11, left: systemMargin, bottom: 11, right: systemMargin)
            : EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    }

    /// Whether view `id` is a table cell laid out in its table, or lies inside one.
    /// - Complexity: O(depth).
    private func isInCell(_ id: String) -> Bool {
        var next: String? = id
        for _ in 0..<200 {
            guard let current = next, current != "root" else { return false }
            if kinds[current] == "tableViewCell" { return true }
            next = parents[current]
        }
        return false
    }

    /// Builds the whole scene spec.
    mutating func build() -> IBImportResult {
        viewIDs[root.id] = "root"
        ibIDs["root"] = root.id
        kinds["root"] = root.element.name
        if IBViewTraits.scrollViews.contains(root.element.name) { scrollViewIDs.insert("root") }
        savedFrames["root"] = Rect(origin: .zero, size: rootSize)
        let device = document.device
        // UIKit's system side margin is 20 pt on screens 414 pt wide and wider, else 16. A cell of a
        // storyboard's table takes it from the screen it is drawn on, not its own width: DuckDuckGo's
        // inset-grouped settings cells, 374 pt wide on a 414 pt phone, save their labels 20 pt in.
        let screenWidth = document.kind == .storyboard && root.role == .cell
            ? document.device.size(landscape: document.landscape).width : 0
        let systemMargin = Self.systemMargin(width: max(rootSize.width, screenWidth))
        var rootMargins = EdgeInsets(top: 0, left: systemMargin, bottom: 0, right: systemMargin)
        if root.role == .cell {
            rootMargins = cellMargins(root.element, systemMargin: systemMargin)
        } else if let explicit = explicitMargins(root.element) {
            rootMargins = explicit
        }
        let insetsMargins = root.element["insetsLayoutMarginsFromSafeArea"] != "NO"
        let marginSafeArea = insetsMargins ? safeArea : .zero
        margins["root"] = EdgeInsets(top: rootMargins.top + marginSafeArea.top, left: rootMargins.left + marginSafeArea.left,
                                     bottom: rootMargins.bottom + marginSafeArea.bottom,
                                     right: rootMargins.right + marginSafeArea.right)
        registerGuides(of: root.element, sceneID: "root")
        if let controller = root.controller {
            for guide in controller.list("layoutGuides") where guide.name == "viewControllerLayoutGuide" {
                if let id = guide.id, let type = guide["type"] { legacyGuides[id] = type }
            }
        }
        pending += root.element.list("constraints").map { ($0, "root") }
        addChildren(of: root.element, parent: "root")
        // A root Xcode itself marks misplaced was saved at a size its constraints do not give it, so
        // every frame saved inside it is stale too.
        if root.element.flag("misplaced") { staleViews.formUnion(savedFrames.keys.filter { $0 != "root" }) }
        addConstraints()
        let title = root.title
        var rootSpec = SceneRootSpec(size: rootSize, safeArea: safeArea, layoutMargins: rootMargins,
                                     insetsLayoutMarginsFromSafeArea: insetsMargins, scale: device.scale)
        // Only a controller's view at the device's size is a screen: a xib's view under a simulated
        // status bar, or a cell, is drawn on its own, without a phone around it.
        rootSpec.screen = root.role == .controllerView && rootSize == device.size(landscape: document.landscape)
        // A screen follows the device's preset (the device picker shows it); a xib's view at the same
        // size and insets is a view, not the device.
        if let preset = device.preset, rootSpec.screen == true,
           rootSize == device.size(landscape: document.landscape),
           safeArea == device.safeArea(landscape: document.landscape) {
            rootSpec.device = Device.named(preset)
            rootSpec.orientation = document.landscape ? .landscape : .portrait
        }
        var spec = SceneSpec(name: IBNaming.identifier(title) ?? "imported", title: title)
        spec.summary = "Imported from \(document.kind == .storyboard ? "a storyboard" : "a xib"): \(root.className) \(root.id)"
        spec.root = rootSpec
        spec.views = views
        spec.guides = guides
        spec.constraints = constraints
        return IBImportResult(spec: spec, warnings: warnings, kind: document.kind, root: root, roots: document.roots,
                              savedFrames: savedFrames, staleViews: staleViews, viewIDs: viewIDs)
    }

    private mutating func addChildren(of element: IBElement, parent: String) {
        var arranged: [String] = []
        // A table's prototype cells are laid out inside it, at the frames Xcode saved them at (one
        // under the other, below the section header), as Interface Builder draws them; a collection
        // view's cells sit where its layout puts them, which is not modelled.
        if element.name == "tableView" {
            for cell in element.list("prototypes") { addChild(cell, of: element, parent: parent, arranged: &arranged) }
        } else if element.name == "collectionView" {
            for cell in Array(element.list("prototypes")) + element.list("cells") {
                warn(cell, "a cell inside a collection view is laid out as its own root (pick it with 'root')")
            }
        }
        // Subviews in document order, then the content view a cell or effect view keeps outside
        // `<subviews>`: read in place from the element store, no list of them is built.
        for child in element.list("subviews") { addChild(child, of: element, parent: parent, arranged: &arranged) }
        for child in element.children where child["key"] == "contentView" {
            addChild(child, of: element, parent: parent, arranged: &arranged)
        }
        if element.name == "stackView", let stackID = viewIDs[element.id ?? ""],
           let index = views.firstIndex(where: { $0.id == stackID }) {
            views[index].stack = stackConfiguration(traits.effective(element), arranged: arranged)
        }
    }

    /// Adds `child` of `element` (and its subtree) unless the size classes exclude it; a stack view's
    /// arranged subviews are collected in `arranged`.
    private mutating func addChild(_ child: IBElement, of element: IBElement, parent: String, arranged: inout [String]) {
        guard traits.isInstalled(child.id) else {
            warn(child, "not installed for this device's size classes (\(traits.widthClass) width, \(traits.heightClass) height)")
            return
        }
        let id = addView(child, parent: parent, arranged: element.name == "stackView")
        if child["key"] != "contentView" { arranged.append(id) }
    }

    @discardableResult
    private mutating func addView(_ raw: IBElement, parent: String, arranged: Bool) -> String {
        let element = traits.effective(raw)
        let className = IBViewTraits.className(element)
        let text = element["text"] ?? element.child("state", key: "normal")?["title"] ?? element["placeholder"]
        let isContentView = element["key"] == "contentView"
        let outlet = element.id.flatMap { document.outletNames[$0] }
        let id = naming.unique([element["userLabel"], outlet,
                                isContentView ? "contentView" : nil, text, element["image"], element["customClass"]],
                               fallback: element.name)
        if let ibID = element.id {
            viewIDs[ibID] = id
            ibIDs[id] = ibID
        }
        kinds[id] = element.name
        parents[id] = parent
        if IBViewTraits.scrollViews.contains(element.name) { scrollViewIDs.insert(id) }
        var spec = ViewSpec(id: id, parent: parent, label: labelText(element, className: className))
        spec.ibId = element.id
        if let outlet { spec.outlet = String(outlet.prefix(64)) }
        spec.control = IBControlAppearance.of(element)
        spec.color = IBViewTraits.backgroundColor(element, named: document.namedColors)
        if let alpha = element.number("alpha") { spec.alpha = min(1, max(0, alpha)) }
        if element.flag("hidden") { spec.hidden = true }
        if element.flag("misplaced") || element.flag("ambiguous") { staleViews.insert(id) }
        let saved = Self.frame(of: element)
        // Xcode 6 saved no frame for a cell's content view: it fills the cell less the separator,
        // 1 pt in documents of its time (XLForm's Xcode 7 cells: 50 pt cells, 49 pt content views).
        let frame = saved ?? (isContentView ? savedFrames[parent].map {
            Rect(x: 0, y: 0, width: $0.width, height: max(0, $0.height - (document.toolsVersion < 11000 ? 1 : 0)))
        } : nil)
        if let saved { savedFrames[id] = saved }
        if let frame {
            let origin = rootOrigins[parent] ?? .zero
            rootOrigins[id] = Point(x: origin.x + frame.minX, y: origin.y + frame.minY)
        } else {
            warn(element, "no saved frame: the view starts at zero size")
        }
        // `fixedFrame` marks a view Interface Builder places by its frame alone (no constraint
        // positions it); it stays where it was saved, as a loaded nib leaves it.
        let translates = !arranged && (isContentView || element.flag("fixedFrame")
                                       || element["translatesAutoresizingMaskIntoConstraints"] != "NO")
        spec.translatesAutoresizingMaskIntoConstraints = translates
        // Every view starts at its saved frame, as when a nib is loaded: a translated subview of a
        // constrained view then keeps its margins from the superview's size as saved.
        spec.frame = frame
        if translates {
            spec.autoresizingMask = isContentView ? [.flexibleWidth, .flexibleHeight] : autoresizingMask(element)
        }
        let insets = translates ? EdgeInsets() : alignmentInsets(element)
        if insets != EdgeInsets() { spec.alignmentRectInsets = insets }
        let measured = textSizes == .measured ? measuredText(element) : nil
        if let measured {
            spec.text = measured
        } else if var intrinsic = intrinsicSize(element, frame: frame) {
            // UIKit's intrinsic size is the alignment rectangle's (a slider's saved height included).
            if insets != EdgeInsets(),
               IBViewTraits.contentSized.contains(element.name) || IBViewTraits.heightOnly.contains(element.name) {
                if intrinsic.width >= 0 { intrinsic.width -= insets.left + insets.right }
                if intrinsic.height >= 0 { intrinsic.height -= insets.top + insets.bottom }
            }
            spec.intrinsicSize = intrinsic
        }
        let hugging = IBViewTraits.defaultHugging(element)
        spec.contentHugging = [element.number("horizontalHuggingPriority") ?? hugging,
                               element.number("verticalHuggingPriority") ?? hugging]
        spec.compressionResistance = [element.number("horizontalCompressionResistancePriority") ?? 750,
                                      element.number("verticalCompressionResistancePriority") ?? 750]
        spec.layoutMargins = viewMargins(element, id: id, parent: parent, frame: frame)
        if element.flag("layoutMarginsFollowReadableWidth") {
            warn(element, "layoutMarginsFollowReadableWidth is not modelled: the margins are the view's own")
        }
        views.append(spec)
        registerGuides(of: element, sceneID: id)
        pending += element.list("constraints").map { ($0, id) }
        addChildren(of: element, parent: id)
        return id
    }

    /// Controls whose frame reaches past their alignment rectangle, the same in every Xcode the
    /// documents here come from (6 to 26): a switch by 2 pt on the right, a slider by 2 pt on each
    /// side (its thumb's overhang) and 1 pt at the bottom, so its 31 pt frame holds a 30 pt
    /// alignment rectangle, and a segmented control by 1 pt at the bottom, whether it is drawn in
    /// iOS 7's style (a 29 pt frame, Xcode 6 to 10) or iOS 13's (32 pt, Xcode 11 on): its shadow
    /// line sits below the rectangle in both.
    private func alignmentInsets(_ element: IBElement) -> EdgeInsets {
        switch element.name {
        case "switch": EdgeInsets(top: 0, left: 0, bottom: 0, right: 2)
        case "slider": EdgeInsets(top: 0, left: 2, bottom: 1, right: 2)
        case "segmentedControl": EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
        default: EdgeInsets()
        }
    }

    /// The drawing label: the user label, the text or title shown, else the class.
    private func labelText(_ element: IBElement, className: String) -> String {
        let text = element["userLabel"] ?? element["text"] ?? element.child("state", key: "normal")?["title"]
            ?? element["placeholder"] ?? className
        return String(text.prefix(200))
    }

    /// `<autoresizingMask>` as UIKit's options (`flexibleMinX` is `flexibleLeftMargin`, and so on).
    private func autoresizingMask(_ element: IBElement) -> AutoresizingMask {
        guard let mask = element.child("autoresizingMask", key: "autoresizingMask") else { return [] }
        let options: [(String, AutoresizingMask)] = [
            ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth),
            ("flexibleMaxX", .flexibleRightMargin), ("flexibleMinY", .flexibleTopMargin),
            ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
        ]
        var result: AutoresizingMask = []
        for (flag, option) in options where mask.flag(flag) { result.insert(option) }
        return result
    }

    /// The intrinsic content size (−1 for none): content-sized controls take their saved frame
    /// (Xcode measured them with Apple's fonts), image views their image's size from `<resources>`
    /// (an SF Symbol its saved frame, or with measured sizes its configuration's size), any view a
    /// numeric `placeholderIntrinsicWidth`/`Height`.
    private mutating func intrinsicSize(_ element: IBElement, frame: Rect?) -> Size? {
        var size: Size?
        let name = element.name
        if IBViewTraits.contentSized.contains(name) || (name == "textView" && element["scrollEnabled"] == "NO") {
            size = frame?.size
        } else if IBViewTraits.heightOnly.contains(name) {
            size = frame.map { Size(width: -1, height: $0.height) }
        } else if name == "imageView", let image = element["image"] {
            if element["catalog"] == "system" {
                // An SF Symbol's size follows its configuration (point size, scale, the text style
                // of its font); `<resources>` lists it at 128 pt whatever it is drawn at. Xcode
                // saved the size it drew, kept with document sizes as a label's is; measured sizes
                // (and a symbol without a saved frame) take `IBSymbolImage`'s rule.
                if textSizes == .document, let frame {
                    size = frame.size
                } else {
                    let resource = document.imageSizes[image].map { Size(width: $0.width, height: $0.height) }
                    size = IBSymbolImage.size(of: element, resource: resource)
                }
            } else if let resource = document.imageSizes[image] {
                size = Size(width: resource.width, height: resource.height)
            } else {
                warn(element, "image '\(image.prefix(64))' has no size in <resources>: its saved frame stands in")
                size = frame?.size
            }
        }
        if size == nil, name == "view", element["customClass"] != nil, element.list("subviews").isEmpty,
           element["translatesAutoresizingMaskIntoConstraints"] == "NO", let frame {
            // A custom view Xcode renders (`@IBDesignable`) reports its own intrinsic size, which
            // Xcode measured and saved: Cosmos's rating views are placed by their centres alone.
            size = frame.size
        }
        let placeholderWidth = element.number("placeholderIntrinsicWidth")
        let placeholderHeight = element.number("placeholderIntrinsicHeight")
        if placeholderWidth != nil || placeholderHeight != nil {
            size = Size(width: placeholderWidth ?? size?.width ?? -1, height: placeholderHeight ?? size?.height ?? -1)
        }
        return size
    }

    /// The margins a view sets itself (`layoutMargins`, `directionalLayoutMargins`), each at least
    /// zero: the engine's margins are never negative, so a negative one is read as 0 with a warning.
    private mutating func explicitMargins(_ element: IBElement) -> EdgeInsets? {
        var margins: EdgeInsets
        if let insets = element.child("edgeInsets", key: "layoutMargins") {
            margins = EdgeInsets(top: insets.number("top") ?? 0, left: insets.number("left") ?? 0,
                                 bottom: insets.number("bottom") ?? 0, right: insets.number("right") ?? 0)
        } else if let insets = element.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            // Left-to-right: leading is left.
            margins = EdgeInsets(top: insets.number("top") ?? 0, left: insets.number("leading") ?? 0,
                                 bottom: insets.number("bottom") ?? 0, right: insets.number("trailing") ?? 0)
        } else {
            return nil
        }
        let edges = [margins.top, margins.left, margins.bottom, margins.right]
        if edges.contains(where: { !($0 >= 0) }) {
            warn(element, "negative layout margins are not modelled: read as 0")
            func clamped(_ value: Double) -> Double { value >= 0 ? value : 0 }
            margins = EdgeInsets(top: clamped(margins.top), left: clamped(margins.left),
                                 bottom: clamped(margins.bottom), right: clamped(margins.right))
        }
        return margins
    }

    /// A view's layout margins as UIKit resolves them where the saved frames place it: its own (8 pt
    /// by default; a cell's content view 11 pt top and bottom and the cell's side margins), grown by
    /// the part of the root's safe area it overlaps (`insetsLayoutMarginsFromSafeArea`, on by
    /// default), and, with `preservesSuperviewLayoutMargins`, at least the superview's margins where
    /// they reach into it.
    private mutating func viewMargins(_ element: IBElement, id: String, parent: String, frame: Rect?) -> EdgeInsets {
        let own = explicitMargins(element) ?? (element.name == "tableViewCell"
            ? cellMargins(element, systemMargin: Self.systemMargin(width: rootSize.width))
            : EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        let isCellContent = element.name == "tableViewCellContentView"
            || (element["key"] == "contentView" && (root.element.name == "tableViewCell" || kinds[parent] == "tableViewCell"))
        // A cell's content view keeps the cell's margins (11 pt top and bottom, the system's side
        // margin) where it touches the cell, and its own 8 pt beside an accessory. Before iOS 11
        // (documents from before Xcode 9, `toolsVersion` 13000) it kept only its own 8 pt unless told
        // to preserve the cell's: hero-builtintransitions' header cell (Xcode 8) saves a button
        // pinned 8 pt below its content view's top margin at y = 16.
        let preserves = element.flag("preservesSuperviewLayoutMargins") || (isCellContent && document.toolsVersion >= 13000)
        guard let frame else { margins[id] = own; return own }
        var result = own
        // A cell in its table sits in the table's content, which the table insets from the safe area.
        if element["insetsLayoutMarginsFromSafeArea"] != "NO", root.role != .cell, !isInCell(id),
           let origin = rootOrigins[id] {
            result.top += max(0, min(frame.height, safeArea.top - origin.y))
            result.left += max(0, min(frame.width, safeArea.left - origin.x))
            result.bottom += max(0, min(frame.height, origin.y + frame.height - (rootSize.height - safeArea.bottom)))
            result.right += max(0, min(frame.width, origin.x + frame.width - (rootSize.width - safeArea.right)))
        }
        if preserves, let outer = margins[parent],
           let parentFrame = savedFrames[parent] {
            result.top = max(result.top, outer.top - frame.minY)
            result.left = max(result.left, outer.left - frame.minX)
            result.bottom = max(result.bottom, outer.bottom - (parentFrame.height - frame.maxY))
            result.right = max(result.right, outer.right - (parentFrame.width - frame.maxX))
        }
        margins[id] = result
        return result
    }

    /// The stack configuration of a `stackView` element.
    private mutating func stackConfiguration(_ element: IBElement, arranged: [String]) -> StackView {
        let alignments: [String: StackView.Alignment] = [
            "top": .leading, "bottom": .trailing, "leading": .leading, "trailing": .trailing, "center": .center,
            "firstBaseline": .firstBaseline, "lastBaseline": .lastBaseline, "baseline": .lastBaseline, "fill": .fill,
        ]
        let alignmentName = element["alignment"] ?? "fill"
        let alignment = alignments[alignmentName] ?? .fill
        if alignments[alignmentName] == nil { warn(element, "unknown stack alignment '\(alignmentName.prefix(40))': fill") }
        let distributionName = element["distribution"] ?? "fill"
        let distribution = StackView.Distribution(rawValue: distributionName) ?? .fill
        if StackView.Distribution(rawValue: distributionName) == nil {
            warn(element, "unknown stack distribution '\(distributionName.prefix(40))': fill")
        }
        if element.flag("baselineRelativeArrangement") {
            warn(element, "baselineRelativeArrangement is not modelled: spacing is measured between edges")
        }
        if alignment == .firstBaseline || alignment == .lastBaseline, arranged.contains(where: { IBViewTraits.textViews.contains(kinds[$0] ?? "") }) {
            warn(element, "baseline alignment uses the bottom edges: text baselines are not modelled")
        }
        var stack = StackView()
        stack.axis = element["axis"] == "vertical" ? .vertical : .horizontal
        stack.distribution = distribution
        stack.alignment = alignment
        // `spacingType="standard"` is UIStackView.spacingUseSystem: the standard 8 pt between views.
        stack.spacing = element.number("spacing") ?? (element["spacingType"] == "standard" ? 8 : 0)
        stack.isLayoutMarginsRelativeArrangement = element.flag("layoutMarginsRelativeArrangement")
        stack.arrangedSubviews = arranged
        return stack
    }
}
