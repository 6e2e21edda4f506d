"""A fake MindBody Public API v6 for the schedule tests and the benchmark.

Serves GET /public/v6/class/classes from a JSON file of classes in MindBody's own shape (read
again on each request, so a test can change the timetable between refreshes) or from N
generated classes, paged with Limit/Offset and PaginationResponse. Checks the Api-Key header
(401 otherwise). The SiteId header picks a fault: "fail-page-3" answers page 3 with a 500,
"slow" stalls page 2, "malformed" breaks page 2's JSON. GET /_requests lists what was asked.
Prints its port on the first line; stops with its parent's SIGKILL.
"""
import argparse
import datetime
import http.server
import json
import threading
import time
import urllib.parse

parser = argparse.ArgumentParser()
parser.add_argument("--classes", help="a JSON file: an array of classes in MindBody's shape")
parser.add_argument("--generate", type=int, default=0, help="serve this many generated classes")
parser.add_argument("--api-key", default="test-key")
arguments = parser.parse_args()

PROGRAMS = ["Strength", "Yoga", "Cycling", "HIIT", "Pilates"]
TRAINERS = [(101, "Alex", "Rivera"), (102, "Sam", "Okafor"), (103, "Jordan", "Lee"), (104, "Priya", "Natarajan"),
            (105, "Chris", "Bauer")]
ROOMS = [(1, "Studio A"), (2, "Studio B"), (3, "Cycle Room")]
generated = None
requests = []
lock = threading.Lock()


def generate(count):
    start = datetime.datetime(2027, 1, 4, 6, 0)
    classes = []
    for i in range(count):
        day, slot = divmod(i, 55)
        begins = start + datetime.timedelta(days=day, minutes=slot * 15)
        staff = TRAINERS[i % len(TRAINERS)]
        room = ROOMS[i % len(ROOMS)]
        program = PROGRAMS[i % len(PROGRAMS)]
        classes.append({
            "Id": 500000 + i, "ClassScheduleId": 9000 + i % 300,
            "StartDateTime": begins.isoformat(), "EndDateTime": (begins + datetime.timedelta(minutes=45)).isoformat(),
            "ClassDescription": {"Id": i % 40, "Name": program + " " + str(i % 7), "Description": "A class.",
                                 "Program": {"Id": i % 5, "Name": program}, "SessionType": {"Id": 1, "Name": "Group"}},
            "Staff": {"Id": staff[0], "Name": staff[1] + " " + staff[2], "FirstName": staff[1], "LastName": staff[2]},
            "Substitute": i % 37 == 0, "IsCanceled": i % 41 == 0, "Active": True,
            "Location": {"Id": 1, "Name": "Ironworks Downtown"}, "Resource": {"Id": room[0], "Name": room[1]},
            "MaxCapacity": 20, "WebCapacity": 18, "TotalBooked": i % 21, "TotalBookedWaitlist": 0,
            "IsWaitlistAvailable": i % 2 == 0,
        })
    return classes


def current_classes():
    global generated
    if arguments.classes:
        with open(arguments.classes, encoding="utf-8") as f:
            return json.load(f)
    if generated is None:
        generated = generate(arguments.generate)
    return generated


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = {k: v[0] for k, v in urllib.parse.parse_qs(url.query).items()}
        if url.path == "/_requests":
            with lock:
                self.send(200, json.dumps(requests).encode())
            return
        if url.path != "/public/v6/class/classes":
            self.send(404, b'{"Error": {"Message": "Not found"}}')
            return
        site = self.headers.get("SiteId") or ""
        with lock:
            requests.append({"query": query, "apiKey": self.headers.get("Api-Key"), "siteId": site,
                             "authorization": self.headers.get("Authorization")})
        if self.headers.get("Api-Key") != arguments.api_key:
            self.send(401, b'{"Error": {"Message": "Invalid Api-Key", "Code": "DeniedAccess"}}')
            return
        limit = int(query.get("Limit", "100"))
        offset = int(query.get("Offset", "0"))
        page = offset // max(limit, 1) + 1
        if site == "fail-page-3" and page == 3:
            self.send(500, b'{"Error": {"Message": "Internal server error", "Code": "InternalError"}}')
            return
        if site == "slow" and page == 2:
            time.sleep(5)
        if site == "malformed" and page == 2:
            self.send(200, b'{"PaginationResponse": {"RequestedLimit": 2, "Classes": [{"Id": ')
            return
        classes = current_classes()
        chunk = classes[offset:offset + limit]
        body = {
            "PaginationResponse": {"RequestedLimit": limit, "RequestedOffset": offset, "PageSize": len(chunk),
                                   "TotalResults": len(classes)},
            "Classes": chunk,
        }
        self.send(200, json.dumps(body).encode())


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
