import Foundation

/// Writing a session down and bringing it back after the server died (`SessionJournal`,
/// docs/PROTOCOL.md "rejoin").
///
/// The journal keeps, per session, a snapshot and the turns since: every top-level message that may
/// change the session (the rows of `MessageType.all` marked `journaled`: edits, animations, the clock,
/// `load`, `import`, `undo`), not the questions that cannot (`scene`, `ambiguity`, `convert`, `export`,
/// `explain`) nor the sharing messages, whose state
/// the journal keeps apart, one `ShareRecord` per share (`Session+ShareRejoin.swift`). Replaying the turns at their times on the snapshot
/// gives the session as it was, since a turn's effect depends only on the session's state, its text and
/// its time; rate limits are not applied again (the turns were admitted once).
extension Session {
    /// Queues the message being received for the journal (a type whose row is `journaled`) and holds
    /// the outbox until the journal commits (`JournalQueue`).
    func recordJournalTurn() {
        guard let journalQueue, !isReplaying, let turnText else { return }
        journalQueue.record(JournalTurn(elapsed: transportTime - createdAt, text: turnText), for: self)
    }

    /// What the journal's record starts with.
    var journalHeader: JournalHeader {
        JournalHeader(sessionID: id, strict: isStrict, createdWall: createdWall)
    }

    /// The session's state now: the scene's document, the clock, the undo history (`UndoStep.journalForm`)
    /// and the demo step the scene is on, as the JSON text of
    /// `{"scene":…, "clock":…, "undo":[…], "redo":[…], "step":n}`
    /// (`step` absent before the first). Running animations are not in it: a
    /// compaction waits for them to end (`JournalQueue`).
    func journalSnapshot() -> JournalSnapshot {
        var state: [String: Any] = [
            "scene": SceneWriter.document(of: scene), "clock": clock.state(at: transportTime),
            "undo": history.undoStack.map(\.journalForm), "redo": history.redoStack.map(\.journalForm),
        ]
        // The document has the steps but not which one is shown: followers see its title.
        if let step = scene.stepIndex { state["step"] = step }
        return JournalSnapshot(elapsed: transportTime - createdAt, state: Self.encode(state))
    }

    /// The session `record` describes, rebuilt at transport time `now`: its snapshot, then its turns
    /// replayed at their times. The session's time 0 is put `wall − createdWall` seconds before `now`
    /// (never less than its last turn), so a real-time clock and its animations move on by the time the
    /// server was down, as they would have. Everything the replay queued is dropped: the caller queues
    /// what a rejoin answers. Throws `ProtocolError` `internal` when the snapshot cannot be read back.
    ///
    /// - Parameters: token: the resume token (the record's key); now: transport seconds; wall: Unix
    ///   seconds; limits: the limits of this server's sessions.
    public static func restored(from record: JournalRecord, token: String, now: Double, wall: Double,
                                limits: SessionLimits) throws -> Session {
        let last = max(record.turns.last?.elapsed ?? 0, record.snapshot?.elapsed ?? 0)
        let base = now - max(last, wall - record.header.createdWall)
        let start = base + (record.snapshot?.elapsed ?? 0)
        let session = Session(id: record.header.sessionID, now: start, limits: limits, resumeToken: token,
                              strict: record.header.strict)
        session.createdAt = base
        session.createdWall = record.header.createdWall
        if let snapshot = record.snapshot {
            do {
                try session.apply(snapshot: Fields.decode(snapshot.state), now: start)
            } catch {
                throw ProtocolError("internal", "the journal's snapshot of this session cannot be read: \(error)")
            }
        }
        session.isReplaying = true
        for turn in record.turns { session.receive(turn.text, now: base + turn.elapsed) }
        session.isReplaying = false
        session.moveClock(to: now)
        session.sendCompletions()
        session.outbox = Outbox()
        session.isJournaled = true
        session.journaledTurns = record.turns.count
        session.journaledBytes = record.turns.reduce(0) { $0 + $1.text.utf8.count }
        return session
    }

    /// Puts the snapshot's clock, scene and undo history in place at transport time `now`.
    private func apply(snapshot state: Fields, now: Double) throws {
        if let clockState = try state.object("clock") { clock = try Clock(state: clockState, now: now) }
        if let document = try state.object("scene") {
            replaceScene(with: try SceneReader.scene(from: document, time: clock.time(at: now), limits: limits))
        }
        if let step = try state.number("step").flatMap({ Int(exactly: $0) }), scene.steps.indices.contains(step) {
            scene.stepIndex = step
        }
        let undo = (state.any("undo") as? [Any])?.compactMap(UndoStep.init(journalForm:)) ?? []
        let redo = (state.any("redo") as? [Any])?.compactMap(UndoStep.init(journalForm:)) ?? []
        history.restore(undo: undo, redo: redo, limits: limits)
    }
}
