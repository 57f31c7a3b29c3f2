/// The one runner of the app's effects (`EffectRunner` in Connectivity is the one there is):
/// the store hands it every effect the reducer returns, file effects included, and it reports
/// each one's completion or failure back through `dispatch`. File effects run before `run`
/// returns, and their events (already dispatched) are returned, so an action can tell its
/// caller (the command line) what happened.
@MainActor
public protocol EffectRunning: AnyObject {
    func run(_ effects: [AppEffect]) -> [AppEvent]
}
