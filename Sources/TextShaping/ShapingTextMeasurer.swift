import AutoLayout
import Synchronization

/// The text measurer of the playground: HarfBuzz shaping on FreeType faces of Inter, an open font whose
/// metrics are close to Apple's system font, with the system font's size-specific tracking added to
/// every character (`SystemFontTracking`), greedy word wrap (`LineBreaker`), and a cache.
///
/// `UIFont.Weight` names map to Inter's static instances (`Inter-<Instance>.otf`): ultraLight →
/// ExtraLight, thin → Thin, light → Light, regular → Regular, medium → Medium, semibold → SemiBold,
/// bold → Bold, heavy → ExtraBold, black → Black. Faces open on first use. Shaped advances are cached
/// by (text, font) and laid-out lines by (text, font, width, wrapping), so re-wrapping at a new width
/// does not shape again and a repeated layout costs a dictionary lookup. Safe to share between
/// sessions and threads: the faces and caches are split in `stripeCount` stripes, each under a mutex
/// of its own and picked by the text's hash, so threads shaping different texts at once seldom wait
/// for one another (two at random share a stripe 1 time in 16). Each stripe opens the faces it
/// uses; FreeType maps the font files, so their pages are shared.
public final class ShapingTextMeasurer: TextMeasurer {
    /// Where Debian's `fonts-inter` package puts Inter's OpenType files.
    public static let debianFontDirectory = "/usr/share/fonts/opentype/inter"
    /// Entries the caches of all stripes hold before a stripe's are emptied (a bound on memory under
    /// hostile input: about 10 000 × the longest text).
    static let cacheLimit = 10_000
    /// Stripes of faces and caches, each under its own mutex.
    static let stripeCount = 16

    /// The measurer over `debianFontDirectory`, shared by every session of a process.
    public static let shared = ShapingTextMeasurer(directory: debianFontDirectory)

    private struct ShapeKey: Hashable {
        let text: String
        let weight: Font.Weight
    }

    private struct LayoutKey: Hashable {
        let text: String
        let font: Font
        let width: Double?
        let wrapping: TextWrapping
    }

    private struct State {
        var faces: [Font.Weight: FontFace] = [:]
        var missing: Set<Font.Weight> = []
        /// Characters and their advances in design units, per text and weight.
        var shaped: [ShapeKey: (characters: [Character], advances: [Double])] = [:]
        var layouts: [LayoutKey: TextLayout] = [:]
    }

    /// One stripe's faces and caches. `FontFace` is not Sendable (it owns C pointers); the mutex is
    /// the only way in.
    private final class Stripe: Sendable {
        let state = Mutex(State())
    }

    private let directory: String
    private let stripes: [Stripe]

    /// A measurer over the Inter files in `directory`.
    public init(directory: String) {
        self.directory = directory
        stripes = (0..<Self.stripeCount).map { _ in Stripe() }
    }

    /// The stripe that holds what belongs to `key`.
    private func stripe(for key: some Hashable) -> Stripe {
        stripes[Int(UInt(bitPattern: key.hashValue) % UInt(stripes.count))]
    }

    /// The file name of Inter's instance for `weight`.
    public static func fileName(for weight: Font.Weight) -> String {
        let instance = switch weight {
        case .ultraLight: "ExtraLight"
        case .thin: "Thin"
        case .light: "Light"
        case .regular: "Regular"
        case .medium: "Medium"
        case .semibold: "SemiBold"
        case .bold: "Bold"
        case .heavy: "ExtraBold"
        case .black: "Black"
        }
        return "Inter-\(instance).otf"
    }

    public func metrics(of font: Font) -> FontMetrics? {
        stripe(for: font.weight).state.withLock { state in
            face(for: font.weight, in: &state)?.metrics(size: font.size)
        }
    }

    public func layout(_ text: String, font: Font, width: Double?, wrapping: TextWrapping) -> TextLayout? {
        let key = LayoutKey(text: text, font: font, width: width, wrapping: wrapping)
        // By text alone: its shaped advances, kept per text and weight, serve every width and size.
        return stripe(for: text).state.withLock { state in
            if let cached = state.layouts[key] { return cached }
            guard let face = face(for: font.weight, in: &state) else { return nil }
            let shapeKey = ShapeKey(text: text, weight: font.weight)
            let shaped: (characters: [Character], advances: [Double])
            if let cached = state.shaped[shapeKey] {
                shaped = cached
            } else {
                shaped = (Array(text), face.advances(of: text))
                if state.shaped.count >= Self.cacheLimit / Self.stripeCount { state.shaped.removeAll(keepingCapacity: true) }
                state.shaped[shapeKey] = shaped
            }
            let scale = font.size / face.unitsPerEm
            // The system font's size-specific tracking goes after every character, as Core Text applies it.
            let tracking = SystemFontTracking.tracking(size: font.size)
            let lines = LineBreaker.lines(shaped.characters, advances: shaped.advances.map { $0 * scale + tracking },
                                          width: width, wrapping: wrapping)
            let layout = TextLayout(lines: lines, metrics: face.metrics(size: font.size))
            if state.layouts.count >= Self.cacheLimit / Self.stripeCount { state.layouts.removeAll(keepingCapacity: true) }
            state.layouts[key] = layout
            return layout
        }
    }

    private func face(for weight: Font.Weight, in state: inout State) -> FontFace? {
        if let face = state.faces[weight] { return face }
        guard !state.missing.contains(weight) else { return nil }
        guard let face = FontFace(path: directory + "/" + Self.fileName(for: weight)) else {
            state.missing.insert(weight)
            return nil
        }
        state.faces[weight] = face
        return face
    }
}
