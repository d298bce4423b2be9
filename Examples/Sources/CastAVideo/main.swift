// Finds a Cast device (by name over mDNS, from CASTSCOPE_KNOWN_DEVICES, or as HOST[:PORT]), plays a video on it
// with the Default Media Receiver and waits until it is playing.
//
//     swift run CastAVideo "Living Room" https://example.com/movie.mp4
import CastDiscovery
import CastNet
import CastSender
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let name = arguments.first, let url = arguments.last else {
    print("usage: CastAVideo DEVICE URL")
    exit(64)
}

do {
    let lookup = DeviceLookup(knownDevices: try KnownDevices.from(environment: ProcessInfo.processInfo.environment))
    let device = try await lookup.device(named: name)

    let options = CastOptions(discoveryCriteria: DiscoveryCriteria(applicationIDs: ["CC1AD845"]))
    let loop = try EventLoop(name: "example")
    defer { loop.shutdown() }
    let context = try CastContext(options: options, eventLoop: loop)
    let session = try await context.startSession(with: device).get()

    let media = MediaInformationBuilder(contentURL: url).build()
    let loaded = await context.perform { _ in session.remoteMediaClient.loadMedia(MediaLoadRequestData(mediaInformation: media)) }
    guard loaded == .completed else {
        print("load: \(loaded)")
        exit(1)
    }
    switch await context.waitForPlayerState([.playing], of: session, timeout: .seconds(10)) {
    case .success: print("playing on \(device.friendlyName)")
    case .failure(let error): print("not playing: \(error)")
    }
    await context.endSession(stopCasting: false)
} catch {
    print("error: \(error)")
    exit(1)
}
