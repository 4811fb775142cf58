#!/usr/bin/env python3
"""Runs breeze-station's commands under the constraints systemd/breeze-station.service puts on the daemon,
on a machine where systemd is not PID 1 (CI containers) and so `systemd-run` cannot apply them:

- MemoryDenyWriteExecute=yes: every command runs with the kernel's own W^X switch on (prctl PR_SET_MDWE
  through mdwe-exec; Linux 6.3+), so any writable+executable mapping fails as it would under the unit, and
  the strace log is searched for an attempt at one;
- SystemCallFilter=@system-service ~@privileged @resources: every system call the commands make (strace -f)
  must be in the set systemd-analyze expands for those lines;
- RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6: every socket() family used must be one of them;
- ProcSubset=pid: nothing under /proc but the processes' own entries is opened.

Usage: check-sandbox.py BINARY MDWE_EXEC UNIT_FILE

Prints one PASS/FAIL/PEND line per workload and per rule; exits 1 on any FAIL. The workloads cover what the
daemon is made of (HTTP server threads, libcurl, pseudo-terminals and termios, LED render thread, GPIO chip
listing, file I/O); `run` itself is added as soon as the binary has it (PEND until then).
"""
import http.server
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

BINARY, MDWE, UNIT = sys.argv[1:4]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = tempfile.mkdtemp(prefix="breeze-sandbox-")
failures = []


def report(status, name, detail=""):
    print(f"{status:5} {name:28} {detail}".rstrip(), flush=True)
    if status == "FAIL":
        failures.append(name)


# ---- What the unit allows -------------------------------------------------------------------------------

def unit_values(key):
    values = []
    for line in open(UNIT, encoding="utf-8"):
        line = line.strip()
        if line.startswith(key + "="):
            values.append(line[len(key) + 1:])
    return values


def syscall_groups():
    """`systemd-analyze syscall-filter` without arguments: every group and its members."""
    text = subprocess.run(["systemd-analyze", "syscall-filter"], capture_output=True, text=True, check=True).stdout
    groups, current = {}, None
    for line in text.splitlines():
        if line.startswith("@"):
            current = line.strip()
            groups[current] = []
        elif current and line.strip() and not line.strip().startswith("#"):
            groups[current].append(line.strip())
    return groups


def expand(names, groups, seen=None):
    seen = set() if seen is None else seen
    result = set()
    for name in names:
        if name.startswith("@"):
            if name in seen:
                continue
            seen.add(name)
            result |= expand(groups.get(name, []), groups, seen)
        else:
            result.add(name)
    return result


def allowed_syscalls():
    groups = syscall_groups()
    allowed = set()
    for value in unit_values("SystemCallFilter"):
        negate = value.startswith("~")
        names = value.lstrip("~").split()
        if negate:
            allowed -= expand(names, groups)
        else:
            allowed |= expand(names, groups)
    return allowed


ALLOWED = allowed_syscalls()
# Calls the filter denies on purpose, and why the denial is harmless. They then fail with the unit's
# SystemCallErrorNumber=EPERM instead of killing the process (seccomp's default action), so that line must be
# there.
EXPECTED_DENIALS = {
    # libdispatch (Swift's Dispatch, used by the Swift runtime) sets each worker thread's nice value from its
    # QoS class. Unprivileged, lowering it fails anyway (EACCES, measured: setpriority(-4) as nobody) and the
    # result is ignored; under the unit the call gets EPERM the same way. @resources stays denied.
    "setpriority": "libdispatch's per-thread QoS nice value; the result is ignored",
}
# Calls the commands make only because this check runs them as root, which the unit never does (User=): the
# check asserts that, and leaves them out.
ROOT_ONLY_CALLS = {
    # SQLite's unix VFS hands a journal or WAL file it creates to the database file's owner, only when
    # geteuid() == 0 (robustFchown). As user breeze-station it never calls fchown.
    "fchown": "SQLite, as root only",
}
FAMILIES = set(" ".join(unit_values("RestrictAddressFamilies")).split())

# ---- Tracing --------------------------------------------------------------------------------------------

CALL = re.compile(r"^\d+\s+(?:<\.\.\. )?([a-z_0-9]+)(?:\(| resumed>)")
SOCKET = re.compile(r"^\d+\s+socket\((AF_[A-Z0-9]+)")
WX = re.compile(r"^\d+\s+(mmap|mprotect|pkey_mprotect)\(.*PROT_WRITE\|PROT_EXEC|^\d+\s+(mmap|mprotect|pkey_mprotect)\(.*PROT_EXEC\|PROT_WRITE")
# ProcSubset=pid: only /proc/<pid>, /proc/self and /proc/thread-self are visible.
PROC_PATH = re.compile(r'^\d+\s+(?:openat\(AT_FDCWD, |open\(|newfstatat\(AT_FDCWD, |stat\(|access\(|readlink\()"(/proc/[^"]*)"')
used_calls, used_families, wx_attempts, proc_paths = {}, {}, [], {}


def traced(name, arguments):
    """The command line that runs BINARY with `arguments` under MDWE and strace, logging to a per-workload file."""
    log = os.path.join(WORK, f"{name}.{len(os.listdir(WORK))}.strace")
    return log, [MDWE, "strace", "-f", "-qq", "-o", log, BINARY] + arguments


def collect(name, log):
    for line in open(log, encoding="utf-8", errors="replace"):
        match = CALL.match(line)
        if match and match.group(1) not in ("exited", "killed"):
            used_calls.setdefault(match.group(1), name)
        match = SOCKET.match(line)
        if match:
            used_families.setdefault(match.group(1), name)
        if WX.search(line):
            wx_attempts.append(f"{name}: {line.strip()[:160]}")
        match = PROC_PATH.match(line)
        # doctor runs as an admin command, never under the unit: /proc/cmdline and the device tree are its job.
        if match and name != "doctor":
            first = match.group(1).split("/")[2] if match.group(1).count("/") >= 2 else ""
            if not (first.isdigit() or first in ("self", "thread-self")):
                proc_paths.setdefault(match.group(1), name)


def run(name, arguments, expect_status=0, check=None, timeout=60):
    log, command = traced(name, arguments)
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    collect(name, log)
    problem = None
    expected = expect_status if isinstance(expect_status, tuple) else (expect_status,)
    if result.returncode not in expected:
        problem = f"exit {result.returncode}, expected {expect_status}: {result.stderr.strip()[-300:]}"
    elif check:
        problem = check(result)
    report("FAIL" if problem else "PASS", name, problem or "")
    return result


def start(name, arguments):
    log, command = traced(name, arguments)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return process, log


def traced_child(process):
    """The traced program's pid: strace's child (a signal to strace itself would only detach it)."""
    try:
        with open(f"/proc/{process.pid}/task/{process.pid}/children", encoding="utf-8") as file:
            children = file.read().split()
    except OSError:
        children = []
    return int(children[0]) if children else None


def kill(process):
    """Kills the traced program and strace (killing strace alone would leave the program running)."""
    child = traced_child(process)
    if child is not None:
        try:
            os.kill(child, signal.SIGKILL)
        except ProcessLookupError:
            pass
    process.kill()
    process.communicate()


def stop(name, process, log, expect_status=0):
    child = traced_child(process)
    if child is None:
        kill(process)
        collect(name, log)
        report("FAIL", name, "exited before SIGTERM")
        return
    os.kill(child, signal.SIGTERM)
    # strace slows every call down, and CI machines are busy: the daemon's own 2 s budget is checked by its
    # tests; here only a hang fails.
    try:
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        threads = os.listdir(f"/proc/{child}/task") if os.path.exists(f"/proc/{child}/task") else []
        kill(process)
        collect(name, log)
        tail = open(log, encoding="utf-8", errors="replace").readlines()[-12:]
        report("FAIL", name, f"did not stop within 30 s of SIGTERM ({len(threads)} threads left); last calls:\n"
               + "".join("      " + line for line in tail))
        return
    collect(name, log)
    if process.returncode != expect_status:
        report("FAIL", name, f"exit {process.returncode} after SIGTERM: {err.strip()[-300:]}")
    else:
        report("PASS", name)


def wait_for(predicate, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    return None


def has_command(word):
    result = subprocess.run([BINARY, "--help"], capture_output=True, text=True)
    return any(line.split()[:1] == [word] for line in result.stdout.splitlines())


# ---- Workloads ------------------------------------------------------------------------------------------

def workload_commands():
    run("version", ["version"], check=lambda r: None if r.stdout.startswith("breeze-station ") else "no version")
    run("aqi", ["aqi", "pm2_5", "9.1"], check=lambda r: None if json.loads(r.stdout)["aqi"] == 51 else "wrong AQI")
    run("doctor", ["doctor", "--json", "--config", os.path.join(WORK, "missing.json")], expect_status=1,
        check=lambda r: None if json.loads(r.stdout)["problems"] >= 1 else "no problem found")
    run("leds-test-terminal", ["leds", "test", "--step", "0.05"])
    # Exit 1 on a machine without GPIO chips ("no GPIO chips in /dev"); the listing code runs either way.
    run("leds-chips", ["leds", "chips"], expect_status=(0, 1))


def workload_serve():
    snapshot = os.path.join(ROOT, "Tests/StationEndpointTests/Fixtures/snapshot.json")
    process, log = start("serve", ["serve", "--snapshot", snapshot, "--listen", "127.0.0.1:0"])
    line = wait_for(lambda: process.stdout.readline(), 15) or ""
    address = line.strip().removeprefix("listening on ")
    try:
        for path in ["/api/v1/current", "/metrics", "/", "/openapi.json", "/api/v1/history"]:
            try:
                urllib.request.urlopen(f"http://{address}{path}", timeout=5).read()
            except urllib.error.HTTPError:
                pass  # a 404/503 is an answer too
    except Exception as error:  # noqa: BLE001 - reported as the workload's failure
        report("FAIL", "serve", f"no HTTP answer from '{address}': {error}")
        kill(process)
        collect("serve", log)
        return
    stop("serve", process, log)


class FakeGeocoding(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 - http.server's name
        body = json.dumps({"results": [{"name": "Berlin", "latitude": 52.52437, "longitude": 13.41053,
                                        "country": "Germany", "country_code": "DE"}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


def workload_locate():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeGeocoding)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    config = os.path.join(WORK, "locate.json")
    with open(config, "w", encoding="utf-8") as file:
        # "localhost" so the resolver (getaddrinfo, /etc/hosts) is part of the trace, as for Open-Meteo.
        json.dump({"openmeteo": {"geocoding_url": f"http://localhost:{server.server_port}/v1/search"}}, file)
    run("locate (libcurl)", ["locate", "Berlin", "--config", config],
        check=lambda r: None if "Berlin" in r.stdout else "no candidate printed")
    server.shutdown()


def workload_serial():
    link = os.path.join(WORK, "pms")
    emulator, log = start("emulate (pty)", ["emulate", "--sensor", "pms5003", "--scenario", "steady", "--link", link])
    if not wait_for(lambda: os.path.exists(link), 15):
        report("FAIL", "emulate (pty)", "no link to the emulator's pty")
        kill(emulator)
        return
    run("probe (termios)", ["probe", "--serial", link], check=lambda r: None if "pms5003" in r.stdout else "no sensor")
    stop("emulate (pty)", emulator, log)
    return link


def free_port():
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def workload_mqtt():
    broker_binary = next((p for p in ("/usr/sbin/mosquitto", "/usr/bin/mosquitto") if os.path.exists(p)), None)
    if broker_binary is None or not has_command("mqtt-publish"):
        report("PEND", "mqtt-publish (libmosquitto)", "needs mosquitto (apt-get install mosquitto) and mqtt-publish")
        return
    port = free_port()
    broker_config = os.path.join(WORK, "mosquitto.conf")
    with open(broker_config, "w", encoding="utf-8") as file:
        file.write(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
    broker = subprocess.Popen([broker_binary, "-c", broker_config], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        config = os.path.join(WORK, "mqtt.json")
        with open(config, "w", encoding="utf-8") as file:
            json.dump({"station": {"name": "sandbox"},
                       "mqtt": {"url": f"mqtt://localhost:{port}", "interval_s": 5}}, file)
        snapshot = os.path.join(ROOT, "Tests/StationEndpointTests/Fixtures/snapshot.json")
        process, log = start("mqtt-publish (libmosquitto)", ["mqtt-publish", "--config", config, "--snapshot", snapshot])
        time.sleep(4)
        stop("mqtt-publish (libmosquitto)", process, log)
    finally:
        broker.terminate()
        broker.wait(timeout=10)


def workload_run():
    if not has_command("run"):
        report("PEND", "run (the daemon)", "breeze-station run is not built yet; its calls join this check when it is")
        return
    link = os.path.join(WORK, "run-sensor")
    emulator, emulator_log = start("emulate for run", ["emulate", "--sensor", "pms5003", "--scenario", "steady",
                                                       "--link", link])
    wait_for(lambda: os.path.exists(link), 15)
    config = os.path.join(WORK, "run.json")
    state = os.path.join(WORK, "state")
    os.makedirs(state, exist_ok=True)
    with open(config, "w", encoding="utf-8") as file:
        json.dump({"station": {"name": "sandbox"},
                   "sensor": {"model": "pms5003", "serial": {"path": link}, "interval_s": 1},
                   "http": {"listen": "127.0.0.1:0"}, "openmeteo": {"enabled": False},
                   "storage": {"path": os.path.join(state, "history.db")}, "log": {"level": "debug"}}, file)
    process, log = start("run (the daemon)", ["run", "--config", config])
    time.sleep(8)
    if process.poll() is not None:
        _, err = process.communicate()
        collect("run (the daemon)", log)
        report("FAIL", "run (the daemon)", f"exited {process.returncode} early: {err.strip()[-300:]}")
    else:
        stop("run (the daemon)", process, log)
    stop("emulate for run", emulator, emulator_log)


def workload_dnssd():
    """`run` announcing itself through a real avahi-daemon: libavahi-client over D-Bus (a private bus given as
    DBUS_SYSTEM_BUS_ADDRESS; avahi-daemon in its own network and mount namespace, as the DNS-SD test does)."""
    tools = ("/usr/bin/dbus-daemon", "/usr/sbin/avahi-daemon", "/usr/bin/avahi-browse", "/usr/bin/unshare")
    if not all(os.path.exists(tool) for tool in tools) or os.geteuid() != 0 or not has_command("run"):
        report("PEND", "run + avahi (DNS-SD)", "needs root, dbus-daemon, avahi-daemon, avahi-utils and unshare")
        return
    directory = os.path.join(WORK, "avahi")
    os.makedirs(directory, exist_ok=True)
    address = f"unix:path={directory}/bus"
    with open(os.path.join(directory, "bus.conf"), "w", encoding="utf-8") as file:
        file.write(f"""<busconfig><type>system</type><listen>{address}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow user="*"/><allow own="*"/><allow send_destination="*"/><allow receive_sender="*"/></policy></busconfig>""")
    with open(os.path.join(directory, "avahi.conf"), "w", encoding="utf-8") as file:
        file.write("[server]\nhost-name=breeze-sandbox\nuse-ipv4=yes\nuse-ipv6=no\nallow-interfaces=lo\n"
                   "enable-dbus=yes\n[publish]\npublish-workstation=no\n")
    environment = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=address)
    bus = subprocess.Popen(["dbus-daemon", f"--config-file={directory}/bus.conf", "--nofork"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    avahi = None
    try:
        wait_for(lambda: os.path.exists(f"{directory}/bus"), 15)
        avahi = subprocess.Popen(
            ["unshare", "-n", "-m", "sh", "-c", "ip link set lo up && ip link set lo multicast on && "
             f"mount -t tmpfs tmpfs /run && exec avahi-daemon --no-drop-root --no-chroot -f {directory}/avahi.conf"],
            env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        config = os.path.join(WORK, "dnssd.json")
        with open(config, "w", encoding="utf-8") as file:
            json.dump({"station": {"name": "sandbox dnssd"}, "http": {"listen": "127.0.0.1:0"},
                       "openmeteo": {"enabled": False},
                       "storage": {"path": os.path.join(WORK, "dnssd-state", "history.db")}}, file)
        log, command = traced("run + avahi (DNS-SD)", ["run", "--config", config])
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)

        def browsed():
            result = subprocess.run(["avahi-browse", "-rptk", "_http._tcp"], capture_output=True, text=True,
                                    env=environment, timeout=30)
            return "sandbox\\032dnssd" in result.stdout
        found = wait_for(browsed, 30)
        if not found:
            report("FAIL", "run + avahi (DNS-SD)", "avahi-browse did not find the station")
        stop("run + avahi (DNS-SD)", process, log)
    finally:
        for child in (avahi, bus):
            if child is not None:
                child.terminate()
                child.wait(timeout=10)


# ---- Main -----------------------------------------------------------------------------------------------

def main():
    status = subprocess.run([MDWE, "--self-test"]).returncode
    if status == 125:
        report("FAIL", "mdwe", "this kernel has no PR_SET_MDWE (Linux < 6.3): MemoryDenyWriteExecute cannot be "
               "checked here")
        return 1
    if status != 0:
        report("FAIL", "mdwe", "the kernel allowed a W+X mapping under PR_SET_MDWE")
        return 1
    print(f"sandbox: {BINARY} under PR_SET_MDWE and strace; {len(ALLOWED)} system calls allowed by "
          f"SystemCallFilter, families {' '.join(sorted(FAMILIES))}")
    workload_commands()
    workload_serve()
    workload_locate()
    workload_serial()
    workload_mqtt()
    workload_run()
    workload_dnssd()

    user = (unit_values("User") or ["root"])[-1]
    root_only = {call: name for call, name in used_calls.items()
                 if call not in ALLOWED and call in ROOT_ONLY_CALLS and os.geteuid() == 0}
    if root_only and user in ("root", "0"):
        report("FAIL", "User", f"the unit runs as root, so {', '.join(sorted(root_only))} would be made and denied")
    elif root_only:
        report("PASS", "root-only calls", f"made here as root, never as User={user}: "
               + "; ".join(f"{call} ({ROOT_ONLY_CALLS[call]})" for call in sorted(root_only)))
    denied = {call: name for call, name in used_calls.items()
              if call not in ALLOWED and call not in EXPECTED_DENIALS and call not in root_only}
    soft = sorted(call for call in used_calls if call not in ALLOWED and call in EXPECTED_DENIALS)
    if soft and unit_values("SystemCallErrorNumber") != ["EPERM"]:
        report("FAIL", "SystemCallErrorNumber", f"{', '.join(soft)} would kill the station: the unit needs "
               "SystemCallErrorNumber=EPERM")
    elif soft:
        report("PASS", "SystemCallErrorNumber", "denied on purpose, failing with EPERM: "
               + "; ".join(f"{call} ({EXPECTED_DENIALS[call]})" for call in soft))
    if denied:
        report("FAIL", "SystemCallFilter", "outside the filter: " + ", ".join(f"{c} ({n})" for c, n in sorted(denied.items())))
    else:
        report("PASS", "SystemCallFilter", f"{len(used_calls)} distinct calls, all inside the filter")
    families = {family: name for family, name in used_families.items() if family not in FAMILIES}
    if families:
        report("FAIL", "RestrictAddressFamilies", ", ".join(f"{f} ({n})" for f, n in sorted(families.items())))
    else:
        report("PASS", "RestrictAddressFamilies", "families used: " + (" ".join(sorted(used_families)) or "none"))
    if proc_paths:
        report("FAIL", "ProcSubset", "hidden by ProcSubset=pid: " + ", ".join(f"{p} ({n})" for p, n in sorted(proc_paths.items())))
    else:
        report("PASS", "ProcSubset", "only /proc/<pid>, /proc/self entries read")
    if wx_attempts:
        report("FAIL", "MemoryDenyWriteExecute", "W+X mappings requested: " + "; ".join(wx_attempts[:3]))
    else:
        report("PASS", "MemoryDenyWriteExecute", "no writable+executable mapping requested; every command ran under PR_SET_MDWE")
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        subprocess.run(["rm", "-rf", WORK])
