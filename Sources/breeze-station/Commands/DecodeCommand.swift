import Diagnostics
import JSON
import LinuxIO
import POSIX
import Sensors

/// `breeze-station decode`: the frames in a capture of a sensor's traffic, one JSON object per line.
enum DecodeCommand: Subcommand {
    static let name = "decode"
    static let summary = "Decode captured sensor frames into JSON, one object per line"
    static let help = """
        Usage: breeze-station decode --sensor <model> [--hex HEX | FILE | -]

        Decodes what a particulate sensor sent (or what a host sent it) with the station's own streaming
        decoder: frames are found after garbage, torn frames are rejected, every checksum is checked.

        Models: \(SensorModel.allNames)

        Input (default: standard input):
          --hex HEX     bytes as hex (spaces, colons and a leading 0x are ignored)
          FILE          a capture: raw bytes as read from the port (e.g. cat /dev/ttyUSB0 > capture.bin),
                        or hex text (a file holding only hex digits and whitespace is read as hex)
          -             standard input, decoded as it arrives (raw bytes or hex text)
        For an SPS30 the input is the I²C reply of "read measured values" (60 bytes, floats; exactly 30 bytes
        is read as the uint16 format); input starting with 0x7E is read as SPS30 UART (SHDLC) frames.

        Prints one JSON object per line, with "type", "sensor" and the byte "offset" of the frame:
          "data"     a measurement, with the field names of the shared vectors file (pm25_atm_ugm3,
                     n_gt0_3um_per_0_1L, temperature_c, pm25_ugm3, mc_2p5, ...), checksum_ok, and
                     "plausible" (false with "plausibility_reason" for warming-up or implausible frames)
          "reply"    an acknowledgement or reply to a command (reply_to, meaning, mode, firmware_yy_mm_dd ...)
          "command"  a host command (command, expected_reply)
          "error"    a rejected frame or skipped bytes, with "kind" (checksum, invalid_length, malformed,
                     truncated, unexpected_bytes), "reason" and "hex"; a frame with a bad checksum also shows
                     its decoded fields with checksum_ok false
        Exits 0 when every byte belonged to a valid frame, 1 when any error was reported, 2 on bad arguments.
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        guard let modelName = try arguments.option("--sensor") else {
            throw UsageError("missing --sensor <model> (one of \(SensorModel.allNames))")
        }
        guard let model = SensorModel(rawValue: modelName) else {
            throw UsageError("unknown sensor '\(modelName)' (expected one of \(SensorModel.allNames))")
        }
        let hexText = try arguments.option("--hex")
        let source = arguments.positional()
        try arguments.finish()
        if hexText != nil, source != nil { throw UsageError("give either --hex or an input file, not both") }

        var errors = 0
        var printed = 0
        func emit(_ objects: [JSONValue]) {
            for object in objects {
                if object["type"] == "error" { errors += 1 }
                printed += 1
                Output.line(object.serialized())
            }
        }

        if let hexText {
            let bytes: [UInt8]
            do {
                bytes = try Hex.parse(hexText)
            } catch {
                throw UsageError("--hex: \(error)")
            }
            guard !bytes.isEmpty else { throw UsageError("--hex needs at least one byte") }
            var decoder = CaptureDecoder(model: model, sps30Format: bytes.count == 30 ? .integer : .float)
            emit(decoder.decode(bytes) + decoder.finish())
        } else if let path = source, path != "-" {
            let bytes = try readCapture(path)
            var decoder = CaptureDecoder(model: model, sps30Format: bytes.count == 30 ? .integer : .float)
            // In slices, so a large capture prints as it goes instead of holding every object in memory.
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 4096)
                emit(decoder.decode(Array(bytes[start..<end])))
                start = end
            }
            emit(decoder.finish())
        } else {
            var decoder = CaptureDecoder(model: model)
            try await decodeStandardInput(into: &decoder, emit: emit)
        }
        if printed == 0 {
            Output.error("\(BuildInfo.name) decode: no bytes to decode")
            return ExitStatus.failure
        }
        return errors == 0 ? ExitStatus.success : ExitStatus.failure
    }

    /// The bytes of a capture file: hex text when it holds only hex digits and separators, else raw.
    private static func readCapture(_ path: String) throws -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path)
        } catch {
            throw CommandFailure("cannot read \(path): \(error.message)")
        }
        guard Hex.looksLikeHexText(bytes) else { return bytes }
        do {
            return try Hex.parse(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw CommandFailure("\(path) looks like hex text but \(error)")
        }
    }

    /// Decodes standard input as it arrives. Hex text or raw bytes is decided on the first 16 bytes (or all of
    /// them, if fewer): raw captures of every supported sensor contain bytes that are not hex text.
    private static func decodeStandardInput(into decoder: inout CaptureDecoder, emit: ([JSONValue]) -> Void)
        async throws
    {
        let reader = DescriptorReader(descriptor: 0, name: "standard input")
        var head: [UInt8] = []
        var hexMode: Bool?
        var hexText: [UInt8] = []
        while let chunk = try await reader.next() {
            switch hexMode {
            case nil:
                head += chunk
                if head.count >= 16 {
                    hexMode = Hex.looksLikeHexText(head)
                    if hexMode == true { hexText = head } else { emit(decoder.decode(head)) }
                }
            case true?:
                hexText += chunk
            case false?:
                emit(decoder.decode(chunk))
            }
        }
        if hexMode == nil {
            hexMode = Hex.looksLikeHexText(head)
            if hexMode == true { hexText = head } else { emit(decoder.decode(head)) }
        }
        if hexMode == true {
            let bytes: [UInt8]
            do {
                bytes = try Hex.parse(String(decoding: hexText, as: UTF8.self))
            } catch {
                throw CommandFailure("standard input looks like hex text but \(error)")
            }
            if decoder.model == .sps30, bytes.count == 30 {
                decoder = CaptureDecoder(model: .sps30, sps30Format: .integer)
            }
            emit(decoder.decode(bytes))
        }
        emit(decoder.finish())
    }
}
