import Testing
@testable import Cassowary

@Test func placeholder() { #expect(Bool(true)) }
