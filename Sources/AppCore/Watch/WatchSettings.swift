/// The settings.json values of history and alerts (SPEC §15.3), as the state mirrors them.
public struct WatchSettings: Equatable, Sendable {
    public var alertWebhooks: [String]
    public var alertCABundle: String?
    public var alertUpConfirmations: Int
    public var slowThresholdMs: Int
    public var historyEnabled: Bool
    /// The monitor's push (issue 28): where, the token's file, the `facility` label (nil: the host).
    public var remoteWriteURL: String?
    public var remoteWriteTokenFile: String?
    public var facility: String?
    /// The facility's name, number and BCP trigger (SPEC §16).
    public var facilityProfile: FacilityProfile
    /// `status_page_dir`: where the recorder writes the staff status page (nil: nowhere).
    public var statusPageDir: String?

    public init(_ settings: NativeSettings = .defaults) {
        alertWebhooks = settings.alertWebhooks
        alertCABundle = settings.alertCABundle
        alertUpConfirmations = settings.alertUpConfirmations
        slowThresholdMs = settings.slowThresholdMs
        historyEnabled = settings.historyEnabled
        remoteWriteURL = settings.remoteWriteURL
        remoteWriteTokenFile = settings.remoteWriteTokenFile
        facility = settings.facility
        facilityProfile = FacilityProfile(settings)
        statusPageDir = settings.statusPageDir
    }
}

extension SettingsState {
    public var alertUpConfirmations: Int { watchSettings.alertUpConfirmations }
    public var historyEnabled: Bool { watchSettings.historyEnabled }
}
