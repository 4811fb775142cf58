/// The factory trimming parameters of one BME280, read once from registers 0x88-0xA1 and 0xE1-0xE7
/// (datasheet §4.2.2, table 16).
public struct BME280Calibration: Sendable, Hashable {
    public var t1: UInt16, t2: Int16, t3: Int16
    public var p1: UInt16, p2: Int16, p3: Int16, p4: Int16, p5: Int16, p6: Int16, p7: Int16, p8: Int16, p9: Int16
    public var h1: UInt8, h2: Int16, h3: UInt8, h4: Int16, h5: Int16, h6: Int8

    /// The first register of each calibration block and how many bytes it holds.
    public static let temperaturePressureBlock: (register: UInt8, count: Int) = (0x88, 26)
    /// 0xE1-0xE7: dig_H2 to dig_H6 (dig_H1 is at 0xA1, the last byte of the first block).
    public static let humidityBlock: (register: UInt8, count: Int) = (0xE1, 7)

    /// Parameters given one by one (test vectors).
    public init(
        t1: UInt16, t2: Int16, t3: Int16, p1: UInt16, p2: Int16, p3: Int16, p4: Int16, p5: Int16, p6: Int16,
        p7: Int16, p8: Int16, p9: Int16, h1: UInt8 = 0, h2: Int16 = 0, h3: UInt8 = 0, h4: Int16 = 0,
        h5: Int16 = 0, h6: Int8 = 0
    ) {
        (self.t1, self.t2, self.t3) = (t1, t2, t3)
        (self.p1, self.p2, self.p3, self.p4, self.p5) = (p1, p2, p3, p4, p5)
        (self.p6, self.p7, self.p8, self.p9) = (p6, p7, p8, p9)
        (self.h1, self.h2, self.h3, self.h4, self.h5, self.h6) = (h1, h2, h3, h4, h5, h6)
    }

    /// Parses the two register blocks: `first` is 0x88-0xA1 (26 bytes), `second` 0xE1-0xE7 (7 bytes).
    /// T/P words are little-endian; dig_H4 and dig_H5 are 12-bit values sharing register 0xE5.
    public init(first: [UInt8], second: [UInt8]) throws(ClimateCodecError) {
        guard first.count == Self.temperaturePressureBlock.count else {
            throw .wrongLength(what: "BME280 calibration 0x88-0xA1", expected: 26, got: first.count)
        }
        guard second.count == Self.humidityBlock.count else {
            throw .wrongLength(what: "BME280 calibration 0xE1-0xE7", expected: 7, got: second.count)
        }
        let a = ByteReader(first)
        func signed(_ at: Int) -> Int16 { Int16(bitPattern: a.uint16LittleEndian(at: at)) }
        t1 = a.uint16LittleEndian(at: 0)
        (t2, t3) = (signed(2), signed(4))
        p1 = a.uint16LittleEndian(at: 6)
        (p2, p3, p4, p5) = (signed(8), signed(10), signed(12), signed(14))
        (p6, p7, p8, p9) = (signed(16), signed(18), signed(20), signed(22))
        h1 = first[25]
        h2 = Int16(bitPattern: UInt16(second[1]) << 8 | UInt16(second[0]))
        h3 = second[2]
        // 0xE4 and 0xE6 are the signed high 8 bits; 0xE5 holds H4's low nibble and H5's low nibble.
        h4 = Int16(Int8(bitPattern: second[3])) * 16 | Int16(second[4] & 0x0F)
        h5 = Int16(Int8(bitPattern: second[5])) * 16 | Int16(second[4] >> 4)
        h6 = Int8(bitPattern: second[6])
    }

    /// The two register blocks these parameters were read from (emulators).
    public var registerBlocks: (first: [UInt8], second: [UInt8]) {
        func le(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func les(_ value: Int16) -> [UInt8] { le(UInt16(bitPattern: value)) }
        var first = le(t1) + les(t2) + les(t3) + le(p1)
        for word in [p2, p3, p4, p5, p6, p7, p8, p9] { first += les(word) }
        first += [0, h1]
        let h4bits = UInt16(bitPattern: h4), h5bits = UInt16(bitPattern: h5)
        let second: [UInt8] =
            les(h2) + [
                h3, UInt8(truncatingIfNeeded: h4bits >> 4), UInt8(h4bits & 0x0F) | UInt8(h5bits & 0x0F) << 4,
                UInt8(truncatingIfNeeded: h5bits >> 4), UInt8(bitPattern: h6),
            ]
        return (first, second)
    }
}
