import Foundation
import StationDoctor
import Testing

/// The unit file as data: what the doctor assumes about it holds, and the hardening set is all there
/// (reliability.md T1.3). `make check-unit` runs systemd's own checks on it.
@Suite struct ServiceUnitTests {
    /// `key → values` of the [Service] section (repeated keys accumulate).
    static let service: [String: [String]] = {
        let url = FakeMachine.repository.appendingPathComponent("systemd/breeze-station.service")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var section = ""
        var values: [String: [String]] = [:]
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("[") {
                section = line
                continue
            }
            guard section == "[Service]", let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals]), default: []].append(String(line[line.index(after: equals)...]))
        }
        return values
    }()

    func value(_ key: String) -> String? { Self.service[key]?.last }

    @Test func theDoctorsAssumptionsMatchTheUnit() {
        #expect(value("SupplementaryGroups")?.split(separator: " ").map(String.init) == StationService.supplementaryGroups)
        #expect(value("User") == StationService.user)
        #expect(value("StateDirectory").map { "/var/lib/\($0)" } == StationService.stateDirectory)
        #expect(value("ExecStart")?.hasSuffix("run --config \(StationService.configurationPath)") == true)
        let classes = (Self.service["DeviceAllow"] ?? []).map { $0.split(separator: " ")[0].dropFirst("char-".count) }
        #expect(classes.map(String.init) == StationService.allowedDeviceClasses)
        #expect((Self.service["DeviceAllow"] ?? []).allSatisfy { $0.hasSuffix(" rw") })
    }

    @Test func theDaemonContractIsInTheUnit() {
        #expect(value("Type") == "notify")
        #expect(value("ExecStart")?.hasPrefix("/usr/bin/breeze-station run ") == true)
        #expect(value("WatchdogSec") == "30s")
        #expect(value("Restart") == "on-failure")
        #expect(value("RestartPreventExitStatus") == "78")
        #expect(value("NotifyAccess") == "main")
    }

    @Test func theHardeningSetIsComplete() {
        let expected: [String: String] = [
            "User": "breeze-station", "Group": "breeze-station", "DevicePolicy": "closed", "CapabilityBoundingSet": "", "AmbientCapabilities": "",
            "NoNewPrivileges": "yes", "ProtectSystem": "strict", "ProtectHome": "yes", "PrivateTmp": "yes",
            "MemoryDenyWriteExecute": "yes", "RestrictAddressFamilies": "AF_UNIX AF_INET AF_INET6",
            "SystemCallArchitectures": "native", "LockPersonality": "yes", "RestrictNamespaces": "yes",
            "RestrictRealtime": "yes", "RestrictSUIDSGID": "yes", "ProtectKernelTunables": "yes",
            "ProtectKernelModules": "yes", "ProtectKernelLogs": "yes", "ProtectControlGroups": "yes",
            "ProtectClock": "yes", "ProtectHostname": "yes", "ProtectProc": "invisible", "ProcSubset": "pid",
            "UMask": "0077", "PrivateMounts": "yes",
        ]
        for (key, setting) in expected {
            #expect(value(key) == setting, "\(key)")
        }
        #expect(Self.service["SystemCallFilter"] == ["@system-service", "~@privileged @resources"])
        #expect(value("MemoryMax") != nil)
        #expect(value("TasksMax") != nil)
        #expect(value("StateDirectory") == "breeze-station")
        #expect(value("ConfigurationDirectory") == "breeze-station")
    }
}
