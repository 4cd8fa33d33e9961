/// The texts of the two most frequent small messages without Foundation: `{"type":"ok","re":id}` (every
/// request with an id that has nothing else to answer) and `{"type":"animationEnd",…}` (every animation
/// that a request started), which JSONSerialization takes tens of microseconds to encode on Linux
/// (sorted keys compare through ICU). Each text is byte for byte what `Session.encode` (sorted keys)
/// writes for the same message.
enum ShortReply {
    /// `{"re":id,"type":"ok"}`, or nil when `id` is not a simple one (see ``idText(_:)``): encode it the
    /// usual way then.
    static func ok(re id: Any?) -> String? {
        guard let re = idText(id), id != nil else { return nil }
        return #"{"re":\#(re),"type":"ok"}"#
    }

    /// `{"finished":…,"re":id,"type":"animationEnd"}`; `re` is null for a request without an id. Nil
    /// when `id` is not a simple one.
    static func animationEnd(re id: Any?, finished: Bool) -> String? {
        guard let re = id == nil ? "null" : idText(id) else { return nil }
        return #"{"finished":\#(finished),"re":\#(re),"type":"animationEnd"}"#
    }

    /// The JSON of a request id: a whole-number `Double` (as `Fields.requestID` gives numbers) below
    /// 2⁵³ in magnitude, or a string of printable ASCII other than `"`, `\` and `/` (which
    /// JSONSerialization escapes); nil otherwise.
    private static func idText(_ id: Any?) -> String? {
        if let number = id as? Double {
            guard number.rounded() == number, abs(number) < 9_007_199_254_740_992 else { return nil }
            return String(Int64(number))
        }
        if let string = id as? String {
            guard string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C && $0 != 0x2F }) else {
                return nil
            }
            return "\"\(string)\""
        }
        return nil
    }
}
