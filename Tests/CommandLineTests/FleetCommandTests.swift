import Foundation
import Localization
import Testing
import TestSupport

/// `fleet --prometheus URL` (SPEC §15.4) against a real Prometheus that scrapes three boxes of
/// three facilities (`ThreeFacilities`: textfiles the real monitor wrote): one row per box,
/// worst first, with the server in use, status, fallback, uptime, certificate days and the age
/// of the last round; the silent box flagged. As `--json`, and as text in the three languages.
@Suite("fleet: three facilities from a real Prometheus", .serialized)
struct FleetCommandTests {
    @Test("--json lists the three boxes worst first, and text says the same in ja, en and zh-Hant")
    func threeFacilities() async throws {
        let facilities = try await ThreeFacilities()
        defer { facilities.stop() }
        let session = try CLI.Session()
        let url = facilities.chain.prometheusURL

        let result = try await session.run("fleet", "--prometheus", url, "--json")
        #expect(result.exitCode == 0, "\(result)")
        let document = try CLI.object(result.standardOutput)
        let boxes = try #require(document["boxes"] as? [[String: Any]])
        #expect(boxes.compactMap { $0["facility"] as? String } == ThreeFacilities.expectedOrder, "\(boxes)")
        let byFacility = Dictionary(uniqueKeysWithValues: boxes.map { ($0["facility"] as? String ?? "", $0) })
        let nara = try #require(byFacility["nara"]), osaka = try #require(byFacility["osaka"]),
            kobe = try #require(byFacility["kobe"])
        #expect(nara["status"] as? String == "silent" && nara["silent"] as? Bool == true)
        #expect(((nara["lastRoundAgeSeconds"] as? NSNumber)?.doubleValue ?? 0) >= 600)
        #expect(osaka["status"] as? String == "down" && osaka["fallback"] as? Bool == false)
        #expect(osaka["serverInUse"] as? String == "mac-mini")
        #expect(kobe["status"] as? String == "ok" && kobe["fallback"] as? Bool == false && kobe["silent"] as? Bool == false)
        #expect(kobe["box"] as? String == "kobe-1" && kobe["serverInUse"] as? String == "pn51")
        // One `monitor --once` round: uptime is time up over time covered, and whether the round
        // covered any time yet depends on its probes' timing (a loaded full run had none), so it
        // is absent or whole, never less.
        let uptime = (kobe["uptime24h"] as? NSNumber)?.doubleValue
        #expect(uptime == nil || uptime == 1, "\(kobe)")
        #expect(((kobe["certificateDaysLeft"] as? NSNumber)?.doubleValue ?? 0) > 1, "\(kobe)")
        #expect(((kobe["lastRoundAgeSeconds"] as? NSNumber)?.doubleValue ?? 999) < 600)
        let servers = try #require(osaka["servers"] as? [[String: Any]])
        #expect(servers.contains { $0["id"] as? String == "mac-mini" && $0["up"] as? Bool == false }, "\(servers)")

        for language in AppLanguage.allCases {
            let text = try await session.run("fleet", "--prometheus", url, "--lang", language.rawValue)
            #expect(text.exitCode == 0, "\(text)")
            let lines = text.standardOutput.split(separator: "\n").map(String.init)
            let words = ["silent", "down", "ok"].map { CLI.text(language, "fleet.status.\($0)") }
            let status = CLI.text(language, "fleet.column.status")
            #expect(lines.count == 4, "\(text)")
            for (line, word) in zip(lines.dropFirst(), words) {
                #expect(line.contains(status + ": " + word), "\(language): \(line)")
            }
            #expect(lines.first == CLI.text(language, "fleet.summary", ["boxes": "3", "attention": "2"]), "\(lines)")
        }
    }
}
