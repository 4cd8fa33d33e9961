import Testing
@testable import AutoLayout

@Test func placeholder() { #expect(Bool(true)) }
