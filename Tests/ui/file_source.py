#!/usr/bin/python3
"""A stand-in for the desktop's Files: a small GTK 4 window showing one file's name, which
offers that file as a file manager does, so the window tests can drag it onto Steward, or
paste it there.

    file_source.py PATH            the name can be dragged (a GdkFileList, text/uri-list)
    file_source.py --copy PATH     the file is put on the clipboard, as Files' Copy does, and
                                   held there while this runs (no window is shown)
    file_source.py --web URL       the URL's last part can be dragged as a web browser drags a
                                   picture: its address only (text/uri-list, text/plain)

It runs as its own process on the test's X display (XDND between two X11 clients, the
real thing), with GTK_A11Y=atspi so the test finds the name's label through the
accessibility tree and points at it. It prints "ready" once its window is shown, "drop
refused (REASON)" when a drag is cancelled, and "drag ended" when one ends.
"""

import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, GObject, Gtk  # noqa: E402


def provider_for(file):
    """What Files offers for a file: the file itself (GdkFileList, which GTK also turns into
    text/uri-list for other toolkits) and its URI list as bytes."""
    files = Gdk.FileList.new_from_list([file])
    as_value = Gdk.ContentProvider.new_for_value(GObject.Value(Gdk.FileList, files))
    uri_list = GLib.Bytes.new((file.get_uri() + "\r\n").encode())
    return Gdk.ContentProvider.new_union([as_value, Gdk.ContentProvider.new_for_bytes("text/uri-list", uri_list)])


def web_provider_for(url):
    """What a web browser offers for a picture dragged off a page: its address, no file."""
    uri_list = GLib.Bytes.new((url + "\r\n").encode())
    return Gdk.ContentProvider.new_union([Gdk.ContentProvider.new_for_bytes("text/uri-list", uri_list),
                                          Gdk.ContentProvider.new_for_bytes("text/plain;charset=utf-8",
                                                                            GLib.Bytes.new(url.encode()))])


def main():
    args = sys.argv[1:]
    copy = "--copy" in args
    web = "--web" in args
    paths = [a for a in args if a not in ("--copy", "--web")]
    if len(paths) != 1:
        print("usage: file_source.py [--copy|--web] PATH", file=sys.stderr)
        return 2
    file = Gio.File.new_for_uri(paths[0]) if web else Gio.File.new_for_path(paths[0])
    offer = (lambda: web_provider_for(paths[0])) if web else (lambda: provider_for(file))
    app = Gtk.Application(application_id=None, flags=Gio.ApplicationFlags.NON_UNIQUE)

    def activate(application):
        window = Gtk.ApplicationWindow(application=application, title="Files")
        window.set_default_size(260, 70)
        label = Gtk.Label(label=file.get_basename())
        label.set_margin_top(20)
        label.set_margin_bottom(20)
        label.set_margin_start(20)
        label.set_margin_end(20)
        source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
        source.connect("prepare", lambda *_: offer())

        def ended(_source, _drag, _delete):
            print("drag ended", flush=True)

        def cancelled(_source, _drag, reason):
            print(f"drop refused ({reason.value_nick})", flush=True)
            return False

        source.connect("drag-end", ended)
        source.connect("drag-cancel", cancelled)
        label.add_controller(source)
        window.set_child(label)
        if copy:
            # No window: without a window manager a new window takes the keyboard's focus,
            # and the test's Ctrl+V would come here. The clipboard needs none.
            application.hold()
            Gdk.Display.get_default().get_clipboard().set_content(provider_for(file))
        else:
            window.present()
        GLib.idle_add(lambda: print("ready", flush=True) and False)

    app.connect("activate", activate)
    return app.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
