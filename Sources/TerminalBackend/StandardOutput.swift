import Glibc

/// Writes straight to the terminal (file descriptor 1, or the one given), retrying short writes.
enum StandardOutput {
    static func write(_ bytes: [UInt8], to descriptor: Int32 = STDOUT_FILENO) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
