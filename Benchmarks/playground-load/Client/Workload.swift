/// What the sessions of a run do.
enum Workload {
    /// Nothing after connecting (and loading, when asked): memory per idle session.
    case idle
    /// Every session sends a `set` of `top0` at `rate` per second and measures send → `frames` latency.
    /// Against the echo server the same messages come back and the round trip is measured instead.
    case tweak(rate: Double)
    /// Every session runs a one-second animation of `top0` and starts the next one on `animationEnd`.
    case animate(duration: Double)
}
