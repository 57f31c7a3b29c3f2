import Testing
@testable import SettingsStore

/// A story the random stories (`ReducerPropertyTests`) found: on the fallback, with pn51 down
/// too, the screen says both servers are unreachable; the person then chooses Mac Mini, which
/// answers. The notice spoke of pn51 in use and stayed on a screen that showed Mac Mini connected.
@Suite("Reducer: the both-unreachable notice leaves with the server it speaks of")
struct AllUnreachableNoticeTests {
    @Test func choosingAServerThatAnswersEndsTheBothUnreachableNotice() throws {
        var world = try ReducerWorld(claimsState: false)
        let story: [ReducerPropertyTests.Step] = [
            .health("pn51", .up), .choose("mac-mini-tailscale"), .fireTimer, .escape,
            .health("mac-mini-tailscale", .hanging), .fireTimer, .dismiss, .health("pn51", .down), .fireTimer,
        ]
        for step in story { ReducerPropertyTests.apply(step, to: &world) }
        #expect(world.state.currentServer.id == "pn51")
        #expect(world.state.serverSource == .fallback)
        #expect(world.state.connectionStatus == .error)
        #expect(world.state.notices.map(\.message.key) == ["notice.all_unreachable"])

        ReducerPropertyTests.apply(.choose("mac-mini"), to: &world)
        ReducerPropertyTests.apply(.health("pn51", .up), to: &world)
        world.settle()
        #expect(world.state.currentServer.id == "mac-mini")
        #expect(world.state.connectionStatus == .connected)
        #expect(world.state.fallback == nil)
        #expect(world.state.notices.isEmpty, "\(world.state.notices.map(\.message.key))")
        ReducerInvariants.check(world, "Mac Mini chosen and connected")
    }
}
