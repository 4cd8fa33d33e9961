/// JSON text encoded ahead of the message that carries it: `JSONWriter` copies its bytes as they are
/// and the outbox counts them exactly. For a long value kept between messages and extended rather than
/// encoded again (`ConstraintOrderText`).
struct JSONFragment: Sendable {
    /// One complete JSON value, UTF-8, escaped as `ByteCursor.string` escapes strings.
    let bytes: [UInt8]
}
