/// The work budget's unit: what an op is charged before it runs, against `SessionLimits.maxWorkPerMessage`
/// and the work bucket (`SessionLimits.workPerSecond`).
extension SessionLimits {
    /// Work units charged before an op runs on a scene of `sceneSize` views and constraints:
    /// `weight` × (1 + sceneSize), the size of the simplex tableau each solver call may touch. Ops that
    /// add or remove solver rows (`add`, `remove`, intrinsic size, hugging, resistance, autoresizing)
    /// weigh `structuralWeight`, the rest 1; a `load` of n views and constraints, and `undo`, `redo`
    /// and `step`, which rebuild the scene from a document (n from the current one), are charged what
    /// building a scene of n items was measured to cost, `rehearsalCost(items:)` (800n + 10,000; a
    /// `step`'s ops are charged as they run). `explain` probes each frame value as `ambiguity` does
    /// and weighs `structuralWeight`. Each type's charge is its row's `MessageType.cost`.
    /// Measured on the reference machine: about 20 ns per unit, so the default budget is about 80 ms.
    static func workCost(weight: Int, sceneSize: Int) -> Int {
        weight * (1 + sceneSize)
    }

    /// The weight of an op that adds or removes solver rows (`workCost(weight:sceneSize:)`).
    static let structuralWeight = 4

    /// Work units charged for building a scene of `items` views and constraints from a document: a
    /// rehearsal's scratch scene or a rollback (`Session+Transaction.swift`), a `load`, an `undo` or
    /// `redo`, a `step` back; writing the scene's document and building a scene from it,
    /// 800 × items + 10,000.
    ///
    /// Linear because the cost is: a whole rehearsed turn (`playground-load --edit-cost`, a `keyboard`
    /// message on columns of bars, release build, callgrind) costs 48,850 instructions per item plus
    /// 650,000, within 0.5 % from 10 to 1,250 items (1.14 million at 10, 5.55 at 100, 37.3 at 750,
    /// 61.7 at 1,250). Timed in process on the 2-core machine under load: 0.18–0.27 ms at 10 items,
    /// 1.08–1.64 ms at 100, 9.7–13.9 ms at 750, 14.7–23 ms at 1,250 (about 13 µs an item); a unit
    /// being about 20 ns, 800 units (16 µs) an item and 10,000 (0.2 ms) more charge at least that.
    /// An `undo` (the document written, the step's entries put in, the scene built) measures within
    /// the same line (`playground-load --edit-cost`, undo column).
    static func rehearsalCost(items: Int) -> Int {
        rehearsalUnitsPerItem * items + rehearsalBaseUnits
    }

    /// Units per view or constraint of a rehearsal (see `rehearsalCost(items:)`).
    static let rehearsalUnitsPerItem = 800
    /// Units of a rehearsal of an empty scene (see `rehearsalCost(items:)`).
    static let rehearsalBaseUnits = 10_000
}

extension Session {
    /// The fields that add or remove solver rows in whatever message carries them: they weigh
    /// `SessionLimits.structuralWeight`.
    static let structuralFields = ["intrinsicSize", "contentHugging", "compressionResistance",
                                   "translatesAutoresizingMaskIntoConstraints"]

    /// The work units `message` (of the type `row` describes; nil: a type no row names, charged as
    /// an edit of weight 1) is charged before it runs (`MessageType.Cost`).
    func workCost(of row: MessageType?, _ message: Fields) -> Int {
        let engine = scene.engine
        let sceneSize = engine.viewCount + engine.constraints.count
        switch row?.cost ?? .scene(weight: 1) {
        case .loading:
            let named = (try? message.string("name")).flatMap { $0 }.flatMap(library.document(named:))
            let document = named ?? (try? message.object("scene")).flatMap { $0 }
            let views = ((try? document?.objects("views")) ?? nil)?.count ?? 0
            let constraints = ((try? document?.objects("constraints")) ?? nil)?.count ?? 0
            return SessionLimits.rehearsalCost(items: views + constraints)
        case .rebuilding:
            return SessionLimits.rehearsalCost(items: sceneSize)
        case .scene(let weight):
            let structural = Self.structuralFields.contains(where: message.has)
            return SessionLimits.workCost(weight: structural ? max(weight, SessionLimits.structuralWeight) : weight,
                                          sceneSize: sceneSize)
        }
    }
}
