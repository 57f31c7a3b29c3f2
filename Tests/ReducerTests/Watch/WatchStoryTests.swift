import Testing
@testable import SettingsStore

/// Stories of the monitor's watch as a facility's IT person would tell them, with what the
/// hooks see, in order. Rounds every 10 s from 0 s; a failed server is re-tested a second later.
@Suite("Watch stories")
struct WatchStoryTests {
    /// `kind server since→at duration` of every delivered alert, times from the start.
    static func hooks(_ world: WatchWorld) -> [String] {
        world.delivered.map(\.alert).map { alert in
            let since = alert.since.map { " since \(Int($0 - WatchWorld.start))" } ?? ""
            let duration = alert.durationSeconds.map { " lasted \(Int($0))" } ?? ""
            let reason = alert.reason.map { " (\($0.code.rawValue))" } ?? ""
            return "\(alert.kind.rawValue) \(alert.server.id)\(reason)\(since) at \(Int(alert.at - WatchWorld.start))\(duration)"
                + (alert.resolvedOnStart ? " resolved on start" : "")
        }
    }

    static func script(_ text: String) -> [WatchWorld.Probe] {
        text.map { WatchWorld.Probe(ok: $0 == "u") }
    }

    @Test("one outage: server_down when the re-test confirms it, server_up after two successes, its incident stored")
    func oneOutage() {
        // Round 1 (10 s) fails, its re-test (11 s) too; round at 21 (down); at 31 up, and its
        // re-test within the round (32 s) confirms it.
        var world = WatchWorld(scripts: ["pn51": Self.script("uDDDuu")])
        world.rounds(6)
        #expect(Self.hooks(world) == ["server_down pn51 (connect) since 10 at 11", "server_up pn51 since 10 at 32 lasted 21"])
        #expect(world.incidents == [.init(serverId: "pn51", start: WatchWorld.start + 10, reasonCode: "connect",
                                          end: WatchWorld.start + 31)])
    }

    @Test("one lost probe, answered by the re-test: no alert, no incident")
    func blip() {
        var world = WatchWorld(scripts: ["pn51": Self.script("uDuuDuu")])
        world.rounds(6)
        #expect(Self.hooks(world).isEmpty)
        #expect(world.incidents.isEmpty)
    }

    @Test("muted, then down: nothing; unmuted while still down: server_down then, once; up: server_up")
    func muteThenUnmuteWhileDown() {
        var world = WatchWorld(scripts: ["pn51": Self.script("uDDDDuu")])
        world.mute("pn51", seconds: 600)
        world.rounds(3)
        #expect(Self.hooks(world).isEmpty)
        world.unmute("pn51")
        world.rounds(4)
        #expect(Self.hooks(world) == ["server_down pn51 (connect) since 10 at 31", "server_up pn51 since 10 at 42 lasted 31"])
    }

    @Test("a mute that ends while the server is still down: server_down at its end")
    func muteEndsWhileDown() {
        var world = WatchWorld(scripts: ["pn51": Self.script("uDDDDDuu")])
        world.mute(nil, seconds: 25)
        world.rounds(8)
        // The mute began at 0.25 s and ended at 25.75 s.
        #expect(Self.hooks(world) == ["server_down pn51 (connect) since 10 at 25", "server_up pn51 since 10 at 52 lasted 41"])
        #expect(world.delivered.first?.alert.at == WatchWorld.start + 25.75)
    }

    @Test("down and up again inside one mute: nothing at all")
    func outageInsideMute() {
        var world = WatchWorld(scripts: ["pn51": Self.script("uDDuu")])
        world.mute("pn51", seconds: 300)
        world.rounds(5)
        world.drain()
        #expect(Self.hooks(world).isEmpty)
        #expect(world.incidents.count == 1)
    }

    @Test("down when the monitor stopped, up when it started again: server_up resolved on start, no second server_down")
    func resolvedOnStart() {
        var world = WatchWorld(scripts: ["pn51": Self.script("uDDDuu")])
        world.rounds(2)
        world.restart(gap: 100)
        world.rounds(2)
        // Stopped at 21.25 s (still down), started at 122 s: its first round found pn51 up and
        // its re-test within the round closed the incident (the new process counts afresh).
        #expect(Self.hooks(world) == ["server_down pn51 (connect) since 10 at 11",
                                      "server_up pn51 since 10 at 123 lasted 112 resolved on start"])
        #expect(world.incidents.allSatisfy { $0.end != nil })
    }
}

/// The stories the property tests shrank to when the reducer got them wrong (fixed).
@Suite("Watch stories found by the properties")
struct WatchFoundStoryTests {
    @Test("down, up during a mute, down again before it ends: at its end the first's server_up, then the second's server_down")
    func upHeldThenDownAgain() {
        // Down at 0 s, alerted at 1 s; muted from 1.25 to 26.75 s; up at 11 s; down at 21 and 22 s.
        var world = WatchWorld(scripts: ["pn51": WatchStoryTests.script("DDuDD")], upConfirmations: 1)
        world.mute(nil, seconds: 25)
        world.rounds(2)
        world.drain()
        #expect(WatchStoryTests.hooks(world) == ["server_down pn51 (connect) since 0 at 1", "server_up pn51 since 0 at 26 lasted 11",
                                                 "server_down pn51 (connect) since 21 at 26", "server_up pn51 since 21 at 32 lasted 11"])
    }

    @Test("down when the monitor stopped and still down when it started: its server_up later is not resolved on start")
    func stillDownAtStart() {
        var world = WatchWorld(scripts: ["pn51": WatchStoryTests.script("uDDDu")])
        world.rounds(1)
        world.restart(gap: 1)
        world.rounds(2)
        // Stopped at 11.25 s, started at 13 s (still down), up at 23 s and confirmed at 24 s.
        #expect(WatchStoryTests.hooks(world) == ["server_down pn51 (connect) since 10 at 11", "server_up pn51 since 10 at 24 lasted 13"])
    }
}
