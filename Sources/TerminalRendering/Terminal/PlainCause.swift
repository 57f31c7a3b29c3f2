/// What turned the screen-reader mode on (SPEC §10.4 `--plain`): the first line the mode
/// writes says it, so a person who did not ask for it knows why the screen reads as it does.
/// Shared by the backend, which finds it, and the renderer, which says it.
public enum PlainCause: String, Hashable, Sendable, CaseIterable {
    /// `--plain` on the command line.
    case option
    /// A non-empty `ACCESSIBLE` in the environment (the convention screen-reader setups export).
    case accessible
    /// A terminal that cannot address the cursor (`TERM=dumb`): the line mode, read line by line.
    case lineMode = "line_mode"
}
