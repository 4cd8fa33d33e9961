/// The measurements of `playground-load` that run the playground's sessions in this process, without
/// sockets or a server: what a frame, a tweak and a session cost the `Playground` module alone.
enum InProcessMeasurement {
    /// Runs `mode` (`frame-cost`, `frame-cost-only`, `tweak-cost`, `session-memory`, `edit-cost`, `build-cost`) and returns true,
    /// or returns false for a mode that is not one of them. `sessionsGiven`: whether `--sessions` was
    /// passed (`options.sessions` is then the number of sessions measured in turn; else one).
    static func run(_ mode: String, options: Options, sessionsGiven: Bool) -> Bool {
        switch mode {
        case "frame-cost":
            FrameCost.run(sessions: sessionsGiven ? options.sessions : 1,
                          frames: sessionsGiven ? 120 * options.sessions : 60_000)
        case "frame-cost-only":
            // For profilers (callgrind): the frames alone, no JSONSerialization comparison.
            FrameCost.run(frames: 200_000, compare: false)
        case "tweak-cost":
            TweakCost.run(sessions: sessionsGiven ? options.sessions : 1, state: options.state)
        case "session-memory":
            SessionMemory.run()
        case "edit-cost":
            EditCost.run(items: options.items, repeats: options.repeats)
        case "build-cost":
            BuildCost.run(constraints: CommandLine.arguments.contains("--items") ? options.items : [250, 500, 1000, 2000])
        default:
            return false
        }
        return true
    }
}
