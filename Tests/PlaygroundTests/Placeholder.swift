import Testing
@testable import Playground

@Test func placeholder() { #expect(Bool(true)) }
