/// Shortens a URL that does not fit by cutting its middle, so the host stays readable:
/// `https://verbumcaremac-mini/api` becomes `verbumcaremac-mini/api`, then
/// `verbumcaremac-mini…/api`, then `verbumcaremac-mini…`; only a host that alone does not fit is
/// cut at its end. Two servers whose addresses differ in the host never look alike.
public enum URLShortener {
    public static func shorten(_ url: String, toWidth limit: Int, metrics: DisplayWidth) -> String {
        guard limit > 0 else { return "" }
        if metrics.width(of: url) <= limit { return url }
        let withoutScheme: String
        if let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") {
            withoutScheme = String(url[url.index(colon, offsetBy: 3)...])
        } else {
            withoutScheme = url
        }
        let slash = withoutScheme.firstIndex(of: "/") ?? withoutScheme.endIndex
        let host = String(withoutScheme[..<slash])
        let path = String(withoutScheme[slash...])
        let lastSegment = path.lastIndex(of: "/").map { String(path[$0...]) } ?? ""
        var candidates = [withoutScheme]
        if !lastSegment.isEmpty && lastSegment != path {
            candidates.append(host + "…" + lastSegment)
        }
        if !path.isEmpty {
            candidates.append(host + "…")
        }
        candidates.append(host)
        for candidate in candidates where metrics.width(of: candidate) <= limit {
            return candidate
        }
        return metrics.truncate(host, toWidth: limit)
    }
}
