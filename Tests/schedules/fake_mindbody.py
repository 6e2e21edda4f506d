"""A fake MindBody Public API v6 for the schedule tests and the benchmark.

Serves GET /public/v6/class/classes from a JSON file of classes in MindBody's own shape (read
again on each request, so a test can change the timetable between refreshes) or from N
generated classes, paged with Limit/Offset and PaginationResponse. Checks the Api-Key header
(401 otherwise). The SiteId header picks a fault: "fail-page-3" answers page 3 with a 500,
"slow" stalls page 2, "malformed" breaks page 2's JSON. GET /_requests lists what was asked of the classes.

Staff appointments at GET /public/v6/appointment/staffappointments, from --appointments (a JSON
file: an array in MindBody's shape, read on each request) or --generate-appointments N, paged
the same way; none without either. SiteId "no-appointments" answers them 403 (a site that does
not expose them); "fail-appointments-page-2" answers their page 2 with a 500. GET
/public/v6/staff/staff lists the generated trainers and one who teaches no class (Dana
Whitfield, 106); GET /public/v6/site/sessiontypes two session types. GET /_requests/all lists
every request with its path.
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
parser.add_argument("--appointments", help="a JSON file: an array of staff appointments in MindBody's shape")
parser.add_argument("--generate-appointments", type=int, default=0, help="serve this many generated appointments")
arguments = parser.parse_args()

PROGRAMS = ["Strength", "Yoga", "Cycling", "HIIT", "Pilates"]
TRAINERS = [(101, "Alex", "Rivera"), (102, "Sam", "Okafor"), (103, "Jordan", "Lee"), (104, "Priya", "Natarajan"),
            (105, "Chris", "Bauer")]
ROOMS = [(1, "Studio A"), (2, "Studio B"), (3, "Cycle Room")]
STATUSES = ["Booked", "Confirmed", "Completed", "Arrived", "Cancelled", "LateCancelled", "NoShow"]
SESSION_TYPES = [{"Id": 7, "Name": "Personal Training 60"}, {"Id": 8, "Name": "Intro Session"}]
generated = None
generated_appointments = None
requests = []
all_requests = []
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


def generate_appointments(count):
    start = datetime.datetime(2027, 1, 4, 5, 0)
    appointments = []
    for i in range(count):
        day, slot = divmod(i, 16)
        begins = start + datetime.timedelta(days=day, minutes=slot * 60)
        staff = TRAINERS[i % len(TRAINERS)]
        appointments.append({
            "Id": 800000 + i, "StartDateTime": begins.isoformat(),
            "EndDateTime": (begins + datetime.timedelta(minutes=60)).isoformat(), "Duration": 60,
            "Status": STATUSES[i % len(STATUSES)], "StaffId": staff[0], "ClientId": str(100000 + i % 900),
            "SessionTypeId": 7 + i % 2, "LocationId": 1, "Notes": "", "StaffRequested": i % 3 == 0,
            "FirstAppointment": i % 50 == 0, "ProgramId": 20,
        })
    return appointments


def current_appointments():
    global generated_appointments
    if arguments.appointments:
        with open(arguments.appointments, encoding="utf-8") as f:
            return json.load(f)
    if generated_appointments is None:
        generated_appointments = generate_appointments(arguments.generate_appointments)
    return generated_appointments


def staff_members():
    members = [{"Id": t[0], "Name": t[1] + " " + t[2], "FirstName": t[1], "LastName": t[2]} for t in TRAINERS]
    return members + [{"Id": 106, "Name": "Dana Whitfield", "FirstName": "Dana", "LastName": "Whitfield"}]


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
        if url.path == "/_requests/all":
            with lock:
                self.send(200, json.dumps(all_requests).encode())
            return
        lists = {"/public/v6/appointment/staffappointments": "Appointments", "/public/v6/staff/staff": "StaffMembers",
                 "/public/v6/site/sessiontypes": "SessionTypes"}
        if url.path != "/public/v6/class/classes" and url.path not in lists:
            self.send(404, b'{"Error": {"Message": "Not found"}}')
            return
        site = self.headers.get("SiteId") or ""
        asked = {"path": url.path, "query": query, "apiKey": self.headers.get("Api-Key"), "siteId": site,
                 "authorization": self.headers.get("Authorization")}
        with lock:
            all_requests.append(asked)
            if url.path == "/public/v6/class/classes":
                requests.append({k: v for k, v in asked.items() if k != "path"})
        if self.headers.get("Api-Key") != arguments.api_key:
            self.send(401, b'{"Error": {"Message": "Invalid Api-Key", "Code": "DeniedAccess"}}')
            return
        limit = int(query.get("Limit", "100"))
        offset = int(query.get("Offset", "0"))
        page = offset // max(limit, 1) + 1
        if url.path in lists:
            if url.path.endswith("staffappointments"):
                if site == "no-appointments":
                    self.send(403, b'{"Error": {"Message": "Staff appointments are not available", "Code": "DeniedAccess"}}')
                    return
                if site == "fail-appointments-page-2" and page == 2:
                    self.send(500, b'{"Error": {"Message": "Internal server error", "Code": "InternalError"}}')
                    return
                items = current_appointments()
            elif url.path.endswith("staff"):
                items = staff_members()
            else:
                items = SESSION_TYPES
            chunk = items[offset:offset + limit]
            body = {"PaginationResponse": {"RequestedLimit": limit, "RequestedOffset": offset, "PageSize": len(chunk),
                                           "TotalResults": len(items)},
                    lists[url.path]: chunk}
            self.send(200, json.dumps(body).encode())
            return
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
