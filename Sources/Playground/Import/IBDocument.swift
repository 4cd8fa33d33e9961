/// An Interface Builder document read far enough to choose what to lay out: its kind, device,
/// resources (image sizes, named colours), outlet names and the roots a person can pick.
struct IBDocument: Sendable {
    enum Kind: String, Sendable { case xib, storyboard }

    /// A view that can be laid out on its own: a view controller's view, a xib's top-level view, or a
    /// table or collection view cell (laid out in its content view).
    struct Root: Sendable {
        enum Role: String, Sendable { case controllerView, topLevelView, cell }
        /// The IB id of the root view (a cell's own id for cells).
        let id: String
        /// The IB id of the view controller owning the view, for `controllerView`.
        let controllerID: String?
        let role: Role
        /// The UIKit or custom class shown to people (`UIViewController`, `ProfileViewController`, `UITableViewCell`).
        let className: String
        let title: String
        let element: IBElement
        /// The view controller element, for bars and legacy layout guides.
        let controller: IBElement?

        /// Whether the root view (a cell's content view) holds any subview.
        var hasSubviews: Bool {
            let view = role == .cell ? element.children.first { $0["key"] == "contentView" } ?? element : element
            return !view.list("subviews").isEmpty
        }

        /// `{"id", "class", "title"}` for the `roots` list.
        var summary: [String: Any] {
            var fields: [String: Any] = ["id": id, "class": className, "title": title, "role": role.rawValue]
            if let controllerID { fields["controller"] = controllerID }
            return fields
        }
    }

    let kind: Kind
    let element: IBElement
    let device: IBDevice
    let deviceID: String?
    let landscape: Bool
    let roots: [Root]
    /// The storyboard's initial view controller id.
    let initialControllerID: String?
    /// Image sizes from `<resources>` (points).
    let imageSizes: [String: (width: Double, height: Double)]
    /// Named colours from `<resources>`.
    let namedColors: [String: IBElement]
    /// Outlet property names by destination IB id (the first outlet naming each object).
    let outletNames: [String: String]
    /// Controllers inside a navigation controller's stack in this storyboard (its root, and what
    /// `show`/`push` segues reach from there), with whether that bar shows large titles.
    let navigationStacks: [String: Bool]
    /// Controllers a tab bar controller holds.
    let tabbedControllers: Set<String>
    /// Controllers whose navigation bar is opaque (`translucent="NO"`): their views start below it.
    let opaqueBarControllers: Set<String>
    /// IB ids of the controllers a `presentation` segue presents with a sheet style (`automatic`,
    /// `pageSheet` or `formSheet`, or none given): gathered in the document's one walk, so placing a
    /// root does not walk the whole document again.
    let sheetPresentedControllers: Set<String>
    /// Xcode's `toolsVersion` (its major part), which decides the safe areas and bar heights it simulates.
    let toolsVersion: Double
    /// The controller a container shows first, by the container's IB id: a navigation controller's
    /// root view controller, a tab bar controller's first tab.
    let firstChildren: [String: String]

    /// Reads the document element.
    /// - Throws: `IBImportError` `unsupported-document` for anything but an iOS (Cocoa Touch) xib or
    ///   storyboard using Auto Layout, `unknown-root`… never for what is merely not modelled.
    init(_ element: IBElement) throws {
        guard element.name == "document", let type = element["type"] else {
            throw IBImportError("unsupported-document",
                                "not an Interface Builder document (the root element is <\(element.name.prefix(40))>, not <document type=…>)",
                                at: element)
        }
        guard type.contains("CocoaTouch") else {
            throw IBImportError("unsupported-document",
                                "not an iOS document: its type is '\(type.prefix(80))' (only Cocoa Touch xibs and storyboards are read)",
                                at: element)
        }
        guard element.flag("useAutolayout") else {
            throw IBImportError("unsupported-document",
                                "the document does not use Auto Layout (useAutolayout is not YES)", at: element)
        }
        kind = type.contains("Storyboard") ? .storyboard : .xib
        self.element = element
        let deviceElement = element.child("device")
        // Before Xcode 8's `<device>`, a document names its screen in the default simulated metrics:
        // `<simulatedScreenMetrics key="destination" type="retina4_7.fullscreen"/>`, with the
        // orientation beside it.
        let simulated = element.child("simulatedMetricsContainer", key: "defaultSimulatedMetrics")
        let destination = simulated?.child("simulatedScreenMetrics", key: "destination")?["type"]
            .map { String($0.prefix { $0 != "." }) }
        deviceID = deviceElement?["id"] ?? destination
        device = deviceID.flatMap(IBDevice.named) ?? .fallback
        landscape = (deviceElement?["orientation"]
            ?? simulated?.child("simulatedOrientationMetrics", key: "orientation")?["orientation"])?
            .hasPrefix("landscape") ?? false
        initialControllerID = element["initialViewController"]
        var images: [String: (width: Double, height: Double)] = [:]
        var colors: [String: IBElement] = [:]
        for resource in element.list("resources") {
            guard let name = resource["name"] else { continue }
            if resource.name == "image", let width = resource.number("width"), let height = resource.number("height") {
                images[name] = (width, height)
            } else if resource.name == "namedColor", let color = resource.child("color") {
                colors[name] = color
            }
        }
        imageSizes = images
        namedColors = colors
        // One walk of the whole document for outlets, hidden bottom bars and sheet presentations.
        var outlets: [String: String] = [:]
        var hidesBottomBar: Set<String> = []
        var sheetPresented: Set<String> = []
        element.forEach { node in
            if node.name == "segue", node["kind"] == "presentation", let destination = node["destination"],
               node["modalPresentationStyle"].map(Self.sheetStyles.contains) ?? true {
                sheetPresented.insert(destination)
            }
            if node.name == "outlet", let destination = node["destination"], let property = node["property"],
               outlets[destination] == nil {
                outlets[destination] = property
            }
            if node.flag("hidesBottomBarWhenPushed"), let id = node.id { hidesBottomBar.insert(id) }
        }
        outletNames = outlets
        sheetPresentedControllers = sheetPresented
        toolsVersion = element["toolsVersion"].flatMap { Double($0.split(separator: ".").first ?? "") } ?? 0
        (navigationStacks, tabbedControllers, opaqueBarControllers, firstChildren) = Self.containers(element, hidesBottomBar: hidesBottomBar)
        roots = kind == .storyboard ? Self.storyboardRoots(element) : Self.xibRoots(element)
    }

    /// The root `id` names (a root view's, its controller's, or a cell's IB id), else the default:
    /// a storyboard's first screen (its initial view controller's view, through the navigation and
    /// tab bar controllers it names to the controller they show first), whether or not it holds
    /// subviews (a table view controller's table lays its prototype cells out); without one, a
    /// controller's view (a xib's top-level view), else any root; of these the first with subviews,
    /// else the first.
    /// - Complexity: O(roots + containers).
    /// - Throws: `unknown-root` when `id` names none, `no-root` when the document has nothing to lay out.
    func root(_ id: String?) throws -> Root {
        if let id {
            guard let root = roots.first(where: { $0.id == id || $0.controllerID == id }) else {
                let known = roots.prefix(12).map(\.id).joined(separator: ", ")
                throw IBImportError("unknown-root", "no view controller, top-level view or cell with IB id '\(id.prefix(64))'; roots: \(known)")
            }
            return root
        }
        if let screen = firstScreen() { return screen }
        // Without a first screen, a root without subviews would lay out blank, so the first root
        // with subviews is taken before it.
        let preferred = kind == .storyboard ? Root.Role.controllerView : .topLevelView
        let ranked = roots.filter { $0.role == preferred } + roots
        if let root = ranked.first(where: \.hasSubviews) ?? ranked.first { return root }
        throw IBImportError("no-root", "the document holds no view controller view, top-level view or cell to lay out",
                            at: element)
    }

    /// The initial view controller's view, followed through containers (a navigation controller in a
    /// tab bar controller: 2 steps; at most 8, so a cycle of relationships ends); nil when the
    /// storyboard names none or it shows no view.
    /// - Complexity: O(roots).
    private func firstScreen() -> Root? {
        var controller = initialControllerID
        for _ in 0..<8 {
            guard let id = controller else { return nil }
            if let root = roots.first(where: { $0.role == .controllerView && $0.controllerID == id }) { return root }
            controller = firstChildren[id]
        }
        return nil
    }

    /// The modal presentation styles UIKit draws as a sheet on a phone (iOS 13 on).
    static let sheetStyles: Set<String> = ["automatic", "pageSheet", "formSheet"]

    /// Which controllers sit in navigation and tab bar controllers, following segues.
    /// - Parameter hidden: controllers with `hidesBottomBarWhenPushed`.
    private static func containers(_ document: IBElement, hidesBottomBar hidden: Set<String>)
        -> ([String: Bool], Set<String>, Set<String>, [String: String]) {
        var stacks: [String: Bool] = [:]
        var opaque: Set<String> = []
        var tabbed: Set<String> = []
        var pushes: [String: [String]] = [:]
        var navigationRoots: [String: String] = [:]
        var firstTabs: [String: String] = [:]
        for scene in document.list("scenes") {
            for controller in scene.list("objects") {
                guard let id = controller.id else { continue }
                var segues: [IBElement] = []
                controller.forEach { if $0.name == "segue" { segues.append($0) } }
                for segue in segues {
                    guard let destination = segue["destination"] else { continue }
                    switch (segue["kind"], segue["relationship"]) {
                    case ("relationship", "rootViewController") where controller.name == "navigationController":
                        let large = controller.child("navigationBar", key: "navigationBar")?.flag("largeTitles") ?? false
                        stacks[destination] = large
                        navigationRoots[id] = destination
                        if controller.child("navigationBar", key: "navigationBar")?["translucent"] == "NO" {
                            opaque.insert(destination)
                        }
                    case ("relationship", "viewControllers") where controller.name == "tabBarController":
                        tabbed.insert(destination)
                        if firstTabs[id] == nil { firstTabs[id] = destination }
                    case ("show", _), ("push", _):
                        pushes[id, default: []].append(destination)
                    default: break
                    }
                }
            }
        }
        var queue = Array(stacks.keys)
        while let id = queue.popLast() {
            for destination in pushes[id] ?? [] where stacks[destination] == nil {
                stacks[destination] = stacks[id]
                if opaque.contains(id) { opaque.insert(destination) }
                queue.append(destination)
            }
        }
        // A tab bar controller's navigation controller shows the tab bar under its whole stack, unless
        // a pushed controller hides it.
        var tabQueue = tabbed.compactMap { navigationRoots[$0] }
        while let id = tabQueue.popLast() {
            guard !tabbed.contains(id) else { continue }
            tabbed.insert(id)
            tabQueue += pushes[id] ?? []
        }
        return (stacks, tabbed.subtracting(hidden), opaque, navigationRoots.merging(firstTabs) { navigation, _ in navigation })
    }

    /// Whether an element is a table or collection view cell (or reusable view), laid out as a root of
    /// its own. Compared, not hashed: every element of a document is asked.
    static func isCell(_ elementName: String) -> Bool {
        elementName == "tableViewCell" || elementName == "collectionViewCell" || elementName == "collectionReusableView"
    }

    private static func storyboardRoots(_ document: IBElement) -> [Root] {
        var roots: [Root] = []
        for scene in document.list("scenes") where scene.name == "scene" {
            for object in scene.list("objects") {
                // The controller's view is whatever view element it holds as `view`: a table or
                // collection view controller's is the table itself, which then fills the screen.
                if let view = object.children.first(where: { $0["key"] == "view" }), let viewID = view.id {
                    let className = object["customClass"] ?? uikitClass(of: object.name)
                    let title = object["title"] ?? object.child("navigationItem")?["title"] ?? object["userLabel"]
                        ?? object["storyboardIdentifier"] ?? className
                    roots.append(Root(id: viewID, controllerID: object.id, role: .controllerView,
                                      className: className, title: title, element: view, controller: object))
                    collectCells(in: object, owner: title, into: &roots)
                } else {
                    collectCells(in: object, owner: nil, into: &roots)
                }
            }
        }
        return roots
    }

    private static func xibRoots(_ document: IBElement) -> [Root] {
        var roots: [Root] = []
        for object in document.list("objects") where object.name != "placeholder" {
            if isCell(object.name), let id = object.id {
                roots.append(cellRoot(object, id: id, owner: nil))
            } else if object.child("rect", key: "frame") != nil, let id = object.id {
                let className = object["customClass"] ?? uikitClass(of: object.name)
                roots.append(Root(id: id, controllerID: nil, role: .topLevelView, className: className,
                                  title: object["userLabel"] ?? className, element: object, controller: nil))
            }
            if !isCell(object.name) { collectCells(in: object, owner: object["userLabel"], into: &roots) }
        }
        return roots
    }

    /// Appends the cells under `element` in document order, into one array for the whole walk;
    /// `owner` is the title of the controller or view holding them.
    private static func collectCells(in element: IBElement, owner: String?, into found: inout [Root]) {
        for child in element.children {
            if isCell(child.name), let id = child.id {
                found.append(cellRoot(child, id: id, owner: owner))
            } else if !child.children.isEmpty {
                collectCells(in: child, owner: owner, into: &found)
            }
        }
    }

    /// A cell's root, titled by its user label, else its custom class (a reuse identifier such as
    /// `item` names no cell to a reader), else its reuse identifier, else its UIKit class; then the
    /// controller holding it: `ListTableViewCell in List View`.
    private static func cellRoot(_ cell: IBElement, id: String, owner: String?) -> Root {
        let className = cell["customClass"] ?? uikitClass(of: cell.name)
        let name = cell["userLabel"] ?? cell["customClass"] ?? cell["reuseIdentifier"] ?? className
        let title = owner.map { "\(name) in \($0)" } ?? name
        return Root(id: id, controllerID: nil, role: .cell, className: className, title: title, element: cell,
                    controller: nil)
    }

    /// `tableViewCell` → `UITableViewCell`, `viewController` → `UIViewController`.
    static func uikitClass(of elementName: String) -> String {
        guard let first = elementName.first else { return "UIView" }
        return "UI" + first.uppercased() + elementName.dropFirst()
    }
}
