/// The tables of `history.sqlite3`, version 3 (`HistoryMigration` brings a version-1 or -2
/// file up to it; a reader reads any).
///
/// Compact on purpose (a year of 10 s probes must stay under 5 MB per server, SPEC §15.2):
/// servers are small integers, times are integers in the coarsest unit each tier needs,
/// latencies are integer tenths of a millisecond, histograms are varint BLOBs
/// (`HistogramCodec`), and the tiers are `WITHOUT ROWID` tables clustered on their key so
/// no separate index repeats it.
///
/// - `raw` and `minutes` lead with time: every round writes at the end of the B-tree, which
///   keeps pages full with any number of servers, and retention deletes from the front. A
///   window reads at most two hours of minutes, so scanning all servers' rows there is cheap.
/// - `minutes` holds one row per server-hour with that hour's minutes packed in a BLOB
///   (`MinuteDetailCodec`): a row per minute spent most of its bytes on SQLite's per-row
///   overhead.
/// - `hours` leads with the server: a 400-day window reads one contiguous range.
enum HistorySchema {
    /// `PRAGMA application_id`: "VCH1". Tells our database from any other SQLite file.
    static let applicationID: Int64 = 0x5643_4831
    /// `PRAGMA user_version`.
    static let version: Int64 = 3
    /// The versions this build reads (and, for writing, migrates to `version`).
    static let readableVersions: ClosedRange<Int64> = 1...3

    static let create = """
        CREATE TABLE servers (
            key INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE
        );
        -- One probe. at: Unix ms; latency: tenths of a ms, NULL when nothing answered;
        -- reason: the error code of a failure. Several probes of one server in the same
        -- millisecond keep the first.
        CREATE TABLE raw (
            at INTEGER NOT NULL,
            server INTEGER NOT NULL,
            ok INTEGER NOT NULL,
            latency INTEGER,
            reason TEXT,
            PRIMARY KEY (at, server)
        ) WITHOUT ROWID;
        -- One server's minutes in one hour (hours since 1970 UTC): probes, failures,
        -- latencies, covered and up milliseconds of each minute, packed (MinuteDetailCodec).
        CREATE TABLE minutes (
            hour INTEGER NOT NULL,
            server INTEGER NOT NULL,
            detail BLOB NOT NULL,
            PRIMARY KEY (hour, server)
        ) WITHOUT ROWID;
        -- One server's results in one hour, the sum of its minutes; covered: minutes of the
        -- hour some result stood for; up_ms, covered_ms: the hour's time up and covered.
        CREATE TABLE hours (
            server INTEGER NOT NULL,
            hour INTEGER NOT NULL,
            probes INTEGER NOT NULL,
            failures INTEGER NOT NULL,
            covered INTEGER NOT NULL,
            latency BLOB NOT NULL,
            up_ms INTEGER NOT NULL DEFAULT 0,
            covered_ms INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (server, hour)
        ) WITHOUT ROWID;
        -- reason: the error code; params: the numbers its words need (a JSON object of
        -- strings); message: the technical detail.
        CREATE TABLE incidents (
            id INTEGER PRIMARY KEY,
            server INTEGER NOT NULL,
            start INTEGER NOT NULL,
            end INTEGER,
            reason TEXT NOT NULL,
            params TEXT,
            message TEXT
        );
        CREATE INDEX incidents_by_start ON incidents (start);
        -- Alerts already sent, so none is sent twice across restarts (SPEC §15.3).
        CREATE TABLE alerts (
            key TEXT PRIMARY KEY,
            at INTEGER NOT NULL
        ) WITHOUT ROWID;
        -- Small facts: the first minute whose minute row has not been pruned.
        CREATE TABLE meta (
            name TEXT PRIMARY KEY,
            value INTEGER NOT NULL
        ) WITHOUT ROWID;
        """ + standing + notes

    /// Each server's last result, whose stretch is still open (`Stopwatch.Standing`): start
    /// (ms), outcome, latency (tenths of a ms), and the latest instant it may stand until.
    /// Schema 3: the notes a person wrote on an incident (SPEC §16: cause, what was done),
    /// with when and who; deleted with their incident, never before (`prune`).
    static let notes = """
        CREATE TABLE notes (
            id INTEGER PRIMARY KEY,
            incident INTEGER NOT NULL,
            at INTEGER NOT NULL,
            author TEXT NOT NULL,
            text TEXT NOT NULL
        );
        CREATE INDEX notes_by_incident ON notes (incident);
        """

    static let standing = """
        CREATE TABLE standing (
            server INTEGER PRIMARY KEY,
            start INTEGER NOT NULL,
            ok INTEGER NOT NULL,
            latency INTEGER,
            until_ms INTEGER NOT NULL
        );
        """
}
