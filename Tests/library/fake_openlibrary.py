"""A stand-in for Open Library's books API on the loopback, for tests of the ISBN look-up.

GET /api/books?bibkeys=ISBN:<isbn13>&format=json&jscmd=data answers as openlibrary.org does:
an object keyed by the bibkey, with title, authors, publishers, publish_date and cover; an
ISBN it does not know gets {}. Prints the port it listens on as its first line. Run it with
`python3 -u fake_openlibrary.py` (or give a port as the first argument).
"""
import http.server
import json
import sys
import urllib.parse

BOOKS = {
    "9780316769488": {
        "title": "The Catcher in the Rye",
        "authors": [{"name": "J. D. Salinger", "url": "https://openlibrary.org/authors/OL23451A"}],
        "publishers": [{"name": "Little, Brown"}],
        "publish_date": "1951",
        "cover": {"medium": "https://covers.openlibrary.org/b/id/8231856-M.jpg"},
        "number_of_pages": 277,
    },
    "9780439023481": {
        "title": "The Hunger Games",
        "authors": [{"name": "Suzanne Collins"}],
        "publishers": [{"name": "Scholastic Press"}],
        "publish_date": "October 2008",
    },
    "9780743273565": {
        "title": "The Great Gatsby",
        "authors": [{"name": "F. Scott Fitzgerald"}],
        "publishers": [{"name": "Scribner"}],
        "publish_date": "2004",
    },
}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(url.query)
        if url.path != "/api/books":
            body, status = b"{}", 404
        else:
            answer = {}
            for key in query.get("bibkeys", [""])[0].split(","):
                isbn = key.split(":", 1)[-1]
                if isbn in BOOKS:
                    answer[key] = BOOKS[isbn]
            body, status = json.dumps(answer).encode(), 200
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
