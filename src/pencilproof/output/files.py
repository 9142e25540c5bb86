"""Picture files: the kind a file name asks for, batch numbering, and writing SVG or PNG."""
from __future__ import annotations

from pathlib import Path

from ..errors import InputError
from .scene import Scene
from .svg import to_svg

PICTURE_SUFFIXES = (".svg", ".png")


def picture_kind(path: str) -> str:
    """'svg' or 'png' from a file name; anything else is bad input naming the file."""
    suffix = Path(path).suffix.lower()
    if suffix not in PICTURE_SUFFIXES:
        raise InputError(f"a picture file must end in .svg or .png, not {suffix or 'nothing'!r}",
                         path)
    return suffix[1:]


def check_picture_path(path: str) -> str:
    """Before any work: the picture kind, and for PNG that Pillow is installed."""
    kind = picture_kind(path)
    if kind == "png":
        from .png import _pillow
        _pillow()
    return kind


def numbered(path: str, n: int) -> str:
    """The n-th picture of a batch: ``out.svg``, then ``out-2.svg``, ``out-3.svg``, ..."""
    if n <= 1:
        return path
    p = Path(path)
    return str(p.with_name(f"{p.stem}-{n}{p.suffix}"))


def write_picture(scene: Scene, path: str) -> None:
    """Write the scene as SVG or PNG, chosen by the file name's suffix."""
    kind = picture_kind(path)
    try:
        if kind == "svg":
            Path(path).write_text(to_svg(scene), encoding="utf-8")
        else:
            from .png import write_png
            write_png(scene, path)
    except OSError as e:
        raise InputError(f"cannot write the picture: {e.strerror or e}", path) from None
