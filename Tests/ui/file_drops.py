"""Files given to the Steward window as a person gives them: dragged from a file manager's
window (file_source.py, a separate GTK process on the same display) with real pointer
events, or pasted after the file manager copied them. Also the photos the tests drop: a JPEG
carrying EXIF GPS, and a reader that says whether a JPEG still carries any.
"""

import os
import select
import struct
import subprocess
import time

import pyatspi

from accessibility import Failure, find_all, on_screen, wait_for

HERE = os.path.dirname(os.path.abspath(__file__))


# ---------------------------------------------------------------- photos with a position

# Where the photo was taken, as a phone writes it: 43°6'2.5"N 75°13'59.1"W.
GPS_LATITUDE = ((43, 1), (6, 1), (25, 10))
GPS_LONGITUDE = ((75, 1), (13, 1), (591, 10))


def exif_with_gps():
    """An APP1 Exif segment (little-endian TIFF) whose IFD0 points at a GPS IFD with the
    latitude and longitude above."""
    entries_gps = 4
    ifd0_at = 8
    ifd0_size = 2 + 12 * 1 + 4
    gps_at = ifd0_at + ifd0_size
    gps_size = 2 + 12 * entries_gps + 4
    rationals_at = gps_at + gps_size

    def entry(tag, kind, count, value):
        return struct.pack("<HHI", tag, kind, count) + value

    tiff = b"II*\x00" + struct.pack("<I", ifd0_at)
    tiff += struct.pack("<H", 1) + entry(0x8825, 4, 1, struct.pack("<I", gps_at)) + struct.pack("<I", 0)
    tiff += struct.pack("<H", entries_gps)
    tiff += entry(0x0001, 2, 2, b"N\x00\x00\x00")
    tiff += entry(0x0002, 5, 3, struct.pack("<I", rationals_at))
    tiff += entry(0x0003, 2, 2, b"W\x00\x00\x00")
    tiff += entry(0x0004, 5, 3, struct.pack("<I", rationals_at + 24))
    tiff += struct.pack("<I", 0)
    for value in GPS_LATITUDE + GPS_LONGITUDE:
        tiff += struct.pack("<II", *value)
    body = b"Exif\x00\x00" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


def make_gps_photo(path):
    """A real JPEG (ImageMagick's) with EXIF GPS spliced in after its start marker."""
    subprocess.run(["convert", "-size", "640x480", "plasma:", "-quality", "90", f"jpeg:{path}"], check=True)
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] != b"\xff\xd8":
        raise Failure(f"ImageMagick wrote no JPEG at {path}")
    with open(path, "wb") as f:
        f.write(data[:2] + exif_with_gps() + data[2:])
    if not gps_in_jpeg(path):
        raise Failure("the test photo was meant to carry GPS and does not")


def jpeg_segments(data):
    """(marker, payload) for each segment before the image data."""
    if data[:2] != b"\xff\xd8":
        raise Failure("not a JPEG (no start marker)")
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            raise Failure(f"broken JPEG: no marker at byte {at}")
        marker = data[at + 1]
        if marker == 0xD9 or marker == 0xDA:  # end, or start of scan: no metadata after
            return
        length = struct.unpack(">H", data[at + 2:at + 4])[0]
        yield marker, data[at + 4:at + 2 + length]
        at += 2 + length


def gps_in_jpeg(path):
    """Whether the JPEG has an EXIF block with a GPS IFD (tag 0x8825 in IFD0)."""
    with open(path, "rb") as f:
        data = f.read()
    for marker, payload in jpeg_segments(data):
        if marker != 0xE1 or not payload.startswith(b"Exif\x00\x00"):
            continue
        tiff = payload[6:]
        order = "<" if tiff[:2] == b"II" else ">"
        ifd0 = struct.unpack(order + "I", tiff[4:8])[0]
        count = struct.unpack(order + "H", tiff[ifd0:ifd0 + 2])[0]
        for i in range(count):
            tag = struct.unpack(order + "H", tiff[ifd0 + 2 + 12 * i:ifd0 + 4 + 12 * i])[0]
            if tag == 0x8825:
                return True
    return False


def metadata_segments(path):
    """The APPn and comment segments a JPEG carries (JFIF's APP0 aside), by marker."""
    with open(path, "rb") as f:
        data = f.read()
    return [hex(m) for m, payload in jpeg_segments(data)
            if (0xE1 <= m <= 0xEF) or m == 0xFE]


# ---------------------------------------------------------------- the file manager's window

class FileSource:
    """file_source.py showing `path`'s name on this display, to drag; or with `copy`, no
    window, its file on the clipboard; or with `web`, `path` is a picture's address on a web
    page, dragged as a browser drags it. Use as a context manager: it ends at the end."""

    def __init__(self, path, copy=False, web=False):
        self.path = path
        args = (["/usr/bin/python3", os.path.join(HERE, "file_source.py")] + (["--copy"] if copy else [])
                + (["--web"] if web else []) + [path])
        env = dict(os.environ, GTK_A11Y="atspi", GSK_RENDERER="cairo", NO_AT_BRIDGE="0")
        # Its warnings go beside the window's log.
        self.log = open(os.path.join(os.environ.get("STEWARD_SCREENSHOTS", "build/screenshots"), "file_source.log"), "a")
        self.process = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.process.stdout.readline().strip()
        if line != "ready":
            raise Failure(f"the file window did not start: {line} {self.process.stdout.read()}")

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
        return False

    def label(self):
        """The label showing the file's name, in the file window (not Steward's)."""
        wanted = os.path.basename(self.path)

        def probe():
            for app in pyatspi.Registry.getDesktop(0):
                try:
                    if app is None or app.name == "steward":
                        continue
                except Exception:
                    continue
                found = [n for n in find_all(app, name_is=wanted, roles=("label",)) if on_screen(n)]
                if found:
                    return found[0]
            return None
        return wait_for(f'the file window showing "{wanted}"', probe)

    def drag_onto(self, target, steps=20):
        """Presses on the file's name, moves in steps onto the middle of `target` and lets
        go, with XTest pointer events as a hand on the mouse makes them; returns what the
        file window said when the drag ended."""
        x0, y0, w0, h0 = self.label().queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        x1, y1, w1, h1 = target.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        start = (x0 + w0 // 2, y0 + h0 // 2)
        end = (x1 + w1 // 2, y1 + h1 // 2)
        mouse = pyatspi.Registry.generateMouseEvent
        mouse(*start, "abs")
        time.sleep(0.3)
        mouse(*start, "b1p")
        time.sleep(0.3)
        for i in range(1, steps + 1):
            mouse(start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps, "abs")
            time.sleep(0.05)
        # The target hears the drag enter, answers, and highlights before the drop.
        time.sleep(0.5)
        mouse(*end, "b1r")
        line = self.said(timeout=10)
        if line.startswith("drop refused"):
            raise Failure(f"the drag from the file window did not drop: {line}")
        return line

    def said(self, timeout):
        """The file window's next line; fails when it says nothing for `timeout` seconds."""
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not ready:
            raise Failure(f"the file window said nothing for {timeout} s after the drag")
        line = self.process.stdout.readline()
        if not line:
            self.process.wait(5)
            raise Failure(f"the file window exited (status {self.process.returncode}) during the drag")
        return line.strip()
