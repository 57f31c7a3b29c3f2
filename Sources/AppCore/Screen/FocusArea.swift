/// The areas Tab moves between: three on the main screen, six in the settings pane.
/// The server panel is read-only and never takes focus.
public enum FocusArea: String, Hashable, Sendable, CaseIterable {
    case languagePicker
    case openSettings
    case notices
    case paneList
    case customAddress
    case connectionTimeout
    case autoSwitch
    case detailedLogging
    case caBundle

    public static let mainAreas: [FocusArea] = [.languagePicker, .openSettings, .notices]
    public static let paneAreas: [FocusArea] = [.paneList, .customAddress, .connectionTimeout, .autoSwitch,
                                                .detailedLogging, .caBundle]

    public var isInPane: Bool { FocusArea.paneAreas.contains(self) }

    /// Areas where printable keys type text instead of acting.
    public var isTextField: Bool { self == .customAddress || self == .caBundle }
}
