import Testing
@testable import CastWire

@Suite struct CastVocabularyTests {
    @Test func everyKnownNamespaceRoundTripsThroughItsString() {
        for namespace in CastNamespace.known {
            #expect(CastNamespace(rawValue: namespace.rawValue) == namespace)
            #expect(namespace.isReserved)
        }
        #expect(CastNamespace.media.rawValue == "urn:x-cast:com.google.cast.media")
        #expect(CastNamespace.heartbeat.isTransport && !CastNamespace.receiver.isTransport)
    }

    @Test func unknownNamespaceIsCustom() {
        let namespace = CastNamespace(rawValue: "urn:x-cast:com.example.app")
        #expect(namespace == .custom("urn:x-cast:com.example.app"))
        #expect(!namespace.isReserved)
    }

    @Test func everyKnownMessageTypeRoundTripsAndIsDistinct() {
        #expect(Set(CastMessageType.known.map(\.rawValue)).count == CastMessageType.known.count)
        for type in CastMessageType.known { #expect(CastMessageType(rawValue: type.rawValue) == type) }
        for name in ["CONNECT", "CLOSE", "PING", "PONG", "GET_STATUS", "LAUNCH", "STOP", "RECEIVER_STATUS",
                     "LAUNCH_ERROR", "GET_APP_AVAILABILITY", "SET_VOLUME", "LOAD", "PLAY", "PAUSE", "SEEK",
                     "MEDIA_STATUS", "LOAD_FAILED", "INVALID_PLAYER_STATE", "INVALID_REQUEST", "QUEUE_LOAD",
                     "QUEUE_INSERT", "QUEUE_REMOVE", "QUEUE_REORDER", "QUEUE_UPDATE", "QUEUE_NEXT", "QUEUE_PREV",
                     "EDIT_TRACKS_INFO", "SET_PLAYBACK_RATE", "STORE_SESSION", "SESSION_STATE", "RESUME_SESSION",
                     "MULTIZONE_STATUS", "SET_DEVICE_VOLUME", "OFFER", "ANSWER", "RPC"] {
            if case .other = CastMessageType(rawValue: name) { Issue.record("\(name) not named") }
        }
    }

    @Test func unknownMessageTypeIsOther() {
        #expect(CastMessageType(rawValue: "FOO") == .other("FOO"))
        #expect(CastMessageType(rawValue: "ping") == .other("ping"))  // case-sensitive, as on the wire
    }

    @Test func endpointIDsMatchTheProtocol() {
        #expect(CastEndpointID.platformSender == "sender-0")
        #expect(CastEndpointID.platformReceiver == "receiver-0")
        #expect(CastEndpointID.broadcast == "*")
    }
}
