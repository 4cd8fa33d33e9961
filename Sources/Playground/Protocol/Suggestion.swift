/// "Did you mean …?" for a misspelt field, id, attribute or command-line flag.
public enum Suggestion {
    /// The candidate nearest to `word` by Levenshtein distance (insertions, deletions and substitutions
    /// of one Unicode scalar each cost 1; V. I. Levenshtein, 1965), when it is close enough to be a
    /// plausible typo: at most 2 edits and fewer edits than half of `word`'s length (rounded up).
    /// Ties go to the candidate nearer by `alignmentDistance` (`widht` is a swap from `width` but two
    /// substitutions from `right`), then to the one that sorts first, so the answer does not depend on
    /// the candidates' order. Nil when nothing is close, or `word` is longer than 64 scalars (a typo is short).
    public static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let scalars = Array(word.unicodeScalars)
        guard !scalars.isEmpty, scalars.count <= 64 else { return nil }
        let limit = min(2, (scalars.count + 1) / 2)
        var best: (distance: Int, alignment: Int, name: String)?
        for candidate in candidates where candidate != word {
            let other = Array(candidate.unicodeScalars)
            guard abs(other.count - scalars.count) <= limit else { continue }
            let distance = levenshtein(scalars, other)
            guard distance <= limit else { continue }
            let alignment = alignmentDistance(scalars, other)
            if let current = best,
               (distance, alignment) > (current.distance, current.alignment)
                || ((distance, alignment) == (current.distance, current.alignment) && candidate >= current.name) {
                continue
            }
            best = (distance, alignment, candidate)
        }
        return best?.name
    }

    /// The clause appended to an error message: `: did you mean 'x'?`, or "" when nothing is near.
    public static func clause(for word: String, in candidates: some Sequence<String>) -> String {
        nearest(to: word, in: candidates).map { ": did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance by the two-row dynamic programme (Wagner and Fischer, 1974).
    static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The optimal string alignment distance (Levenshtein's edits plus the swap of two adjacent
    /// scalars at cost 1; F. J. Damerau, 1964): `constriant` is 1 from `constraint`, `constant` 2. Used
    /// to rank typos, where a swapped pair is the commonest slip.
    static func alignmentDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, rows[i - 2][j - 2] + 1) }
                rows[i][j] = best
            }
        }
        return rows[a.count][b.count]
    }
}
