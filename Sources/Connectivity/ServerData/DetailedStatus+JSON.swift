import SettingsStore

/// `health.json`'s `status`: a server's last test as the one JSON value, with the keys the
/// earlier `Codable` form used (files written by earlier versions still read). Optional values
/// that are absent have no key. Reading is lenient where earlier versions were (no certificate,
/// no warnings) and strict elsewhere: a cache entry that does not read is ignored.
extension DetailedStatus {
    var json: JSON {
        var o: JSONObject = ["serverId": .string(serverId), "checks": .array(checks.map(\.json))]
        if let responseTime { o["responseTime"] = .double(responseTime) }
        o["lastChecked"] = .double(lastChecked)
        if let certificate { o["certificate"] = certificate.json }
        o["warnings"] = .array(warnings.map(\.json))
        return .object(o)
    }

    init?(json: JSON) {
        guard let serverId = json["serverId"]?.stringValue,
              let checks = json["checks"]?.arrayValue?.compactMapAll(CheckResult.init(json:)),
              let lastChecked = json["lastChecked"]?.doubleValue else { return nil }
        var certificate: CertificateInfo?
        if let value = json["certificate"], value != .null {
            guard let read = CertificateInfo(json: value) else { return nil }
            certificate = read
        }
        var warnings: [ConnectivityError] = []
        if let value = json["warnings"], value != .null {
            guard let read = value.arrayValue?.compactMapAll(ConnectivityError.init(json:)) else { return nil }
            warnings = read
        }
        self.init(serverId: serverId, checks: checks, responseTime: json["responseTime"]?.doubleValue,
                  lastChecked: lastChecked, certificate: certificate, warnings: warnings)
    }
}

extension CheckResult {
    var json: JSON {
        var o: JSONObject = ["endpoint": .string(endpoint.rawValue), "url": .string(url), "status": .string(status.rawValue)]
        if let httpStatus { o["httpStatus"] = .int(httpStatus) }
        o["timings"] = timings.json
        if let error { o["error"] = error.json }
        if let pingInterval { o["pingInterval"] = .int(pingInterval) }
        if let pingTimeout { o["pingTimeout"] = .int(pingTimeout) }
        return .object(o)
    }

    init?(json: JSON) {
        guard let endpoint = json["endpoint"]?.stringValue.flatMap(CheckEndpoint.init(rawValue:)),
              let url = json["url"]?.stringValue,
              let status = json["status"]?.stringValue.flatMap(CheckOutcome.init(rawValue:)),
              let timings = json["timings"].flatMap(CheckTimings.init(json:)) else { return nil }
        var error: ConnectivityError?
        if let value = json["error"], value != .null {
            guard let read = ConnectivityError(json: value) else { return nil }
            error = read
        }
        self.init(endpoint: endpoint, url: url, status: status, httpStatus: json["httpStatus"]?.intValue,
                  timings: timings, error: error, pingInterval: json["pingInterval"]?.intValue,
                  pingTimeout: json["pingTimeout"]?.intValue)
    }
}

extension CheckTimings {
    var json: JSON {
        ["dnsMs": .double(dnsMs), "connectMs": .double(connectMs), "tlsMs": .double(tlsMs),
         "firstByteMs": .double(firstByteMs), "totalMs": .double(totalMs)]
    }

    init?(json: JSON) {
        guard let dns = json["dnsMs"]?.doubleValue, let connect = json["connectMs"]?.doubleValue,
              let tls = json["tlsMs"]?.doubleValue, let firstByte = json["firstByteMs"]?.doubleValue,
              let total = json["totalMs"]?.doubleValue else { return nil }
        self.init(dnsMs: dns, connectMs: connect, tlsMs: tls, firstByteMs: firstByte, totalMs: total)
    }
}

extension CertificateInfo {
    var json: JSON {
        ["subject": .string(subject), "issuer": .string(issuer), "sans": .array(sans.map(JSON.string)),
         "notBefore": .double(notBefore), "notAfter": .double(notAfter), "sha256": .string(sha256)]
    }

    init?(json: JSON) {
        guard let subject = json["subject"]?.stringValue, let issuer = json["issuer"]?.stringValue,
              let sans = json["sans"]?.arrayValue?.compactMapAll(\.stringValue),
              let notBefore = json["notBefore"]?.doubleValue, let notAfter = json["notAfter"]?.doubleValue,
              let sha256 = json["sha256"]?.stringValue else { return nil }
        self.init(subject: subject, issuer: issuer, sans: sans, notBefore: notBefore, notAfter: notAfter, sha256: sha256)
    }
}

extension ConnectivityError {
    var json: JSON {
        let parameters = JSONObject(parameters.sorted { $0.key < $1.key }.map { ($0.key, JSON.string($0.value)) })
        return ["code": .string(code.rawValue), "message": .string(message), "parameters": .object(parameters)]
    }

    init?(json: JSON) {
        guard let code = json["code"]?.stringValue.flatMap(ConnectivityErrorCode.init(rawValue:)),
              let message = json["message"]?.stringValue,
              let members = json["parameters"]?.objectValue else { return nil }
        var parameters: [String: String] = [:]
        for (key, value) in members {
            guard let text = value.stringValue else { return nil }
            parameters[key] = text
        }
        self.init(code: code, message: message, parameters: parameters)
    }
}

extension Array {
    /// Every element converted, or nil when one does not convert (a cache entry is used whole
    /// or not at all).
    func compactMapAll<T>(_ convert: (Element) -> T?) -> [T]? {
        var result: [T] = []
        result.reserveCapacity(count)
        for element in self {
            guard let value = convert(element) else { return nil }
            result.append(value)
        }
        return result
    }
}
