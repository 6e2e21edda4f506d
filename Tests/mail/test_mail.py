#!/usr/bin/env python3
"""E-mail that really sends: `stewardctl mail set/show/test/log` and `loans remind` against real
SMTP servers started here with aiosmtpd (PyPI), on loopback ports:

  plain      AUTH without TLS (this computer only): the test message and two overdue reminders
             arrive; each is read back with Python's email package: From with the organization's
             name, To, the UTF-8 subject decoded from its encoded-words, an English Date although
             the tools run under es_ES.UTF-8, a Message-ID at the sender's domain, text/plain
             UTF-8 quoted-printable, lines within 998 bytes, the body's accents intact
  refused    a recipient the server answers 550: the reminder fails with a message naming the
             address and the code (exit 1), the other borrower's is still sent; both logged
  password   a wrong password: "refused the user name or password", logged
  dropping   a server that drops the connection mid-DATA: "closed the connection", logged
  starttls   a server that requires STARTTLS, with a certificate from a CA made here: sent when
             the CA file is given, refused as not trusted without it
  smtps      implicit TLS from the first byte
  decisions  on the demo's city office, a decision (`approvals request-changes`, `approve`) is
             e-mailed to the submitter with what to change; `--no-mail` sends nothing
  bad input  an address that is not smtp(s), a From that is not an address: exit 2 naming the
             option, and the settings kept are unchanged; the password is never in the database
             nor in `mail show`

STEWARD_BIN_DIR names the built binaries (default .build/debug)."""

import email
import email.policy
import email.utils
import json
import logging
import os
import re
import socket
import sqlite3
import ssl
import subprocess
import sys
import tempfile
import time
import warnings
from datetime import date, timedelta

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword, syntax

# The servers' own logs (a refused handshake, a dropped session) are expected here.
logging.getLogger("mail.log").setLevel(logging.CRITICAL)
warnings.filterwarnings("ignore", message="Session.login_data is deprecated")

BIN = os.environ.get("STEWARD_BIN_DIR", ".build/debug")
# The compiled translations `make build` writes, for the Spanish message.
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "locale")
PASSWORD = "app-pässword 42"
USER = "office@biblioteca.example"
ORG_NAME = "Biblioteca San José"
REFUSED = "refused@example.org"
checks = 0


def fail(message):
    sys.exit("test_mail: FAILED: " + message)


def check(condition, message):
    global checks
    checks += 1
    if not condition:
        fail(message)


class Mailbox:
    """Keeps each message taken; refuses one recipient with 550, as a server does an unknown user."""

    def __init__(self):
        self.messages = []

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address == REFUSED:
            return "550 5.1.1 <refused@example.org>: Recipient address rejected: User unknown"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.messages.append({"from": envelope.mail_from, "to": list(envelope.rcpt_tos),
                              "data": envelope.original_content, "tls": session.ssl is not None})
        return "250 2.0.0 Ok: queued"


def authenticator(server, session, envelope, mechanism, auth_data):
    ok = isinstance(auth_data, LoginPassword) and auth_data.login == USER.encode() \
        and auth_data.password == PASSWORD.encode()
    # handled=False: aiosmtpd answers 535 itself (with its default, True, it would say nothing).
    return AuthResult(success=ok, handled=False)


class DroppingSMTP(SMTP):
    """Answers DATA with 354, reads the message's first line, and drops the connection."""

    @syntax("DATA")
    async def smtp_DATA(self, arg):
        await self.push("354 End data with <CR><LF>.<CR><LF>")
        await self._reader.readline()
        self.transport.abort()


class DroppingController(Controller):
    def factory(self):
        return DroppingSMTP(self.handler, **self.SMTP_kwargs)


class ImplicitTLSController(Controller):
    """smtps://: TLS from the first byte. The readiness probe speaks TLS too (it trusts anything:
    it only waits for the greeting)."""

    def _trigger_server(self):
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        with socket.create_connection((self.hostname, self.port), timeout=5) as raw:
            with context.wrap_socket(raw, server_hostname=self.hostname) as tls:
                tls.recv(1024)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(controller_class, handler, **kwargs):
    controller = controller_class(handler, hostname="127.0.0.1", port=free_port(), **kwargs)
    controller.start()
    return controller


def make_certificates(folder):
    """A CA made here and a certificate it signs for localhost and 127.0.0.1."""
    def openssl(*words):
        subprocess.run(["openssl", *words], check=True, capture_output=True)
    ca_key, ca, key, csr, cert, ext = (os.path.join(folder, n) for n in
                                       ("ca.key", "ca.pem", "server.key", "server.csr", "server.pem", "ext"))
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Steward mail test CA",
            "-keyout", ca_key, "-out", ca)
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", key, "-out", csr)
    with open(ext, "w") as f:
        f.write("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    openssl("x509", "-req", "-in", csr, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial", "-days", "2",
            "-extfile", ext, "-out", cert)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return ca, context


def parse(raw):
    return email.message_from_bytes(raw, policy=email.policy.default)


def main():
    with tempfile.TemporaryDirectory() as folder:
        # The tools run as a Spanish office's would (dates, numbers), with English messages to compare.
        env = dict(os.environ, LANG="es_ES.UTF-8", LC_ALL="es_ES.UTF-8", LANGUAGE="en", HOME=folder,
                   XDG_DATA_HOME=os.path.join(folder, "xdg"), STEWARD_CREDENTIALS="file")
        run(folder, env)
    print(f"test_mail: all {checks} checks passed")


def run(folder, env):
    db = os.path.join(folder, "console.sqlite")
    ctl_path = os.path.join(BIN, "stewardctl")

    def ctl(*words, expect=0, stdin=None):
        done = subprocess.run([ctl_path, "--db", db, *words], capture_output=True, text=True, env=env,
                              input=stdin, timeout=120)
        if expect is not None and done.returncode != expect:
            fail(f"stewardctl {' '.join(words)} exited {done.returncode}, not {expect}: {done.stdout}{done.stderr}")
        return done

    def log():
        return json.loads(ctl("mail", "log", "--json").stdout)

    def show():
        return json.loads(ctl("mail", "show", "--json").stdout)

    ctl("orgs", "add", "biblio", "--name", ORG_NAME, "--time-zone", "Europe/Madrid", "--kind", "library")
    ctl("mail", "show", expect=1)

    mailbox = Mailbox()
    plain = start(Controller, mailbox, authenticator=authenticator, auth_require_tls=False)
    try:
        # ---- set up, test message
        done = ctl("mail", "set", "--smtp", f"smtp://127.0.0.1:{plain.port}", "--user", USER, "--password-stdin",
                   "--from", USER, stdin=PASSWORD + "\n")
        check(f"smtp://127.0.0.1:{plain.port}" in done.stdout, f"mail set says where mail goes: {done.stdout}")
        shown = show()
        check(shown["smtp"] == f"smtp://127.0.0.1:{plain.port}" and shown["user"] == USER and shown["from"] == USER,
              f"mail show: {shown}")
        check(PASSWORD not in json.dumps(shown) and "kept in" in shown["password"], f"mail show hides the password: {shown}")
        with open(db, "rb") as f:
            check(PASSWORD.encode() not in f.read(), "the password is not in the database")

        before = time.time()
        done = ctl("mail", "test", "--to", "member@example.org")
        check("Sent a test message to member@example.org" in done.stdout, f"mail test says it sent: {done.stdout}")
        check(len(mailbox.messages) == 1, f"the server got the test message: {len(mailbox.messages)}")
        got = mailbox.messages[0]
        check(got["from"] == USER and got["to"] == ["member@example.org"], f"envelope: {got['from']} -> {got['to']}")
        raw = got["data"]
        check(b"\r\n" in raw and all(len(line) <= 998 for line in raw.split(b"\r\n")), "lines within 998 bytes")
        message = parse(raw)
        check(message["Subject"] == f"Test message from Steward for {ORG_NAME}", f"decoded subject: {message['Subject']!r}")
        check(b"=?utf-8?B?" in raw.split(b"\r\n\r\n")[0], "the subject travels as encoded-words")
        check(message["From"].addresses[0].display_name == ORG_NAME and message["From"].addresses[0].addr_spec == USER,
              f"From: {message['From']}")
        check(message["To"].addresses[0].addr_spec == "member@example.org", f"To: {message['To']}")
        date_header = str(message["Date"])
        check(re.match(r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} "
                       r"\d\d:\d\d:\d\d [+-]\d{4}$", date_header), f"an English RFC 5322 date under es_ES: {date_header}")
        sent_at = email.utils.parsedate_to_datetime(date_header).timestamp()
        check(before - 5 <= sent_at <= time.time() + 5, f"the date is now: {date_header}")
        check(re.match(r"^<[0-9a-f-]{36}@biblioteca\.example>$", str(message["Message-ID"])), f"Message-ID: {message['Message-ID']}")
        check(message["MIME-Version"] == "1.0", "MIME-Version")
        check(message.get_content_type() == "text/plain" and message.get_content_charset() == "utf-8", "text/plain; charset=utf-8")
        check(message["Content-Transfer-Encoding"] == "quoted-printable", "quoted-printable")
        check(ORG_NAME in message.get_content(), "the body's accents arrive intact")
        entries = log()
        check(len(entries) == 1 and entries[0]["result"] == "sent" and entries[0]["purpose"] == "test"
              and entries[0]["messageId"] == str(message["Message-ID"]), f"the log: {entries}")

        # In Spanish, the translated subject (accents and all) arrives decoded just the same.
        spanish = subprocess.run([ctl_path, "--db", db, "mail", "test", "--to", "member@example.org"], capture_output=True,
                                 text=True, env=dict(env, LANGUAGE="es", STEWARD_LOCALEDIR=LOCALE_DIR), timeout=120)
        check(spanish.returncode == 0, f"mail test in Spanish: {spanish.stderr}")
        check(parse(mailbox.messages[-1]["data"])["Subject"] == f"Mensaje de prueba de Steward para {ORG_NAME}",
              f"the Spanish subject: {parse(mailbox.messages[-1]['data'])['Subject']!r}")
        check("Steward envió este mensaje" in parse(mailbox.messages[-1]["data"]).get_content(), "the Spanish body")

        # ---- overdue reminders: one arrives, one recipient is refused
        today = date.today()
        lent = (today - timedelta(days=40)).isoformat()
        ana = ctl("borrowers", "add", "--name", "Ana Pérez", "--email", "ana@example.org").stdout.split()[0]
        bob = ctl("borrowers", "add", "--name", "Bob Stone", "--email", REFUSED).stdout.split()[0]
        ctl("borrowers", "add", "--name", "Carla Ruiz", "--phone", "555 0100 200")
        for title, borrower in (("El túnel", ana), ("Rayuela", bob)):
            book = ctl("books", "add", "--title", title, "--authors", "Ernesto Sábato").stdout.split()[0]
            ctl("loans", "lend", "--book", book, "--borrower", borrower, "--on", lent)
        done = ctl("loans", "remind", "--overdue", expect=1)
        check("Sent a reminder to Ana Pérez <ana@example.org>" in done.stdout, f"the reminder to Ana: {done.stdout}")
        check(re.search(r"Bob Stone: not sent: the mail server refused the recipient refused@example\.org \(SMTP 550\)",
                        done.stderr), f"the refused recipient is named with the code: {done.stderr}")
        check("1 reminder was not sent" in done.stderr, f"the failure is counted: {done.stderr}")
        reminder = parse(mailbox.messages[-1]["data"])
        check(mailbox.messages[-1]["to"] == ["ana@example.org"], f"the reminder's recipient: {mailbox.messages[-1]['to']}")
        check(reminder["Subject"] == f"Overdue books from {ORG_NAME}", f"the reminder's subject: {reminder['Subject']!r}")
        check(reminder["To"].addresses[0].display_name == "Ana Pérez", f"the reminder's To: {reminder['To']}")
        body = reminder.get_content()
        check("Hello Ana Pérez," in body and "El túnel by Ernesto Sábato" in body and "days late" in body,
              f"the reminder's body: {body!r}")
        entries = log()
        by_to = {e["to"]: e for e in entries}
        check(by_to["ana@example.org"]["result"] == "sent" and by_to["ana@example.org"]["purpose"] == "loan-reminder"
              and by_to["ana@example.org"]["recordId"] == ana, f"Ana's log line: {by_to.get('ana@example.org')}")
        check(by_to[REFUSED]["result"] == "failed" and "550" in by_to[REFUSED]["error"], f"Bob's log line: {by_to.get(REFUSED)}")
        text_log = ctl("mail", "log").stdout
        check("failed: the mail server refused the recipient refused@example.org" in text_log, f"mail log (text): {text_log}")

        # ---- a wrong password
        ctl("mail", "set", "--smtp", f"smtp://127.0.0.1:{plain.port}", "--user", USER, "--password-stdin",
            "--from", USER, stdin="wrong\n")
        done = ctl("mail", "test", "--to", "member@example.org", expect=1)
        check("refused the user name or password for office@biblioteca.example" in done.stderr,
              f"a wrong password is said: {done.stderr}")
        check(log()[0]["result"] == "failed", "the failed sign-in is logged")

        # ---- bad input changes nothing
        kept = show()
        for words, option in ((("--smtp", "https://smtp.example.org", "--from", USER), "smtp"),
                              (("--smtp", "smtp://smtp.example.org", "--from", "office at biblioteca"), "from"),
                              (("--smtp", "smtp://smtp.example.org", "--user", USER, "--from", USER, "--password-stdin"),
                               "password-stdin")):
            done = ctl("mail", "set", *words, expect=2, stdin="\n")
            check(done.stderr.startswith(f"stewardctl: {option}: ") and done.stderr.count("\n") == 1,
                  f"one line naming --{option}: {done.stderr!r}")
            check(show() == kept, f"refused settings changed nothing: {show()}")
        done = ctl("mail", "test", "--to", "not an address", expect=2)
        check(done.stderr.startswith("stewardctl: to: "), f"mail test names --to: {done.stderr!r}")
    finally:
        plain.stop()

    # ---- a server that drops the connection mid-DATA
    dropped = Mailbox()
    dropping = start(DroppingController, dropped)
    try:
        ctl("mail", "set", "--smtp", f"smtp://127.0.0.1:{dropping.port}", "--from", USER)
        done = ctl("mail", "test", "--to", "member@example.org", expect=1)
        check("closed the connection before it accepted the message" in done.stderr, f"a dropped connection: {done.stderr}")
        check(not dropped.messages, "nothing was accepted")
        check(log()[0]["result"] == "failed" and "closed the connection" in log()[0]["error"], "the drop is logged")
    finally:
        dropping.stop()

    # ---- nothing listening
    port = free_port()
    ctl("mail", "set", "--smtp", f"smtp://127.0.0.1:{port}", "--from", USER)
    done = ctl("mail", "test", "--to", "member@example.org", expect=1)
    check(f"refused the connection on port {port}" in done.stderr, f"a refused connection: {done.stderr}")

    # ---- STARTTLS (required by the server) and implicit TLS, with a CA made here
    ca, context = make_certificates(folder)
    secure = Mailbox()
    starttls = start(Controller, secure, tls_context=context, require_starttls=True, authenticator=authenticator)
    try:
        ctl("mail", "set", "--smtp", f"smtp://localhost:{starttls.port}", "--user", USER, "--password-stdin",
            "--from", USER, "--ca-file", ca, stdin=PASSWORD + "\n")
        ctl("mail", "test", "--to", "member@example.org")
        check(len(secure.messages) == 1 and secure.messages[0]["tls"], "sent after STARTTLS")
        check(parse(secure.messages[0]["data"])["Subject"] == f"Test message from Steward for {ORG_NAME}", "subject over TLS")
        ctl("mail", "set", "--smtp", f"smtp://localhost:{starttls.port}", "--user", USER, "--from", USER)
        done = ctl("mail", "test", "--to", "member@example.org", expect=1)
        check("certificate is not trusted" in done.stderr, f"an unknown CA is refused: {done.stderr}")
        check(len(secure.messages) == 1, "nothing sent to an untrusted server")
    finally:
        starttls.stop()

    implicit = Mailbox()
    smtps = start(ImplicitTLSController, implicit, ssl_context=context, authenticator=authenticator, auth_require_tls=False)
    try:
        ctl("mail", "set", "--smtp", f"smtps://localhost:{smtps.port}", "--user", USER, "--from", USER, "--ca-file", ca)
        ctl("mail", "test", "--to", "member@example.org")
        check(len(implicit.messages) == 1, "sent over smtps://")
    finally:
        smtps.stop()

    with sqlite3.connect(db) as c:
        count = c.execute("SELECT COUNT(*) FROM mailLog").fetchone()[0]
    check(count == len(log()), "mail log lists every line of the table")

    decisions(folder, env, ctl_path)


def decisions(folder, env, ctl_path):
    """Approval decisions to submitters, on the demo's city office (its submissions come from
    members of the app)."""
    db = os.path.join(folder, "demo.sqlite")

    def ctl(*words, expect=0):
        done = subprocess.run([ctl_path, "--db", db, *words], capture_output=True, text=True, env=env, timeout=120)
        if done.returncode != expect:
            fail(f"stewardctl {' '.join(words)} exited {done.returncode}, not {expect}: {done.stdout}{done.stderr}")
        return done

    ctl("demo", "load")
    org = ("--org", "riverton-community")
    pending = json.loads(ctl("approvals", "list", *org, "--status", "pending", "--json").stdout)
    check(len(pending) >= 2, f"the demo has pending submissions: {len(pending)}")
    first, second = pending[0], pending[1]
    mailbox = Mailbox()
    server = start(Controller, mailbox)
    try:
        ctl("mail", "set", *org, "--smtp", f"smtp://127.0.0.1:{server.port}", "--from", "events@riverton.example")
        done = ctl("approvals", "request-changes", *org, first["id"], "--reason", "Please add the room number")
        check(f"E-mailed the decision to {first['submitterEmail']}" in done.stderr, f"the decision was e-mailed: {done.stderr}")
        check(len(mailbox.messages) == 1 and mailbox.messages[0]["to"] == [first["submitterEmail"]],
              f"the submitter got it: {[m['to'] for m in mailbox.messages]}")
        message = parse(mailbox.messages[0]["data"])
        check(message["Subject"] == f"Changes requested: {first['title']}", f"the decision's subject: {message['Subject']!r}")
        check("Please add the room number" in message.get_content() and first["submitterName"] in message.get_content(),
              f"the decision's body: {message.get_content()!r}")
        entries = json.loads(ctl("mail", "log", *org, "--json").stdout)
        check(entries[0]["purpose"] == "approval-decision" and entries[0]["recordId"] == first["id"]
              and entries[0]["result"] == "sent", f"the decision's log line: {entries[0]}")
        ctl("approvals", "approve", *org, second["id"], "--no-mail")
        check(len(mailbox.messages) == 1, "--no-mail sends nothing")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
