/// Reads fixed-position big-endian fields of a complete frame. Positions are from the frame's first byte;
/// callers check the length first, and positions past the end read as zero rather than trapping.
struct ByteReader {
    let bytes: [UInt8]

    /// A reader sharing `bytes` (no copy).
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// A reader of a copy of `bytes`.
    init(_ bytes: some Collection<UInt8>) { self.bytes = Array(bytes) }

    subscript(position: Int) -> UInt8 { position >= 0 && position < bytes.count ? bytes[position] : 0 }

    /// The unsigned big-endian 16-bit word at `position`.
    func uint16(at position: Int) -> UInt16 { UInt16(self[position]) << 8 | UInt16(self[position + 1]) }

    /// The signed big-endian 16-bit word at `position`.
    func int16(at position: Int) -> Int16 { Int16(bitPattern: uint16(at: position)) }

    /// The unsigned little-endian 16-bit word at `position` (SDS011).
    func uint16LittleEndian(at position: Int) -> UInt16 { UInt16(self[position + 1]) << 8 | UInt16(self[position]) }

    /// The 16-bit sum of the bytes in `range` (Plantower checksums).
    func sum16(_ range: Range<Int>) -> UInt16 {
        var sum: UInt16 = 0
        for index in range { sum &+= UInt16(self[index]) }
        return sum
    }

    /// The low 8 bits of the sum of the bytes in `range` (SDS011 checksums).
    func sum8(_ range: Range<Int>) -> UInt8 {
        var sum: UInt8 = 0
        for index in range { sum &+= self[index] }
        return sum
    }
}
