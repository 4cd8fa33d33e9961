import AutoLayout
import TextShaping

/// A named list of client messages a scene offers as a button (the articles' taps).
struct SceneAction {
    let name: String
    let title: String
    /// The messages, as decoded JSON objects; run as one turn like a `batch`.
    let ops: [[String: Any]]
}

/// How a view is drawn; the layout engine does not care.
struct ViewAppearance {
    var label: String
    var color: String
    /// What only imported views have, out of line: a view of a scene written by hand holds one nil
    /// pointer instead of some 150 bytes in every entry of `Scene.appearance`.
    private var imported: ImportedAppearance?

    init(label: String, color: String, ibId: String? = nil, outlet: String? = nil, control: ControlAppearance? = nil) {
        self.label = label
        self.color = color
        imported = ImportedAppearance.of(ibId: ibId, outlet: outlet, control: control)
    }

    /// The Interface Builder object id of an imported view (`ibId`), echoed by `scene`.
    var ibId: String? {
        get { imported?.ibId }
        set { imported = .of(ibId: newValue, outlet: outlet, control: control) }
    }
    /// The outlet property an imported view is connected to in its document (`outlet`), which a
    /// Swift export names the view after.
    var outlet: String? {
        get { imported?.outlet }
        set { imported = .of(ibId: ibId, outlet: newValue, control: control) }
    }
    /// What an imported control shows (`control`), drawn by the page.
    var control: ControlAppearance? {
        get { imported?.control }
        set { imported = .of(ibId: ibId, outlet: outlet, control: newValue) }
    }
}

/// The appearance fields of an imported view (`ViewAppearance.ibId`, `outlet`, `control`). Immutable,
/// so appearances that share one keep value semantics.
final class ImportedAppearance {
    let ibId: String?
    let outlet: String?
    let control: ControlAppearance?

    private init(ibId: String?, outlet: String?, control: ControlAppearance?) {
        self.ibId = ibId
        self.outlet = outlet
        self.control = control
    }

    /// The fields boxed, or nil when all three are nil.
    static func of(ibId: String?, outlet: String?, control: ControlAppearance?) -> ImportedAppearance? {
        ibId == nil && outlet == nil && control == nil ? nil : ImportedAppearance(ibId: ibId, outlet: outlet, control: control)
    }
}

/// A loaded scene: its layout engine plus what the protocol says about it beyond layout.
final class Scene {
    let name: String
    let title: String
    let summary: String
    let engine: LayoutEngine
    var appearance: [String: ViewAppearance] = [:]
    /// The Interface Builder object ids of imported constraints (`ibId`), by constraint id.
    var constraintIBIds: [String: String] = [:]
    var actions: [SceneAction] = []
    /// Messages run on keyboard notifications (`keyboardWillShow`, `keyboardWillHide`,
    /// `keyboardWillChangeFrame`), where `"$keyboard.height"` and `"$keyboard.duration"` stand for numbers.
    var keyboardHandlers: [String: [[String: Any]]] = [:]
    /// The demo script a presenter steps through (`step`), in order; empty for most scenes.
    var steps: [SceneStep] = []
    /// The document the scene was read from, for a scene with steps: stepping back rebuilds from it
    /// (`Session+Steps.swift`). Nil for a scene without steps, which never needs it.
    var stepSource: Fields?
    /// The step whose ops ran last, nil before the first `step`.
    var stepIndex: Int?
    /// The device preset the root follows, if one was chosen.
    var device: String?
    var orientation: Device.Orientation = .portrait
    /// Whether the root is a device's screen, drawn in a phone's bezel (`root.screen`).
    var screen = true

    init(name: String, title: String, summary: String, engine: LayoutEngine) {
        self.name = name
        self.title = title
        self.summary = summary
        self.engine = engine
        // Text is measured with Inter through HarfBuzz; the engine itself knows no fonts.
        if engine.textMeasurer == nil { engine.textMeasurer = ShapingTextMeasurer.shared }
    }

    /// Views (the root not counted) and constraints: the size work and rebuilds are charged by.
    var itemCount: Int { engine.viewCount + engine.constraints.count }

    /// The scene a session starts with: no views, a 375 × 667 pt root.
    static func empty() -> Scene {
        Scene(name: "empty", title: "Empty", summary: "", engine: LayoutEngine(size: Size(width: 375, height: 667)))
    }

    /// The default palette, picked by view order when a scene names no color.
    static let palette = ["#4a90e2", "#50b37f", "#e8a33d", "#d9534f", "#8e6fd8", "#3fb5c0", "#c76f9a", "#7f8c8d"]
}
