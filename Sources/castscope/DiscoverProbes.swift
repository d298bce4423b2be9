import CastCLI
import CastDiscovery
import CastNet
import CastSender
import CastTLS
import Foundation

/// The unicast side of `discover --diagnose`: the candidate addresses and the TLS probe of their Cast port.
enum DiscoverProbes {
    /// `--host` addresses, then those of `CASTSCOPE_KNOWN_DEVICES`, each once.
    static func candidates(_ invocation: Invocation) throws -> [IPAddress] {
        var addresses: [IPAddress] = []
        for text in invocation.options("host") {
            guard let address = IPAddress(text) else {
                throw CommandFailure("--host \(text): not an IPv4 or IPv6 address")
            }
            addresses.append(address)
        }
        let known: [Device]
        do throws(KnownDevices.ParseError) {
            known = try KnownDevices.from(environment: ProcessInfo.processInfo.environment) ?? []
        } catch {
            throw CommandFailure("\(error)")
        }
        addresses += known.compactMap(\.networkAddress)
        var seen = Set<IPAddress>()
        let unique = addresses.filter { seen.insert($0).inserted }
        guard unique.count <= DiscoveryDiagnosis.maximumCandidates else {
            throw CommandFailure("at most \(DiscoveryDiagnosis.maximumCandidates) addresses can be probed at once")
        }
        return unique
    }

    /// Devices seen before and neighbours with a Google OUI, only those on a selected interface's subnet (not
    /// asked for, so never probed beyond the link).
    static func guesses(interfaces: [NetworkInterface], _ io: any CommandOutput) -> [(address: IPAddress, reason: String)] {
        var guessed: [(address: IPAddress, reason: String)] = []
        if let cache = SeenDevicesCache.standard(environment: ProcessInfo.processInfo.environment) {
            do throws(SeenDevicesCacheError) {
                // A month-old entry may be another network's address (the same 192.168.1.0/24 elsewhere).
                let recent = Int64(Date().timeIntervalSince1970) - SeenDevicesCache.maximumAge
                guessed += try cache.load().filter { $0.lastSeen >= recent }
                    .map { ($0.address, "seen before as \"\($0.name)\"") }
            } catch {
                io.printError("discover: \(error); ignored")
            }
        }
        guessed += GoogleNeighbours.fromSystem(interfaces: Set(interfaces.map(\.name))).map { ($0, "neighbour with a Google OUI") }
        // On a broadcast link only: a point-to-point (VPN) interface's subnet is not a LAN of devices.
        let lans = interfaces.filter { !$0.flags.contains(.pointToPoint) && !$0.isLoopback }
        return guessed.filter { guess in lans.contains { $0.addresses.contains { $0.contains(guess.address) } } }
    }

    /// Remembers the devices mDNS found (not those given by address), for later diagnoses; a cache that cannot be
    /// written is a warning.
    static func remember(_ devices: [Device], command: String = "discover", _ io: any CommandOutput) {
        guard let cache = SeenDevicesCache.standard(environment: ProcessInfo.processInfo.environment) else { return }
        let found = devices.filter { $0.instanceName.lowercased().contains("._googlecast._tcp") }
        do throws(SeenDevicesCacheError) {
            try cache.record(found, now: Int64(Date().timeIntervalSince1970))
        } catch {
            io.printError("\(command): \(error)")
        }
    }

    /// A TLS handshake and device authentication against `trustStore` (Google's roots unless --trust-root): the
    /// probe answered when TLS did; the detail says whether the device proved itself.
    static func tlsProbe(trustStore: CastTrustStore) -> UnicastProber.TLSProbe {
        let verifier = DeviceAuthVerifier(chainVerifier: DeviceChainVerifier(trustStore: trustStore))
        return { address, timeout in
            let start = ContinuousClock.now
            guard let loop = try? EventLoop(name: "castscope-tls-probe") else {
                return .failed(reason: "cannot start an event loop")
            }
            defer { loop.shutdown() }
            let device = Device(name: "\(address.ip)", address: address.ip, port: address.port)
            let probe: DeviceAuthProbe
            do throws(TLSError) {
                probe = try DeviceAuthProbe(device: device, verifier: verifier, eventLoop: loop, timeout: timeout, now: Date())
            } catch {
                return .failed(reason: "TLS: \(error)")
            }
            switch await probe.run() {
            case .failed(let reason):
                return .failed(reason: reason)
            case .inspected(let inspection):
                let elapsed = (ContinuousClock.now - start).components
                let name = inspection.tlsCertificate?.subjectCommonName.map { ", certificate CN=\($0)" } ?? ""
                // The error's own text begins "device authentication failed".
                let auth = inspection.error.map { "\($0)" } ?? "device authentication verified"
                return .answered(
                    milliseconds: Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000),
                    detail: "Cast channel open\(name); \(auth)")
            }
        }
    }
}
