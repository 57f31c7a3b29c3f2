/// The facility profile of SPEC §16 (`facility_name`, `facility_number`, `bcp_trigger_minutes`
/// in settings.json): what the BCP report's header, the drills and the status page name the
/// facility by, and the minutes after which an outage is a BCP event (`BCPTrigger`). The
/// checks here are the one rule for `settings set`, the file reader and `validated`.
public struct FacilityProfile: Equatable, Sendable {
    /// Long enough for any 事業所 name with its corporation; short enough for a report's header.
    public static let nameMaxLength = 100
    /// 事業所番号: the ministry's numbers are 10 digits; 20 leaves room for a chain's own.
    public static let numberMaxDigits = 20

    public var name: String?
    public var number: String?
    public var bcpTrigger: BCPTrigger

    public init(name: String? = nil, number: String? = nil,
                bcpTriggerMinutes: Int = NativeSettings.defaultBCPTriggerMinutes) {
        self.name = name
        self.number = number
        self.bcpTrigger = BCPTrigger(minutes: bcpTriggerMinutes)
    }

    public init(_ settings: NativeSettings) {
        self.init(name: settings.facilityName, number: settings.facilityNumber,
                  bcpTriggerMinutes: settings.bcpTriggerMinutes)
    }

    /// Why a value is not a facility name or number: a catalog key and its parameters.
    public enum Refusal: Error, Equatable, Sendable {
        case nameTooLong
        /// Something other than digits (letters, hyphens); `shown` is the value, displayable.
        case numberNotDigits(shown: String)
        case numberTooLong

        public var key: String {
            switch self {
            case .nameTooLong: "cli.facility_name.too_long"
            case .numberNotDigits: "cli.facility_number.not_digits"
            case .numberTooLong: "cli.facility_number.too_long"
            }
        }

        public var parameters: [String: String] {
            switch self {
            case .nameTooLong: ["max": String(FacilityProfile.nameMaxLength)]
            case .numberNotDigits(let shown): ["value": shown, "max": String(FacilityProfile.numberMaxDigits)]
            case .numberTooLong: ["max": String(FacilityProfile.numberMaxDigits)]
            }
        }
    }

    /// `facility_name` as kept: sanitized (it reaches terminals, logs, reports and hooks),
    /// trimmed; empty text clears it (nil).
    public static func name(_ text: String) -> Result<String?, Refusal> {
        let clean = TextSanitizer.clean(text).trimmingWhitespace
        guard !clean.isEmpty else { return .success(nil) }
        guard clean.count <= nameMaxLength else { return .failure(.nameTooLong) }
        return .success(clean)
    }

    /// `facility_number` as kept: ASCII digits only (full-width digits, as a Japanese input
    /// method types them, are taken as the same digits); empty text clears it (nil).
    public static func number(_ text: String) -> Result<String?, Refusal> {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { return .success(nil) }
        var digits = String.UnicodeScalarView()
        for scalar in trimmed.unicodeScalars {
            switch scalar.value {
            case 0x30...0x39: digits.append(scalar)
            case 0xFF10...0xFF19: digits.append(Unicode.Scalar(scalar.value - 0xFF10 + 0x30) ?? scalar)
            default: return .failure(.numberNotDigits(shown: FieldReader.displayable(trimmed)))
            }
        }
        guard digits.count <= numberMaxDigits else { return .failure(.numberTooLong) }
        return .success(String(digits))
    }
}
