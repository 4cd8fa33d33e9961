/// Scene ids for imported views and constraints: what a person recognises in Interface Builder
/// (the `userLabel`, an outlet's name, a label's text or a button's title, else the class), as a
/// camel-cased identifier of the scene's charset (`A–Z a–z 0–9 _ -`, at most 64 characters), made
/// unique by a number (`titleLabel`, `titleLabel2`). `root` is reserved for the root view.
struct IBNaming {
    private var taken: Set<String> = ["root"]

    /// A fresh id built from the first usable candidate, else from `fallback`.
    mutating func unique(_ candidates: [String?], fallback: String) -> String {
        var found: String?
        for candidate in candidates {
            if let candidate, let id = Self.identifier(candidate) { found = id; break }
        }
        let base = found ?? Self.identifier(fallback) ?? "view"
        var id = base
        var counter = 2
        while taken.contains(id) {
            let suffix = String(counter)
            id = String(base.prefix(64 - suffix.count)) + suffix
            counter += 1
        }
        taken.insert(id)
        return id
    }

    /// `"Sign in!"` → `signIn`, `"UILabel"` → `label`, `"2 columns"` → `v2Columns`; nil when nothing usable remains.
    static func identifier(_ text: String) -> String? {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard !words.isEmpty else { return nil }
        var result = ""
        for (index, word) in words.enumerated() {
            if index == 0 {
                result += lowerFirst(word)
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "v" + result }
        if result == "root" { result = "rootView" }
        return String(result.prefix(40))
    }

    /// Lower-cases a leading run of capitals (`URLField` → `urlField`, `Title` → `title`), keeping the
    /// capital that starts the next word.
    private static func lowerFirst(_ word: String) -> String {
        let characters = Array(word)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun <= 1 || upperRun == characters.count { return word.prefix(upperRun).lowercased() + word.dropFirst(upperRun) }
        let lowered = upperRun - 1
        return word.prefix(lowered).lowercased() + word.dropFirst(lowered)
    }
}
