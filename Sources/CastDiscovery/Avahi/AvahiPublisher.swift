internal import CAvahi
public import CastLog
import Foundation
import Glibc

/// Publishes one `_googlecast._tcp` service through avahi-daemon (an alternative to `MDNSResponder` when the daemon
/// runs: it owns probing, announcing, answering and goodbyes).
///
/// On a collision the publisher picks the next name the way avahi's tools do ("Name #2", "Name #3"…) and commits
/// again.
public final class AvahiPublisher: @unchecked Sendable {
    private let connection: AvahiConnection
    private var group: OpaquePointer?
    // Poll-thread state.
    private var name: String
    private let port: UInt16
    private let txt: [String]
    private let serviceType: String
    private var lastState = "uncommitted"
    private let log: DiscoveryLog

    private init(connection: AvahiConnection, name: String, port: UInt16, txt: [String], serviceType: String,
                 log: DiscoveryLog) {
        self.log = log
        self.connection = connection
        self.name = name
        self.port = port
        self.txt = txt
        self.serviceType = serviceType
    }

    /// Connects to avahi-daemon and publishes `instance` on every interface it uses.
    public static func start(
        instance: String, port: UInt16, txt: [String], serviceType: String = "_googlecast._tcp",
        logger: Logger = .shared
    ) throws(AvahiError) -> AvahiPublisher {
        let connection = try AvahiConnection()
        let publisher = AvahiPublisher(
            connection: connection, name: instance, port: port, txt: txt, serviceType: serviceType,
            log: DiscoveryLog.on(logger))
        let context = Unmanaged.passUnretained(publisher).toOpaque()
        let result: Int32? = connection.withLock { client in
            guard
                let group = avahi_entry_group_new(
                    client,
                    { _, state, context in
                        guard let context else { return }
                        Unmanaged<AvahiPublisher>.fromOpaque(context).takeUnretainedValue().groupChanged(state)
                    }, context)
            else { return -1 }
            publisher.group = group
            return publisher.commit()
        }
        guard result == 0 else { throw connection.lastError("avahi_entry_group_add_service_strlst") }
        publisher.log.responder.info("avahi: publishing \(instance) port \(port)")
        return publisher
    }

    /// The name in use and the group's last state ("registering", "established", "collision", "failure").
    public var status: (name: String, state: String) {
        connection.withLock { _ in (name, lastState) } ?? (name, lastState)
    }

    /// Withdraws the service (avahi-daemon sends the goodbyes) and disconnects.
    public func stop() {
        _ = connection.withLock { _ in
            if let group { avahi_entry_group_free(group) }
            group = nil
        }
        connection.close()
    }

    /// Adds the service to the group and commits (lock held).
    private func commit() -> Int32 {
        guard let group else { return -1 }
        var list: UnsafeMutablePointer<AvahiStringList>?
        for string in txt.reversed() {  // avahi_string_list_add prepends
            list = string.withCString { avahi_string_list_add(list, $0) }
        }
        defer { avahi_string_list_free(list) }
        let added = avahi_entry_group_add_service_strlst(
            group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC), AvahiPublishFlags(0), name,
            serviceType, nil, nil, port, list)
        guard added == 0 else { return added }
        return avahi_entry_group_commit(group)
    }

    /// "Name" → "Name #2", "Name #2" → "Name #3".
    static func alternativeName(for name: String) -> String {
        if let hash = name.range(of: " #", options: .backwards), let number = Int(name[hash.upperBound...]) {
            return name[..<hash.lowerBound] + " #\(number + 1)"
        }
        return name + " #2"
    }

    /// Entry-group callback (poll thread, lock held).
    private func groupChanged(_ state: AvahiEntryGroupState) {
        switch state {
        case AVAHI_ENTRY_GROUP_REGISTERING: lastState = "registering"
        case AVAHI_ENTRY_GROUP_ESTABLISHED:
            lastState = "established"
            log.responder.info("avahi: \(name) established")
        case AVAHI_ENTRY_GROUP_COLLISION:
            lastState = "collision"
            name = AvahiPublisher.alternativeName(for: name)
            log.responder.info("avahi: name collision, retrying as \(name)")
            if let group { avahi_entry_group_reset(group) }
            _ = commit()
        case AVAHI_ENTRY_GROUP_FAILURE: lastState = "failure"
        default: break
        }
    }
}
