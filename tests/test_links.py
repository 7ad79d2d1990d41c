"""Link text (engine.links): what a replay or position link carries survives the trip, and a
damaged or hostile link is refused with ``bad_link`` instead of breaking the page."""

from __future__ import annotations

import base64
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import EngineError
from engine.links import MAX_INFLATED_BYTES, MAX_LINK_CHARS, pack, unpack

json_data = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**53 - 1), max_value=2**53 - 1)
    | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)

URL_SAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@given(json_data)
def test_packed_data_comes_back_equal_and_url_safe(value: object) -> None:
    text = pack(value)
    assert set(text) <= URL_SAFE
    assert unpack(text) == value


def test_a_long_repetitive_action_list_packs_small() -> None:
    actions = [
        [seat % 4, {"type": "play", "cards": ["7H", "7S"], "claim": "7"}] for seat in range(200)
    ]
    assert len(pack({"actions": actions})) < 300


def _raw(data: bytes) -> str:
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(deflater.compress(data) + deflater.flush()).decode().rstrip("=")


@pytest.mark.parametrize(
    "text",
    [
        None,
        42,
        "",
        "not base64 !!",
        pack([1, 2, 3])[:-3],  # cut short
        _raw(b"\xff\xfe not utf-8"),
        _raw(b"{not json"),
        _raw(b"[" * 100_000),  # nests too deep for the parser
        _raw(b"[" * 20 + b"]" * 20),  # deeper than the engine's door allows
        _raw(b"[1e999]"),  # a number JSON does not have
        _raw(b"[%d]" % 2**60),  # beyond what the page holds exactly
        _raw(b" " * (MAX_INFLATED_BYTES + 1) + b"1"),  # a small link that inflates too far
        "A" * (MAX_LINK_CHARS + 1),
    ],
)
def test_a_bad_link_is_refused_as_bad_link(text: object) -> None:
    with pytest.raises(EngineError) as caught:
        unpack(text)
    assert caught.value.code == "bad_link"


def test_bytes_after_the_stream_are_refused() -> None:
    packed = base64.urlsafe_b64decode(pack([1]) + "==")
    text = base64.urlsafe_b64encode(packed + b"junk").decode().rstrip("=")
    with pytest.raises(EngineError, match="after its end"):
        unpack(text)
