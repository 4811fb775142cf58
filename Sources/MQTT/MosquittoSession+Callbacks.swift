internal import CMosquitto
import Diagnostics

/// libmosquitto's callbacks. They arrive on the network thread, inside `mosquitto_loop_read`/`_write`/`_misc`,
/// with the session as their `void *` user data (unretained: the session outlives its client).
extension MosquittoSession {
    func registerCallbacks() {
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_connect_callback_set(handle) { _, userdata, code in
            guard let userdata else { return }
            Unmanaged<MosquittoSession>.fromOpaque(userdata).takeUnretainedValue().didConnect(code)
        }
        mosquitto_disconnect_callback_set(handle) { _, userdata, code in
            guard let userdata else { return }
            Unmanaged<MosquittoSession>.fromOpaque(userdata).takeUnretainedValue().didDisconnect(code)
        }
        mosquitto_publish_callback_set(handle) { _, userdata, messageID in
            guard let userdata else { return }
            Unmanaged<MosquittoSession>.fromOpaque(userdata).takeUnretainedValue().didPublish(messageID)
        }
        mosquitto_log_callback_set(handle) { _, userdata, level, text in
            guard let userdata, let text else { return }
            Unmanaged<MosquittoSession>.fromOpaque(userdata).takeUnretainedValue().libraryLog(
                level, String(cString: text))
        }
        mosquitto_message_callback_set(handle) { _, userdata, message in
            guard let userdata, let message else { return }
            Unmanaged<MosquittoSession>.fromOpaque(userdata).takeUnretainedValue().didReceive(message.pointee)
        }
    }

    /// After each connect and each Home Assistant birth: `online`, the discovery configs, a state.
    fileprivate func announce() {
        send(
            MQTTMessage(
                topic: topics.availability, text: MQTTPayloads.online, qos: 1, retain: true, kind: .availability))
        if configuration.discovery {
            for message in discovery.messages { send(message) }
        }
        state.wantCurrentState()
    }

    fileprivate func didConnect(_ code: Int32) {
        guard code == 0 else {
            logger.log(
                .error, every: .seconds(300), key: "refused",
                "\(configuration.broker) refused the connection: \(String(cString: mosquitto_connack_string(code)))")
            return
        }
        accepted = true
        backoff.reset()
        state.setConnected(true)
        logger.notice("connected to \(configuration.broker) as \(configuration.clientID); publishing to \(topics.base)")
        if configuration.discovery {
            _ = mosquitto_subscribe(handle, nil, topics.homeAssistantStatus, 1)
        }
        announce()
    }

    /// A QoS 0 message written, or a QoS 1 message acknowledged.
    fileprivate func didPublish(_ messageID: Int32) {
        if messageID == pendingAcknowledgement { pendingAcknowledgement = nil }
    }

    fileprivate func didDisconnect(_ code: Int32) {
        // `accepted` stays as it was until the loop sees the socket gone (connectionEnded counts by it).
        let wasAccepted = accepted
        state.setConnected(false)
        if stopping { return }
        let reason = MosquittoLibrary.describe(code)
        if wasAccepted {
            logger.log(
                .warning, every: .seconds(60), key: "lost", "lost the connection to \(configuration.broker): \(reason)")
        } else {
            logger.log(
                .warning, every: .seconds(300), key: "connect", "cannot connect to \(configuration.broker): \(reason)")
        }
    }

    /// libmosquitto's own errors and warnings say what a result code cannot (e.g. OpenSSL's "certificate
    /// verify failed"); its notices and debug lines are left out.
    fileprivate func libraryLog(_ level: Int32, _ text: String) {
        guard level & (MOSQ_LOG_ERR | MOSQ_LOG_WARNING) != 0 else { return }
        logger.log(.warning, every: .seconds(300), key: "libmosquitto \(text.prefix(40))", "libmosquitto: \(text)")
    }

    fileprivate func didReceive(_ message: mosquitto_message) {
        guard let topic = message.topic.map({ String(cString: $0) }), topic == topics.homeAssistantStatus else {
            return
        }
        let payload =
            message.payload.map {
                String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(message.payloadlen)), as: UTF8.self)
            } ?? ""
        // A retained birth message arrives right after subscribing, when the configs have just been sent.
        guard payload == MQTTPayloads.online, !message.retain else { return }
        logger.info("Home Assistant came online; re-sending discovery")
        announce()
    }
}
