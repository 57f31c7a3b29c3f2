import SettingsStore
import SettingsUI

/// The pane's one-line feedback for store results.
enum PaneMessages {
    static func added(_ result: AddCustomServerResult) -> UIMessage {
        switch result.outcome {
        case .added(let server):
            UIMessage(key: "ui.pane.added", parameters: ["address": server.baseUrl], tone: .success)
        case .duplicate(let existing):
            UIMessage(key: "ui.pane.already_added", parameters: ["address": existing.baseUrl], tone: .info)
        case .invalid:
            if let issue = result.validation.errors.first {
                UIMessage(key: "validation." + issue.code.rawValue, parameters: issue.parameters, tone: .failure)
            } else {
                UIMessage(key: "validation.invalid", tone: .failure)
            }
        }
    }
}
