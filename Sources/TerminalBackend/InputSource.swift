import Dispatch
import Glibc

/// Wakes the main queue when the terminal has input; the screen then drains it with get_wch.
@MainActor
public final class InputSource {
    private var source: DispatchSourceRead?

    public init() {}

    public func start(_ onReadable: @escaping @MainActor () -> Void) {
        let src = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        src.setEventHandler {
            MainActor.assumeIsolated { onReadable() }
        }
        src.resume()
        source = src
    }

    public func stop() {
        source?.cancel()
        source = nil
    }
}
