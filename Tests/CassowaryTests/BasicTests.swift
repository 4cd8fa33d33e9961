import Testing
@testable import Cassowary

func close(_ a: Double, _ b: Double, tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

@Suite struct BasicTests {
    @Test func simpleEquality() throws {
        let s = Solver()
        let x = Variable("x")
        try s.addConstraint(x == 10)
        s.updateVariables()
        #expect(close(s.value(of: x), 10))
    }

    @Test func unseenVariableIsZero() {
        let s = Solver()
        #expect(s.value(of: Variable()) == 0)
    }

    @Test func twoVariables() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.addConstraint(x + y == 20)
        try s.addConstraint(x - y == 4)
        s.updateVariables()
        #expect(close(s.value(of: x), 12))
        #expect(close(s.value(of: y), 8))
    }
}
