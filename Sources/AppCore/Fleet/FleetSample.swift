/// One sample of an instant query's answer (`/api/v1/query`, resultType `vector`): the metric
/// name (empty for a computed expression), its labels and value, and the evaluation time the
/// answer carries. Prometheus and VictoriaMetrics answer the same shape.
public struct FleetSample: Equatable, Sendable {
    public var name: String
    public var labels: [String: String]
    public var value: Double
    /// The query's evaluation time (Unix seconds).
    public var at: Double

    public init(name: String, labels: [String: String], value: Double, at: Double) {
        self.name = name
        self.labels = labels
        self.value = value
        self.at = at
    }
}

/// Why a query's answer could not be used, for a message in the run's language.
public enum FleetAnswerProblem: Error, Equatable, Sendable {
    /// Not JSON at all (garbage, an HTML page).
    case notJSON
    /// JSON, but not a query answer (`status`, `data.resultType` `vector`, `data.result`).
    case notQueryAnswer
    /// `{"status":"error"}`: the engine refused the query, with its error type.
    case refused(errorType: String)
}

/// Reads the query API's JSON into samples (pure). Label values are sanitized: they come from
/// every box of the chain and reach the screen, the log and JSON.
public enum FleetAnswer {
    public static func samples(_ bytes: [UInt8]) -> Result<[FleetSample], FleetAnswerProblem> {
        guard let document = JSON.parse(bytes), let object = document.objectValue else { return .failure(.notJSON) }
        guard let status = object["status"]?.stringValue else { return .failure(.notQueryAnswer) }
        guard status == "success" else {
            let type = object["errorType"]?.stringValue ?? "error"
            return .failure(.refused(errorType: TextSanitizer.clean(String(type.prefix(64)))))
        }
        guard let data = object["data"]?.objectValue, data["resultType"]?.stringValue == "vector",
              let result = data["result"]?.arrayValue else { return .failure(.notQueryAnswer) }
        var samples: [FleetSample] = []
        samples.reserveCapacity(result.count)
        for entry in result {
            guard let series = entry.objectValue, let metric = series["metric"]?.objectValue,
                  let pair = series["value"]?.arrayValue, pair.count == 2,
                  let at = Self.number(pair[0]), let value = Self.number(pair[1]) else { return .failure(.notQueryAnswer) }
            var labels: [String: String] = [:]
            var name = ""
            for member in metric.members {
                guard let text = member.value.stringValue else { continue }
                if member.key == "__name__" { name = text } else { labels[member.key] = TextSanitizer.clean(text) }
            }
            samples.append(FleetSample(name: name, labels: labels, value: value, at: at))
        }
        return .success(samples)
    }

    /// The evaluation time is a JSON number, the value a string ("1", "NaN", "+Inf").
    private static func number(_ json: JSON) -> Double? {
        switch json {
        case .number(let text): Double(text)
        case .string(let text): Double(text) ?? (text == "+Inf" ? .infinity : text == "-Inf" ? -.infinity : nil)
        default: nil
        }
    }
}
