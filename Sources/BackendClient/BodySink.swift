import FoundationEssentials

/// Collects a response body up to a cap. Owned by the engine thread; libcurl reaches it
/// through the write callback's user pointer.
final class BodySink {
    let cap: Int
    private(set) var data = Data()
    private(set) var capExceeded = false

    init(cap: Int) {
        self.cap = cap
    }

    /// False when the chunk would pass the cap: the transfer is then aborted.
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if data.count + bytes.count > cap {
            capExceeded = true
            return false
        }
        data.append(contentsOf: bytes)
        return true
    }
}

/// libcurl's write callback. At file scope on purpose: a closure written inside
/// actor-isolated code would inherit that isolation and trap when libcurl calls it from the
/// engine thread (PLATFORM-NOTES). Returning less than `size * nmemb` aborts the transfer.
func bodySinkWrite(_ pointer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
                   _ userData: UnsafeMutableRawPointer?) -> Int {
    let length = size * count
    guard let userData else { return 0 }
    let sink = Unmanaged<BodySink>.fromOpaque(userData).takeUnretainedValue()
    guard length > 0, let pointer else { return length }
    return sink.append(UnsafeRawBufferPointer(start: pointer, count: length)) ? length : 0
}
