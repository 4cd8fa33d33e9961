/// The root's size, its built-in guides and the layout margins guides, kept in place by required
/// constraints whose constants change in place. Their ids follow the names UIKit logs.
extension LayoutEngine {
    /// The guide `name` (`safeArea`, `keyboard` on the root; `margins` on any view), created on demand.
    func guide(named name: String, of view: View) -> LayoutGuide? {
        if let guide = view.layoutGuides[name] { return guide }
        guard name == "margins" else { return nil }
        return makeMarginsGuide(of: view)
    }

    func installRootConstraints() {
        let size = root.frame.size
        pinInternal("UIView-Encapsulated-Layout-Width", root, .width, constant: size.width)
        pinInternal("UIView-Encapsulated-Layout-Height", root, .height, constant: size.height)

        let safeArea = LayoutGuide(owningView: root, kind: .safeArea, name: "safeArea")
        root.layoutGuides["safeArea"] = safeArea
        for (edge, constant) in safeAreaEdges() {
            pinInternal("UIViewSafeAreaLayoutGuide-\(edge.rawValue)", safeArea, edge, to: root, constant: constant)
        }

        let keyboardGuide = LayoutGuide(owningView: root, kind: .keyboard, name: "keyboard")
        root.layoutGuides["keyboard"] = keyboardGuide
        pinInternal("UIKeyboardLayoutGuide-left", keyboardGuide, .left, to: root, constant: 0)
        pinInternal("UIKeyboardLayoutGuide-right", keyboardGuide, .right, to: root, constant: 0)
        pinInternal("UIKeyboardLayoutGuide-bottom", keyboardGuide, .bottom, to: root, constant: 0)
        pinInternal("UIKeyboardLayoutGuide-height", keyboardGuide, .height, constant: keyboardGuideHeight)
    }

    /// The keyboard guide's height: the keyboard's while shown, else the bottom safe area, as
    /// `UIKeyboardLayoutGuide` with `usesBottomSafeArea` (Apple, "Adjusting your layout with keyboard
    /// layout guide").
    var keyboardGuideHeight: Double { max(keyboardHeight, safeAreaInsets.bottom) }

    private func safeAreaEdges() -> [(LayoutAttribute, Double)] {
        let insets = safeAreaInsets
        return [(.left, insets.left), (.right, -insets.right), (.top, insets.top), (.bottom, -insets.bottom)]
    }

    private func makeMarginsGuide(of view: View) -> LayoutGuide {
        let guide = LayoutGuide(owningView: view, kind: .margins, name: "margins")
        view.layoutGuides["margins"] = guide
        for (edge, constant) in marginEdges(of: view) {
            pinInternal("UIViewLayoutMarginsGuide-\(view.identifier)-\(edge.rawValue)", guide, edge, to: view,
                        constant: constant)
        }
        return guide
    }

    /// A root view's margins sit inside its safe area (`insetsLayoutMarginsFromSafeArea`).
    private func marginEdges(of view: View) -> [(LayoutAttribute, Double)] {
        let margins = view.layoutMargins
        let safe = view === root && view.insetsLayoutMarginsFromSafeArea ? safeAreaInsets : .zero
        return [(.left, safe.left + margins.left), (.right, -(safe.right + margins.right)),
                (.top, safe.top + margins.top), (.bottom, -(safe.bottom + margins.bottom))]
    }

    /// Resizes the root view (a rotation or a new device), keeping the keyboard attached to the bottom.
    /// - Throws: `invalidValue` for a non-finite or negative size.
    public func setRootSize(_ size: Size) throws {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw LayoutError.invalidValue("the root size must be finite and not negative")
        }
        setModelFrame(root, Rect(origin: root.frame.origin, size: size))
        changeInternal("UIView-Encapsulated-Layout-Width", to: size.width)
        changeInternal("UIView-Encapsulated-Layout-Height", to: size.height)
        placeKeyboard()
    }

    /// Sets the screen scale (pixels per point: 1, 2 or 3); frames are rounded anew at the next pass.
    /// - Throws: `invalidValue` for other scales.
    public func setScale(_ scale: Double) throws {
        guard [1, 2, 3].contains(scale) else { throw LayoutError.invalidValue("scale must be 1, 2 or 3") }
        guard scale != self.scale else { return }
        self.scale = scale
        framesNeedFullPass = true
        setNeedsLayout()
    }

    /// Sets a view's layout margins (points), as `layoutMargins`; its margins guide follows. A root
    /// view's margins sit inside its safe area.
    /// - Throws: `invalidValue` for non-finite or negative insets.
    public func setLayoutMargins(_ margins: EdgeInsets, of view: View) throws {
        guard margins.components.allSatisfy({ $0.isFinite && $0 >= 0 && $0 < 1e6 }) else {
            throw LayoutError.invalidValue("layout margins must be finite and not negative")
        }
        view.layoutMargins = margins
        updateMarginsGuide(of: view)
    }

    /// Adds a layout guide named `name` to `view`, as `addLayoutGuide(_:)`; constraints address it as
    /// `"view.name"`. Its frame is whatever constraints make it.
    /// - Throws: `invalidIdentifier`, `duplicateIdentifier` (also for the built-in guide names).
    @discardableResult
    public func addLayoutGuide(_ name: String, to view: View) throws -> LayoutGuide {
        try Self.validate(identifier: name)
        guard view.layoutGuides[name] == nil, !["safeArea", "keyboard", "margins"].contains(name),
              view.scrollView == nil || !["content", "frame"].contains(name) else {
            throw LayoutError.duplicateIdentifier("\(view.identifier).\(name)")
        }
        let guide = LayoutGuide(owningView: view, kind: .custom, name: name)
        view.layoutGuides[name] = guide
        return guide
    }

    /// Removes a custom layout guide and every constraint that mentions it.
    /// - Throws: `unknownItem` for a missing or built-in guide.
    public func removeLayoutGuide(_ name: String, from view: View) throws {
        guard let guide = view.layoutGuides[name], guide.kind == .custom else {
            throw LayoutError.unknownItem("\(view.identifier).\(name)")
        }
        for constraint in orderedConstraints where constraint.firstItem === guide || constraint.secondItem === guide {
            uninstall(constraint)
            forget(constraint)
        }
        view.layoutGuides[name] = nil
        healBrokenConstraints()
        setNeedsLayout()
    }

    /// The solved frame of a layout guide in its owning view's bounds space (points).
    public func layoutFrame(of guide: LayoutGuide) -> Rect {
        solver.updateVariables()
        let vars = guide.variables
        return Rect(x: solver.value(of: vars.x), y: solver.value(of: vars.y),
                    width: solver.value(of: vars.width), height: solver.value(of: vars.height))
    }

    /// Sets `insetsLayoutMarginsFromSafeArea`: whether the view's margins sit inside the safe area.
    /// Only the root has a safe area here, so only the root's margins guide moves.
    public func setInsetsLayoutMarginsFromSafeArea(_ on: Bool, of view: View) {
        view.insetsLayoutMarginsFromSafeArea = on
        updateMarginsGuide(of: view)
        setNeedsLayout()
    }

    private func updateMarginsGuide(of view: View) {
        guard view.layoutGuides["margins"] != nil else { return }
        for (edge, constant) in marginEdges(of: view) {
            changeInternal("UIViewLayoutMarginsGuide-\(view.identifier)-\(edge.rawValue)", to: constant)
        }
    }

    /// Sets the root's safe area insets (points).
    /// - Throws: `invalidValue` for non-finite or negative insets.
    public func setSafeArea(_ insets: EdgeInsets) throws {
        guard insets.components.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw LayoutError.invalidValue("safe area insets must be finite and not negative")
        }
        safeAreaInsets = insets
        for (edge, constant) in safeAreaEdges() {
            changeInternal("UIViewSafeAreaLayoutGuide-\(edge.rawValue)", to: constant)
        }
        updateMarginsGuide(of: root)
        changeInternal("UIKeyboardLayoutGuide-height", to: keyboardGuideHeight)
    }

    /// Shows the keyboard at `height` points or hides it (height 0), moving the keyboard layout guide.
    /// Call it inside `animate` to move the keyboard and the guide with the keyboard's animation.
    /// - Throws: `invalidValue` for a non-finite or negative height.
    public func setKeyboard(height: Double) throws {
        guard height.isFinite, height >= 0 else {
            throw LayoutError.invalidValue("the keyboard height must be finite and not negative")
        }
        keyboardHeight = height
        changeInternal("UIKeyboardLayoutGuide-height", to: keyboardGuideHeight)
        placeKeyboard()
    }

    private func placeKeyboard() {
        let size = root.frame.size
        let shown = keyboardHeight > 0
        let height = shown ? keyboardHeight : keyboard.frame.height
        setModelFrame(keyboard, Rect(x: 0, y: shown ? size.height - height : size.height,
                                     width: size.width, height: height))
    }
}
