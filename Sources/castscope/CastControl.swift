import CastCLI
import CastLog
import CastNet
import CastSender
import CastWire
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `castscope cast control`: the interactive mini controller. `MiniController` decides; this file only reads keys
/// (raw mode on a terminal, plain bytes otherwise), sends the commands and redraws one status line.
enum CastControl {
    static func run(context: CastContext, session: CastSession, _ io: any CommandOutput) async -> RequestOutcome {
        let terminal = isatty(0) == 1
        let saved = terminal ? enterRawMode() : nil
        defer { if let saved { restore(saved) } }
        io.printError("keys: space play/pause, ←/→ seek 10 s, +/- volume, r repeat, s stop, n/b next/prev, q quit")
        // Start from real status: a key pressed (or piped) before the first MEDIA_STATUS would act on nothing.
        _ = await context.perform { _ in session.remoteMediaClient.requestStatus() }
        var mini = MiniController()
        let clock = SystemClock(eventLoop: context.eventLoop)
        var lastLine = ""
        var pending: [UInt8] = []
        while true {
            let (status, volume) = await context.withSessionManager { _ in
                (session.remoteMediaClient.mediaStatus, session.deviceVolume)
            }
            mini.update(status, at: clock.now)
            mini.deviceVolume = volume
            let line = mini.statusLine(at: clock.now)
            if line != lastLine {
                if terminal {
                    // Our own redraw sequence, written as bytes; the status line itself passes the escaping.
                    io.write(bytes: Array("\r\u{1B}[2K".utf8) + Array(TerminalText.escaped(line).utf8), to: .output)
                } else {
                    io.print(line)
                }
                lastLine = line
            }
            if pending.isEmpty {
                guard let bytes = readAvailable(timeoutMilliseconds: 200) else { break }
                pending += bytes
            }
            // One key per round, so the line is redrawn from fresh status after each command.
            guard let key = nextKey(&pending), let intent = mini.intent(forKey: key, at: clock.now) else { continue }
            if intent == .quit { break }
            mini.requestStarted()
            _ = await send(intent, volume: volume, context: context, session: session)
            mini.requestEnded()
        }
        if terminal { io.print("") }
        return .completed
    }

    private static func send(_ intent: MiniController.Intent, volume: Double?, context: CastContext,
                             session: CastSession) async -> RequestOutcome {
        switch intent {
        case .quit: return .completed
        case let .volume(step):
            let level = min(1, max(0, (volume ?? 0) + step))
            return await context.perform { _ in session.setDeviceVolume(level) }
        case let .media(command):
            return await context.perform { _ in
                let client = session.remoteMediaClient
                switch command {
                case .play: return client.play()
                case .pause: return client.pause()
                case .stop: return client.stop()
                case let .seek(to): return client.seek(with: MediaSeekOptions(interval: to))
                case .next: return client.queueNext()
                case .previous: return client.queuePrevious()
                case let .setRepeatMode(mode): return client.queueSetRepeatMode(mode)
                }
            }
        }
    }

    /// One key: an escape sequence for the arrows, else one byte.
    private static func nextKey(_ bytes: inout [UInt8]) -> String? {
        guard let first = bytes.first else { return nil }
        if first == 0x1B, bytes.count >= 3, bytes[1] == UInt8(ascii: "[") {
            let key = String(decoding: bytes.prefix(3), as: UTF8.self)
            bytes.removeFirst(3)
            return key
        }
        bytes.removeFirst()
        return String(decoding: [first], as: UTF8.self)
    }

    /// Bytes from stdin within the timeout ([] when none); nil at end of input.
    private static func readAvailable(timeoutMilliseconds: Int32) -> [UInt8]? {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeoutMilliseconds)
        guard ready > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return Array(buffer.prefix(count))
    }

    private static func enterRawMode() -> termios? {
        var original = termios()
        guard tcgetattr(0, &original) == 0 else { return nil }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        _ = tcsetattr(0, TCSANOW, &raw)
        return original
    }

    private static func restore(_ saved: termios) {
        var saved = saved
        _ = tcsetattr(0, TCSANOW, &saved)
    }
}
