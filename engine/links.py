"""Text that fits in a URL fragment: JSON data, deflated and base64url-encoded.

Replays and positions travel in links (``#replay=…``, ``#position=…``) with no server to hold
them, so the whole payload lives in the fragment.  Deflate takes the repetition out of JSON
(action lists repeat the same keys every move) and base64url keeps the text safe in a URL
without percent-escaping.  A link is typed or edited by hand, so :func:`unpack` treats it as
untrusted: it bounds the text and the inflated size (a small link must not inflate to
gigabytes) and passes the result through the engine's input door.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from .errors import EngineError
from .inputs import check_json

MAX_LINK_CHARS = 65_536  # far above any real game (a long 6-player match is ~10 kB)
MAX_INFLATED_BYTES = 1 << 20  # what one link may expand to before JSON parsing
_WBITS = -15  # raw deflate: no zlib header, the same stream CompressionStream("deflate-raw") makes


def pack(value: object) -> str:
    """Encode JSON data as link text (compact JSON, raw deflate at level 9, base64url unpadded)."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    deflater = zlib.compressobj(9, zlib.DEFLATED, _WBITS)
    packed = deflater.compress(text.encode("utf-8")) + deflater.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def unpack(text: object, code: str = "bad_link") -> object:
    """Decode link text made by :func:`pack`; anything else raises ``EngineError(code)``.

    The value is JSON data within the input door's bounds; its shape is the caller's to check.
    """
    if not isinstance(text, str):
        raise EngineError(code, "a link payload must be text")
    if len(text) > MAX_LINK_CHARS:
        raise EngineError(code, f"the link is longer than {MAX_LINK_CHARS} characters")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as error:
        raise EngineError(code, "the link is not base64url text") from error
    inflater = zlib.decompressobj(_WBITS)
    try:
        raw = inflater.decompress(packed, MAX_INFLATED_BYTES)
    except zlib.error as error:
        raise EngineError(code, "the link's data is damaged") from error
    if inflater.unconsumed_tail:
        raise EngineError(code, f"the link inflates beyond {MAX_INFLATED_BYTES} bytes")
    if not inflater.eof or inflater.unused_data:
        raise EngineError(code, "the link's data is cut short or has bytes after its end")
    try:
        value = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise EngineError(code, "the link's data is not JSON") from error
    check_json(value, code, "the link")
    return value
