import Foundation

/// Scene ids for imported views and constraints: what a person recognises in Interface Builder
/// (the `userLabel`, an outlet's name, a label's text or a button's title, else the class), as a
/// camel-cased identifier of the scene's charset (`A–Z a–z 0–9 _ -`, at most 64 characters), made
/// unique by a number (`titleLabel`, `titleLabel2`). `root` is reserved for the root view.
struct IBNaming {
    private var taken: Set<String> = ["root"]
    /// The next number to try for each base: every lower one is taken already, and names are never
    /// given back, so a document with a hundred `rowTop`s does not count from 2 a hundred times.
    private var nextNumber: [String: Int] = [:]

    /// A fresh id built from the first usable candidate, else from `fallback`.
    mutating func unique(_ candidates: [String?], fallback: String) -> String {
        var found: String?
        for candidate in candidates {
            if let candidate, let id = Self.identifier(candidate) { found = id; break }
        }
        return unique(base: found ?? Self.identifier(fallback) ?? "view")
    }

    /// A fresh id built from `candidate`, else from `fallback`.
    mutating func unique(_ candidate: String, fallback: String) -> String {
        unique(base: Self.identifier(candidate) ?? Self.identifier(fallback) ?? "view")
    }

    /// `base` itself when it is free, else `base` numbered.
    private mutating func unique(base: String) -> String {
        // Most names are free the first time: one set operation then.
        guard !taken.insert(base).inserted else { return base }
        var id = base
        var counter = nextNumber[base] ?? 2
        repeat {
            let suffix = String(counter)
            id = String(base.prefix(64 - suffix.count)) + suffix
            counter += 1
        } while taken.contains(id)
        nextNumber[base] = counter
        taken.insert(id)
        return id
    }

    /// `"Sign in!"` → `signIn`, `"UILabel"` → `uiLabel`, `"2 columns"` → `v2Columns`, `"Grüße"` →
    /// `grusse`, `"Привет мир"` → `privetMir`; nil when nothing usable remains.
    /// Text with a non-ASCII byte is first written in ASCII letters by ICU's transliterators
    /// (`Any-Latin; Latin-ASCII`: any script to Latin, then accents and ligatures to plain letters);
    /// ASCII text, nearly every name a document holds, is read as it is. Words are then runs of ASCII
    /// letters and digits (what is still not ASCII, an emoji say, separates them), read as UTF-8
    /// bytes into a buffer on the stack: every view and constraint of a document is named here.
    static func identifier(_ text: String) -> String? {
        var text = text
        if text.withUTF8({ $0.contains { $0 >= 0x80 } }) {
            // Only the first characters can reach the 40 kept, so a long text is not transliterated whole.
            text = String(text.prefix(transliteratedLength))
            if let latin = text.applyingTransform(toASCII, reverse: false) { text = latin }
        }
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength) { output in
                identifier(bytes, into: output)
            }
        }
    }

    /// Identifiers keep their first 40 bytes.
    private static let maxLength = 40

    /// ICU's transform from any script to plain ASCII letters (Unicode CLDR transliteration rules).
    private static let toASCII = StringTransform("Any-Latin; Latin-ASCII")

    /// Characters of a non-ASCII text transliterated: a character gives at least one letter or a
    /// separator, and 40 letters with their separators fit in 80.
    private static let transliteratedLength = 80

    private static func identifier(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> String? {
        // A leading digit gets a `v` in front, which counts towards the 40.
        let firstWord = bytes.firstIndex(where: isWordByte)
        guard let firstWord else { return nil }
        var count = 0
        if isDigit(bytes[firstWord]) {
            output[0] = 0x76   // "v"
            count = 1
        }
        var index = firstWord
        var isFirst = true
        while index < bytes.count, count < maxLength {
            guard isWordByte(bytes[index]) else { index += 1; continue }
            var end = index
            while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
            // The first word's leading run of capitals is lower-cased (`URLField` → `urlField`, `Title` →
            // `title`), keeping the capital that starts the next word; later words start with a capital.
            var lowered = 0
            if isFirst {
                var upperRun = 0
                while index + upperRun < end, isUpper(bytes[index + upperRun]) { upperRun += 1 }
                lowered = upperRun <= 1 || upperRun == end - index ? upperRun : upperRun - 1
            }
            for offset in 0..<(end - index) where count < maxLength {
                let byte = bytes[index + offset]
                output[count] = offset < lowered ? lowercased(byte) : (!isFirst && offset == 0 ? uppercased(byte) : byte)
                count += 1
            }
            isFirst = false
            index = end
        }
        let id = String(decoding: UnsafeBufferPointer(rebasing: output[0..<count]), as: UTF8.self)
        return id == "root" ? "rootView" : id
    }

    private static func isWordByte(_ byte: UInt8) -> Bool { isLower(byte) || isUpper(byte) || isDigit(byte) }
    private static func isLower(_ byte: UInt8) -> Bool { (0x61...0x7a).contains(byte) }
    private static func isUpper(_ byte: UInt8) -> Bool { (0x41...0x5a).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func uppercased(_ byte: UInt8) -> UInt8 { isLower(byte) ? byte - 0x20 : byte }
    private static func lowercased(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 0x20 : byte }
}
