"""FCM for tests (HTTP v1), on loopback: the OAuth 2.0 token address checks the service
account's RS256 assertion (RFC 7523) with the account's public key and hands out an access
token; `POST /v1/projects/<id>/messages:send` checks that token and the message. How a
registration token answers is set per token: "ok", or "unregistered" (404 UNREGISTERED)."""
import json
import threading
import time
import urllib.parse
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding

from fake_web_push import unb64url


class FakeFCM:
    def __init__(self, public_key, project_id, client_email):
        self.public_key, self.project_id, self.client_email = public_key, project_id, client_email
        self.behaviours = {}
        self.access_tokens = set()
        self.tokens_issued = 0
        self.received = []
        self.refused = []
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                status, answer = fake.handle(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                data = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self):
        return "http://127.0.0.1:%d" % self.server.server_address[1]

    @property
    def token_uri(self):
        return self.url + "/token"

    def handle(self, path, headers, body):
        if path == "/token":
            return self.issue(body)
        if path != "/v1/projects/%s/messages:send" % self.project_id:
            return 404, {"error": {"status": "NOT_FOUND"}}
        if headers.get("authorization", "")[len("Bearer "):] not in self.access_tokens:
            return 401, {"error": {"status": "UNAUTHENTICATED"}}
        try:
            message = json.loads(body)["message"]
            token = message["token"]
            if not message["notification"]["title"] or not message["notification"]["body"]:
                raise ValueError("no notification title and body")
            if not message["android"]["collapse_key"]:
                raise ValueError("no collapse key")
        except (ValueError, KeyError) as error:
            with self.lock:
                self.refused.append(str(error))
            return 400, {"error": {"status": "INVALID_ARGUMENT"}}
        if self.behaviours.get(token) == "unregistered":
            return 404, {"error": {"status": "NOT_FOUND", "details": [
                {"@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": "UNREGISTERED"}]}}
        with self.lock:
            self.received.append((token, message))
        return 200, {"name": "projects/%s/messages/%s" % (self.project_id, uuid.uuid4().hex)}

    def issue(self, body):
        form = urllib.parse.parse_qs(body.decode())
        try:
            if form["grant_type"] != ["urn:ietf:params:oauth:grant-type:jwt-bearer"]:
                raise ValueError("grant_type %r" % form["grant_type"])
            head, claims, signature = form["assertion"][0].split(".")
            if json.loads(unb64url(head)).get("alg") != "RS256":
                raise ValueError("not RS256")
            self.public_key.verify(unb64url(signature), (head + "." + claims).encode(), padding.PKCS1v15(), hashes.SHA256())
            claims = json.loads(unb64url(claims))
            now = time.time()
            if claims["iss"] != self.client_email or claims["aud"] != self.token_uri \
                    or "firebase.messaging" not in claims["scope"] or not claims["iat"] - 300 <= now <= claims["exp"]:
                raise ValueError("claims %r" % claims)
        except (ValueError, KeyError, InvalidSignature) as error:
            with self.lock:
                self.refused.append("token: %s" % (error or "bad signature"))
            return 400, {"error": "invalid_grant"}
        token = "ya29." + uuid.uuid4().hex
        with self.lock:
            self.access_tokens.add(token)
            self.tokens_issued += 1
        return 200, {"access_token": token, "expires_in": 3599, "token_type": "Bearer"}

    def close(self):
        self.server.shutdown()
