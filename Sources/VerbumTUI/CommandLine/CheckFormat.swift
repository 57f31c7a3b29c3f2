import ArgumentParser

/// `check --format`: how the results are printed (docs/COMMAND-LINE.md, "Monitoring").
enum CheckFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
    case nagios
    case openmetrics
}
