import AutoLayout
import Foundation

/// `explain`: why a view's frame is where it is, asked of the engine (`LayoutEngine.explain(_:)`).
extension Session {
    /// `{"type":"explain","view":"navView"}` answers
    /// `{"type":"explain","view":"navView","x":{…},"y":{…},"width":{…},"height":{…}}`, each value
    /// `{"value":points,"ambiguous":bool,"determinedBy":[constraint…],"lost":[constraint…]}` where a
    /// constraint is `{"id","equation","priority","internal","depth"}` (determining) or
    /// `{"id","equation","priority","internal","shortfall","broken"}` (lost; `shortfall` in points).
    /// Numbers are rounded to 10⁻⁶ as in `frames`.
    /// - Throws: `missing-field` without `view`, `unknown-view` when it names no view.
    func explain(_ message: Fields) throws -> [String: Any] {
        guard let id = try message.string("view") else { throw ProtocolError.missing("view", in: "explain") }
        var explanation: FrameExplanation?
        try layoutCall { explanation = try scene.engine.explain(id) }
        guard let explanation else { throw ProtocolError(.unknownView(id)) }
        var answer: [String: Any] = ["type": "explain", "view": id]
        for value in explanation.values {
            answer[value.value.rawValue] = [
                "value": MicroPoints.rounded(value.amount),
                "ambiguous": value.isAmbiguous,
                "determinedBy": value.determinedBy.map { Self.fields($0, lost: false) },
                "lost": value.lost.map { Self.fields($0, lost: true) },
            ] as [String: Any]
        }
        return answer
    }

    private static func fields(_ constraint: ExplainedConstraint, lost: Bool) -> [String: Any] {
        var fields: [String: Any] = [
            "id": constraint.identifier, "equation": constraint.equation,
            "priority": MicroPoints.rounded(constraint.priority), "internal": constraint.isInternal,
        ]
        if lost {
            fields["shortfall"] = MicroPoints.rounded(constraint.shortfall)
            fields["broken"] = constraint.isBroken
        } else {
            fields["depth"] = constraint.depth
        }
        return fields
    }
}
