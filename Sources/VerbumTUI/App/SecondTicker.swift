import Dispatch

/// Fires once a second while something on screen counts seconds ("checked 3 s ago"), and not
/// at all otherwise: idle means asleep (docs/PRODUCT.md: Terminal behaviour).
@MainActor
final class SecondTicker {
    private var timer: DispatchSourceTimer?
    private let tick: @MainActor () -> Void

    init(tick: @escaping @MainActor () -> Void) {
        self.tick = tick
    }

    /// Starts or stops the timer; cheap to call on every frame.
    func setActive(_ active: Bool) {
        if active, timer == nil {
            let t = DispatchSource.makeTimerSource(queue: .main)
            // A generous leeway lets the kernel batch wake-ups; the label only shows seconds.
            t.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(100))
            t.setEventHandler { [tick] in MainActor.assumeIsolated { tick() } }
            t.resume()
            timer = t
        } else if !active, let t = timer {
            t.cancel()
            timer = nil
        }
    }
}
