import Foundation
import Subprocess
import TestSupport
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Two network namespaces joined by a veth pair: a publisher, where a real avahi-daemon
/// announces `verbumcare-lab.local` and the demo backend listens, and a resolver, where the
/// binary runs in its own mount namespace with a chosen nsswitch.conf, with or without its
/// own avahi-daemon and with or without libnss-mdns (hidden by bind-mounting /dev/null).
final class MDNSLab: @unchecked Sendable {
    static let publishedName = "verbumcare-lab.local"

    let publisher: String
    let resolver: String
    let publisherAddress: String
    let resolverAddress: String
    let directory: String
    private let avahi: Process

    /// Why the namespaces cannot be made here (nil when they can): only a kernel or a user that
    /// refuses network namespaces is a reason to skip; missing packages fail the tests instead.
    static let unavailableReason: String? = {
        guard getuid() == 0 else { return "these tests create network namespaces and need root" }
        let name = "vc-probe-\(getpid())"
        guard run(["ip", "netns", "add", name]) == 0 else {
            return "the kernel refuses network namespaces here (ip netns add failed)"
        }
        _ = run(["ip", "netns", "del", name])
        return nil
    }()

    init() throws {
        let tag = String(UInt32.random(in: 0..<0xFFFF), radix: 16)
        publisher = "vc-pub-\(tag)"
        resolver = "vc-res-\(tag)"
        let subnet = "10.\(UInt8.random(in: 100...199)).\(UInt8.random(in: 1...250))"
        publisherAddress = subnet + ".1"
        resolverAddress = subnet + ".2"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vc-mdns-\(tag)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)

        let veth = ("vcp\(tag)", "vcr\(tag)")
        let setup: [[String]] = [
            ["ip", "netns", "add", publisher], ["ip", "netns", "add", resolver],
            ["ip", "link", "add", veth.0, "type", "veth", "peer", "name", veth.1],
            ["ip", "link", "set", veth.0, "netns", publisher], ["ip", "link", "set", veth.1, "netns", resolver],
            ["ip", "-n", publisher, "addr", "add", publisherAddress + "/24", "dev", veth.0],
            ["ip", "-n", resolver, "addr", "add", resolverAddress + "/24", "dev", veth.1],
            ["ip", "-n", publisher, "link", "set", veth.0, "up"], ["ip", "-n", resolver, "link", "set", veth.1, "up"],
            ["ip", "-n", publisher, "link", "set", "lo", "up"], ["ip", "-n", resolver, "link", "set", "lo", "up"],
        ]
        for command in setup where Self.run(command) != 0 {
            Self.run(["ip", "netns", "del", publisher])
            Self.run(["ip", "netns", "del", resolver])
            throw LabError.setupFailed(command.joined(separator: " "))
        }
        try Self.avahiConfig(hostName: "vc-pub", interface: veth.0, publishAddresses: false)
            .write(toFile: directory + "/publisher.conf", atomically: true, encoding: .utf8)
        try Self.avahiConfig(hostName: "vc-res", interface: veth.1, publishAddresses: true)
            .write(toFile: directory + "/resolver.conf", atomically: true, encoding: .utf8)
        // The publisher's own address has a reverse record already; the static host name does not collide.
        try "\(publisherAddress) \(Self.publishedName)\n".write(toFile: directory + "/hosts", atomically: true, encoding: .utf8)
        try "hosts: files mdns4_minimal [NOTFOUND=return] dns\n"
            .write(toFile: directory + "/nsswitch-mdns.conf", atomically: true, encoding: .utf8)
        try "hosts: files dns\n".write(toFile: directory + "/nsswitch-plain.conf", atomically: true, encoding: .utf8)

        // avahi-daemon's socket, pid file and static hosts file are at fixed paths: a private
        // mount namespace gives each daemon its own.
        let log = directory + "/publisher.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        avahi = Process()
        avahi.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        avahi.arguments = ["ip", "netns", "exec", publisher, "unshare", "-m", "sh", "-c",
                           "mount -t tmpfs vc-run /run && mkdir /run/avahi-daemon && "
                           + "mount --bind \"$1/hosts\" /etc/avahi/hosts && "
                           + "exec avahi-daemon -f \"$1/publisher.conf\" --no-drop-root --no-chroot --no-rlimits",
                           "sh", directory]
        avahi.standardOutput = FileHandle(forWritingAtPath: log)
        avahi.standardError = FileHandle(forWritingAtPath: log)
        try avahi.run()
        var established = false
        Eventually.holdsBlocking(within: .seconds(20), every: .milliseconds(50)) {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            established = text.contains("\(Self.publishedName)\" successfully established")
            return established || !avahi.isRunning
        }
        if established { return }
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        close()
        throw LabError.publisherNotReady(text)
    }

    deinit { close() }

    func close() {
        if avahi.isRunning { kill(avahi.processIdentifier, SIGKILL) } // signals may be blocked in tests
        Self.run(["ip", "netns", "del", publisher])
        Self.run(["ip", "netns", "del", resolver])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// How the resolver side of the machine looks for one run.
    struct Box: Sendable {
        var nsswitchWithMDNS: Bool
        var libraryInstalled: Bool
        var avahiRunning: Bool

        static let complete = Box(nsswitchWithMDNS: true, libraryInstalled: true, avahiRunning: true)
        static let bare = Box(nsswitchWithMDNS: false, libraryInstalled: false, avahiRunning: false)
    }

    /// Runs the built binary in the resolver namespace as `box` says.
    func runBinary(_ arguments: [String], box: Box, home: String) async throws -> ProcessResult {
        let binary = try BinaryRunner.locate("verbumcare-tui")
        let script = """
            set -e
            mount -t tmpfs vc-run /run
            mkdir /run/avahi-daemon
            mount --bind "$VC_NSSWITCH" /etc/nsswitch.conf
            if [ "$VC_HIDE_NSS_MDNS" = 1 ]; then
              for f in $(ldconfig -p | awk '/libnss_mdns/ {print $NF}'); do mount --bind /dev/null "$(readlink -f "$f")"; done
            fi
            if [ -n "$VC_AVAHI_CONF" ]; then
              avahi-daemon -f "$VC_AVAHI_CONF" --no-drop-root --no-chroot --no-rlimits -D
              i=0; while [ ! -S /run/avahi-daemon/socket ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
            fi
            set +e
            "$@"; status=$?
            if [ -f /run/avahi-daemon/pid ]; then kill -9 "$(cat /run/avahi-daemon/pid)"; fi
            exit $status
            """
        var environment: [Environment.Key: String] = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/sbin:/usr/bin:/sbin:/bin",
            "HOME": home, "LANG": "en_US.UTF-8", "TERM": "xterm", "VERBUMCARE_HOME": home,
            "VC_NSSWITCH": directory + (box.nsswitchWithMDNS ? "/nsswitch-mdns.conf" : "/nsswitch-plain.conf"),
            "VC_HIDE_NSS_MDNS": box.libraryInstalled ? "0" : "1",
        ]
        if box.avahiRunning { environment["VC_AVAHI_CONF"] = directory + "/resolver.conf" }
        let outcome = try await Subprocess.run(
            .name("ip"),
            arguments: Arguments(["netns", "exec", resolver, "unshare", "-m", "sh", "-c", script, "sh", binary]
                + ["--home", home] + arguments),
            environment: .custom(environment), input: .none,
            output: .string(limit: 1 << 20), error: .string(limit: 1 << 20))
        return ProcessResult(standardOutput: outcome.standardOutput, standardError: outcome.standardError,
                             termination: outcome.terminationStatus, timedOut: false)
    }

    static func avahiConfig(hostName: String, interface: String, publishAddresses: Bool) -> String {
        """
        [server]
        host-name=\(hostName)
        allow-interfaces=\(interface)
        use-ipv4=yes
        use-ipv6=no
        enable-dbus=no
        [wide-area]
        enable-wide-area=no
        [publish]
        publish-addresses=\(publishAddresses ? "yes" : "no")
        publish-hinfo=no
        publish-workstation=no
        """
    }

    @discardableResult
    static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    enum LabError: Error {
        case setupFailed(String)
        case publisherNotReady(String)
    }
}
