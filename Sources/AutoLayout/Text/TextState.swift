/// What the engine derived from a view's text at the last measurement.
struct TextState {
    /// The width (points) the text was wrapped at; nil for unbounded.
    var wrapWidth: Double?
    /// The first and last baselines relative to the view's vertical center (points, down positive).
    var baselineOffsets: (first: Double, last: Double)?
}
