/// Which server is in use, as the files tell it to a process that is not the app (`servers`,
/// the model-based tests): outside a fallback, the running app, `monitor` and `status` use the
/// configured server (the app follows settings.json within 200 ms). During a fallback
/// app-state.json says so (`serverSource` `fallback`) and names the server used instead
/// (`lastKnownServerId`, pn51). Its `lastKnownServerId` alone is not trusted: commands that
/// change settings.json without testing anything leave it behind.
public enum InUsePolicy {
    public static func inUseId(saved: PersistedAppState, servers: [ServerConfig], configuredId: String) -> String {
        guard saved.serverSource == .fallback else { return configuredId }
        let id = saved.lastKnownServerId ?? ServerCatalog.defaultServerId
        return servers.contains { $0.id == id } ? id : configuredId
    }
}
