/// A response time's figure, one form for the screen, the history and the command line: "12";
/// "<1" below one millisecond (a probe over a kept-alive connection), so a real answer never
/// reads "0"; "?" for what is not a time.
public enum MillisecondsText {
    public static func figure(_ milliseconds: Double) -> String {
        guard milliseconds.isFinite, milliseconds >= 0 else { return "?" }
        return milliseconds < 1 ? "<1" : String(Int(milliseconds.rounded()))
    }
}
