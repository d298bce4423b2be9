/// Which way bytes travel on a TLS connection.
public enum TLSDirection: Sendable, Hashable {
    /// From the client (the side that sent ClientHello) to the server.
    case clientToServer
    /// From the server to the client.
    case serverToClient
}
