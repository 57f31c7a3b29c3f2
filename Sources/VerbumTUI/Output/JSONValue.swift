import SettingsStore

/// The command line's JSON: AppCore's `OrderedJSON` (one JSON writer for the command line,
/// hooks and webhooks). The name stays short here, and shadows BackendClient's reader type.
typealias JSONValue = OrderedJSON
