extension LayoutEngine {
    /// Gives back the spare capacity that growth by doubling left in the solver's and the engine's
    /// tables (a quarter of their bytes on average), for an engine done growing for a while: a scene
    /// just built from its document. Layout, speed and later growth are unchanged.
    /// - Complexity: O(views + constraints + solver symbols).
    public func fitCapacities() {
        solver.fitCapacities()
        orderedConstraints.fitCapacity()
        presentationSnapshot.fitCapacities()
    }
}
