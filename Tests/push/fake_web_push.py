"""A Web Push service for tests (RFC 8030), on loopback: it reads each message as the
subscriber's browser would (RFC 8291 decryption with the subscription's private key) and checks
the store's VAPID authorization (RFC 8292: an ES256 JWT for this origin, valid at most 24 hours,
with a contact) before it accepts the message. Written with `cryptography`, independently of
the store's Swift code.

Each subscription is a path, /push/<name>; how it answers is set per name: "ok" (201), "gone"
(410, the subscription has expired), "busy-once" (429 with Retry-After: 1, then 201), or a
delay before answering ("slow": 0.3 s)."""
import base64
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Subscription:
    """What a browser keeps for one subscription: its P-256 key and auth secret."""

    def __init__(self, name, behaviour="ok"):
        self.name = name
        self.behaviour = behaviour
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = bytes(__import__("os").urandom(16))
        self.public_bytes = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.answered_busy = False

    def keys(self):
        return {"p256dh": b64url(self.public_bytes), "auth": b64url(self.auth)}

    def decrypt(self, body):
        salt, record_size, id_length = body[:16], int.from_bytes(body[16:20], "big"), body[20]
        sender_public = body[21:21 + id_length]
        sealed = body[21 + id_length:]
        if record_size < 18 or len(sealed) > record_size:
            raise ValueError("bad record size %d for %d bytes" % (record_size, len(sealed)))
        shared = self.private_key.exchange(
            ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender_public))
        ikm = HKDF(hashes.SHA256(), 32, salt=self.auth,
                   info=b"WebPush: info\x00" + self.public_bytes + sender_public).derive(shared)
        key = HKDF(hashes.SHA256(), 16, salt=salt, info=b"Content-Encoding: aes128gcm\x00").derive(ikm)
        nonce = HKDF(hashes.SHA256(), 12, salt=salt, info=b"Content-Encoding: nonce\x00").derive(ikm)
        padded = AESGCM(key).decrypt(nonce, sealed, None).rstrip(b"\x00")
        if not padded.endswith(b"\x02"):
            raise ValueError("no last-record delimiter")
        return padded[:-1]


def check_vapid(header, origin, now):
    """The claims of a valid `vapid t=…, k=…` for `origin`; raises ValueError otherwise."""
    if not header or not header.startswith("vapid "):
        raise ValueError("no vapid authorization: %r" % header)
    parts = dict(item.strip().split("=", 1) for item in header[len("vapid "):].split(","))
    token, key = parts["t"], parts["k"]
    head, claims, signature = token.split(".")
    if json.loads(unb64url(head)) != {"typ": "JWT", "alg": "ES256"}:
        raise ValueError("bad JWT header")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
    raw = unb64url(signature)
    if len(raw) != 64:
        raise ValueError("ES256 signature must be 64 bytes")
    der = utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, (head + "." + claims).encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise ValueError("the VAPID signature does not verify")
    claims = json.loads(unb64url(claims))
    if claims.get("aud") != origin:
        raise ValueError("aud %r is not %r" % (claims.get("aud"), origin))
    if not (now < claims["exp"] <= now + 86400 + 5):
        raise ValueError("exp %r is not within 24 hours" % claims["exp"])
    if not (claims.get("sub", "").startswith("mailto:") or claims.get("sub", "").startswith("https://")):
        raise ValueError("sub %r is no contact" % claims.get("sub"))
    return claims, key


class FakeWebPush:
    def __init__(self, vapid_public_key):
        self.vapid_public_key = vapid_public_key
        self.subscriptions = {}
        self.received = []      # (name, payload dict, headers dict) of accepted messages
        self.refused = []       # (name, reason)
        self.requests = 0
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                status, extra = fake.handle(self.path, dict(self.headers.items()), body)
                self.send_response(status)
                for name, value in extra.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def origin(self):
        return "http://127.0.0.1:%d" % self.server.server_address[1]

    def subscribe(self, name, behaviour="ok"):
        self.subscriptions[name] = Subscription(name, behaviour)
        return self.origin + "/push/" + name, self.subscriptions[name].keys()

    def handle(self, path, headers, body):
        with self.lock:
            self.requests += 1
        name = path.rsplit("/", 1)[-1]
        subscription = self.subscriptions.get(name)
        if subscription is None:
            return 404, {}
        headers = {key.lower(): value for key, value in headers.items()}
        try:
            _, key = check_vapid(headers.get("authorization"), self.origin, time.time())
            if key != self.vapid_public_key:
                raise ValueError("signed with another key than the store publishes")
            if headers.get("content-encoding") != "aes128gcm":
                raise ValueError("Content-Encoding %r" % headers.get("content-encoding"))
            if not headers.get("ttl", "").isdigit():
                raise ValueError("no TTL")
            topic = headers.get("topic", "")
            if not topic or len(topic) > 32:
                raise ValueError("bad Topic %r" % topic)
            payload = json.loads(subscription.decrypt(body))
        except (ValueError, KeyError) as error:
            with self.lock:
                self.refused.append((name, str(error)))
            return 400, {}
        if subscription.behaviour == "gone":
            return 410, {}
        if subscription.behaviour == "busy-once" and not subscription.answered_busy:
            subscription.answered_busy = True
            return 429, {"Retry-After": "1"}
        if subscription.behaviour == "slow":
            time.sleep(0.3)
        with self.lock:
            self.received.append((name, payload, headers))
        return 201, {"Location": self.origin + "/message/%d" % len(self.received)}

    def wait_for(self, count, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            with self.lock:
                if len(self.received) >= count:
                    return True
            time.sleep(0.1)
        return False

    def close(self):
        self.server.shutdown()
