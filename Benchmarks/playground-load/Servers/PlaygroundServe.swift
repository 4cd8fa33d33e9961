import Foundation
import PlaygroundServer

/// `playground-load --serve`: the playground server in this process, as `layout-playground` runs it,
/// with the caps a load run from one address would hit lifted.
enum PlaygroundServe {
    /// Serves on `port` (0: a free one, printed as `listening on http://127.0.0.1:PORT/`) until killed;
    /// with `state`, sessions are journaled there (`--state`), with `redis` in that Redis (`--redis`),
    /// else not at all.
    static func run(port: Int, state: String?, redis: String?) -> Never {
        do {
            var options = ServerOptions(host: "127.0.0.1", port: port, publicDirectory: publicDirectory())
            // Every load session comes from 127.0.0.1: lift the session caps, the followers per shared
            // session and the follow attempts per address (the message rate limits stay).
            options.maxSessions = 1_000_000
            options.maxSessionsPerAddress = 1_000_000
            options.maxFollowers = 1_000_000
            options.followsPerSecond = 1_000_000
            options.followBurst = 1_000_000
            options.stateDirectory = state
            if let redis {
                guard let url = RedisURL(redis) else { fail("invalid --redis \(redis)") }
                options.redis = url
            }
            let server = try PlaygroundServer(options: options)
            print("listening on http://127.0.0.1:\(server.port)/")
            fflush(nil)
            server.run()
            exit(0)
        } catch {
            fail("\(error)")
        }
    }

    /// The package's `Public/` folder, found by walking up from the executable; else a temporary
    /// folder with an empty `index.html` (the load run never asks for the page).
    private static func publicDirectory() -> String {
        var directory = URL(fileURLWithPath: ownPath).deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent("Public").path
            if FileManager.default.fileExists(atPath: candidate + "/index.html") { return candidate }
            directory.deleteLastPathComponent()
        }
        let fallback = NSTemporaryDirectory() + "playground-load-public"
        try? FileManager.default.createDirectory(atPath: fallback, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: fallback + "/index.html", contents: Data("<!doctype html>".utf8))
        return fallback
    }
}
