extension NativeSettings {
    /// Sets one field from command-line text (`settings set KEY VALUE`), by its JSON key.
    /// Integers are decimal; booleans are `true`/`false` (also `on`/`off`, `yes`/`no`, `1`/`0`);
    /// `custom_servers` takes addresses separated by commas; an empty value or `null` clears an
    /// optional field. Ranges and addresses are checked by `validated(environment:)`, which
    /// `NativeSettingsFile.update` runs, so an invalid value never reaches the file.
    public mutating func setValue(_ text: String, forKey key: String) throws {
        guard let field = Key(rawValue: key) else {
            throw PersistenceError.invalidValue(field: FieldReader.displayable(key), value: FieldReader.displayable(text))
        }
        var t = Substring(text)
        while let c = t.first, c.isWhitespace { t.removeFirst() }
        while let c = t.last, c.isWhitespace { t.removeLast() }
        let trimmed = String(t)
        let cleared = trimmed.isEmpty || trimmed == "null"
        func refuse() -> PersistenceError { .invalidValue(field: key, value: FieldReader.displayable(text)) }
        func int() throws -> Int {
            guard let v = Int(trimmed) else { throw refuse() }
            return v
        }
        func bool() throws -> Bool {
            switch trimmed.lowercased() {
            case "true", "on", "yes", "1": return true
            case "false", "off", "no", "0": return false
            default: throw refuse()
            }
        }
        switch field {
        case .backendServerAddress: backendServerAddress = cleared ? nil : trimmed
        case .customServerAddress: customServerAddress = cleared ? nil : trimmed
        case .customServers:
            customServers = cleared ? [] : trimmed.split(separator: ",").map { String($0.filter { $0 != " " }) }
                .filter { !$0.isEmpty }
        case .connectionTimeout: connectionTimeout = try int()
        case .autoSwitchOnFailure: autoSwitchOnFailure = try bool()
        case .enableDetailedLogging: enableDetailedLogging = try bool()
        case .caBundle: caBundle = cleared ? nil : trimmed
        case .probeInterval: probeInterval = try int()
        case .certWarningDays: certWarningDays = try int()
        case .alertWebhooks:
            // The syntax `settings set` takes (a JSON array, one URL, URLs separated by commas).
            guard case .success(let urls) = WebhookAddress.list(from: cleared ? "" : trimmed) else {
                throw PersistenceError.invalidValue(field: key, value: WebhookAddress.redacted(text))
            }
            alertWebhooks = urls
        case .alertCABundle: alertCABundle = cleared ? nil : trimmed
        case .alertUpConfirmations: alertUpConfirmations = try int()
        case .slowThresholdMs: slowThresholdMs = try int()
        case .historyEnabled: historyEnabled = try bool()
        case .remoteWriteURL:
            // Checked by `validated`; a refusal names it without its password or query.
            if !cleared, case .failure = RemoteWriteAddress.check(trimmed) {
                throw PersistenceError.invalidValue(field: key, value: WebhookAddress.redacted(text))
            }
            remoteWriteURL = cleared ? nil : trimmed
        case .remoteWriteTokenFile: remoteWriteTokenFile = cleared ? nil : trimmed
        case .facility: facility = cleared ? nil : trimmed
        case .facilityName:
            guard case .success(let name) = FacilityProfile.name(text) else { throw refuse() }
            facilityName = name
        case .facilityNumber:
            guard case .success(let number) = FacilityProfile.number(text) else { throw refuse() }
            facilityNumber = number
        case .bcpTriggerMinutes: bcpTriggerMinutes = try int()
        case .statusPageDir: statusPageDir = cleared ? nil : trimmed
        }
    }
}
