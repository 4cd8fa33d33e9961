import Foundation
import Playground

/// `layout-playground replay FILE`: replays a recording `--record DIR` wrote against a fresh in-process
/// session (no server, no socket) and compares the output with it (`RecordingReplay`).
///
/// Prints `replayed FILE: N messages match` and exits 0, or prints each difference (`line L: view V
/// frame: expected […], actual […]`) and exits 1. A file that cannot be read or is not a recording exits 2.
enum ReplayCommand {
    static let usage = "usage: layout-playground replay RECORDING.jsonl"

    /// Runs the command on the arguments after `replay` and returns the exit status.
    static func run(_ arguments: [String], print: (String) -> Void, printError: (String) -> Void) -> Int32 {
        guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("--") else {
            printError("layout-playground replay: one recording file is needed")
            printError(usage)
            return 2
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            printError("layout-playground replay: cannot read \(path): \(error.localizedDescription)")
            return 2
        }
        let outcome: RecordingReplay.Outcome
        do {
            outcome = try RecordingReplay.run(text)
        } catch {
            printError("layout-playground replay: \(path) is not a recording: \(error)")
            return 2
        }
        let cut = outcome.truncated ? " (the recording was truncated at its size cap)" : ""
        guard !outcome.differences.isEmpty else {
            print("replayed \(path): \(outcome.compared) messages match\(cut)")
            return 0
        }
        print("replayed \(path): differs from the recording\(cut)")
        for difference in outcome.differences { print("  \(difference)") }
        if outcome.moreDifferences { print("  … and more (the first \(outcome.differences.count) are shown)") }
        return 1
    }
}
