/// When and how often a failed request is sent again: only idempotent methods, only
/// retryable errors (network, timeout, 5xx), with exponential backoff.
public struct RetryPolicy: Equatable, Hashable, Sendable {
    public var maxRetries: Int
    /// Seconds before the first retry.
    public var initialDelay: Double
    public var multiplier: Double
    /// Upper bound of any single delay, seconds.
    public var maxDelay: Double

    public init(maxRetries: Int = 3, initialDelay: Double = 1, multiplier: Double = 2, maxDelay: Double = 60) {
        self.maxRetries = maxRetries
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
    }

    /// One attempt, no retries (the connectivity checks).
    public static let none = RetryPolicy(maxRetries: 0)

    /// Seconds to wait before retry number `retry` (1-based):
    /// min(initial × multiplier^(retry−1), max).
    public func delay(beforeRetry retry: Int) -> Double {
        var delay = initialDelay
        // Multiply step by step and stop at the cap, so huge retry numbers cannot overflow.
        var step = 1
        while step < retry && delay < maxDelay {
            delay *= multiplier
            step += 1
        }
        return min(delay, maxDelay)
    }

    /// Whether a request that failed with `error` after `retriesSoFar` retries goes again.
    public func shouldRetry(method: HTTPMethod, error: ClientError, retriesSoFar: Int) -> Bool {
        method.isIdempotent && error.isRetryable && retriesSoFar < maxRetries
    }
}
