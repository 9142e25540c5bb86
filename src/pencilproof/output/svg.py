"""SVG written directly as text: no dependency, opens in any browser.

Every shape of the :class:`~pencilproof.output.picture.Scene` becomes one element; cells
are ``<rect class="cell">`` with a ``<title>`` naming the cell (``r3c5``), so hovering a
cell in a browser shows its coordinates the way setters write them.
"""
from __future__ import annotations

import re
from typing import Any

from .scene import Disc, Line, Rect, Scene, Shape, Text

#: Characters XML 1.0 does not allow (controls, lone surrogates, U+FFFE/U+FFFF).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def escape(text: str) -> str:
    """Text as XML character data: markup escaped, characters XML cannot hold written
    as Python escapes (``\\x01``), so the document always parses and encodes as UTF-8.
    (Done here rather than with xml.sax.saxutils, whose import pulls in urllib, http,
    email and ssl: a third of the start-up time of ``pencilproof check``.)"""
    text = _NOT_XML.sub(lambda m: repr(m.group())[1:-1], text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


#: Attribute values that need no escaping (numbers, colours, classes): most of them.
_PLAIN = re.compile(r"[\w .,#%()+:;/-]*", re.ASCII)


def quoteattr(text: str) -> str:
    """An attribute value in double quotes (plain values as they are: escaping each of a
    250x250 board's million values took seconds)."""
    if _PLAIN.fullmatch(text):
        return '"' + text + '"'
    return '"' + escape(text).replace('"', "&quot;").replace("\n", "&#10;") \
        .replace("\r", "&#13;").replace("\t", "&#9;") + '"'


FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


def _num(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _attrs(**kw: Any) -> str:
    return "".join(f" {k.replace('_', '-')}={quoteattr(_num(v) if isinstance(v, float) else str(v))}"
                   for k, v in kw.items() if v is not None and v != "")


def _shape(s: Shape) -> str:
    if isinstance(s, Rect):
        a = _attrs(x=float(s.x), y=float(s.y), width=float(s.w), height=float(s.h),
                   fill=s.fill or "none", stroke=s.stroke,
                   stroke_width=float(s.width) if s.stroke else None)
        cls = f' class="{s.cls}"' if s.cls else ""
        if s.title:
            return f"<rect{cls}{a}><title>{escape(s.title)}</title></rect>"
        return f"<rect{cls}{a}/>"
    if isinstance(s, Disc):
        a = _attrs(cx=float(s.cx), cy=float(s.cy), r=float(s.r), fill=s.fill, stroke=s.stroke,
                   stroke_width=float(s.width) if s.stroke and s.width != 1.0 else None)
        return f'<circle class="{s.cls}"{a}/>' if s.cls else f"<circle{a}/>"
    if isinstance(s, Line):
        a = _attrs(x1=float(s.x1), y1=float(s.y1), x2=float(s.x2), y2=float(s.y2),
                   stroke=s.stroke, stroke_width=float(s.width))
        return f"<line{a}/>"
    if isinstance(s, Text):
        a = _attrs(x=float(s.x), y=float(s.y), font_size=float(s.size), fill=s.fill,
                   text_anchor=s.anchor, dominant_baseline="central",
                   font_weight="bold" if s.bold else None)
        cls = f' class="{s.cls}"' if s.cls else ""
        return f"<text{cls}{a}>{escape(s.text)}</text>"
    raise TypeError(f"unknown shape {s!r}")


def to_svg(scene: Scene) -> str:
    """The scene as a standalone SVG document."""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{scene.width}" '
            f'height="{scene.height}" viewBox="0 0 {scene.width} {scene.height}" '
            f'font-family={quoteattr(FONT)}>')
    body = [f"<title>{escape(scene.title)}</title>"] if scene.title else []
    body += [_shape(s) for s in scene.shapes]
    return "\n".join(['<?xml version="1.0" encoding="UTF-8"?>', head, *body, "</svg>"]) + "\n"
