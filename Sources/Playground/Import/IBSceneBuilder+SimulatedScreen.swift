import AutoLayout

/// The screen Interface Builder simulates around a controller's view, where the document does not
/// record it: whether the view starts under its navigation bar or below it, the freeform size that
/// stands in for the device's screen, and the card a presented controller is drawn as.
extension IBSceneBuilder {
    /// Whether the controller's view is laid out below its navigation bar rather than under it:
    /// the bar is opaque (`translucent="NO"`, the document's navigation controller says so), or
    /// the controller's `edgesForExtendedLayout` leaves out the top edge. Apple
    /// (`UIViewController.edgesForExtendedLayout`): "If you remove an edge value from this property,
    /// the system does not lay out your content underneath other bars on that same edge." It only
    /// matters where there is a navigation bar: the status bar is not such a bar.
    static func viewStartsBelowTopBar(document: IBDocument, controller: IBElement?) -> Bool {
        guard let controller, let id = controller.id else { return false }
        if document.opaqueBarControllers.contains(id) { return true }
        guard let edges = controller.child("extendedEdge", key: "edgesForExtendedLayout"), !edges.flag("top") else {
            return false
        }
        let simulatedTop = controller.children.first { $0["key"] == "simulatedTopBarMetrics" }
        return simulatedTop.map { $0.name.contains("NavigationBar") } ?? (document.navigationStacks[id] != nil)
    }

    /// The screen the controller's view is simulated in (points): its `<size key="freeformSize">`
    /// when the controller has one (Xcode then draws the device's safe area at the freeform size's
    /// edges, as `floatingpanel-samples`' 375 × 778 controllers on a 414 × 896 phone show), else
    /// the device's.
    static func simulatedScreen(document: IBDocument, controller: IBElement?) -> Size {
        if let freeform = controller?.child("size", key: "freeformSize"), let width = freeform.number("width"),
           let height = freeform.number("height"), width > 0, height > 0 {
            return Size(width: width, height: height)
        }
        return document.device.size(landscape: document.landscape)
    }

    /// Whether Xcode draws the controller as a sheet: it is the destination of a `presentation`
    /// segue in a document from Xcode 11 on (`toolsVersion` 15000, iOS 13, where a presentation's
    /// style is `automatic`, a page sheet on phones), and neither the segue nor the controller asks
    /// for a full-screen style. Xcode draws the sheet as a card below the status bar, with no safe
    /// area at its top or bottom (`floatingpanel-samples`' modal controller: a button pinned to the
    /// safe area's top is saved at y = 0, a view pinned below the safe area's bottom at the view's
    /// bottom edge).
    static func isDrawnAsSheet(document: IBDocument, controller: IBElement?) -> Bool {
        guard document.toolsVersion >= 15000, let controller, let id = controller.id else { return false }
        if let style = controller["modalPresentationStyle"], !IBDocument.sheetStyles.contains(style) { return false }
        return document.sheetPresentedControllers.contains(id)
    }
}
