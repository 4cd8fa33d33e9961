import Foundation

/// The built-in scenes, by name, as scene documents (the three articles' scenes of README.md, listed
/// in `hello.scenes` and loaded with `load`, docs/PROTOCOL.md).
struct SceneLibrary {
    private let documents: [(name: String, json: String)]

    /// The scenes of the three source articles, in the order `hello` lists them.
    static let builtIn = SceneLibrary(documents: [
        ("date-picker", DatePickerScene.json),
        ("search-bar", SearchBarScene.json),
        ("keyboard", KeyboardScenes.bottomSpacing),
        ("keyboard-guide", KeyboardScenes.layoutGuide),
        ("keyboard-transform", KeyboardScenes.transform),
        ("keyboard-form", KeyboardFormScene.json),
    ])

    var names: [String] { documents.map(\.name) }

    /// Each scene's `title` by name (`hello.sceneTitles`: what the page's scene picker shows); a
    /// document without a title is left out.
    var titles: [String: String] {
        var result: [String: String] = [:]
        for (name, _) in documents {
            if let title = try? document(named: name)?.string("title") { result[name] = title }
        }
        return result
    }

    /// The document named `name`, decoded; nil for an unknown name.
    func document(named name: String) -> Fields? {
        guard let json = documents.first(where: { $0.name == name })?.json else { return nil }
        return try? Fields.decode(json)
    }
}
