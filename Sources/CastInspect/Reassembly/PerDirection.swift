/// One value per direction of a TCP connection: what a `[FlowDirection: Value]` dictionary holds, without hashing
/// on every packet and with the value mutated in place.
struct PerDirection<Value> {
    var c2s: Value
    var s2c: Value

    /// Both directions starting from `value`.
    init(_ value: Value) {
        c2s = value
        s2c = value
    }

    /// The value of `direction`.
    subscript(_ direction: FlowDirection) -> Value {
        get { direction == .c2s ? c2s : s2c }
        _modify {
            if direction == .c2s { yield &c2s } else { yield &s2c }
        }
    }
}

extension PerDirection: Sendable where Value: Sendable {}
