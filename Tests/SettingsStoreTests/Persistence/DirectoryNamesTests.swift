import Foundation
import Glibc
import PropertyBased
import Testing
@testable import SettingsStore

/// `DirectoryNames` is the app's one reader of directories. A name is read where it lies, up to
/// its NUL: never as the 256-byte field the C header declares, which runs past a short record.
@Suite("Directory names")
struct DirectoryNamesTests {
    /// The entry that crashed the test process in CI, rebuilt: a record that ends 24 bytes
    /// before an unreadable page. Read in a child process, so a fault fails this test alone.
    @Test("a last entry just before an unreadable page is read without touching that page")
    func aNameIsReadWithinItsRecord() async {
        await #expect(processExitsWith: .success) {
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            guard let base = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                  base != MAP_FAILED, mprotect(base + page, page, PROT_NONE) == 0 else { exit(2) }
            let record = base + page - 24
            record.initializeMemory(as: UInt8.self, repeating: 0, count: 24)
            let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
            (record + nameOffset).copyMemory(from: "1357", byteCount: 4)
            let entry = record.bindMemory(to: dirent.self, capacity: 1)
            exit(DirectoryNames.name(of: entry) == "1357" ? 0 : 1)
        }
    }

    /// Any set of names (one byte to the system's 255, ASCII and multi-byte) is listed exactly,
    /// whether a few fill the start of the directory buffer or many fill it to its end.
    @Test("every name of a directory is listed, once, as it was made")
    func everyNameIsListed() async throws {
        let alphabet: [String] = ["a", "Z", "0", "-", "_", ".", " ", "é", "日", "😀"]
        let name = Gen.element(of: alphabet).map { $0 ?? "a" }.array(of: 1...120).map { parts -> String in
            var text = ""
            for part in parts where text.utf8.count + part.utf8.count <= 255 { text += part }
            return text
        }
        let names = name.set(ofAtMost: 1...60).map { $0.filter { $0 != "." && $0 != ".." } }
        await propertyCheck(count: 100, input: names) { names in
            let folder = PersistenceTempDir()
            for name in names { #expect(FileManager.default.createFile(atPath: folder.sub(name), contents: nil)) }
            #expect(DirectoryNames.list(folder.path).map(Set.init) == names)
            #expect(DirectoryNames.list(folder.path)?.count == names.count)
        }
    }

    @Test("a directory of thousands of long names, past one buffer, is listed whole")
    func aLargeDirectoryIsListedWhole() throws {
        let folder = PersistenceTempDir()
        let names = (0..<3000).map { String(format: "%04d-", $0) + String(repeating: "x", count: 200) }
        for name in names { #expect(FileManager.default.createFile(atPath: folder.sub(name), contents: nil)) }
        #expect(DirectoryNames.list(folder.path)?.sorted() == names)
        #expect(DirectoryNames.list(folder.sub("missing")) == nil)
    }
}
