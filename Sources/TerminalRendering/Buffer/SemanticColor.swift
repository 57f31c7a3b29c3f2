/// Colours by meaning; the terminal backend maps them to 256, 16 or no colours. Status is never
/// shown by colour alone, so every use of a colour has a word or symbol beside it.
public enum SemanticColor: UInt8, Hashable, Sendable, CaseIterable {
    case `default`
    case accent
    case ok
    case warning
    case error
    case muted
}
