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

    func request() {
        guard !pending else { return }
        pending = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.pending = false
                self.draw()
            }
        }
    }
}
