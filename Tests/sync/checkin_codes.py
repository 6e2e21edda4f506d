"""Check-in codes as the store computes them (StewardCore's CheckInCode: TOTP over
HMAC-SHA256, 6 digits, a new code every 5 minutes), so a test can type the right code or one
that is certainly wrong."""
import hashlib
import hmac
import struct
import time

STEP = 300


def code(secret, counter):
    mac = hmac.new(bytes(secret), struct.pack(">Q", counter), hashlib.sha256).digest()
    offset = mac[-1] & 0x0F
    binary = struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF
    return "%06d" % (binary % 1_000_000)


def current(secret, now=None):
    return code(secret, int((now or time.time()) // STEP))


def wrong(secret, now=None):
    """A code that is none of the past day's, nor the next step's: refused as wrong, not expired."""
    counter = int((now or time.time()) // STEP)
    recent = {code(secret, c) for c in range(counter - 300, counter + 3)}
    return next("%06d" % n for n in range(1_000_000) if "%06d" % n not in recent)
