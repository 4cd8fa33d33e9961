/// A custom layout guide of a scene: `{"id": "spacer", "owner": "root"}`, addressed as `"root.spacer"`.
struct GuideSpec: Sendable, Equatable {
    var id: String
    /// The view that owns the guide.
    var owner: String = "root"
}
