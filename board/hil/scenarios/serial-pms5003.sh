# The serial path the station will read its sensor through, without the station: the host writes PMS5003
# frames into the VM's second UART (ttyS1, the kernel's 8250 driver on an emulated 16550A); a reader inside,
# with the termios a sensor port needs (raw, 8N1, no XON/XOFF), gets every byte intact, including the bytes a
# cooked tty eats. A negative control with IXON on shows that the check can fail (0x11/0x13 vanish), and the
# reverse direction carries the station's commands to the sensor.
DESCRIPTION="host → ttyS1: PMS5003 frames intact under raw termios (IXON control eats 0x11/0x13); ttyS1 → host"
GPIO_BANK=none

FRAMES=board/hil/fixtures/pms5003-frames.hex
XON_XOFF_FRAME=board/hil/fixtures/pms5003-xon-xoff.hex
# The station's "passive mode" and "passive read" commands (sensors.md): what it would write to the sensor.
COMMANDS="424de100000170 424de200000171"

guest() {
    port=/dev/ttyS1
    hil_check "$port is a 16550A on the 8250 driver" sh -c "grep -q '^1: uart:16550A' /proc/tty/driver/serial"
    hil_hex_to_bytes "$HIL_ROOT/$FRAMES" "$HIL_ROOT/$XON_XOFF_FRAME" > /tmp/expected.bin
    size=$(wc -c < /tmp/expected.bin)
    hil_check "the fixtures hold 12 frames of 32 bytes" test "$size" = 384

    # Open once and keep it open, as the station does: the 8250 driver clears the UART's FIFO on open, and
    # bytes that arrive while the port is closed are lost.
    exec 3<> "$port"

    # 1. Raw, as a sensor port must be: every byte arrives.
    stty -F "$port" 9600 raw -echo -ixon -ixoff -crtscts clocal cs8 -parenb -cstopb
    timeout 30 dd <&3 of=/tmp/received.bin bs=1 count="$size" 2> /dev/null &
    reader=$!
    hil_signal raw-ready
    wait "$reader" || hil_fail "raw: read $(wc -c < /tmp/received.bin) of $size bytes within 30 s"
    cmp -s /tmp/expected.bin /tmp/received.bin ||
        hil_fail "raw: bytes differ: sent $(hil_hex /tmp/expected.bin) received $(hil_hex /tmp/received.bin)"
    hil_log "ok: $size bytes ($((size / 32)) frames) arrived intact with raw termios"

    # 2. Negative control: with IXON the tty consumes XON/XOFF, so the same frame arrives short.
    hil_hex_to_bytes "$HIL_ROOT/$XON_XOFF_FRAME" | tr -d '\021\023' > /tmp/expected-ixon.bin
    short=$(wc -c < /tmp/expected-ixon.bin)
    hil_check "the XON/XOFF frame has 0x11/0x13 bytes to lose" test "$short" = 28
    stty -F "$port" ixon
    timeout 30 dd <&3 of=/tmp/received-ixon.bin bs=1 count="$short" 2> /dev/null &
    reader=$!
    hil_signal ixon-ready
    wait "$reader" || hil_fail "ixon: read $(wc -c < /tmp/received-ixon.bin) of $short bytes within 30 s"
    cmp -s /tmp/expected-ixon.bin /tmp/received-ixon.bin ||
        hil_fail "ixon: expected the frame without 0x11/0x13 ($(hil_hex /tmp/expected-ixon.bin))," \
            "got $(hil_hex /tmp/received-ixon.bin)"
    hil_log "ok: with IXON the 32-byte frame arrives as $short bytes (0x11/0x13 eaten): raw termios matters"
    # Nothing else may be pending: the tty ate the bytes, they were not just late.
    extra=$(timeout 1 dd <&3 bs=1 count=1 2> /dev/null | wc -c)
    hil_expect_eq "no bytes left over after the IXON frame" "$extra" 0

    # 3. The other direction: commands to the sensor.
    stty -F "$port" -ixon
    hil_wait_host reader-ready 30
    for command in $COMMANDS; do
        echo "$command" | tr a-f A-F | basenc --base16 -d >&3
    done
    hil_wait_host commands-checked 30
    grep '^1:' /proc/tty/driver/serial | sed 's/^/8250 counters: /'
}

host() {
    hil_uart_pty "$HIL_RUN/ttyS1"
    # One descriptor held open for the whole exchange: when the last user of a pty's slave closes it, socat
    # sees a hang-up and ends.
    exec 3<> "$HIL_RUN/ttyS1"

    hil_wait_guest raw-ready 60
    hil_hex_to_bytes "$HIL_ROOT/$FRAMES" "$HIL_ROOT/$XON_XOFF_FRAME" >&3
    hil_log "sent the frames"

    hil_wait_guest ixon-ready 60
    hil_hex_to_bytes "$HIL_ROOT/$XON_XOFF_FRAME" >&3
    hil_log "sent the XON/XOFF frame"

    for command in $COMMANDS; do echo "$command"; done | hil_hex_to_bytes /dev/stdin > "$HIL_RUN/commands.bin"
    size=$(wc -c < "$HIL_RUN/commands.bin")
    timeout 30 dd bs=1 count="$size" of="$HIL_RUN/received.bin" <&3 2> /dev/null &
    reader=$!
    hil_signal_guest reader-ready
    wait "$reader" || hil_fail "read $(wc -c < "$HIL_RUN/received.bin") of $size command bytes from ttyS1 within 30 s"
    cmp -s "$HIL_RUN/commands.bin" "$HIL_RUN/received.bin" ||
        hil_fail "commands differ: sent $(hil_hex "$HIL_RUN/commands.bin") received $(hil_hex "$HIL_RUN/received.bin")"
    hil_log "ok: the guest's $size command bytes arrived intact"
    hil_signal_guest commands-checked
}
