import Foundation

/// `{"type":"export","format":"swift"|"json"}`: the current scene as UIKit code or as its scene
/// document, answered by `{"type":"export","re":…,"format":…,"text":…}` (docs/PROTOCOL.md, "export").
extension Session {
    func export(_ message: Fields) throws -> [String: Any] {
        guard let format = try message.string("format") else { throw ProtocolError.missing("format", in: "export") }
        let text: String
        switch format {
        case "swift":
            text = SwiftExporter.code(for: scene)
        case "json":
            let document = SceneWriter.document(of: scene)
            guard let data = try? JSONSerialization.data(withJSONObject: document,
                                                         options: [.prettyPrinted, .sortedKeys]) else {
                throw ProtocolError("internal", "the scene could not be encoded")
            }
            text = String(decoding: data, as: UTF8.self) + "\n"
        default:
            throw ProtocolError.invalid("format", "\"swift\" or \"json\"")
        }
        return ["type": "export", "format": format, "text": text]
    }
}
