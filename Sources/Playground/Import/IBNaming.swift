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
        let base = found ?? Self.identifier(fallback) ?? "view"
        var id = base
        var counter = nextNumber[base] ?? 2
        if taken.contains(id) {
            repeat {
                let suffix = String(counter)
                id = String(base.prefix(64 - suffix.count)) + suffix
                counter += 1
            } while taken.contains(id)
            nextNumber[base] = counter
        }
        taken.insert(id)
        return id
    }

    /// `"Sign in!"` → `signIn`, `"UILabel"` → `label`, `"2 columns"` → `v2Columns`; nil when nothing usable remains.
    /// Words are runs of ASCII letters and digits (every byte of a non-ASCII character separates them),
    /// read as UTF-8 bytes: every view and constraint of a document is named here.
    static func identifier(_ text: String) -> String? {
        var result: [UInt8] = []
        var word: [UInt8] = []
        func isWordByte(_ byte: UInt8) -> Bool {
            (0x61...0x7a).contains(byte) || (0x41...0x5a).contains(byte) || (0x30...0x39).contains(byte)
        }
        func endWord() {
            guard !word.isEmpty else { return }
            if result.isEmpty {
                result = lowerFirst(word)
            } else {
                result.append(uppercased(word[0]))
                result += word.dropFirst()
            }
            word.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            if isWordByte(byte) { word.append(byte) } else { endWord() }
        }
        endWord()
        guard let first = result.first else { return nil }
        if (0x30...0x39).contains(first) { result.insert(0x76, at: 0) }   // "v"
        let id = String(decoding: result.prefix(40), as: UTF8.self)
        return id == "root" ? "rootView" : id
    }

    private static func uppercased(_ byte: UInt8) -> UInt8 { (0x61...0x7a).contains(byte) ? byte - 0x20 : byte }
    private static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5a).contains(byte) ? byte + 0x20 : byte }

    /// Lower-cases a leading run of capitals (`URLField` → `urlField`, `Title` → `title`), keeping the
    /// capital that starts the next word.
    private static func lowerFirst(_ word: [UInt8]) -> [UInt8] {
        var upperRun = 0
        while upperRun < word.count, (0x41...0x5a).contains(word[upperRun]) { upperRun += 1 }
        let lowered = upperRun <= 1 || upperRun == word.count ? upperRun : upperRun - 1
        return word.prefix(lowered).map(lowercased) + word.dropFirst(lowered)
    }
}
