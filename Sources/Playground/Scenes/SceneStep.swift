/// One step of a scene's demo script (`steps` in a scene document): a title the audience reads and
/// the ops that take the scene from the previous step to this one (docs/PROTOCOL.md, "step").
struct SceneStep {
    /// What the step shows, as the presenter's page and every follower display it.
    let title: String
    /// Client messages run in order as one turn, as an action's `ops` are; may be empty (a step that
    /// only changes the title, such as the opening one).
    let ops: [[String: Any]]

    /// The step as a scene document writes it.
    var document: [String: Any] { ["title": title, "ops": ops] }

    /// The `steps` of a scene document, in order.
    /// - Throws: `missing-field` for a step without `title`, `invalid-field` for an empty or over-long
    ///   title (1–200 characters) or more than `maxSteps` steps, and the `Fields` type errors.
    static func steps(in document: Fields) throws -> [SceneStep] {
        let steps = try document.objects("steps") ?? []
        guard steps.count <= maxSteps else {
            throw ProtocolError.invalid("steps", "at most \(maxSteps) steps")
        }
        return try steps.map { step in
            guard let title = try step.string("title") else { throw ProtocolError.missing("title", in: "step") }
            guard (1...200).contains(title.count) else {
                throw ProtocolError.invalid("steps.title", "1 to 200 characters")
            }
            return SceneStep(title: title, ops: (try step.objects("ops") ?? []).map { $0.entries() })
        }
    }

    /// The most steps a scene may carry: a script is read by people, one step at a time.
    static let maxSteps = 100
}
