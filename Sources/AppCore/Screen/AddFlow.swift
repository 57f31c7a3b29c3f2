/// Adding a custom server (docs/PRODUCT.md: Settings pane): Enter validates, then the address is tested; a server
/// that answers is added at once, one that does not only after the user confirms.
public enum AddFlow: Hashable, Sendable {
    case idle
    /// `testCustomAddress` was sent for this normalized address; its result is awaited.
    case testing(address: String)
    /// The address did not answer; the confirmation dialog asks whether to add it anyway.
    case confirmingUnreachable(address: String)
}
