/// What an `EventLoop` calls when a registered descriptor is ready; implemented by sockets. Loop thread only.
protocol EventHandler: AnyObject {
    /// `events` are the `EPOLL*` bits epoll reported for the descriptor.
    func handleEvents(_ events: UInt32)
    /// The loop is shutting down: close the descriptor and report `ECANCELED` to the owner.
    func eventLoopDidShutDown()
}
