import PropertyBased
import TestSupport
import Testing
@testable import SettingsStore

/// `WebhookAddress` (SPEC §15.3): the shown form of any webhook text never holds its password
/// or its query, and an address refused for credentials is refused for that reason, whatever
/// the password holds (a `/`, `:`, `?` or `@` that breaks the URL's shape).
@Suite("Webhook addresses: refusals and the shown form")
struct WebhookAddressTests: RandomChoices {
    static let secretCharacters = Array("abcXYZ019-._~!$&'()*+,;=:/@%")

    static func secret(_ rng: inout RNG) -> String {
        "Pw" + String((0..<int(4...16, &rng)).map { _ in pick(secretCharacters, &rng) }) + "Z"
    }

    /// `scheme://[user[:password]@]host[:port]/path[?query][#fragment]`, with the secret in the
    /// password or the query, or nowhere.
    static let addresses = shrinking { rng -> (text: String, secret: String?, inPassword: Bool) in
        let secret = secret(&rng)
        let scheme = pick(["https", "http", "HTTPS"], &rng)
        let host = pick(["hooks.example.org", "localhost", "127.0.0.1", "[::1]", "b.example"], &rng)
        let port = chance(0.3, &rng) ? ":" + pick(["8443", "1", "x"], &rng) : ""
        let path = pick(["/x", "/a/b", "", "/@team", "/hook"], &rng)
        switch int(0...2, &rng) {
        case 0:
            let user = pick(["alice", "", "bob%20x"], &rng)
            return ("\(scheme)://\(user):\(secret)@\(host)\(port)\(path)", secret, true)
        case 1:
            let fragment = chance(0.3, &rng) ? "#frag" : ""
            return ("\(scheme)://\(host)\(port)\(path)?token=\(secret)\(fragment)", secret, false)
        default:
            return ("\(scheme)://\(host)\(port)\(path)", nil, false)
        }
    }

    @Test("over 200 random addresses: the shown form never holds the password or the query, and a password is refused as one")
    func shownFormHidesSecrets() async {
        await propertyCheck(count: 200, input: Self.addresses) { address in
            let shown = WebhookAddress.redacted(address.text)
            if let secret = address.secret {
                #expect(!shown.contains(secret), "\(address.text) shown as \(shown)")
            }
            let checked = WebhookAddress.check(address.text)
            if address.inPassword {
                #expect(checked == .failure(.credentials(shown: shown)), "\(address.text): \(checked)")
            }
            if case .failure(let refusal) = checked, let secret = address.secret {
                for value in refusal.parameters.values { #expect(!value.contains(secret), "\(refusal)") }
            }
            if case .success(let kept) = checked {
                #expect(kept.lowercased().hasPrefix("https://") && !address.inPassword, "\(address.text) kept")
            }
        }
    }

    @Test func theShownFormOfOrdinaryAddresses() {
        #expect(WebhookAddress.redacted("https://hooks.example.org/x") == "https://hooks.example.org/x")
        #expect(WebhookAddress.redacted("https://hooks.example.org/@team/x") == "https://hooks.example.org/@team/x")
        #expect(WebhookAddress.redacted("https://h.example/x?token=abc#f") == "https://h.example/x?***")
        #expect(WebhookAddress.redacted("https://u:p@h.example:8443/x?q") == "https://***@h.example:8443/x?***")
        #expect(WebhookAddress.redacted("https://h.example/x?") == "https://h.example/x")
    }

    @Test func listsInEverySyntax() {
        #expect(WebhookAddress.list(from: #"["https://a/x","https://b/y"]"#) == .success(["https://a/x", "https://b/y"]))
        #expect(WebhookAddress.list(from: "https://a/x , https://b/y,") == .success(["https://a/x", "https://b/y"]))
        #expect(WebhookAddress.list(from: " [ ] ") == .success([]))
        #expect(WebhookAddress.list(from: "") == .success([]))
        #expect(WebhookAddress.list(from: #"["https://a/x", 3]"#) == .failure(.notJSONList))
        #expect(WebhookAddress.list(from: "https://a/x,http://b/y") == .failure(.notHTTPS(shown: "http://b/y")))
    }
}
