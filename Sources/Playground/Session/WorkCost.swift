/// The work budget's unit: what an op is charged before it runs, against `SessionLimits.maxWorkPerMessage`
/// and the work bucket (`SessionLimits.workPerSecond`).
extension SessionLimits {
    /// Work units charged before an op runs: its weight × (1 + views + constraints) of the scene it acts
    /// on, the size of the simplex tableau each solver call may touch. Ops that add or remove solver
    /// rows (`add`, `remove`, intrinsic size, hugging, resistance, autoresizing) weigh 4, the rest 1;
    /// a `load` of n views and constraints, and `undo`, `redo` and `step`, which rebuild the scene from
    /// a document (n from the current one), are charged what building a scene of n items was measured
    /// to cost, `rehearsalCost(items:)` (800n + 10,000; a `step`'s ops are charged as they run).
    /// `explain` probes each frame value as `ambiguity` does and weighs 4.
    /// Measured on the reference machine: about 20 ns per unit, so the default budget is about 80 ms.
    static func workCost(type: String, structural: Bool, sceneSize: Int, loadedItems: Int) -> Int {
        if type == "load" || type == "undo" || type == "redo" || type == "step" { return rehearsalCost(items: loadedItems) }
        return (structural ? 4 : 1) * (1 + sceneSize)
    }

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
    /// The work units `message` is charged before it runs (`SessionLimits.workCost`).
    func workCost(of type: String, _ message: Fields) -> Int {
        let engine = scene.engine
        var loaded = 0
        if type == "load" {
            let named = (try? message.string("name")).flatMap { $0 }.flatMap(library.document(named:))
            let document = named ?? (try? message.object("scene")).flatMap { $0 }
            loaded = ((try? document?.objects("views")) ?? nil)?.count ?? 0
            loaded += ((try? document?.objects("constraints")) ?? nil)?.count ?? 0
        } else if type == "undo" || type == "redo" || type == "step" {
            loaded = engine.viewCount + engine.constraints.count
        }
        let structural = type == "add" || type == "remove" || type == "explain"
            || ["intrinsicSize", "contentHugging", "compressionResistance",
                "translatesAutoresizingMaskIntoConstraints"].contains(where: message.has)
        return SessionLimits.workCost(type: type, structural: structural,
                                      sceneSize: engine.viewCount + engine.constraints.count, loadedItems: loaded)
    }
}
