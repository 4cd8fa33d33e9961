/// What a session does with one client message type: its handler and every rule that depends on the
/// type, in one row of `MessageType.all` (docs/PROTOCOL.md lists the messages).
///
/// `Session.handle` reads the row for a message's `type` and applies it in order: the work charged
/// (`cost`), where it may run (`nesting`), who may send it while the session follows a shared one
/// (`follower`), whether the journal keeps it (`journaled`), whether it is rehearsed on a scratch
/// scene (`rehearsed`), what it does to the undo history (`history`, `recordedByChange`), and
/// whether it may change the model (`changesModel`). A new message type is one new row.
struct MessageType: Sendable {
    /// Where a message may run.
    enum Nesting: Sendable {
        /// Top level or as an op inside `batch`, `animate`, `action` and keyboard handlers.
        case anywhere
        /// Only as a message of its own: as an op it answers `invalid-op`.
        case topLevel
    }

    /// What a message does while its session follows a shared one (docs/PROTOCOL.md, "Sharing").
    enum FollowerUse: Sendable {
        /// Runs on the follower's own session (the sharing messages).
        case ownSession
        /// Answered from the followed session's scene.
        case question
        /// Would change the followed session: `read-only`, unless this follower holds the controls,
        /// when it runs as a turn of the followed session (`Session+HandOver.swift`). An owner whose
        /// controls a follower holds is refused it too.
        case edit
    }

    /// The work units a message is charged before it runs (`SessionLimits.workCost(weight:sceneSize:)`).
    enum Cost: Sendable {
        /// `weight` × (1 + views + constraints) of the scene; fields that add or remove solver rows
        /// weigh `SessionLimits.structuralWeight` whatever the type.
        case scene(weight: Int)
        /// Building the scene the message names or holds (`SessionLimits.rehearsalCost(items:)` of its
        /// views and constraints).
        case loading
        /// Building a scene the size of the current one from a document (`undo`, `redo`, `step`).
        case rebuilding
    }

    /// A yes-or-no property of a message that may depend on its fields.
    enum Rule: Sendable {
        case never
        case always
        case when(@Sendable (Fields) throws -> Bool)

        /// The rule's answer for `message`; throws what reading its fields throws.
        func holds(for message: Fields) throws -> Bool {
            switch self {
            case .never: false
            case .always: true
            case .when(let test): try test(message)
            }
        }
    }

    /// One message to run: its fields, its turn and how deep among ops it is (0 at top level).
    struct Call {
        let message: Fields
        let turn: Turn
        let depth: Int
    }

    /// Runs a message on the session: the answer, nil for `ok`.
    typealias Handler = @Sendable (Session, Call) throws -> [String: Any]?

    /// The message's `type`.
    let name: String
    let nesting: Nesting
    let follower: FollowerUse
    let cost: Cost
    /// What a top-level message does to the undo history; nil: nothing (`Session+Undo.swift`).
    let history: Session.HistoryEffect?
    /// Whether its handler names to the `ChangeRecorder` everything it changes before changing it, so
    /// its undo step keeps only those entries (`Session+Undo.swift`).
    let recordedByChange: Rule
    /// Whether a top-level message is run on a scratch scene first (`Session+Transaction.swift`).
    let rehearsed: Rule
    /// Whether the journal keeps it as a turn to replay (`Session+Journal.swift`).
    let journaled: Bool
    /// False for messages that only read: they leave the model's generation alone (`SceneDocuments`).
    let changesModel: Bool
    let handler: Handler

    /// A row; the defaults are those of an edit that may run as an op.
    init(_ name: String, nesting: Nesting = .anywhere, follower: FollowerUse = .edit, cost: Cost = .scene(weight: 1),
         history: Session.HistoryEffect? = nil, recordedByChange: Rule = .never, rehearsed: Rule = .never,
         journaled: Bool = true, changesModel: Bool = true, handler: @escaping Handler) {
        self.name = name
        self.nesting = nesting
        self.follower = follower
        self.cost = cost
        self.history = history
        self.recordedByChange = recordedByChange
        self.rehearsed = rehearsed
        self.journaled = journaled
        self.changesModel = changesModel
        self.handler = handler
    }

    /// A question a follower may ask: top level, not journaled.
    static func question(_ name: String, cost: Cost = .scene(weight: 1), changesModel: Bool,
                         handler: @escaping Handler) -> MessageType {
        MessageType(name, nesting: .topLevel, follower: .question, cost: cost, journaled: false,
                    changesModel: changesModel, handler: handler)
    }

    /// A sharing message: top level, run on the sender's own session, kept by the journal apart
    /// (`ShareRecord`), not as a turn.
    static func sharing(_ name: String, handler: @escaping Handler) -> MessageType {
        MessageType(name, nesting: .topLevel, follower: .ownSession, journaled: false, changesModel: false,
                    handler: handler)
    }

    /// The row of every message type, by name.
    static let named: [String: MessageType] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// Whether every op of a `batch` or `animate` is recorded by change.
    private static let opsRecordedByChange = Rule.when { message in
        for op in try message.objects("ops") ?? [] {
            guard let type = try op.string("type"), let row = named[type], try row.recordedByChange.holds(for: op) else {
                return false
            }
        }
        return true
    }

    /// Every message type a session understands.
    static let all: [MessageType] = [
        // Editing
        MessageType("set", history: .record,
                    recordedByChange: .when {
                        try $0.string("constraint") != nil || !Session.otherViewFields.contains(where: $0.has)
                    },
                    rehearsed: .when { try !Session.isSingleChangeSet($0) }) { try $0.set($1.message); return nil },
        // An `add` of one constraint takes it out again when refused (`Session+Messages.swift`).
        MessageType("add", cost: .scene(weight: SessionLimits.structuralWeight), history: .record,
                    recordedByChange: .always,
                    rehearsed: .when { !($0.has("constraint") && !Session.isFormatOrEquationAdd($0)) }) {
            try $0.add($1.message)
        },
        MessageType("remove", cost: .scene(weight: SessionLimits.structuralWeight), history: .record,
                    recordedByChange: .when { try $0.string("constraint") != nil }, rehearsed: .always) {
            try $0.remove($1.message); return nil
        },
        MessageType("layoutIfNeeded", recordedByChange: .always) { try $0.layoutIfNeeded($1.message); return nil },
        MessageType("setNeedsLayout", recordedByChange: .always) { try $0.setNeedsLayout($1.message); return nil },
        MessageType("animate", history: .record, recordedByChange: opsRecordedByChange,
                    rehearsed: .when { try !Session.isSingleChangeAnimate($0) }) {
            try $0.animate($1.message, turn: $1.turn, depth: $1.depth); return nil
        },
        MessageType("batch", history: .record, recordedByChange: opsRecordedByChange, rehearsed: .always) {
            try $0.run(try $1.message.objects("ops") ?? [], turn: $1.turn, depth: $1.depth); return nil
        },
        MessageType("action", history: .record, rehearsed: .always) {
            try $0.action($1.message, turn: $1.turn, depth: $1.depth); return nil
        },
        MessageType("keyboard", rehearsed: .always) { try $0.keyboard($1.message, turn: $1.turn, depth: $1.depth); return nil },
        MessageType("exerciseAmbiguity") { try $0.exerciseAmbiguity($1.message); return nil },
        MessageType("drag") { try $0.drag($1.message); return nil },
        MessageType("scrollRectToVisible", history: .record) { try $0.scrollRectToVisible($1.message); return nil },
        MessageType("device", rehearsed: .always) { try $0.device($1.message, turn: $1.turn, depth: $1.depth); return nil },
        // Scenes, history and time
        MessageType("load", nesting: .topLevel, cost: .loading, history: .clear) { try $0.load($1.message) },
        // Charged as the `load` of the scene it makes once that is read (`Session+Import.swift`).
        MessageType("import", nesting: .topLevel, history: .clear) { try $0.importDocument($1.message, turn: $1.turn) },
        MessageType("undo", nesting: .topLevel, cost: .rebuilding) { session, _ in try session.undo() },
        MessageType("redo", nesting: .topLevel, cost: .rebuilding) { session, _ in try session.redo() },
        MessageType("step", nesting: .topLevel, cost: .rebuilding, history: .record) {
            try $0.step($1.message, turn: $1.turn, depth: $1.depth)
        },
        MessageType("clock", nesting: .topLevel) { try $0.setClock($1.message); return nil },
        MessageType("advance", nesting: .topLevel) { try $0.advance($1.message); return nil },
        MessageType("pause", nesting: .topLevel) { session, _ in session.pause(); return nil },
        MessageType("resume", nesting: .topLevel) { session, _ in session.resume(); return nil },
        MessageType("seek", nesting: .topLevel) { try $0.seek($1.message); return nil },
        MessageType("systemLayoutSizeFitting", nesting: .topLevel) { try $0.systemLayoutSizeFitting($1.message) },
        MessageType("pointer", nesting: .topLevel, changesModel: false) { try $0.pointer($1.message); return nil },
        MessageType("plantFault", nesting: .topLevel, journaled: false) { session, _ in
            // Understood only with `--plant-faults`: otherwise as unknown as any other name.
            guard session.acceptsPlantedFaults else { throw MessageType.unknown("plantFault") }
            session.scene.engine.plantSolverFault()
            return nil
        },
        // Questions
        .question("scene", changesModel: false) { session, _ in
            session.historyCounted(["type": "scene", "scene": SceneWriter.document(of: session.scene)])
        },
        .question("ambiguity", changesModel: true) { session, _ in session.ambiguity() },
        .question("convert", changesModel: false) { try $0.convert($1.message) },
        .question("export", changesModel: false) { try $0.export($1.message) },
        // Probes each frame value as `ambiguity` does.
        .question("explain", cost: .scene(weight: SessionLimits.structuralWeight), changesModel: true) {
            try $0.explain($1.message)
        },
        // Sharing
        .sharing("share") { session, _ in try session.share() },
        .sharing("unshare") { session, _ in session.unshare(); return nil },
        .sharing("follow") { try $0.follow($1.message) },
        .sharing("unfollow") { session, _ in session.unfollow(); return nil },
        .sharing("rejoin") { try $0.rejoin($1.message, turn: $1.turn); return nil },
        .sharing("handOver") { try $0.handOver($1.message); return nil },
        .sharing("takeBack") { session, _ in try session.takeBack(); return nil },
    ]

    /// The error for a `type` no row names.
    static func unknown(_ type: String) -> ProtocolError {
        ProtocolError("unknown-type", "unknown message type '\(type.prefix(64))'")
    }
}
