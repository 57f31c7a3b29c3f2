import PropertyBased
import Testing
@testable import BackendClient

@Suite struct APIPathTests {
    static let segment = Gen.letterOrNumber.string(of: 1...8)
    static let slashes = Gen.int(in: 0...3).map { String(repeating: "/", count: $0) }

    @Test func baseAndPathAreJoinedExactlyOnce() async {
        let base = zip(Self.segment, Self.slashes).map { host, trailing in "https://\(host).example/api\(trailing)" }
        let path = zip(Self.slashes, Self.segment.array(of: 0...4)).map { leading, parts in leading + parts.joined(separator: "/") }
        await propertyCheck(count: 200, input: base, path) { base, path in
            let joined = APIPath.join(base: base, path: path)
            let cleanBase = String(base.reversed().drop { $0 == "/" }.reversed())
            #expect(joined.hasPrefix(cleanBase))
            #expect(joined.components(separatedBy: cleanBase).count == 2, "base appears once")
            let rest = joined.dropFirst(cleanBase.count)
            #expect(!rest.contains("//"), "one slash at the join")
            let cleanPath = path.drop { $0 == "/" }
            #expect(rest == (cleanPath.isEmpty ? "" : "/" + cleanPath))
        }
    }

    @Test func knownJoins() {
        #expect(APIPath.join(base: "https://h/api", path: "/auth/me") == "https://h/api/auth/me")
        #expect(APIPath.join(base: "https://h/api/", path: "auth/me") == "https://h/api/auth/me")
        #expect(APIPath.join(base: "https://h/x/api", path: "") == "https://h/x/api")
    }
}
