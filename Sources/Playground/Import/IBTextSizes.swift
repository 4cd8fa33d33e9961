/// Where an import takes the intrinsic sizes of text views from (`import`'s `textSizes`).
enum IBTextSizes: String, Sendable {
    /// The frames Xcode saved, which Xcode measured with Apple's fonts.
    case document
    /// Our own measurement: labels, buttons and text fields become text views (`TextFields`) whose
    /// size the engine measures with the server's fonts.
    case measured
}
