#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// RoamCore reads no clock and opens no file, but it needs libm's trigonometry.
// These wrappers keep that single import in one place.
@inline(__always) public func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) public func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) public func arcsine(_ x: Double) -> Double { asin(x) }
@inline(__always) public func arctangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) public func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@inline(__always) public func naturalLogarithm(_ x: Double) -> Double { log(x) }
@inline(__always) public func roundedDown(_ x: Double) -> Double { floor(x) }
