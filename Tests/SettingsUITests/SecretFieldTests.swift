import AppCore
import Testing
@testable import SettingsUI

@Suite struct SecretFieldTests {
    /// The field's own heap buffer is overwritten on clear: a copy that still shares that
    /// buffer (as any copy made before clearing does) reads as zeros afterwards.
    @Test func clearingASecretFieldOverwritesItsCharacters() {
        var field = TextField(isSecret: true)
        for character in "correct horse battery staple 2026" { field.insert(character) }
        let sharedCopy = field.text
        field.clear()
        #expect(field.text.isEmpty)
        #expect(sharedCopy.utf8.allSatisfy { $0 == 0 }, "the password's bytes are gone from memory")
    }

    @Test func clearingAnOrdinaryFieldLeavesCopiesAlone() {
        var field = TextField()
        for character in "https://ward3.example.org/api" { field.insert(character) }
        let copy = field.text
        field.clear()
        #expect(copy == "https://ward3.example.org/api")
    }
}
