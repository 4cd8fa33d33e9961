/// SHA-1 (FIPS 180-4, section 6.1) of a byte string as 40 lowercase hexadecimal digits: the name
/// Redis gives a Lua script (`EVALSHA`), so a script's name is known without asking Redis.
/// Not for security: it only names scripts.
/// - Complexity: O(bytes).
func sha1Hex(_ message: [UInt8]) -> String {
    var h: [UInt32] = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0]
    var padded = message
    padded.append(0x80)
    while padded.count % 64 != 56 { padded.append(0) }
    let bits = UInt64(message.count) * 8
    for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    var w = [UInt32](repeating: 0, count: 80)
    for block in stride(from: 0, to: padded.count, by: 64) {
        for t in 0..<16 {
            let i = block + t * 4
            w[t] = UInt32(padded[i]) << 24 | UInt32(padded[i + 1]) << 16 | UInt32(padded[i + 2]) << 8 | UInt32(padded[i + 3])
        }
        for t in 16..<80 {
            let x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]
            w[t] = x << 1 | x >> 31
        }
        var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
        for t in 0..<80 {
            let f: UInt32, k: UInt32
            switch t {
            case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A827999)
            case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9EBA1)
            case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1BBCDC)
            default: (f, k) = (b ^ c ^ d, 0xCA62C1D6)
            }
            let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[t]
            (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
        }
        h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d; h[4] &+= e
    }
    let digits = Array("0123456789abcdef")
    return String(h.flatMap { word in (0..<8).reversed().map { digits[Int(word >> UInt32($0 * 4) & 0xF)] } })
}
