import Logging

extension SettingsFileWatcher {
    /// A started watcher of `path`, or nil when no thread can watch it. The log says which
    /// file (`name`) is not watched, or is only looked at every second because the system
    /// refuses inotify: the runtimes start every watcher this one way.
    public static func started(_ path: String, name: String, logger: Logger,
                               onChange: @escaping @Sendable () -> Void) -> SettingsFileWatcher? {
        let watcher = SettingsFileWatcher(path: path, onChange: onChange)
        do {
            if case .checking(let reason) = try watcher.start() {
                logger.warning("\(name) is looked at every second: the system refuses to notify",
                               metadata: ["reason": "\(reason)"])
            }
            return watcher
        } catch {
            logger.warning("cannot watch \(name)", metadata: ["error": "\(ErrorReason.text(error))"])
            return nil
        }
    }
}
