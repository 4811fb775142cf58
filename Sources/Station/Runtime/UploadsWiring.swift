import Clocks
import Diagnostics
import HTTPClient
import Lifecycle
import StationSnapshot
import Uploads

/// The community uploaders of the configuration as services, on an HTTP client of their own (a hung upload
/// never delays an Open-Meteo refresh). Each reports its ``Uploads/UploadStatus`` to the pipeline, which
/// shows it under `uploads` in `/api/v1/current` and as `breeze_upload_*` in `/metrics`.
struct UploadsWiring {
    let configuration: StationConfiguration
    let environment: StationEnvironment
    let pipeline: StationPipeline
    let publisher: StationPublisher
    let snapshots: SnapshotBroadcast
    /// The history, whose outbox holds the minutes openSenseMap has not accepted.
    let store: StoreService
    let logger: Logger

    /// Timeouts of one upload: a push is small; an answer that takes longer is as good as none.
    static let httpOptions = HTTPClientOptions(connectTimeout: .seconds(10), timeout: .seconds(20))

    /// The services, and the libcurl client to shut down at the end (nil when none was made).
    func services() -> (services: [any Service], client: CurlHTTPClient?) {
        guard configuration.sensorCommunity != nil || configuration.openSenseMap != nil else { return ([], nil) }
        var curl: CurlHTTPClient?
        let transport: any HTTPTransport
        if let given = environment.uploadTransport {
            transport = given
        } else {
            do {
                let client = try CurlHTTPClient(options: Self.httpOptions)
                curl = client
                transport = client
            } catch {
                logger.error("uploads are off: cannot start the HTTP client: \(error)")
                return ([], nil)
            }
        }
        let pipeline = self.pipeline
        let publisher = self.publisher
        let snapshots = self.snapshots
        let onStatus: @Sendable (UploadStatus) -> Void = { status in
            pipeline.update { $0.uploads[status.service] = status }
            publisher.refresh()
        }
        var services: [any Service] = []
        if let sensorCommunity = configuration.sensorCommunity {
            // Shown as enabled from the first snapshot on, before the service has run.
            pipeline.update { $0.uploads[SensorCommunityUploader.service] = UploadStatus(service: SensorCommunityUploader.service) }
            services.append(SensorCommunityUploader(
                configuration: sensorCommunity, transport: transport, clock: environment.clock,
                logger: logger.child(SensorCommunityUploader.service), subscribe: { snapshots.subscribe() },
                onStatus: onStatus))
        }
        if let openSenseMap = configuration.openSenseMap, let uploader = openSenseMapUploader(openSenseMap, transport, onStatus) {
            services.append(uploader)
        }
        return (services, curl)
    }

    /// The openSenseMap uploader over the store's outbox. A token file it cannot use is logged as an error and
    /// the station runs on without openSenseMap (the minutes still go to the outbox, and go out once a
    /// restart can read the file); `breeze-station doctor` checks the file as the service's user.
    private func openSenseMapUploader(
        _ settings: OpenSenseMapConfiguration, _ transport: any HTTPTransport,
        _ onStatus: @escaping @Sendable (UploadStatus) -> Void
    ) -> OpenSenseMapUploader? {
        let logger = self.logger.child(OpenSenseMapUploader.outboxName)
        var token: OpenSenseMapToken?
        if let path = settings.tokenFile {
            do {
                token = try OpenSenseMapToken.load(path: path)
            } catch {
                logger.error("openSenseMap is off: \(error)")
                return nil
            }
            if token?.fileIsWorldReadable == true {
                logger.warning("\(path) (opensensemap.token_file) can be read by every user; chmod o-r it")
            }
        }
        // Shown as enabled from the first snapshot on, before the service has run.
        pipeline.update { $0.uploads[OpenSenseMapUploader.outboxName] = UploadStatus(service: OpenSenseMapUploader.outboxName) }
        return OpenSenseMapUploader(
            configuration: settings, token: token,
            outbox: StoreOutbox(store: store, service: OpenSenseMapUploader.outboxName), transport: transport,
            clock: environment.clock, logger: logger, onStatus: onStatus)
    }
}
