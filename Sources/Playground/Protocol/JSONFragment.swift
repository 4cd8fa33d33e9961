/// JSON text encoded ahead of the message that carries it: `JSONWriter` copies its bytes as they are
/// and the outbox counts them exactly. For a long value kept between messages and extended rather than
/// encoded again (`ConstraintOrderText`, `ViewOrderText`).
struct JSONFragment: Sendable {
    /// One complete JSON value, UTF-8, escaped as `ByteCursor.string` escapes strings.
    let bytes: [UInt8]
}

extension JSONFragment {
    /// Appends `string` as a JSON string (`ByteCursor.string`) to `bytes`.
    static func appendString(_ string: String, to bytes: inout [UInt8]) {
        let maximum = string.utf8.count * 6 + 2
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximum) { scratch in
            guard let start = scratch.baseAddress else { return }
            var cursor = ByteCursor(start)
            cursor.string(string)
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: cursor.next - start))
        }
    }
}
