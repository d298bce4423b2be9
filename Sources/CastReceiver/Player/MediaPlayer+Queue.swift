import CastJSON
import CastNet

extension MediaPlayer {
    /// Longest queue the emulator keeps: every MEDIA_STATUS carries the items and must fit one 64 KiB frame.
    static let maximumQueueLength = 200

    /// Moves `offset` items through the queue; past either end wraps with REPEAT_ALL, otherwise stays put.
    mutating func jump(by offset: Int, now: MonotonicInstant) -> MediaPlayerReply {
        guard !items.isEmpty else { return .invalidPlayerState }
        // Clamped first: `jump` comes from the sender and could overflow the addition.
        var target = currentIndex + max(min(offset, items.count * 2), -items.count * 2)
        if repeatMode.hasPrefix("REPEAT_ALL") {
            target = ((target % items.count) + items.count) % items.count
        }
        guard items.indices.contains(target) else { return .statusChanged }
        start(index: target, at: items[target].startTime, autoplay: true, now: now)
        return .statusChanged
    }

    /// QUEUE_UPDATE: changed items, repeatMode, `currentItemId`, `jump`, `currentTime`.
    mutating func queueUpdate(_ request: JSONValue, now: MonotonicInstant) -> MediaPlayerReply {
        if let mode = request["repeatMode"]?.stringValue {
            guard ["REPEAT_OFF", "REPEAT_ALL", "REPEAT_SINGLE", "REPEAT_ALL_AND_SHUFFLE"].contains(mode) else {
                return .invalidRequest("INVALID_PARAMS")
            }
            repeatMode = mode
        }
        for update in request["items"]?.arrayValue ?? [] {
            guard let id = update["itemId"]?.intValue, let index = items.firstIndex(where: { $0.itemID == id })
            else { continue }
            if let media = update["media"]?.objectValue { items[index].media = media }
            if let autoplay = update["autoplay"]?.boolValue { items[index].autoplay = autoplay }
            if let startTime = update["startTime"]?.finiteDouble { items[index].startTime = startTime }
            if let customData = update["customData"] { items[index].customData = customData }
        }
        if let id = request["currentItemId"]?.intValue {
            guard let index = items.firstIndex(where: { $0.itemID == id }) else {
                return .invalidRequest("INVALID_PARAMS")
            }
            start(
                index: index, at: request["currentTime"]?.finiteDouble ?? items[index].startTime, autoplay: true,
                now: now)
        } else if let offset = request["jump"]?.intValue {
            return jump(by: Int(clamping: offset), now: now)
        } else if let time = request["currentTime"]?.finiteDouble {
            rebase(at: now)
            positionBase = max(time, 0)
        }
        return .statusChanged
    }

    /// QUEUE_INSERT: items before `insertBefore` (or at the end); `currentItemIndex` jumps into the new items.
    mutating func queueInsert(_ request: JSONValue, now: MonotonicInstant) -> MediaPlayerReply {
        guard let entries = request["items"]?.arrayValue, !entries.isEmpty else {
            return .invalidRequest("INVALID_PARAMS")
        }
        let inserted: [Item]
        switch makeItems(entries) {
        case .success(let items): inserted = items
        case .failure(let problem): return Self.reply(for: problem)
        }
        var position = items.count
        if let before = request["insertBefore"]?.intValue {
            guard let index = items.firstIndex(where: { $0.itemID == before }) else {
                return .invalidRequest("INVALID_PARAMS")
            }
            position = index
        }
        // Every MEDIA_STATUS carries the items, and a status must fit one 64 KiB frame.
        guard items.count + inserted.count <= Self.maximumQueueLength else { return .invalidRequest("INVALID_PARAMS") }
        items.insert(contentsOf: inserted, at: position)
        if position <= currentIndex { currentIndex += inserted.count }
        if let jumpIndex = request["currentItemIndex"]?.intValue, inserted.indices.contains(Int(jumpIndex)) {
            let target = position + Int(jumpIndex)
            start(index: target, at: items[target].startTime, autoplay: true, now: now)
        }
        return .statusChanged
    }

    /// QUEUE_REMOVE: drops `itemIds`; removing the current item moves to the next one or ends the session.
    mutating func queueRemove(_ request: JSONValue, now: MonotonicInstant) -> MediaPlayerReply {
        guard let ids = request["itemIds"]?.arrayValue?.compactMap(\.intValue), !ids.isEmpty else {
            return .invalidRequest("INVALID_PARAMS")
        }
        let currentID = currentItem?.itemID
        let removingCurrent = currentID.map(ids.contains) ?? false
        let indexBefore = currentIndex
        items.removeAll { ids.contains($0.itemID) }
        if removingCurrent {
            if items.isEmpty {
                goIdle(reason: "INTERRUPTED")
            } else {
                let target = min(indexBefore, items.count - 1)
                start(index: target, at: items[target].startTime, autoplay: true, now: now)
            }
        } else if let currentID, let index = items.firstIndex(where: { $0.itemID == currentID }) {
            currentIndex = index
        }
        return .statusChanged
    }

    /// QUEUE_REORDER: moves `itemIds`, in that order, before `insertBefore` (or to the end).
    mutating func queueReorder(_ request: JSONValue) -> MediaPlayerReply {
        guard let ids = request["itemIds"]?.arrayValue?.compactMap(\.intValue), !ids.isEmpty,
            Set(ids).count == ids.count
        else {
            return .invalidRequest("INVALID_PARAMS")
        }
        let moved = ids.compactMap { id in items.first { $0.itemID == id } }
        guard moved.count == ids.count else { return .invalidRequest("INVALID_PARAMS") }
        let currentID = currentItem?.itemID
        items.removeAll { ids.contains($0.itemID) }
        var position = items.count
        if let before = request["insertBefore"]?.intValue, let index = items.firstIndex(where: { $0.itemID == before })
        {
            position = index
        }
        items.insert(contentsOf: moved, at: position)
        if let currentID, let index = items.firstIndex(where: { $0.itemID == currentID }) { currentIndex = index }
        return .statusChanged
    }
}
