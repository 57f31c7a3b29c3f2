// PLACEHOLDER (helper C replaces this file): signatures are the contract.
/// Notices changes to one file (including atomic replacement by rename) with inotify on
/// its directory, and calls `onChange` on a background queue, debounced.
public final class SettingsFileWatcher: Sendable {
    public init(path: String, onChange: @escaping @Sendable () -> Void) {}
    public func start() throws {}
    public func stop() {}
}
