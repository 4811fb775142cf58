public import JSON

/// Decodes a capture of one sensor's traffic (what it sent, or what a host sent it) into the JSON objects of
/// `breeze-station decode`. Bytes may come in any chunking; ``finish()`` ends the input.
public struct CaptureDecoder: Sendable {
    private enum Family: Sendable {
        case plantower(FrameDecoder<PlantowerCodec>)
        case sds011(FrameDecoder<SDS011Codec>)
        case honeywell(FrameDecoder<HoneywellCodec>)
        case pm1006(FrameDecoder<PM1006Codec>)
        case sps30(FrameDecoder<SPS30Codec>)
        case shdlc(FrameDecoder<SHDLCCodec>)
        /// SPS30 before the first byte: an SHDLC capture starts with 0x7E, an I²C reply practically never does.
        case sps30Undecided(SPS30MeasurementFormat)
    }

    /// The sensor decoded.
    public let model: SensorModel
    private var family: Family

    /// A decoder for `model`. For an SPS30 the input is read-measured-values replies in `sps30Format`, or
    /// SHDLC (UART) frames when it starts with 0x7E.
    public init(model: SensorModel, sps30Format: SPS30MeasurementFormat = .float) {
        self.model = model
        if let variant = model.plantowerVariant {
            family = .plantower(FrameDecoder(variant: variant))
        } else if let variant = model.honeywellVariant {
            family = .honeywell(FrameDecoder(variant: variant))
        } else if model == .sds011 {
            family = .sds011(FrameDecoder())
        } else if model == .pm1006 {
            family = .pm1006(FrameDecoder())
        } else {
            family = .sps30Undecided(sps30Format)
        }
    }

    /// The counters of the underlying decoder.
    public var statistics: DecoderStatistics {
        switch family {
        case .plantower(let decoder): decoder.statistics
        case .sds011(let decoder): decoder.statistics
        case .honeywell(let decoder): decoder.statistics
        case .pm1006(let decoder): decoder.statistics
        case .sps30(let decoder): decoder.statistics
        case .shdlc(let decoder): decoder.statistics
        case .sps30Undecided: DecoderStatistics()
        }
    }

    /// Decodes `bytes` and returns one JSON object per event they complete.
    public mutating func decode(_ bytes: [UInt8]) -> [JSONValue] {
        run(bytes, finishing: false)
    }

    /// Ends the input and returns the events of what was left (truncated frames, trailing garbage).
    public mutating func finish() -> [JSONValue] {
        run([], finishing: true)
    }

    private mutating func run(_ bytes: [UInt8], finishing: Bool) -> [JSONValue] {
        if case .sps30Undecided(let format) = family {
            guard let first = bytes.first else { return [] }
            family = first == 0x7E ? .shdlc(FrameDecoder(codec: SHDLCCodec())) : .sps30(FrameDecoder(format: format))
        }
        let model = self.model
        switch family {
        case .plantower(var decoder):
            let output = Self.drain(&decoder, bytes, finishing) { message, offset in
                switch message {
                case .data(let frame): DecodeReport.plantower(frame, model: model, offset: offset)
                case .acknowledgement(let ack): DecodeReport.plantower(ack, model: model, offset: offset)
                case .command(let command): DecodeReport.plantower(command, model: model, offset: offset)
                }
            } error: { error in
                var extra: [(key: String, value: JSONValue)] = []
                if error.kind == .checksum, let variant = model.plantowerVariant,
                    let frame = PlantowerFrame(unchecked: error.bytes, variant: variant)
                {
                    extra = DecodeReport.plantowerFields(frame)
                }
                return DecodeReport.error(error, model: model, extra: extra)
            }
            family = .plantower(decoder)
            return output
        case .sds011(var decoder):
            let output = Self.drain(&decoder, bytes, finishing) { message, offset in
                switch message {
                case .data(let reading): DecodeReport.sds011(reading, offset: offset)
                case .reply(let reply): DecodeReport.sds011(reply, offset: offset)
                case .command(let request): DecodeReport.sds011(request, offset: offset)
                }
            } error: { error in
                DecodeReport.error(error, model: model, extra: error.kind == .checksum ? [("checksum_ok", false)] : [])
            }
            family = .sds011(decoder)
            return output
        case .honeywell(var decoder):
            let output = Self.drain(&decoder, bytes, finishing) { message, offset in
                DecodeReport.honeywell(message, model: model, offset: offset)
            } error: { error in
                DecodeReport.error(error, model: model, extra: error.kind == .checksum ? [("checksum_ok", false)] : [])
            }
            family = .honeywell(decoder)
            return output
        case .pm1006(var decoder):
            let output = Self.drain(&decoder, bytes, finishing) { reading, offset in
                DecodeReport.pm1006(reading, offset: offset)
            } error: { error in
                DecodeReport.error(error, model: model, extra: error.kind == .checksum ? [("checksum_ok", false)] : [])
            }
            family = .pm1006(decoder)
            return output
        case .sps30(var decoder):
            let format = decoder.codec.format
            let output = Self.drain(&decoder, bytes, finishing) { measurement, offset in
                DecodeReport.sps30(measurement, format: format, offset: offset)
            } error: { error in
                DecodeReport.error(error, model: model)
            }
            family = .sps30(decoder)
            return output
        case .shdlc(var decoder):
            let output = Self.drain(&decoder, bytes, finishing) { frame, offset in
                if let measurement = frame.measurement {
                    return DecodeReport.sps30(measurement, format: nil, offset: offset)
                }
                return [
                    "type": "reply", "sensor": "sps30", "offset": JSONValue(offset), "shdlc_checksum_ok": true,
                    "command": .string(Hex.byte(frame.command)), "state": JSONValue(Int(frame.state)),
                    "data_hex": .string(Hex.string(frame.data)),
                ]
            } error: { error in
                DecodeReport.error(error, model: model)
            }
            family = .shdlc(decoder)
            return output
        case .sps30Undecided:
            return []
        }
    }

    private static func drain<Codec: FrameCodec>(
        _ decoder: inout FrameDecoder<Codec>, _ bytes: [UInt8], _ finishing: Bool,
        message: (Codec.Message, Int) -> JSONValue, error: (FrameError) -> JSONValue
    ) -> [JSONValue] {
        var output: [JSONValue] = []
        decoder.append(bytes)
        if finishing { decoder.endInput() }
        while let event = decoder.next() {
            switch event {
            case .message(let value): output.append(message(value, decoder.lastMessageOffset))
            case .error(let frameError): output.append(error(frameError))
            }
        }
        return output
    }
}
