"""PNG pictures drawn directly with Pillow (the optional ``png`` extra).

Pillow ships wheels with its own FreeType for every common platform, so ``pip install
'pencilproof[png]'`` needs no system library (cairosvg would need libcairo). The scene is
the same one the SVG writer uses, drawn at ``scale`` pixels per scene unit, so the PNG is
``scene.width * scale`` by ``scene.height * scale`` pixels.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import InputError, install_hint
from .scene import Disc, Line, Rect, Scene, Text

MISSING = (f"PNG output needs Pillow, the 'png' extra: {install_hint('png')} "
           "(or write an .svg picture)")


def _pillow() -> tuple[Any, Any, Any]:
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        raise InputError(MISSING) from None
    return Image, ImageDraw, ImageFont


@lru_cache(maxsize=32)
def _font(size: int) -> Any:
    _, _, ImageFont = _pillow()
    try:
        return ImageFont.load_default(size=size)  # FreeType font, Pillow >= 10.1
    except TypeError:
        return ImageFont.load_default()


def render_png(scene: Scene, scale: int = 1) -> Any:
    """The scene as a Pillow image (RGB)."""
    Image, ImageDraw, _ = _pillow()
    k = scale
    img = Image.new("RGB", (scene.width * k, scene.height * k), "#ffffff")
    d = ImageDraw.Draw(img)
    for s in scene.shapes:
        if isinstance(s, Rect):
            box = [s.x * k, s.y * k, (s.x + s.w) * k - 1, (s.y + s.h) * k - 1]
            width = max(1, round(s.width * k)) if s.stroke else 0
            d.rectangle(box, fill=s.fill, outline=s.stroke if s.stroke else None, width=width)
        elif isinstance(s, Disc):
            d.ellipse([(s.cx - s.r) * k, (s.cy - s.r) * k, (s.cx + s.r) * k, (s.cy + s.r) * k],
                      fill=s.fill, outline=s.stroke, width=max(1, round(s.width * k)))
        elif isinstance(s, Line):  # drawn in one direction: Pillow rounds wide lines by it
            (x1, y1), (x2, y2) = sorted(((s.x1, s.y1), (s.x2, s.y2)))
            d.line([x1 * k, y1 * k, x2 * k, y2 * k], fill=s.stroke,
                   width=max(1, round(s.width * k)))
        elif isinstance(s, Text):
            font = _font(max(6, round(s.size * k)))
            anchor = {"start": "lm", "middle": "mm", "end": "rm"}[s.anchor]
            bold = {"stroke_width": 1, "stroke_fill": s.fill} if s.bold and s.size >= 16 else {}
            try:
                d.text((s.x * k, s.y * k), s.text, fill=s.fill, font=font, anchor=anchor, **bold)
            except ValueError:  # a bitmap font cannot anchor: place it by its box
                x0, y0, x1, y1 = d.textbbox((0, 0), s.text, font=font)
                x = s.x * k - {"lm": 0, "mm": (x1 - x0) / 2, "rm": x1 - x0}[anchor]
                d.text((x, s.y * k - (y1 - y0) / 2), s.text, fill=s.fill, font=font)
    return img


def write_png(scene: Scene, path: str | Path, scale: int = 1) -> None:
    render_png(scene, scale).save(str(path), format="PNG")
