/// The copies `AsideFile` keeps beside a file (`NAME.corrupt-<UTC time>`, `-2`… when taken),
/// found again for `doctor`: each one is a person's content the app could not use.
public enum KeptCopies {
    /// The copies beside `path` (or beside its link target, where they are made), oldest
    /// first: the UTC time in the name sorts as text.
    public static func of(_ path: String) -> [String] {
        let target = (try? LinkTarget.resolve(path)) ?? path
        var folders = [PathText.split(path).0]
        if PathText.split(target).0 != folders[0] { folders.append(PathText.split(target).0) }
        let prefix = PathText.split(target).1 + ".corrupt-"
        let linkPrefix = PathText.split(path).1 + ".corrupt-"
        var found: [String] = []
        for folder in folders {
            for name in DirectoryNames.list(folder) ?? [] where name.hasPrefix(prefix) || name.hasPrefix(linkPrefix) {
                found.append(PathText.join(folder, name))
            }
        }
        return Array(Set(found)).sorted { PathText.split($0).1 < PathText.split($1).1 }
    }
}
