import CastJSON

extension JSONValue {
    /// The number as a finite double; nil for non-numbers and for the infinities a huge exponent parses to, so
    /// sender-supplied times and rates never reach the player clock as inf or NaN.
    var finiteDouble: Double? {
        guard let value = doubleValue, value.isFinite else { return nil }
        return value
    }
}
