import Testing
import PlaygroundClient

// README.md's Swift frame test, word for word, so the README's example keeps passing.
@Test func navViewMovesWithItsTopConstraint() async throws {
    let playground = try await Playground.start()             // the built binary on a free port
    _ = try await playground.load("search-bar")               // navView pinned to the top, 62 tall
    try await playground.assertFrame("navView", Rect(0, 0, 375, 62))
    _ = try await playground.set(constraint: "navTop", ["constant": -10])
    try await playground.assertFrame("navView", Rect(0, -10, 375, 62))
    await playground.close()
}
