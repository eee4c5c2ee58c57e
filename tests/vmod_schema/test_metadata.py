"""Metadata entries (`moduledata`, `savedata`, `extensiondata`): FORMAT.md §1.4."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.conftest import CORPUS
from vmod_schema.archive import Archive
from vmod_schema.errors import BuildFileError, XmlSecurityError
from vmod_schema.metadata import Metadata, parse_metadata

FTP_SAVE = CORPUS / "ForThePeople" / "1861-3-5.vsav"


@pytest.mark.corpus
def test_corpus_moduledata_names_module_version_and_engine() -> None:
    with Archive.open(FTP_SAVE) as archive:
        meta = parse_metadata(archive.read("moduledata"), file=str(FTP_SAVE),
                              entry="moduledata")
    assert meta.version == "3.5"
    assert meta.vassal_version == "3.6.4"
    assert meta.name == "For the People"
    assert meta.description == "Mark Herman's Card-Driven Game of the US Civil War"


@pytest.mark.corpus
def test_corpus_savedata_has_empty_version_and_no_name() -> None:
    with Archive.open(FTP_SAVE) as archive:
        meta = parse_metadata(archive.read("savedata"), file=str(FTP_SAVE), entry="savedata")
    assert meta.version == ""
    assert meta.name is None
    assert meta.vassal_version == "3.6.4"
    assert meta.saved_at == datetime(2022, 2, 1, 19, 45, 55, 670000, tzinfo=UTC)


def test_the_first_element_without_lang_is_the_default_text() -> None:
    xml = (b'<data version="1"><name lang="de">Deutsch</name><name>Default</name>'
           b"<name>Later</name><description lang='fr'>x</description></data>")
    meta = parse_metadata(xml, file="m")
    assert meta.name == "Default"
    assert meta.description is None


def test_swapped_translations_of_3_2_writers_are_ignored() -> None:
    # 3.2.x wrote the translated text into the attribute and the language code as text.
    xml = b'<data version="1"><name lang="Spiel">de</name><name>Game</name></data>'
    assert parse_metadata(xml, file="m").name == "Game"


def test_extension_metadata_reads_base_module_fields() -> None:
    xml = (b'<data version="1"><version>1.2</version><moduleName>Base</moduleName>'
           b"<moduleVersion>3.0</moduleVersion><extra1>a</extra1><extra2/></data>")
    meta = parse_metadata(xml, file="x.vext", entry="extensiondata")
    assert meta == Metadata(version="1.2", module_name="Base", module_version="3.0",
                            extra1="a", extra2="")


def test_unknown_elements_are_ignored() -> None:
    assert parse_metadata(b'<data version="1"><other>x</other></data>', file="m") == Metadata()


def test_a_root_other_than_data_is_a_format_error() -> None:
    with pytest.raises(BuildFileError, match="expected 'data'"):
        parse_metadata(b"<module/>", file="m", entry="moduledata")


def test_metadata_with_a_doctype_is_refused() -> None:
    xml = b'<!DOCTYPE data [<!ENTITY e "x">]><data><name>&e;</name></data>'
    with pytest.raises(XmlSecurityError):
        parse_metadata(xml, file="m", entry="moduledata")


def test_a_non_numeric_date_has_no_datetime() -> None:
    assert Metadata(date_saved="soon").saved_at is None


@pytest.mark.parametrize("written", ["9" * 25, "99999999999999", "-5", "soon"])
def test_a_save_date_past_what_a_date_holds_is_no_date(written: str) -> None:
    saved = parse_metadata(f"<data><dateSaved>{written}</dateSaved></data>".encode(),
                           file="edited.vsav")
    assert saved.saved_at is None or saved.saved_at.year > 2000
    assert Metadata(date_saved="9" * 25).saved_at is None
