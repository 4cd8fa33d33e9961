/// Join codes for shared sessions: 8 characters from a 32-letter alphabet without the look-alikes
/// 0/O and 1/I, drawn from the system's CSPRNG (`SystemRandomNumberGenerator`: getrandom(2) on Linux).
///
/// 32 letters divide 256, so taking a random byte modulo 32 is unbiased; 8 letters carry 40 bits, about
/// 1.1 × 10¹² codes, which a guesser limited to a few follow attempts per second per address cannot
/// sweep. Codes are read case-insensitively so people can type them.
public enum JoinCode {
    /// The letters a code is made of (32: digits 2–9 and A–Z less I and O).
    public static let alphabet = Array("23456789ABCDEFGHJKLMNPQRSTUVWXYZ")
    /// Characters in a code.
    public static let length = 8

    /// A fresh code from `generator` (the system CSPRNG unless a test passes its own).
    public static func make<G: RandomNumberGenerator>(using generator: inout G) -> String {
        var letters = ""
        for _ in 0..<length {
            letters.append(alphabet[Int(UInt8.random(in: .min ... .max, using: &generator) % 32)])
        }
        return letters
    }

    /// A fresh code from the system CSPRNG.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(using: &generator)
    }

    /// `text` as a code (upper-cased), or nil when it is not `length` letters of the alphabet.
    public static func normalized(_ text: String) -> String? {
        let upper = text.uppercased()
        guard upper.count == length, upper.allSatisfy(alphabet.contains) else { return nil }
        return upper
    }
}
