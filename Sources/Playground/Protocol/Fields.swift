import Foundation

/// Typed, validating access to one decoded JSON object of a client message.
///
/// Getters return nil for an absent (or null) field and throw `invalid-field` for a present field of
/// the wrong type or a number that is not finite, so every message is checked before it acts.
struct Fields {
    let raw: [String: Any]

    init(_ raw: [String: Any]) {
        self.raw = raw
    }

    /// Decodes one JSON text into an object. Throws `bad-json` for anything else.
    static func decode(_ text: String) throws -> Fields {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            throw ProtocolError("bad-json", "the message is not valid JSON, nests deeper than the parser allows, "
                                + "or holds a number outside the range of a double")
        }
        guard let dictionary = object as? [String: Any] else {
            throw ProtocolError("bad-json", "a message must be a JSON object")
        }
        return Fields(dictionary)
    }

    func has(_ key: String) -> Bool { value(key) != nil }

    private func value(_ key: String) -> Any? {
        // A metatype test: `value is NSNull` would bridge a native array or dictionary to Foundation
        // (a copy of it) just to answer no.
        guard let value = raw[key], !(type(of: value) is NSNull.Type) else { return nil }
        return value
    }

    func string(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        guard let string = value as? String else { throw ProtocolError.invalid(key, "a string") }
        return string
    }

    func number(_ key: String) throws -> Double? {
        guard let value = value(key) else { return nil }
        // Documents built in Swift (the importer's) hold native values: read them without bridging.
        if type(of: value) == Double.self, let number = value as? Double {
            guard number.isFinite else { throw ProtocolError.invalid(key, "a finite number") }
            return number
        }
        guard let number = Self.number(value) else { throw ProtocolError.invalid(key, "a finite number") }
        return number
    }

    func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        if type(of: value) == Bool.self, let bool = value as? Bool { return bool }
        guard Self.isBool(value), let bool = value as? Bool else { throw ProtocolError.invalid(key, "true or false") }
        return bool
    }

    /// An array of exactly `count` finite numbers.
    func numbers(_ key: String, count: Int) throws -> [Double]? {
        guard let value = value(key) else { return nil }
        if type(of: value) == [Double].self, let array = value as? [Double] {
            guard array.count == count, array.allSatisfy(\.isFinite) else {
                throw ProtocolError.invalid(key, "an array of \(count) finite numbers")
            }
            return array
        }
        guard let array = value as? [Any], array.count == count else {
            throw ProtocolError.invalid(key, "an array of \(count) numbers")
        }
        return try array.map {
            guard let number = Self.number($0) else { throw ProtocolError.invalid(key, "an array of \(count) finite numbers") }
            return number
        }
    }

    func object(_ key: String) throws -> Fields? {
        guard let value = value(key) else { return nil }
        if type(of: value) == [String: Any].self, let object = value as? [String: Any] { return Fields(object) }
        guard let object = value as? [String: Any] else { throw ProtocolError.invalid(key, "an object") }
        return Fields(object)
    }

    func objects(_ key: String) throws -> [Fields]? {
        guard let value = value(key) else { return nil }
        if type(of: value) == [[String: Any]].self, let array = value as? [[String: Any]] {
            return array.map(Fields.init)
        }
        guard let array = value as? [Any] else { throw ProtocolError.invalid(key, "an array of objects") }
        return try array.map {
            guard let object = $0 as? [String: Any] else { throw ProtocolError.invalid(key, "an array of objects") }
            return Fields(object)
        }
    }

    /// The message id: a string or a number, echoed as `re`.
    func requestID() throws -> Any? {
        guard let value = value("id") else { return nil }
        if let string = value as? String, string.utf8.count <= 256 { return string }
        if let number = Self.number(value) { return number }
        throw ProtocolError.invalid("id", "a string (at most 256 bytes) or a finite number")
    }

    static func isBool(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    static func number(_ value: Any) -> Double? {
        guard !isBool(value), let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }
}
