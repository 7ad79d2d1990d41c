"""A fake camera for the browser tests: a QR code filmed as a one-frame Y4M video, which a
Chromium launched with ``camera_args(video)`` shows to getUserMedia (friends/qr.js reads it).

Chromium opens the file when a page starts the camera, so a test may launch the browser first
and film the code later (the friend's answer exists only once the friend's page made it).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

FRAME = (640, 480)
# A JS function (qr, text, scale): the QR code of `text` as the page shows it (friends/qr.js
# draws an SVG: a white rectangle and a black path) painted on a canvas, `scale` pixels a module.
PAINT = """(qr, text, scale) => {
  const box = document.createElement("div");
  const drawn = qr.renderQR(text, box);
  const svg = box.querySelector("svg");
  const side = Number(svg.getAttribute("viewBox").split(" ")[2]);
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = scale * side;
  const context = canvas.getContext("2d");
  context.scale(scale, scale);
  for (const shape of svg.children) {
    context.fillStyle = shape.getAttribute("fill");
    if (shape.localName === "rect") context.fillRect(0, 0, side, side);
    else context.fill(new Path2D(shape.getAttribute("d")));
  }
  return { canvas, drawn };
}"""
# The QR code as grey pixels: black modules on white, centred on a frame of FRAME pixels, drawn
# by the site's own friends/qr.js (imported into whatever page of the site runs this).
PIXELS = (
    """async ([text, width, height]) => {
  const qr = await import(new URL("/app/friends/qr.js", location.href).href);
  const { canvas } = ("""
    + PAINT
    + """)(qr, text, 8);
  const frame = document.createElement("canvas");
  [frame.width, frame.height] = [width, height];
  const context = frame.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  const side = Math.min(width, height) - 40;
  context.drawImage(canvas, (width - side) / 2, (height - side) / 2, side, side);
  const { data } = context.getImageData(0, 0, width, height);
  return Array.from({ length: width * height }, (_, i) => data[4 * i]);
}"""
)


def camera_args(video: Path) -> list[str]:
    """Chromium's switches for a camera that films ``video``, allowed without a prompt."""
    return [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]


def y4m(gray: list[int], width: int, height: int) -> bytes:
    """One grey frame as a Y4M video (4:2:0: the luma plane, then flat chroma)."""
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode()
    chroma = bytes([128]) * (2 * (width // 2) * (height // 2))
    return header + b"FRAME\n" + bytes(gray) + chroma


def film(page: Page, text: str, video: Path) -> None:
    """Write ``video``: the QR code of ``text``, drawn in ``page`` (any page of the site)."""
    video.write_bytes(y4m(page.evaluate(PIXELS, [text, *FRAME]), *FRAME))
