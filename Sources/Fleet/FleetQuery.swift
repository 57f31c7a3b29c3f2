import AppCore
import BackendClient

/// One look at the fleet: the two instant queries sent together, their answers read into rows
/// (`FleetRows.build`), or the reason they could not be, as a message of the catalogs.
public enum FleetQuery {
    /// The rows, or why there are none (a catalog message).
    public enum Outcome: Equatable, Sendable {
        case rows([FleetRow])
        case failed(AppError)
    }

    /// Asks `source` once; `rows` worst first, or an `AppError` whose key and parameters say
    /// why (`fleet.error.*`), never holding the token.
    public static func run(_ source: FleetSource, transport: any HTTPTransport) async -> Outcome {
        let requests = [source.request(FleetRows.seriesQuery), source.request(FleetRows.p95Query)]
        let answers = await transport.perform(together: requests)
        var read: [[FleetSample]] = []
        for answer in answers {
            switch answer {
            case .failure(let error):
                return .failed(problem(error, source: source))
            case .success(let response):
                switch samples(response, source: source) {
                case .samples(let samples): read.append(samples)
                case .failed(let problem): return .failed(problem)
                }
            }
        }
        guard read.count == 2 else { return .failed(AppError(key: "fleet.error.no_answer", parameters: ["source": source.baseURL])) }
        return .rows(FleetRows.build(series: read[0], p95: read[1]))
    }

    /// A response of any status read as samples, or why it is not a query answer.
    private enum Read {
        case samples([FleetSample])
        case failed(AppError)
    }

    private static func samples(_ response: TransportResponse, source: FleetSource) -> Read {
        let parameters = ["source": source.baseURL, "status": String(response.status)]
        if response.status == 401 || response.status == 403 {
            return .failed(AppError(key: "fleet.error.unauthorized", parameters: parameters))
        }
        // Prometheus answers 400 and 422 with a query answer of status "error": read it.
        switch FleetAnswer.samples(Array(response.body)) {
        case .success(let samples) where response.isSuccess:
            return .samples(samples)
        case .failure(.refused(let type)):
            return .failed(AppError(key: "fleet.error.refused", parameters: parameters.merging(["type": type]) { a, _ in a }))
        case .failure(.notJSON) where response.isSuccess:
            return .failed(AppError(key: "fleet.error.not_json", parameters: parameters))
        case .failure(.notQueryAnswer) where response.isSuccess:
            return .failed(AppError(key: "fleet.error.not_query_answer", parameters: parameters))
        default:
            return .failed(AppError(key: "fleet.error.http_status", parameters: parameters))
        }
    }

    /// A transport failure (refused, timeout, certificate…) in the words of the app's checks.
    static func problem(_ error: ClientError, source: FleetSource) -> AppError {
        let reason = ConnectivityError(code: error.code, message: error.message, parameters: error.parameters)
        var parameters = ConnectivityMessages.parameters(reason, url: source.baseURL, timeoutMs: source.settings.totalTimeoutMs)
        parameters["source"] = source.baseURL
        return AppError(key: "fleet.error.unreachable", parameters: parameters, code: error.code, reason: reason)
    }
}
