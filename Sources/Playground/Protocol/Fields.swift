import Foundation

/// Typed, validating access to one decoded JSON object of a client message.
///
/// Getters return nil for an absent (or null) field and throw `invalid-field` for a present field of
/// the wrong type or a number that is not finite, so every message is checked before it acts.
///
/// A `Fields` made by `decode(_:log:)` with a `FieldLog` records every key it is asked for, and so do
/// the objects reached through it, so the strict protocol can refuse the keys nobody read (`FieldLog`).
struct Fields {
    let raw: [String: Any]
    /// Where this object is in the message: `""` for the message, `views[2]`, `curve.spring`. Only
    /// the log reads it, so objects of a document without a log all have `""`.
    let path: String
    /// The message's read log; nil for documents that are not client input (built-in scenes, imports).
    let log: FieldLog?

    init(_ raw: [String: Any]) {
        self.raw = raw
        path = ""
        log = nil
    }

    init(_ raw: [String: Any], path: String, log: FieldLog?) {
        self.raw = raw
        self.path = path
        self.log = log
        log?.register(path, raw)
    }

    /// The path of the child `key`.
    private func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The value of `key` whatever its type (nil when absent or null), recorded as read: for fields a
    /// handler decodes itself.
    func any(_ key: String) -> Any? { value(key) }

    /// Every entry of this object, which the handler takes whole (its keys are names, not fields):
    /// none of them is reported as unknown.
    func entries() -> [String: Any] {
        log?.markFreeForm(path)
        return raw
    }

    /// Decodes one JSON text into an object. Throws `bad-json` for anything else, with the byte offset,
    /// line and column where the text stops being JSON and what was expected there (`JSONSyntax`).
    /// With a `log`, the message and every object reached through it record what is read.
    static func decode(_ text: String, log: FieldLog? = nil) throws -> Fields {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            throw JSONSyntax.firstError(in: text)
                ?? ProtocolError("bad-json", "the message is not valid JSON, nests deeper than the parser allows, "
                                 + "or holds a number outside the range of a double")
        }
        guard let dictionary = object as? [String: Any] else {
            throw ProtocolError("bad-json", "a message must be a JSON object")
        }
        return Fields(dictionary, path: "", log: log)
    }

    func has(_ key: String) -> Bool { value(key) != nil }

    private func value(_ key: String) -> Any? {
        // A metatype test: `value is NSNull` would bridge a native array or dictionary to Foundation
        // (a copy of it) just to answer no.
        log?.read(key, at: path)
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
        // The dynamic type is asked once (a runtime call) and compared twice.
        let valueType = type(of: value)
        if valueType == Double.self, let number = value as? Double {
            guard number.isFinite else { throw ProtocolError.invalid(key, "a finite number") }
            return number
        }
        if valueType == Int.self, let number = value as? Int { return Double(number) }
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

    /// An array of strings.
    func strings(_ key: String) throws -> [String]? {
        guard let value = value(key) else { return nil }
        guard let array = value as? [String] else { throw ProtocolError.invalid(key, "an array of strings") }
        return array
    }

    func object(_ key: String) throws -> Fields? {
        guard let value = value(key) else { return nil }
        if type(of: value) == [String: Any].self, let object = value as? [String: Any] {
            return Fields(object, path: childPath(key), log: log)
        }
        guard let object = value as? [String: Any] else { throw ProtocolError.invalid(key, "an object") }
        return Fields(object, path: childPath(key), log: log)
    }

    func objects(_ key: String) throws -> [Fields]? {
        guard let value = value(key) else { return nil }
        // Paths only for the log: a document without one (an import's) skips a string per element.
        let arrayPath = log == nil ? nil : childPath(key)
        func element(_ index: Int, _ object: [String: Any]) -> Fields {
            guard let arrayPath else { return Fields(object) }
            return Fields(object, path: "\(arrayPath)[\(index)]", log: log)
        }
        if type(of: value) == [[String: Any]].self, let array = value as? [[String: Any]] {
            return array.enumerated().map { element($0, $1) }
        }
        guard let array = value as? [Any] else { throw ProtocolError.invalid(key, "an array of objects") }
        return try array.enumerated().map {
            guard let object = $1 as? [String: Any] else { throw ProtocolError.invalid(key, "an array of objects") }
            return element($0, object)
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
