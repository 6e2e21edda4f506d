"""APNs for tests: HTTP/2 with prior knowledge on loopback (the `h2` library), checking each
request as Apple does: `POST /3/device/<token>`, an ES256 provider token whose `kid` and `iss`
are the key's and team's and whose signature verifies with the .p8 key's public half, the
bundle id as `apns-topic`, `apns-push-type: alert`, and an alert payload.

How a token answers is set per token: "ok" (200), "unregistered" (410 Unregistered), or
"bad" (400 BadDeviceToken)."""
import json
import socket
import threading
import time

import h2.config
import h2.connection
import h2.events
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, utils

from fake_web_push import unb64url


class FakeAPNs:
    def __init__(self, public_key, key_id, team_id, topic):
        self.public_key, self.key_id, self.team_id, self.topic = public_key, key_id, team_id, topic
        self.behaviours = {}
        self.received = []   # (token, payload, headers)
        self.refused = []
        self.lock = threading.Lock()
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.running = True
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self):
        return "http://127.0.0.1:%d" % self.listener.getsockname()[1]

    def _accept(self):
        while self.running:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, sock):
        connection = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=False))
        connection.initiate_connection()
        sock.sendall(connection.data_to_send())
        streams = {}
        try:
            while True:
                data = sock.recv(65535)
                if not data:
                    return
                for event in connection.receive_data(data):
                    if isinstance(event, h2.events.RequestReceived):
                        streams[event.stream_id] = ({k.decode() if isinstance(k, bytes) else k:
                                                     v.decode() if isinstance(v, bytes) else v for k, v in event.headers}, b"")
                    elif isinstance(event, h2.events.DataReceived):
                        headers, body = streams[event.stream_id]
                        streams[event.stream_id] = (headers, body + event.data)
                        connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                    elif isinstance(event, h2.events.StreamEnded):
                        headers, body = streams.pop(event.stream_id)
                        status, answer = self.handle(headers, body)
                        response = json.dumps(answer).encode() if answer else b""
                        connection.send_headers(event.stream_id, [(":status", str(status)),
                                                                  ("content-length", str(len(response)))],
                                                end_stream=not response)
                        if response:
                            connection.send_data(event.stream_id, response, end_stream=True)
                sock.sendall(connection.data_to_send())
        except (OSError, KeyError):
            return
        finally:
            sock.close()

    def handle(self, headers, body):
        path = headers.get(":path", "")
        token = path.rsplit("/", 1)[-1]
        try:
            if headers.get(":method") != "POST" or not path.startswith("/3/device/"):
                raise ValueError("not a device request: %s %s" % (headers.get(":method"), path))
            self.check_provider_token(headers.get("authorization", ""))
            if headers.get("apns-topic") != self.topic:
                raise ValueError("apns-topic %r" % headers.get("apns-topic"))
            if headers.get("apns-push-type") != "alert":
                raise ValueError("apns-push-type %r" % headers.get("apns-push-type"))
            if not headers.get("apns-collapse-id") or len(headers["apns-collapse-id"].encode()) > 64:
                raise ValueError("apns-collapse-id %r" % headers.get("apns-collapse-id"))
            payload = json.loads(body)
            alert = payload["aps"]["alert"]
            if not alert.get("title") or not alert.get("body"):
                raise ValueError("no alert title and body")
        except (ValueError, KeyError) as error:
            with self.lock:
                self.refused.append((token, str(error)))
            return 403, {"reason": "InvalidProviderToken"}
        behaviour = self.behaviours.get(token, "ok")
        if behaviour == "unregistered":
            return 410, {"reason": "Unregistered", "timestamp": int(time.time() * 1000)}
        if behaviour == "bad":
            return 400, {"reason": "BadDeviceToken"}
        with self.lock:
            self.received.append((token, payload, headers))
        return 200, None

    def check_provider_token(self, authorization):
        if not authorization.startswith("bearer "):
            raise ValueError("no provider token")
        head, claims, signature = authorization[len("bearer "):].split(".")
        header = json.loads(unb64url(head))
        if header != {"alg": "ES256", "kid": self.key_id}:
            raise ValueError("JWT header %r" % header)
        claims = json.loads(unb64url(claims))
        if claims.get("iss") != self.team_id or abs(claims.get("iat", 0) - time.time()) > 3600:
            raise ValueError("JWT claims %r" % claims)
        raw = unb64url(signature)
        der = utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        try:
            self.public_key.verify(der, (head + "." + authorization.split(".")[1]).encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            raise ValueError("the provider token's signature does not verify")

    def close(self):
        self.running = False
        self.listener.close()
