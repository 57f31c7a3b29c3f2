import Localization
import Testing

/// "ends in 1 day", not "1 days": a text counted by `count` or `days` may have a singular form
/// under `key.one`, which `Localizer.text` chooses when that number is 1.
@Suite("Singular forms")
struct SingularFormTests {
    @Test("every singular form has its plural beside it, with the same parameters, counted by count or days")
    func singularFormsPairWithPlurals() throws {
        let catalogs = try RepositoryFiles.allCatalogs()
        let english = try #require(catalogs[.en])
        let singulars = english.keys.filter { $0.hasSuffix(Localizer.singularSuffix) }
        #expect(singulars.count >= 10)
        for key in singulars {
            let base = String(key.dropLast(Localizer.singularSuffix.count))
            let plural = try #require(english[base], "\(key) has no plural form \(base)")
            let parameters = Set(Localizer.parameterNames(in: plural))
            #expect(Set(Localizer.parameterNames(in: english[key] ?? "")) == parameters, "\(key)")
            #expect(!parameters.isDisjoint(with: Localizer.countingParameters), "\(base) counts nothing")
            #expect(english[key] != plural, "\(key) is the same as its plural in English")
        }
    }

    @Test("English chooses by the number; Japanese and Chinese read the same for 1 and 2",
          arguments: ["ui.panel.certificate_ends", "error.cert_expiring.short", "ui.pane.certificate_days",
                      "cli.check.certificate_days"])
    func theNumberChoosesTheForm(key: String) {
        let english = Localizer(language: .en)
        #expect(english.text(key, ["days": "1"]).hasSuffix("1 day"))
        for days in ["0", "2", "11", "21", "101"] {
            #expect(english.text(key, ["days": days]).hasSuffix("\(days) days"), "\(key) with \(days)")
        }
        for language in [AppLanguage.ja, .zhHant] {
            let localizer = Localizer(language: language)
            let one = localizer.text(key, ["days": "1"]), two = localizer.text(key, ["days": "2"])
            #expect(one.replacing("1", with: "2") == two, "\(language.rawValue): \(one) / \(two)")
        }
    }

    @Test("a number in another parameter does not choose the form")
    func onlyCountingParametersChoose() {
        let english = Localizer(language: .en)
        let text = english.text("cli.nagios.servers", ["connected": "1", "count": "3"])
        #expect(text == "1 of 3 servers connected")
        #expect(english.text("cli.nagios.servers", ["connected": "0", "count": "1"]) == "0 of 1 server connected")
    }

    @Test("doctor's summary counts each word on its own")
    func doctorSummary() {
        let english = Localizer(language: .en)
        let summary = { (errors: Int, warnings: Int) in
            english.text("doctor.summary", [
                "errors": english.text("doctor.summary.errors", ["count": String(errors)]),
                "warnings": english.text("doctor.summary.warnings", ["count": String(warnings)]),
            ])
        }
        #expect(summary(1, 0) == "1 error, 0 warnings")
        #expect(summary(2, 1) == "2 errors, 1 warning")
    }
}
