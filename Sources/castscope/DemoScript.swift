import CastLog

/// A scripted sender session told through the logger, class by class, until the Cast stack itself drives the demo:
/// discovery, connection, launch, a LOAD with credentials (to show redaction), playback, a slow heartbeat.
enum DemoScript {
    /// The classes the script logs under, as the Cast SDK names them.
    static let classes = [
        "GCKDiscoveryManager", "GCKDeviceScanner", "GCKDeviceProvider", "GCKCastChannel", "GCKDeviceManager",
        "GCKHeartbeatChannel", "GCKSessionManager", "GCKCastSession", "GCKRemoteMediaClient",
        "GCKMediaControlChannel", "GCKUIMediaController",
    ]

    static func run(on logger: Logger) {
        let discovery = logger.category("GCKDiscoveryManager")
        let scanner = logger.category("GCKDeviceScanner")
        let provider = logger.category("GCKDeviceProvider")
        let channel = logger.category("GCKCastChannel")
        let device = logger.category("GCKDeviceManager")
        let heartbeat = logger.category("GCKHeartbeatChannel")
        let sessions = logger.category("GCKSessionManager")
        let session = logger.category("GCKCastSession")
        let media = logger.category("GCKRemoteMediaClient")
        let mediaChannel = logger.category("GCKMediaControlChannel")
        let controller = logger.category("GCKUIMediaController")
        let peer = "127.0.0.1:8009"

        discovery.info("start discovery", ["mdns.service": "_googlecast._tcp.local."])
        scanner.verbose("query sent", ["mdns.qtype": "PTR", "mdns.unicast_response": true])
        scanner.debug("answer", ["mdns.instance": "Living-Room-4f1c._googlecast._tcp.local.", "mdns.ttl": 120])
        provider.verbose(
            "TXT", ["cast.id": "4f1c2b7e9a0d4e6f8b1a2c3d4e5f6a7b", "cast.fn": "Living Room", "cast.ca": 201_221])
        discovery.info("device online: Living Room", ["net.peer": .string(peer)])
        sessions.info("startSession(with: Living Room)")
        device.debug("TLS 1.3 connected", ["net.peer": .string(peer), "tls.cipher": "TLS_AES_128_GCM_SHA256"])
        channel.verbose(
            "send CONNECT",
            ["cast.ns": "urn:x-cast:com.google.cast.tp.connection", "cast.src": "sender-0", "cast.dst": "receiver-0"])
        channel.verbose(
            #"send LAUNCH {"type":"LAUNCH","appId":"CC1AD845","requestId":1}"#,
            ["cast.ns": "urn:x-cast:com.google.cast.receiver", "cast.request_id": 1])
        channel.verbose(
            "recv RECEIVER_STATUS", ["cast.ns": "urn:x-cast:com.google.cast.receiver", "cast.request_id": 1])
        session.info("session started", ["cast.session_id": "7E2D6A58-0001", "cast.app_id": "CC1AD845"])
        let load = #"{"type":"LOAD","media":{"contentId":"https://cdn.example/bbb.mp4?token=abc123&q=hd","#
            + #""contentType":"video/mp4"},"credentials":"user-42-secret","requestId":2}"#
        mediaChannel.verbose(
            "send LOAD \(load)",
            ["cast.ns": "urn:x-cast:com.google.cast.media", "cast.request_id": 2])
        media.debug("load request 2 in progress")
        mediaChannel.verbose(
            "recv MEDIA_STATUS playerState=BUFFERING", ["cast.media_session_id": 1, "cast.request_id": 2])
        mediaChannel.verbose("recv MEDIA_STATUS playerState=PLAYING", ["cast.media_session_id": 1])
        controller.debug("play/pause button shows pause; stream position 0.0 s")
        heartbeat.verbose("PING", ["cast.ns": "urn:x-cast:com.google.cast.tp.heartbeat"])
        heartbeat.warning("no PONG for 6.2 s", ["net.peer": .string(peer)])
        heartbeat.verbose("PONG after 6.4 s")
        mediaChannel.verbose("send PAUSE", ["cast.request_id": 3, "cast.media_session_id": 1])
        mediaChannel.error(
            #"recv INVALID_REQUEST {"type":"INVALID_REQUEST","reason":"INVALID_MEDIA_SESSION_ID","requestId":3}"#,
            ["cast.request_id": 3])
        media.warning("request 3 failed: INVALID_MEDIA_SESSION_ID")
        channel.verbose("send CLOSE", ["cast.ns": "urn:x-cast:com.google.cast.tp.connection"])
        sessions.info("session ended")
    }
}
