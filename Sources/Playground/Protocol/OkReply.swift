/// The text of `{"type":"ok","re":id}` without Foundation: the most frequent answer (every `set` with an
/// id), which JSONSerialization takes several microseconds to encode on Linux. The text is byte for byte
/// what `Session.encode` (sorted keys) writes.
enum OkReply {
    /// `{"re":id,"type":"ok"}` for a whole-number id (a `Double` from `Fields.requestID`) below 2⁵³ or
    /// a string id of printable ASCII other than `"`, `\` and `/`; nil otherwise (encode it the usual way).
    static func text(re id: Any?) -> String? {
        if let number = id as? Double {
            guard number.rounded() == number, abs(number) < 9_007_199_254_740_992 else { return nil }
            return #"{"re":\#(Int64(number)),"type":"ok"}"#
        }
        if let string = id as? String {
            guard string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C && $0 != 0x2F }) else {
                return nil
            }
            return #"{"re":"\#(string)","type":"ok"}"#
        }
        return nil
    }
}
