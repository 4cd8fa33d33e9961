// libFuzzer entry over the equation and Visual Format Language parsers (Sources/AutoLayout/Parsing).
// Built by Tests/fuzz/build.sh; run by Tests/fuzz/run.sh (seed corpus: Tests/fuzz/corpus/parsers).
//
// The first byte picks the parser; the rest is the text. Parsing must return a value or throw
// ConstraintParseError with a position inside the text; a parsed format must also turn into
// constraints (or a parse error) against views named a, b and c.
import AutoLayout

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParsers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    let length = text.count
    func check(_ error: Error) {
        guard let error = error as? ConstraintParseError else { fatalError("unexpected error \(error)") }
        precondition((0...length).contains(error.position),
                     "position \(error.position) outside 0...\(length) for \(text.debugDescription)")
    }
    if data[0] & 1 == 0 {
        do { _ = try EquationParser.parse(text) } catch { check(error) }
    } else {
        do {
            let format = try VisualFormatParser.parse(text)
            _ = format.constraintCount()
            _ = try? format.constraints(metrics: ["m": 8], views: ["a": "a", "b": "b", "c": "c"],
                                        superview: { _ in "root" })
        } catch { check(error) }
    }
    return 0
}
