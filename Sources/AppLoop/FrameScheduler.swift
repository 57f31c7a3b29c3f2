import Dispatch

/// Coalesces redraw requests: any number of state changes in one turn of the main queue
/// produce one frame, drawn after they have all been applied.
@MainActor
final class FrameScheduler {
    private var pending = false
    private let draw: @MainActor () -> Void

    init(draw: @escaping @MainActor () -> Void) {
        self.draw = draw
    }

    /// A frame is asked for and not drawn yet.
    var isPending: Bool { pending }

    /// Within `drawingAfter`: the frame is drawn when its body ends, not in a turn of its own.
    private var holding = false

    func request() {
        guard !pending else { return }
        pending = true
        guard !holding else { return }
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                // Drawn already, at the end of a `drawingAfter`.
                guard self.pending else { return }
                self.pending = false
                self.draw()
            }
        }
    }

    /// Runs `body` (one read of input: every key, click and resize in it); the frame any of them
    /// asks for is drawn once, when it returns, in this same turn of the main thread. A request
    /// made another way still takes a turn of the main queue of its own.
    func drawingAfter(_ body: () -> Void) {
        guard !holding else { return body() }
        holding = true
        body()
        holding = false
        guard pending else { return }
        pending = false
        draw()
    }
}
