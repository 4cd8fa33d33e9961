import Foundation

/// One entry of a scene document's `views` or `constraints` as a step restores it: its JSON text (nil
/// when the item is to be absent) and where it goes in its list: after the entry `predecessor` names
/// (`""`: first), or, with no predecessor, where the list holds it (at the end when it lacks it).
struct SceneItemState: Sendable, Equatable {
    var text: String?
    var predecessor: String?
}

/// What a step of the undo history sets back: the parts of the scene document one edit changed, as
/// they are to be (`UndoHistory`).
///
/// It names the views and constraints the edit touched (by id), and the document's `root` object and
/// `guides` list when the edit changed them; the rest of the document is left as it is. Applied to the
/// document of the scene as the edit left it, it gives the document from before the edit, entry for
/// entry, in the same order: an entry still in the list is replaced in place, one to be absent goes,
/// one the list lacks goes back after the entry it followed. The step for the other way (redo after
/// undo) is the same ids read from the document the step is applied to (`inverse(in:)`).
struct SceneChange: Sendable, Equatable {
    var views: [String: SceneItemState] = [:]
    var constraints: [String: SceneItemState] = [:]
    /// The JSON text of the `root` object, nil when the edit left it alone.
    var root: String?
    /// The JSON text of the `guides` list (`[]` for none), nil when the edit left it alone.
    var guides: String?

    var isEmpty: Bool { views.isEmpty && constraints.isEmpty && root == nil && guides == nil }

    /// UTF-8 bytes of the texts and ids held: what the history's budget counts.
    var bytes: Int {
        func size(_ states: [String: SceneItemState]) -> Int {
            states.reduce(0) { $0 + $1.key.utf8.count + ($1.value.text?.utf8.count ?? 0) + ($1.value.predecessor?.utf8.count ?? 0) }
        }
        return size(views) + size(constraints) + (root?.utf8.count ?? 0) + (guides?.utf8.count ?? 0)
    }

    /// Adds the entries of `other` this change does not name yet: `other` happened after it, so what
    /// this change holds is older and stays.
    mutating func merge(_ other: SceneChange) {
        views.merge(other.views) { old, _ in old }
        constraints.merge(other.constraints) { old, _ in old }
        root = root ?? other.root
        guides = guides ?? other.guides
    }

    /// `document` with the change applied.
    /// - Throws: `internal` when a text the change holds is not a JSON object (it was written by
    ///   `SceneWriter` and `Session.encode`, so only a damaged journal snapshot gives one).
    /// - Complexity: O(entries of `document` + entries of the change).
    func applied(to document: [String: Any]) throws -> [String: Any] {
        var result = document
        if !views.isEmpty { result["views"] = try Self.patch(document["views"] as? [[String: Any]] ?? [], views) }
        if !constraints.isEmpty {
            result["constraints"] = try Self.patch(document["constraints"] as? [[String: Any]] ?? [], constraints)
        }
        if let root { result["root"] = try Self.decode(root) as [String: Any] }
        if let guides {
            let list: [[String: Any]] = try Self.decode(guides)
            result["guides"] = list.isEmpty ? nil : list
        }
        return result
    }

    /// The change that takes `document` (the one this change is applied to) back: the same ids, root
    /// and guides, as `document` holds them.
    /// - Complexity: O(entries of `document` + entries of the change).
    func inverse(in document: [String: Any]) -> SceneChange {
        var inverse = SceneChange()
        inverse.views = Self.states(of: views.keys, in: document["views"] as? [[String: Any]] ?? [])
        inverse.constraints = Self.states(of: constraints.keys, in: document["constraints"] as? [[String: Any]] ?? [])
        if root != nil { inverse.root = Session.encode(document["root"] as? [String: Any] ?? [:]) }
        if guides != nil { inverse.guides = JSONWriter.text(of: document["guides"] as? [[String: Any]] ?? []) ?? "[]" }
        return inverse
    }

    // MARK: The JSON form a journal snapshot keeps

    /// `{"views":{id:[text, predecessor]}, "constraints":{…}, "root":text, "guides":text}`, nulls for nil.
    var journalForm: [String: Any] {
        func form(_ states: [String: SceneItemState]) -> [String: Any] {
            states.mapValues { [$0.text ?? NSNull(), $0.predecessor ?? NSNull()] as [Any] }
        }
        var result: [String: Any] = ["views": form(views), "constraints": form(constraints)]
        if let root { result["root"] = root }
        if let guides { result["guides"] = guides }
        return result
    }

    /// The change `journalForm` wrote; nil for anything else.
    init?(journalForm object: [String: Any]) {
        func states(_ key: String) -> [String: SceneItemState]? {
            guard let entries = object[key] as? [String: Any] else { return nil }
            var result: [String: SceneItemState] = [:]
            for (id, value) in entries {
                guard let pair = value as? [Any], pair.count == 2 else { return nil }
                result[id] = SceneItemState(text: pair[0] as? String, predecessor: pair[1] as? String)
            }
            return result
        }
        guard let views = states("views"), let constraints = states("constraints") else { return nil }
        self.views = views
        self.constraints = constraints
        root = object["root"] as? String
        guides = object["guides"] as? String
    }

    init() {}

    // MARK: Lists

    /// `list` (a document's `views` or `constraints`) with `states` put in.
    private static func patch(_ list: [[String: Any]], _ states: [String: SceneItemState]) throws -> [[String: Any]] {
        var present = Set<String>()
        for entry in list {
            if let id = entry["id"] as? String { present.insert(id) }
        }
        // Entries to put after another ("" for the first, "\u{0}" for the end), in id order, so the
        // same change always gives the same document.
        var inserts: [String: [(id: String, entry: [String: Any])]] = [:]
        for id in states.keys.sorted() {
            guard let state = states[id], let text = state.text else { continue }
            guard state.predecessor != nil || !present.contains(id) else { continue }
            inserts[state.predecessor ?? "\u{0}", default: []].append((id, try decode(text)))
        }
        var result: [[String: Any]] = []
        result.reserveCapacity(list.count + states.count)
        func emit(after id: String) {
            guard let entries = inserts.removeValue(forKey: id) else { return }
            for (inserted, entry) in entries {
                result.append(entry)
                emit(after: inserted)
            }
        }
        emit(after: "")
        for entry in list {
            let id = entry["id"] as? String ?? ""
            if let state = states[id] {
                // Replaced in place; an entry with a predecessor went in at its own place.
                if let text = state.text, state.predecessor == nil { result.append(try decode(text)) }
            } else {
                result.append(entry)
            }
            emit(after: id)
        }
        // The end, then any entry whose predecessor is in neither list (not made by an edit).
        emit(after: "\u{0}")
        for key in inserts.keys.sorted() { emit(after: key) }
        return result
    }

    /// The states of `ids` as `list` holds them.
    private static func states(of ids: Dictionary<String, SceneItemState>.Keys,
                               in list: [[String: Any]]) -> [String: SceneItemState] {
        var positions: [String: Int] = [:]
        for (index, entry) in list.enumerated() {
            if let id = entry["id"] as? String { positions[id] = index }
        }
        var result: [String: SceneItemState] = [:]
        for id in ids {
            guard let index = positions[id] else {
                result[id] = SceneItemState(text: nil, predecessor: nil)
                continue
            }
            result[id] = SceneItemState(text: Session.encode(list[index]),
                                        predecessor: index > 0 ? list[index - 1]["id"] as? String ?? "" : "")
        }
        return result
    }

    private static func decode<T>(_ text: String) throws -> T {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? T else {
            throw ProtocolError("internal", "an undo step holds an entry that is not a JSON object")
        }
        return value
    }
}
