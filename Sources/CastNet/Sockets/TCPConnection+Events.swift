import CCastNetShims
import CastLog
import Glibc

extension TCPConnection: EventHandler {
    func handleEvents(_ events: UInt32) {
        if state == .connecting {
            finishConnect(events)
            return
        }
        let errorOrHangUp = EPOLLERR.rawValue | EPOLLHUP.rawValue
        if reading && !readEOF && events & (EPOLLIN.rawValue | errorOrHangUp) != 0 {
            readAvailable()
        }
        guard state == .established else { return }
        if events & (EPOLLOUT.rawValue | EPOLLERR.rawValue) != 0 && !pending.isEmpty {
            flush()
        }
        guard state == .established else { return }
        if events & EPOLLERR.rawValue != 0 {
            let code = (try? Posix.getsockoptInt(fd, level: SOL_SOCKET, name: SO_ERROR)) ?? EIO
            closeNow(code == 0 ? nil : IOError(errno: code, call: "epoll"))
        } else if events & EPOLLHUP.rawValue != 0 && (readEOF || !reading) {
            // Both directions are finished and nothing is left to read: level-triggered HUP would repeat forever.
            closeNow(nil)
        }
    }

    func eventLoopDidShutDown() {
        closeNow(IOError(errno: ECANCELED, call: "event loop shutdown"))
    }

    /// Reads until the socket is empty (at most four buffers per wakeup, so one busy peer cannot starve others).
    private func readAvailable() {
        let buffer = eventLoop.readBuffer
        for _ in 0..<4 {
            let result: IOResult<Int>
            do {
                result = try Posix.read(fd, buffer)
            } catch {
                closeNow(error)
                return
            }
            switch result {
            case .wouldBlock:
                return
            case .processed(0):
                readEOF = true
                updateInterest()
                handlers.onReadEOF()
                if state == .established && output == .shutdown { closeNow(nil) }
                return
            case .processed(let count):
                handlers.onRead(Array(UnsafeRawBufferPointer(rebasing: buffer[0..<count])))
                guard state == .established, reading, count == buffer.count else { return }
            }
        }
    }

    /// The non-blocking connect may have finished: fail by `SO_ERROR`, succeed only once the socket has a peer.
    private func finishConnect(_ events: UInt32) {
        let errorOrHangUp = EPOLLERR.rawValue | EPOLLHUP.rawValue
        // A connect in progress reports nothing else; anything else is not about this connect.
        guard events & (EPOLLOUT.rawValue | errorOrHangUp) != 0 else { return }
        let code: Int32
        do {
            code = try Posix.getsockoptInt(fd, level: SOL_SOCKET, name: SO_ERROR)
        } catch {
            closeNow(error)
            return
        }
        guard code == 0 else {
            closeNow(IOError(errno: code, call: "connect"))
            return
        }
        // SO_ERROR is also 0 while the connect is still in progress; getpeername tells the two apart.
        do {
            _ = try SocketAddress.peer(of: fd)
        } catch {
            if error.errno == ENOTCONN && events & errorOrHangUp == 0 { return }  // still in progress
            closeNow(IOError(errno: error.errno, call: "connect"))
            return
        }
        establish()
    }

    /// Marks the connection connected and hands it to the connect caller.
    func establish() {
        state = .established
        connectTimer?.cancel()
        connectTimer = nil
        localAddress = try? SocketAddress.local(of: fd)
        peerAddress = try? SocketAddress.peer(of: fd)
        updateInterest()
        NetLog.tcp.debug(
            "connected",
            [
                "net.peer": .string(peerAddress?.description ?? "?"),
                "net.local": .string(localAddress?.description ?? "?"),
            ])
        let completion = connectCompletion
        connectCompletion = nil
        completion?(.success(self))
    }
}
