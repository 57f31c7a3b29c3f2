import Glibc

/// The time retention deletes by (SPEC §15.2: a clock that jumps forward and back loses at most
/// the rows written while it was wrong; retention never deletes rows because of a row from the
/// future).
///
/// Deleting by the clock alone would let one round with the clock 200 days ahead delete every
/// raw and minute row that is in fact recent. So the time retention goes by is kept in `meta`
/// with the boot it was taken in, and follows the wall clock only as fast as time can really
/// have passed: by the time since the last prune on this boot as `CLOCK_BOOTTIME` measures it
/// (which counts suspend and ignores the wall clock), twice over so that a lag is caught up,
/// plus `slackMs`; after a reboot by at most the time since boot plus `slackMs`. It is never
/// ahead of the clock: a time kept from a clock that was wrong (a database created while the
/// clock was 200 days ahead) is not remembered past the next prune, so nothing kept can make a
/// later jump delete more. What this costs: a clock set back by J for a while makes retention
/// lag by up to J, caught up in about J of real time (the file keeps more for that long); and
/// a clock ahead deletes at most one prune interval plus the slack early, at the far end of
/// each tier.
package struct PruneClock: Equatable {
    /// What the last prune went by, and where the boot clock stood then.
    var atMs: Int64
    var boot: BootClock.Reading

    static let slackMs: Int64 = 120_000

    /// The time to go by for a prune at `now`, given the last one (nil: a database from before
    /// `PruneClock`, which goes by the clock once).
    static func settle(now: Int64, last: PruneClock?, boot: BootClock.Reading) -> Int64 {
        guard let last else { return now }
        let allowance: Int64
        if last.boot.id == boot.id, boot.sinceBootMs >= last.boot.sinceBootMs {
            let elapsed = boot.sinceBootMs - last.boot.sinceBootMs
            allowance = elapsed.saturatingAdd(elapsed).saturatingAdd(slackMs)
        } else {
            allowance = max(0, boot.sinceBootMs).saturatingAdd(slackMs)
        }
        return min(now, last.atMs.saturatingAdd(allowance))
    }

    /// Keeps `clock` in `meta` (inside the caller's transaction). A new database starts with
    /// the time it was created at: there is nothing to delete yet, and a first prune then has a
    /// time to compare the clock with.
    static func save(_ clock: PruneClock, into connection: SQLiteConnection) throws(SQLiteError) {
        let range = StoredRange.milliseconds
        let values: [(String, Int64)] = [("prune_clock", min(max(clock.atMs, range.lowerBound), range.upperBound)),
                                         ("prune_boot", clock.boot.id), ("prune_boot_ms", clock.boot.sinceBootMs)]
        let save = try connection.prepare(
            "INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value")
        for (name, value) in values { try save.run([.text(name), .int(value)]) }
    }
}

/// The kernel's boot clock: which boot this is, and milliseconds since it began (suspend
/// included). Unlike the wall clock, nobody sets it.
package enum BootClock {
    package struct Reading: Equatable, Sendable {
        /// A hash of `/proc/sys/kernel/random/boot_id` (0 when it cannot be read: every
        /// reading is then taken for a new boot, the cautious side).
        package var id: Int64
        package var sinceBootMs: Int64

        package init(id: Int64, sinceBootMs: Int64) {
            self.id = id
            self.sinceBootMs = sinceBootMs
        }

        /// A boot clock that agrees with a wall clock at `milliseconds`: for simulations that
        /// run months of a correct clock in seconds (tests, the benchmark).
        package static func lockstep(_ milliseconds: Int64) -> Reading {
            Reading(id: 1, sinceBootMs: milliseconds)
        }
    }

    /// A reading apart from `AppClock`, on purpose: it is the check on the wall clock (which
    /// may be wrong), so it cannot come from it; it pairs with this boot's id and is kept in the
    /// database for other processes. Simulations pass readings (`lockstep`) instead.
    package static func now() -> Reading {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return Reading(id: bootID, sinceBootMs: Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000)
    }

    /// FNV-1a of the boot id's text, as a non-zero integer (a `meta` value).
    static let bootID: Int64 = {
        let descriptor = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in buffer[..<count] where byte != 0x0a {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash | 1)
    }()
}

extension Int64 {
    /// Addition that stops at the ends instead of trapping.
    func saturatingAdd(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }
}
