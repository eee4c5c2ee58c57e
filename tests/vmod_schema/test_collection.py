"""The cyclic collector is paused only inside a bulk read, and comes back as it was."""

from __future__ import annotations

import gc

import pytest

from vmod_schema.collection import paused_collection


def test_the_collector_is_off_inside_and_back_on_after_even_on_an_error() -> None:
    assert gc.isenabled()
    with pytest.raises(ValueError), paused_collection():
        assert not gc.isenabled()
        with paused_collection():
            assert not gc.isenabled()
        assert not gc.isenabled()  # only the outermost block turns it back on
        raise ValueError
    assert gc.isenabled()


def test_a_collector_the_caller_turned_off_stays_off() -> None:
    gc.disable()
    try:
        with paused_collection():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
