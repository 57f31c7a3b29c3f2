import SettingsStore
import TerminalRendering

/// Input to `UIUpdate.handle`: a key press, or a result the runtime reports back.
public enum UIEvent: Equatable, Sendable {
    case key(Key)
    /// The test that `UICommand.testCustomAddress` asked for has finished.
    case customAddressTested(address: String, summary: ServerProbeSummary)
    /// A line for the settings pane from the runtime (for example a failed write).
    case paneMessage(UIMessage)
}
